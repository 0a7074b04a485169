/**
 * TypeBox schemas: the one source of request validation, handler types, fast
 * response serialization and the OpenAPI document.
 */
import { Type, type Static } from "typebox";
import { ALPHABET_NAMES, DECODE_ALPHABET_NAMES, DEFAULT_ALPHABET, ENCODE_ALPHABET_NAMES, SEGMENT_TYPES, type SegmentType } from "../core/index.js";
import { type ErrorCode, ERROR_CODES } from "./error-codes.js";
import {
  DECODE_FREQUENCY,
  DECODE_FREQUENCY_MAX_OF_RATE,
  DECODE_RATE,
  DECODE_WPM,
  DEFAULT_REPORTER,
  DIAL_KHZ,
  formatBytes,
  formatDuration,
  FREQUENCY,
  GLYPH_LENGTH,
  MAX_RECORDING_SECONDS,
  MP3_BITRATE,
  MP3_SAMPLE_RATES,
  PCM_FORMATS,
  READ_SAMPLE_RATE,
  REPORTER,
  SAMPLE_RATE,
  SIDEBANDS,
  SEPARATOR_LENGTH,
  TEXT_MAX_LENGTH,
  RECORDING_BODY_LIMIT,
  WPM,
} from "./limits.js";

const Text = Type.String({
  minLength: 1,
  maxLength: TEXT_MAX_LENGTH,
  description: `Text to convert, at most ${TEXT_MAX_LENGTH} characters (Unicode code points)`,
});

const Morse = Type.String({
  minLength: 1,
  maxLength: TEXT_MAX_LENGTH,
  description: `Morse to decode, at most ${TEXT_MAX_LENGTH} characters`,
});

const Glyph = (what: string, fallback: string) =>
  Type.String({
    minLength: GLYPH_LENGTH.min,
    maxLength: GLYPH_LENGTH.max,
    pattern: "^\\S+$",
    default: fallback,
    description: `Draws a ${what}: ${GLYPH_LENGTH.min} to ${GLYPH_LENGTH.max} characters without white space; dotChar and dashChar must not contain each other`,
  });

const Separator = Type.String({
  minLength: SEPARATOR_LENGTH.min,
  maxLength: SEPARATOR_LENGTH.max,
  default: " / ",
  description: `Placed between words: ${SEPARATOR_LENGTH.min} to ${SEPARATOR_LENGTH.max} characters, not a single space, sharing no character with dotChar or dashChar`,
});

/** Numbers; a query string, or a JSON body, may carry them as decimal strings. */
const Speed = (description: string, fallback?: number, bounds: { min: number; max: number } = WPM) =>
  Type.Number({
    minimum: bounds.min,
    maximum: bounds.max,
    ...(fallback === undefined ? {} : { default: fallback }),
    description,
  });

/** An alphabet parameter taking `names`: a string with an enum, so a bad name is answered with the list. */
const AlphabetParam = (names: readonly string[], description: string) =>
  Type.Optional(Type.Unsafe<string>({ type: "string", enum: [...names], default: DEFAULT_ALPHABET, description }));

/** The alphabet decode-audio and listen read Morse in. */
const HeardAlphabet = AlphabetParam(
  ALPHABET_NAMES,
  `The alphabet the Morse is read in: one of ${ALPHABET_NAMES.join(", ")} (GET /api/v1/alphabets lists them with their sources; American Morse is not read from sound)`,
);

/** Decode's and the chart's alphabet: any of the above, or American Morse. */
const DecodeAlphabet = AlphabetParam(
  DECODE_ALPHABET_NAMES,
  `The alphabet the Morse is read in: one of ${DECODE_ALPHABET_NAMES.join(", ")} (GET /api/v1/alphabets lists them with their sources)`,
);

/** The alphabet a text is sent in: by default each character in its own; any other, that alphabet alone (American Morse only when asked for). */
const EncodeAlphabet = AlphabetParam(
  ENCODE_ALPHABET_NAMES,
  `The alphabet the text is sent in: one of ${ENCODE_ALPHABET_NAMES.join(", ")}. ` +
    "latin (the default): each character in its own alphabet's Morse (Cyrillic, Greek, kana and the like are found by themselves; " +
    "Arabic-script text is sent as Persian only if it holds a letter only Persian has); " +
    "any other: that alphabet's own characters by its table (persian sends خ as -..-, where Arabic's is ---), with the shared digits, punctuation and prosigns, " +
    "every other character refused as one no alphabet has; " +
    "american: American (railroad) Morse, its long dashes written ⸺ (L) and ⸻ (0) as morsecode.world writes them and the space inside a character ␣, and timed by its own units",
);

