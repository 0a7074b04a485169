/**
 * Ogg (RFC 3533) read by its page headers before anything is decoded: each logical
 * stream's identification header (Opus, RFC 7845; Vorbis I) for its channels and rate, the
 * last granule position of each for the length, and every page's packets, which bound what
 * the page decodes to. Chained streams (one after another, as a recorder that restarts
 * writes them) are counted each with its own header and length.
 *
 * An Opus stream's audio is its last granule position less its pre-skip (RFC 7845 4.3 and
 * 4.5), and the decoder (ogg-opus-decoder) trims the pre-skip at the start, but the end by
 * the last page alone, counting that page's samples from the granule position of the page
 * before: where all the audio is on one page (under about a second), that count takes the
 * pre-skip in, and up to the pre-skip's samples are left at the end (312 at 48 kHz from
 * opusenc). So each Opus stream's end is planned (StreamEnd): a call ends with its last page,
 * and what the stream decodes to is cut at the length its headers say (compressed.ts).
 */
import { Cutter, type FeedPlan, type StreamEnd } from "./feed-plan.js";

type OggCodec = "ogg-opus" | "ogg-vorbis";

/** Samples per channel one packet decodes to, at the most: Opus 120 ms at 48 kHz; Vorbis half its largest block (8192). */
const PACKET_SAMPLES: Record<OggCodec, number> = { "ogg-opus": 5760, "ogg-vorbis": 4096 };

/** Opus is always decoded at 48 kHz, whatever rate its header says the input had. */
const OPUS_RATE = 48_000;

/** Page flags (header type): a page whose first packet is the last one's continued, the first page of a stream, and its last. */
const CONTINUED = 0x01;
const FIRST_PAGE = 0x02;
const LAST_PAGE = 0x04;

/** An Opus stream's packets before its audio: OpusHead and OpusTags. */
const OPUS_HEADER_PACKETS = 2;

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

/** The packets that start on a page, each as [start, bytes on this page]: a packet continued from the page before is left out. */
function packetStarts(bytes: Uint8Array, page: OggPage): [start: number, length: number][] {
  const starts: [number, number][] = [];
  let offset = page.body;
  // Whether the next segment begins a packet: the first does not where it continues the page before's.
  let begins = (page.flags & CONTINUED) === 0;
  let packet: [number, number] | undefined;
  for (let i = page.at + 27; i < page.body; i++) {
    const lace = bytes[i]!;
    if (begins) {
      packet = [offset, 0];
      starts.push(packet);
    }
    if (packet) packet[1] += lace;
    offset += lace;
    begins = lace < 255;
  }
  return starts;
}

/** Samples (48 kHz) per frame of an Opus packet by its configuration (RFC 6716 3.1): SILK, hybrid, CELT. */
const SILK_FRAMES = [480, 960, 1920, 2880];
const HYBRID_FRAMES = [480, 960];
const CELT_FRAMES = [120, 240, 480, 960];

/**
 * The samples (48 kHz) an Opus packet decodes to, by its TOC byte and, where it says so, its
 * frame count (RFC 6716 3.1 and 3.2.5); 0 for an empty packet, or a count that goes past
 * 120 ms (the decoder refuses it).
 */
function opusPacketSamples(bytes: Uint8Array, start: number, length: number): number {
  if (length < 1) return 0;
  const config = bytes[start]! >> 3;
  const frame = config < 12 ? SILK_FRAMES[config & 3]! : config < 16 ? HYBRID_FRAMES[config & 1]! : CELT_FRAMES[config & 3]!;
  const code = bytes[start]! & 3;
  const frames = code === 0 ? 1 : code < 3 ? 2 : length < 2 ? 0 : bytes[start + 1]! & 0x3f;
  return frames * frame <= PACKET_SAMPLES["ogg-opus"] ? frames * frame : 0;
}

/**
 * The samples (48 kHz) of the Opus audio packets that start on the page, by their own
 * headers: what the decoder decodes, before it trims the stream's end to its granule
 * position. `started` counts each stream's packets, the first of which are its headers.
 */
