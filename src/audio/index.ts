/** Audio: WAV rendering and reading, and decoding Morse from timings or recordings. */
export { decodeAudio, type AudioDecode, type AudioHints } from "./decoder/decode-audio.js";
export { decodeRecording, type AudioDecodeOptions, type RecordingDecode } from "./decoder/decode-recording.js";
export { decodeSignals, decodeSignalWords, type BandDecode, type SignalDecode, type SignalWord } from "./decoder/decode-signals.js";
export { spotRecording, type RecordingSpotOptions } from "./spots.js";
export { DEFAULT_TUNING, type Tuning } from "./decoder/tuning.js";
export { tuningWith, type TuningOverrides } from "./decoder/tuning-overrides.js";
export { createListener } from "./decoder/live/create-listener.js";
export { checkOptions as checkListenerOptions } from "./decoder/live/listener.js";
export { LiveText } from "./decoder/live/live-text.js";
export { writtenIn } from "./decoder/written-in.js";
export type {
  Listener,
  CharacterEvent,
  CorrectionEvent,
  ListenEvent,
  ListenerOptions,
  ListenSummary,
  SignalEvent,
  SpaceEvent,
  SpotEvent,
  LiveSpotOptions,
} from "./decoder/live/listener.js";
export { decodeTimings, type TimingDecode, type TimingHints } from "./decoder/characters/timings.js";
export { UNKNOWN_CHARACTER } from "../core/limits.js";
export * as audioLimits from "./limits.js";
export { Mp3Renderer, renderMp3Chunks, type Mp3Options } from "./mp3/encoder.js";
export { renderMp3, renderWav } from "./render/whole.js";
export { DEFAULT_CHUNK_SAMPLES, KeyingEnvelope, renderWavChunks, sampleCount, wavByteLength, WavRenderer, type RenderOptions } from "./render/render.js";
export { readWav, type DecodedWav } from "./wav/reader.js";
export { readRecording } from "./formats/read.js";
export { AUDIO_FORMATS, MEDIA_TYPE_FORMATS, sniffFormat, type AudioFormat } from "./formats/sniff.js";
export type { ReadOptions, Recording } from "./formats/recording.js";
export { encodeWav, PCM16, wavHeader, wavHeaderLength, type WavEncoding, type WavHeaderFields } from "./wav/writer.js";