export const ChartQuery = Type.Object({
  alphabet: AlphabetParam(DECODE_ALPHABET_NAMES, `The alphabet whose chart is shown: one of ${DECODE_ALPHABET_NAMES.join(", ")}`),
});

export const GlyphParams = {
  separator: Type.Optional(Separator),
  dotChar: Type.Optional(Glyph("dot", ".")),
  dashChar: Type.Optional(Glyph("dash", "-")),
};

export const EncodeParams = Type.Object({ text: Text, ...GlyphParams, alphabet: EncodeAlphabet });
export const DecodeParams = Type.Object({ morse: Morse, ...GlyphParams, alphabet: DecodeAlphabet });
export const AudioParams = Type.Object({
  text: Text,
  wpm: Type.Optional(Speed(`Character speed in words per minute (PARIS), ${WPM.min} to ${WPM.max}`, WPM.default)),
  frequency: Type.Optional(
    Type.Number({
      minimum: FREQUENCY.min,
      maximum: FREQUENCY.max,
      default: FREQUENCY.default,
      description: `Tone frequency in Hz, ${FREQUENCY.min} to ${FREQUENCY.max}`,
    }),
  ),
  fwpm: Type.Optional(Speed(`Farnsworth overall speed, ${WPM.min} up to wpm (default: wpm)`)),
  alphabet: EncodeAlphabet,
});

export const WavParams = Type.Object({
  ...AudioParams.properties,
  sampleRate: Type.Optional(
    Type.Integer({
      minimum: SAMPLE_RATE.min,
      maximum: SAMPLE_RATE.max,
      default: SAMPLE_RATE.default,
      description: `Samples per second of the WAV, ${SAMPLE_RATE.min} to ${SAMPLE_RATE.max}`,
    }),
  ),
});

export const Mp3Params = Type.Object({
  ...AudioParams.properties,
  sampleRate: Type.Optional(
    Type.Integer({
      enum: [...MP3_SAMPLE_RATES],
      default: SAMPLE_RATE.default,
      description: `Samples per second of the MP3: one of ${MP3_SAMPLE_RATES.join(", ")} (the rates MP3 has; any other is refused)`,
    }),
  ),
  bitrate: Type.Optional(
    Type.Integer({
      enum: [...MP3_BITRATE.values],
      default: MP3_BITRATE.default,
      description: `Constant bitrate in kbit/s: one of ${MP3_BITRATE.values.join(", ")}`,
    }),
  ),
});

export const DecodeAudioQuery = Type.Object({
  frequency: Type.Optional(
    Type.Number({
      minimum: DECODE_FREQUENCY.min,
      maximum: DECODE_FREQUENCY.max,
      description:
        `Expected pitch in Hz, from ${DECODE_FREQUENCY.min} up to ${DECODE_FREQUENCY_MAX_OF_RATE} of the recording's sample rate ` +
        `(a pitch the recording cannot hold is a 400): the decoder looks near it. When absent, the decoder ` +
        `searches the whole passband: ${DECODE_FREQUENCY.min} Hz up to ${DECODE_FREQUENCY_MAX_OF_RATE} of the rate it decodes at ` +
        `(${DECODE_FREQUENCY_MAX_OF_RATE * DECODE_RATE} Hz for recordings at ${DECODE_RATE} samples/s or more)`,
    }),
  ),
  wpm: Type.Optional(
    Speed(`Expected speed in words per minute, ${DECODE_WPM.min} to ${DECODE_WPM.max}; the decoder finds it by itself when absent`, undefined, DECODE_WPM),
  ),
  signals: Type.Optional(
    Type.Literal("all", {
      description:
        "`all`: every Morse signal of the whole passband (searched as when no frequency is given) is read apart, each on its own " +
        "(its pitch and speed found for it; a frequency hint is then ignored); absent: the strongest signal alone",
    }),
  ),
  alphabet: HeardAlphabet,
});

const Dial = Type.Number({
  minimum: DIAL_KHZ.min,
  maximum: DIAL_KHZ.max,
  description: `The receiver's dial frequency, kHz, ${DIAL_KHZ.min} to ${DIAL_KHZ.max}: a spot's frequency is the dial plus (USB) or minus (LSB) its pitch`,
});

