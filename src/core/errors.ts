/**
 * Why a core call refused its input, each code with what it means. An object, not only a
 * type, so that the HTTP API can list the codes in its OpenAPI document.
 */
export const MORSE_ERROR_CODES = {
  INVALID_OPTION: "An option is of the wrong type, out of bounds, or breaks its validity rule",
  UNSUPPORTED_CHARACTER: "The text holds characters that have no Morse code",
  INVALID_MORSE: "The Morse holds sequences or characters that decode to nothing",
  EMPTY_INPUT: "There is nothing to encode or decode",
  INVALID_AUDIO: "The recording is not a file that can be read (WAV, MP3, Ogg Vorbis, Ogg Opus, FLAC), or is damaged",
  RECORDING_TOO_LONG: "The recording lasts longer than can be decoded",
} as const;

export type MorseErrorCode = keyof typeof MORSE_ERROR_CODES;

/**
 * The one error the core throws. Its message is the sentence the HTTP API answers
 * with, so library users and API users read the same words; its `cause`, where it has one,
 * is what went wrong inside (a decoder's own error), for a log and never for the client.
 */
export class MorseError extends Error {
  readonly code: MorseErrorCode;

  constructor(code: MorseErrorCode, message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = "MorseError";
    this.code = code;
  }
}