function opusAudioSamples(bytes: Uint8Array, page: OggPage, started: Map<number, number>): number {
  let count = page.flags & FIRST_PAGE ? 0 : (started.get(page.serial) ?? 0);
  let samples = 0;
  for (const [start, length] of packetStarts(bytes, page)) {
    if (count++ >= OPUS_HEADER_PACKETS) samples += opusPacketSamples(bytes, start, Math.min(length, page.end - start));
  }
  started.set(page.serial, count);
  return samples;
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
 * The end of each stream of a chain, where each ends with its last page: a call is cut
 * there, and the stream's length is what that page's granule position says. None at all
 * where streams interleave (one starts before the one before has ended: the decoder gives
 * their samples mixed) or a stream's end cannot be told (its first page or header damaged):
 * the ends are applied in order, and one missed would cut the next stream short.
 */
class ChainEnds {
  private readonly open = new Set<number>();
  private sure = true;
  private readonly found: StreamEnd[] = [];

  page(page: OggPage, header: StreamHeader | undefined, cutter: Cutter): void {
    if (page.flags & FIRST_PAGE) {
      if (this.open.size > 0) this.sure = false;
      this.open.add(page.serial);
    }
    if (!(page.flags & LAST_PAGE)) return;
    if (!this.open.delete(page.serial) || !header || page.granule < 0) this.sure = false;
    else this.found.push({ slice: cutter.cutAt(page.end), samples: Math.max(0, page.granule - header.skip) });
  }

  ends(): { streamEnds?: StreamEnd[] } {
    return this.sure && this.found.length > 0 ? { streamEnds: this.found } : {};
  }
}

/**
 * An Ogg file's plan: the channels of its widest stream, the first stream's rate, the
 * streams' lengths summed, and cuts between pages such that no call decodes more than
 * CALL_VALUES (and, for Opus, after each stream's last page: ChainEnds). Bytes between
 * pages (damage) are searched for the next "OggS", as a decoder that lost its place
 * searches them.
 */
export function planOgg(bytes: Uint8Array, codec: OggCodec): FeedPlan {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const cutter = new Cutter(0);
  const headers = new Map<number, StreamHeader>();
  const lastGranule = new Map<number, number>();
  let channels: number | undefined;
  let sampleRate: number | undefined;
  const chain = new ChainEnds();
  const started = new Map<number, number>();
  let held = 0;
  for (let at = 0; at + 27 <= bytes.length; ) {
    const page = pageAt(bytes, at, view);
    if (!page) {
      at = bytes.indexOf(0x4f, at + 1);
      if (at === -1) break;
      continue;
    }
    const header = headers.get(page.serial) ?? (page.flags & FIRST_PAGE ? streamHeader(bytes, page, view, codec) : undefined);
    if (header && !headers.has(page.serial)) {
      headers.set(page.serial, header);
      channels = Math.max(channels ?? 0, header.channels);
      sampleRate ??= header.sampleRate;
    }
    if (page.granule >= 0) lastGranule.set(page.serial, page.granule);
    // A stream whose header was never seen is decoded, if at all, as the widest stream seen: counted so.
    const pageChannels = header?.channels ?? Math.max(channels ?? 2, 2);
    cutter.add(page.at, page.end, page.packets * PACKET_SAMPLES[codec] * pageChannels);
    if (codec === "ogg-opus") {
      chain.page(page, header, cutter);
      held += opusAudioSamples(bytes, page, started);
    }
    at = page.end;
  }
  let seconds = 0;
  for (const [serial, granule] of lastGranule) {
    const header = headers.get(serial);
    if (header && header.sampleRate > 0) seconds += Math.max(0, granule - header.skip) / header.sampleRate;
  }
  const heldSeconds = codec === "ogg-opus" ? { heldSeconds: held / OPUS_RATE } : {};
  const declared = { channels, sampleRate, ...(seconds > 0 ? { seconds } : {}), ...heldSeconds, ...chain.ends() };
  return { ...declared, slices: cutter.finish(bytes.length) };
}
