/** What a command reads: words from the command line, or standard input where they are absent or `-`. */
import { readFile } from "node:fs/promises";
import { cannotRead } from "../system-errors.js";
import { UsageError } from "./command.js";

/** The argument that stands for standard input (for `--out`, standard output). */
export const DASH = "-";

async function stdinBytes(): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** Standard input as text, without its final line break. */
async function stdinText(): Promise<string> {
  return (await stdinBytes()).toString("utf8").replace(/\r?\n$/, "");
}

/**
 * The words joined by spaces; standard input when there are none, or when the one word is
 * `-`. Among other words `-` is a hyphen (or, in Morse, a T).
 */
export async function inputText(words: string[]): Promise<string> {
  if (words.length === 1 && words[0] === DASH) return stdinText();
  if (words.length > 0) return words.join(" ");
  if (process.stdin.isTTY) throw new UsageError("nothing to read: give it as arguments or on standard input");
  return stdinText();
}

/** A file's bytes, or standard input's for `-`; a file that cannot be read is a SystemError naming it. */
export async function bytesOf(file: string): Promise<Buffer> {
  if (file === DASH) return stdinBytes();
  try {
    return await readFile(file);
  } catch (error) {
    throw cannotRead(file, error);
  }
}
