/**
 * The ditdah library: what `import … from "ditdah"` gives, in Node and in browsers. Its
 * essentials: `encode` and `decode` (text to Morse and back), `CHART` and `chartOf` (the
 * charts), `timeline` (PARIS timing), `renderWav` and `renderMp3` (a timeline as a file),
 * `readRecording` (a recording's samples), `decodeAudio` (the Morse in them) and
 * `createListener` (the Morse in a live stream). MP3, Ogg and FLAC need the ditdah-formats
 * package beside it. docs/library.md covers every export.
 */
export * from "./core/index.js";
export * from "./audio/index.js";
