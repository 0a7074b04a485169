/** Why a core call refused its input. */
export type MorseErrorCode =
  | "INVALID_OPTION" // an option is of the wrong type or breaks its validity rule
  | "UNSUPPORTED_CHARACTER" // text holds characters that have no Morse code
  | "INVALID_MORSE" // Morse holds sequences or characters that decode to nothing
  | "EMPTY_INPUT" // nothing to encode or decode
  | "INVALID_AUDIO"; // a recording that is not a WAV we can read

/**
 * The one error the core throws. Its message is the sentence the HTTP API answers
 * with, so library users and API users read the same words.
 */
export class MorseError extends Error {
  readonly code: MorseErrorCode;

  constructor(code: MorseErrorCode, message: string) {
    super(message);
    this.name = "MorseError";
    this.code = code;
  }
}