/** Where the audio lies on the band and who hears it: the spots' parameters, of POST /api/v1/spots and of a live stream with spots. */
const SpotPlace = {
  sideband: Type.Optional(
    Type.Unsafe<(typeof SIDEBANDS)[number]>({
      type: "string",
      enum: [...SIDEBANDS],
      default: "usb",
      description: "Which side of the dial the audio lies: usb (default: frequency = dial + pitch) or lsb (dial - pitch)",
    }),
  ),
  reporter: Type.Optional(
    Type.String({
      pattern: REPORTER.pattern,
      maxLength: REPORTER.maxLength,
      default: DEFAULT_REPORTER,
      description: `The receiver's call sign, shown in DX-cluster lines as CALL-#: 1 to ${REPORTER.maxLength} letters, digits or /, upper-cased (default ${DEFAULT_REPORTER})`,
    }),
  ),
};

/** The query of POST /api/v1/spots (API.md section 9). */
export const SpotsQuery = Type.Object({
  dial: Dial,
  ...SpotPlace,
  alphabet: HeardAlphabet,
});

/** The query of a live stream (GET /api/v1/listen), checked before the upgrade. */
export const ListenParams = Type.Object(
  {
    sampleRate: Type.Integer({
      minimum: READ_SAMPLE_RATE.min,
      maximum: READ_SAMPLE_RATE.max,
      description: `Samples per second of the PCM sent, ${READ_SAMPLE_RATE.min} to ${READ_SAMPLE_RATE.max}`,
    }),
    // An enum, not a union of literals: a wrong value is then told every value it may take.
    format: Type.Optional(
      Type.Unsafe<(typeof PCM_FORMATS)[number]>({
        type: "string",
        enum: [...PCM_FORMATS],
        description: "PCM in each binary frame: s16le (default) or f32le, mono",
      }),
    ),
    ...DecodeAudioQuery.properties,
    spots: Type.Optional(
      Type.Unsafe<"1">({
        type: "string",
        enum: ["1"],
        description:
          "`1`: also spot the stations heard (spot events, as POST /api/v1/spots describes them), each the moment its call qualifies; needs signals=all and dial",
      }),
    ),
    dial: Type.Optional(Dial),
    ...SpotPlace,
  },
  // Spots need signals and dial: draft-07's form of dependentRequired (the validator reads draft-07).
  { dependencies: { spots: ["signals", "dial"] } },
);

/** The parameters some endpoint requires (text, morse): any other is an option. */
export const REQUIRED_PARAMETERS: ReadonlySet<string> = new Set(
  [EncodeParams, DecodeParams, AudioParams, WavParams].flatMap((params) => params.required ?? []),
);

export type EncodeParams = Static<typeof EncodeParams>;
export type DecodeParams = Static<typeof DecodeParams>;
export type AudioParams = Static<typeof AudioParams>;
export type WavParams = Static<typeof WavParams>;
export type Mp3Params = Static<typeof Mp3Params>;
export type DecodeAudioQuery = Static<typeof DecodeAudioQuery>;
export type SpotsQuery = Static<typeof SpotsQuery>;
export type ChartQuery = Static<typeof ChartQuery>;

export const Success = Type.Boolean({ description: "true on success" });

export const EncodeResult = Type.Object({
  success: Success,
  input: Type.String({ description: "The text that was sent" }),
  output: Type.String({ description: "The Morse" }),
  characters: Type.Integer({ description: "Length of input in code points, spaces included" }),
});

export const DecodeResult = Type.Object({
  success: Success,
  input: Type.String({ description: "The Morse that was sent" }),
  output: Type.String({ description: "The decoded text, upper case, words joined by one space" }),
  characters: Type.Integer({ description: "Decoded characters, not counting the spaces between words" }),
});

const PatternMap = Type.Record(Type.String(), Type.String());

export const ChartResult = Type.Object({
  success: Success,
  alphabet: PatternMap,
  numbers: PatternMap,
  punctuation: PatternMap,
  prosigns: PatternMap,
  accented: Type.Optional(PatternMap),
  signs: Type.Optional(PatternMap),
});

export const AlphabetsResult = Type.Object({
  success: Success,
  alphabets: Type.Array(
    Type.Object({
      name: Type.String({ description: "What the alphabet parameter takes" }),
      title: Type.String(),
      source: Type.String({ description: "Where its table comes from" }),
      characters: Type.Integer({
        description: "Letters and signs of its own in its table (and American Morse's own digits and punctuation; the others share ITU's)",
      }),
    }),
  ),
});

