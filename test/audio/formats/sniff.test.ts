import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { sniffFormat } from "../../../src/audio/index.js";

const bytes = (...parts: (string | number[] | Buffer)[]) =>
  Buffer.concat(parts.map((p) => (typeof p === "string" ? Buffer.from(p, "latin1") : Buffer.from(p))));

/** An ID3v2 tag of `size` bytes after its header (syncsafe size). */
const id3 = (size: number) => bytes("ID3", [4, 0, 0, (size >> 21) & 0x7f, (size >> 14) & 0x7f, (size >> 7) & 0x7f, size & 0x7f], new Array(size).fill(0));

/** An MPEG-1 layer III frame header: 128 kbit/s, 44.1 kHz. */
const FRAME = [0xff, 0xfb, 0x90, 0x64];

/** The first Ogg page's header (27 bytes, one segment) and the start of its first packet. */
const oggPage = (packet: string | number[]) => bytes("OggS", new Array(22).fill(0), [1, 30], packet);

describe("sniffFormat", () => {
  it("tells each format by its first bytes", () => {
    assert.equal(sniffFormat(bytes("RIFF", [0, 0, 0, 0], "WAVE")), "wav");
    assert.equal(sniffFormat(bytes("fLaC", [0, 0, 0, 34])), "flac");
    assert.equal(sniffFormat(oggPage("OpusHead")), "ogg-opus");
    assert.equal(sniffFormat(oggPage([1, ..."vorbis"].map((c) => (typeof c === "string" ? c.charCodeAt(0) : c)))), "ogg-vorbis");
    assert.equal(sniffFormat(Buffer.from(FRAME)), "mp3");
  });

  it("looks past an ID3 tag, and the zeros some encoders pad it with, for MP3 frames or a FLAC stream", () => {
    assert.equal(sniffFormat(bytes(id3(20), FRAME)), "mp3");
    assert.equal(sniffFormat(bytes(id3(20), new Array(100).fill(0), FRAME)), "mp3");
    assert.equal(sniffFormat(bytes(id3(20), "fLaC")), "flac");
    assert.equal(sniffFormat(bytes(id3(20), "not audio at all")), undefined);
  });

  it("finds nothing in what only resembles a format", () => {
    for (const b of [
      bytes("RIFF", [0, 0, 0, 0], "AVI "),
      oggPage("\u0080theora"),
      bytes("OggS"),
      Buffer.from([0xff, 0xe0, 0x00, 0x00]), // sync, but a reserved version and layer
      Buffer.from([0xff, 0xfb, 0xf0, 0x00]), // a "bad" bitrate index
      Buffer.from([0xff, 0xfb, 0x9c, 0x00]), // a reserved sample rate
      bytes("hello"),
      Buffer.alloc(0),
    ]) {
      assert.equal(sniffFormat(b), undefined, b.toString("hex"));
    }
  });
});
