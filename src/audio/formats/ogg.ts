/**
 * Ogg (RFC 3533) read by its page headers before anything is decoded: each logical
 * stream's identification header (Opus, RFC 7845; Vorbis I) for its channels and rate, the
 * last granule position of each for the length, and every page's packets, which bound what
 * the page decodes to. Chained streams (one after another, as a recorder that restarts
 * writes them) are counted each with its own header and length.
 */
import { Cutter, type FeedPlan } from "./feed-plan.js";

type OggCodec = "ogg-opus" | "ogg-vorbis";

/** Samples per channel one packet decodes to, at the most: Opus 120 ms at 48 kHz; Vorbis half its largest block (8192). */
const PACKET_SAMPLES: Record<OggCodec, number> = { "ogg-opus": 5760, "ogg-vorbis": 4096 };

/** Opus is always decoded at 48 kHz, whatever rate its header says the input had. */
const OPUS_RATE = 48_000;

interface OggPage {
  at: number;
  end: number;
  flags: number;
  granule: number;
  serial: number;
  /** Packets that end on this page. */
  packets: number;
  /** Where its first packet starts. */
  body: number;
}

/** The page whose header starts at `at`, or undefined where none does (or it runs past the end). */
function pageAt(bytes: Uint8Array, at: number, view: DataView): OggPage | undefined {
  if (at + 27 > bytes.length || bytes[at] !== 0x4f || bytes[at + 1] !== 0x67 || bytes[at + 2] !== 0x67 || bytes[at + 3] !== 0x53) return undefined;
  const segments = bytes[at + 26]!;
  const body = at + 27 + segments;
  if (body > bytes.length) return undefined;
  let length = 0;
  let packets = 0;
  for (let i = at + 27; i < body; i++) {
    length += bytes[i]!;
    if (bytes[i]! < 255) packets++;
  }
  // A granule position of -1 says no packet ends on the page.
  const granule = view.getInt32(at + 10, true) * 2 ** 32 + view.getUint32(at + 6, true);
  return { at, end: Math.min(body + length, bytes.length), flags: bytes[at + 5]!, granule, serial: view.getUint32(at + 14, true), packets, body };
}

interface StreamHeader {
  channels: number;
  sampleRate: number;
  /** Samples at the start that are not audio (Opus's pre-skip). */
  skip: number;
}

/** A logical stream's identification header, from its first page's first packet. */
function streamHeader(bytes: Uint8Array, page: OggPage, view: DataView, codec: OggCodec): StreamHeader | undefined {
  const at = page.body;
  if (codec === "ogg-opus") {
    if (at + 19 > page.end) return undefined;
    return { channels: bytes[at + 9]!, sampleRate: OPUS_RATE, skip: view.getUint16(at + 10, true) };
  }
  if (at + 16 > page.end || bytes[at] !== 1) return undefined;
  return { channels: bytes[at + 11]!, sampleRate: view.getUint32(at + 12, true), skip: 0 };
}

/**
 * An Ogg file's plan: the channels of its widest stream, the first stream's rate, the
 * streams' lengths summed, and cuts between pages such that no call decodes more than
 * CALL_VALUES. Bytes between pages (damage) are searched for the next "OggS", as a decoder
 * that lost its place searches them.
 */
export function planOgg(bytes: Uint8Array, codec: OggCodec): FeedPlan {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const cutter = new Cutter(0);
  const headers = new Map<number, StreamHeader>();
  const lastGranule = new Map<number, number>();
  let channels: number | undefined;
  let sampleRate: number | undefined;
  for (let at = 0; at + 27 <= bytes.length; ) {
    const page = pageAt(bytes, at, view);
    if (!page) {
      at = bytes.indexOf(0x4f, at + 1);
      if (at === -1) break;
      continue;
    }
    const header = headers.get(page.serial) ?? (page.flags & 0x02 ? streamHeader(bytes, page, view, codec) : undefined);
    if (header && !headers.has(page.serial)) {
      headers.set(page.serial, header);
      channels = Math.max(channels ?? 0, header.channels);
      sampleRate ??= header.sampleRate;
    }
    if (page.granule >= 0) lastGranule.set(page.serial, page.granule);
    // A stream whose header was never seen is decoded, if at all, as the widest stream seen: counted so.
    const pageChannels = header?.channels ?? Math.max(channels ?? 2, 2);
    cutter.add(page.at, page.end, page.packets * PACKET_SAMPLES[codec] * pageChannels);
    at = page.end;
  }
  let seconds = 0;
  for (const [serial, granule] of lastGranule) {
    const header = headers.get(serial);
    if (header && header.sampleRate > 0) seconds += Math.max(0, granule - header.skip) / header.sampleRate;
  }
  const declared = { channels, sampleRate, ...(seconds > 0 ? { seconds } : {}) };
  return { ...declared, slices: cutter.finish(bytes.length) };
}