export const Segment = Type.Object({
  // A string with an enum, not a union of literals: the serializer writes it as a string,
  // where a union would have it try each branch for each of the thousands of segments.
  type: Type.Unsafe<SegmentType>({ type: "string", enum: [...SEGMENT_TYPES] }),
  startMs: Type.Number({ description: "ms to the microsecond: the previous segment's startMs + durationMs" }),
  durationMs: Type.Number({ description: "ms to the microsecond (up to the next segment's rounded start, so that rounding never adds up)" }),
});

export const AudioResult = Type.Object({
  success: Success,
  text: Type.String(),
  morse: Type.String({ description: "The encode output with default glyphs, in the alphabet asked for" }),
  wpm: Type.Number(),
  frequency: Type.Number(),
  unitMs: Type.Number({ description: "One dot: 1200 / wpm exactly, unrounded (American Morse: 1600 / wpm, its PARIS being 37.5 dots)" }),
  fwpm: Type.Number(),
  durationMs: Type.Number({ description: "The whole sequence, ms to the microsecond" }),
  sequence: Type.Array(Segment),
});

export const ErrorResult = Type.Object({
  success: Type.Boolean({ description: "false" }),
  error: Type.String({ description: "What went wrong, for a person to read" }),
  // A string with an enum, as Segment's type: the set is documented, the serializer writes a string.
  code: Type.Unsafe<ErrorCode>({
    type: "string",
    enum: Object.keys(ERROR_CODES),
    description:
      "Why, as a stable word for programs:\n" +
      Object.entries(ERROR_CODES)
        .map(([code, meaning]) => `- \`${code}\`: ${meaning}`)
        .join("\n"),
  }),
});

/** Every route's error answers: the serializer writes them by this schema, and the docs list them. */
export const errorResponses = { "4xx": ErrorResult, "5xx": ErrorResult };

export const WavResult = {
  description: "Mono 16-bit PCM WAV, streamed",
  content: { "audio/wav": { schema: Type.String({ format: "binary" }) } },
};

export const Mp3Result = {
  description: "Mono MP3 at a constant bitrate, streamed (no Content-Length)",
  content: { "audio/mpeg": { schema: Type.String({ format: "binary" }) } },
};

export const RecordingBody = Type.String({
  format: "binary",
  description:
    "A recording: WAV (PCM 8, 16, 24 or 32-bit, or 32-bit float, WAVE_FORMAT_EXTENSIBLE too), MP3, Ogg Vorbis, Ogg Opus or FLAC; " +
    "mono or stereo (averaged); application/octet-stream is told apart by its first bytes, and a declared type must agree with them; " +
    `${READ_SAMPLE_RATE.min} to ${READ_SAMPLE_RATE.max} samples/s, the tone below ${DECODE_FREQUENCY_MAX_OF_RATE} of the rate; ` +
    `at most ${formatBytes(RECORDING_BODY_LIMIT)} and ${formatDuration(MAX_RECORDING_SECONDS)} (longer: 413)`,
});

/** One signal of a band (decode-audio and listen with signals=all). */
const BandSignal = Type.Object({
  signal: Type.Integer({ description: "The signal's number: 0, 1, ... by pitch in a recording; in a stream, in the order signals were found" }),
  frequency: Type.Number({ description: "Pitch, Hz" }),
  wpm: Type.Number({ description: "Speed found, words per minute" }),
  output: Type.String({ description: "Its decoded text, upper case" }),
  morse: Type.String({ description: "What was heard, in default glyphs" }),
  startMs: Type.Number({ description: "Start of its first character, ms into the recording" }),
  endMs: Type.Number({ description: "End of its last character, ms into the recording" }),
  snrDb: Type.Number({ description: "Its power while keyed against the noise in 3 kHz, dB (estimated)" }),
});

export const DecodeAudioResult = Type.Object({
  success: Success,
  output: Type.String({ description: "The decoded text, upper case; empty when the recording holds no Morse" }),
  morse: Type.String({ description: "What was heard, in default glyphs" }),
  characters: Type.Integer({ description: "Decoded characters, not counting the spaces between words" }),
  wpm: Type.Number({ description: "Speed found, words per minute" }),
  frequency: Type.Number({ description: "Pitch found, Hz (0 when no Morse was found)" }),
  durationMs: Type.Number({ description: "Length of the recording, ms to the microsecond" }),
  warning: Type.Optional(Type.String({ description: "Only where no Morse was found: that none was, and the pitches searched" })),
  signals: Type.Optional(
    Type.Array(BandSignal, {
      description: "With signals=all: every signal found, by pitch; the fields above are then the strongest signal's reading, as without it",
    }),
  ),
});
