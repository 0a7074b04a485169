#!/usr/bin/env node
/** `ditdah`: the library on the command line. Exit code 0 done, 1 input it cannot convert, 2 a wrong command line. */
import { type Command, print, UsageError } from "./command.js";
import { audioCommand } from "./commands/audio.js";
import { chartCommand } from "./commands/chart.js";
import { decodeCommand, encodeCommand } from "./commands/encode-decode.js";
import { listenCommand } from "./commands/listen.js";
import { serveCommand } from "./commands/serve.js";
import { spotsCommand } from "./commands/spots.js";
import { mp3Command, wavCommand } from "./commands/wav.js";
import { VERSION } from "../version.js";

const COMMANDS = new Map<string, Command>([
  ["encode", encodeCommand],
  ["decode", decodeCommand],
  ["chart", chartCommand],
  ["audio", audioCommand],
  ["timing", audioCommand],
  ["wav", wavCommand],
  ["mp3", mp3Command],
  ["listen", listenCommand],
  ["spots", spotsCommand],
  ["serve", serveCommand],
]);

const USAGE = `Usage: ditdah COMMAND [OPTIONS] [ARGUMENTS]

Commands:
  encode [TEXT...]           text to Morse
  decode [MORSE...]          Morse to text
  chart [--alphabet NAME]    the Morse chart, as a table or (--json) as the API's JSON
  audio [TEXT...]            the timed tones and silences, as the API's JSON (alias: timing)
  wav --out FILE [TEXT...]   a WAV recording of the text (--format mp3: an MP3)
  mp3 --out FILE [TEXT...]   an MP3 recording of the text
  listen FILE                the Morse in a recording (WAV, MP3, Ogg, FLAC): the text on standard output
  spots --dial KHZ FILE      the stations heard in a recording of a band: one DX-cluster line each (--json: the API's JSON)
  serve                      the HTTP service, configured from the environment as by npm start

Without TEXT or MORSE, or with - alone, standard input is read; -- ends the options.
ditdah COMMAND --help (or ditdah --help COMMAND, -h for --help) shows a command's options;
ditdah --version (or -V, -v) the version.`;

/** The flags of `ditdah` itself, before any command. -v is the version's too, as in many tools (listen's -v, after the command, is its --verbose). */
const VERSION_FLAGS = ["--version", "-V", "-v"];
const HELP_FLAGS = ["--help", "-h"];

const isParseError = (error: unknown) => String((error as { code?: unknown }).code).startsWith("ERR_PARSE_ARGS");

function commandNamed(name: string): Command {
  const command = COMMANDS.get(name);
  if (!command) throw new UsageError(name.startsWith("-") ? `unknown option "${name}"` : `unknown command "${name}"`);
  return command;
}

async function run([name, ...args]: string[]): Promise<void> {
  if (name === undefined) throw new UsageError("a command is needed");
  if (VERSION_FLAGS.includes(name)) {
    if (args.length > 0) throw new UsageError(`${name} takes no arguments`);
    return print(VERSION);
  }
  // `ditdah --help COMMAND` is `ditdah COMMAND --help`.
  if (HELP_FLAGS.includes(name)) return print(args.length === 0 ? USAGE : commandNamed(args[0]!).usage);
  await commandNamed(name).run(args);
}

async function main(argv: string[]): Promise<number> {
  try {
    await run(argv);
    return 0;
  } catch (error) {
    if (error instanceof UsageError || isParseError(error)) {
      console.error(`ditdah: ${(error as Error).message}\n\n${COMMANDS.get(argv[0] ?? "")?.usage ?? USAGE}`);
      return 2;
    }
    // MorseError (input it cannot convert) with the API's message; SystemError (a file it cannot read or write) naming the file.
    console.error(`ditdah: ${(error as Error).message}`);
    return 1;
  }
}

// A reader that stops early (`ditdah chart | head`) is no error.
process.stdout.on("error", (error: NodeJS.ErrnoException) => {
  if (error.code !== "EPIPE") throw error;
  process.exit(0);
});

process.exitCode = await main(process.argv.slice(2));
