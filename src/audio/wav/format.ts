/** The RIFF/WAVE constants that the reader and the writer share. */

export const FORMAT_PCM = 0x0001;
export const FORMAT_FLOAT = 0x0003;
export const FORMAT_EXTENSIBLE = 0xfffe;

/**
 * The 14 bytes that follow the 2-byte format code in a WAVE_FORMAT_EXTENSIBLE sub-format
 * GUID (KSDATAFORMAT_SUBTYPE_PCM and _IEEE_FLOAT share them).
 */
export const SUBFORMAT_GUID_TAIL = Uint8Array.of(0x00, 0x00, 0x00, 0x00, 0x10, 0x00, 0x80, 0x00, 0x00, 0xaa, 0x00, 0x38, 0x9b, 0x71);

/** Size of a canonical header: RIFF descriptor (12) + 16-byte fmt chunk (8 + 16) + data chunk header (8). */
export const CANONICAL_HEADER_BYTES = 44;

/** Size of the fmt chunk body of a WAVE_FORMAT_EXTENSIBLE file. */
export const EXTENSIBLE_FMT_BYTES = 40;
