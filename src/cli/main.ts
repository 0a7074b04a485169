#!/usr/bin/env node
/** `ditdah`: the library on the command line. Exit code 0 done, 1 input it cannot convert, 2 a wrong command line. */
import { type Command, print, UsageError } from "./command.js";
import { VERSION } from "../version.js";

/**
 * Each command's module, imported only when that command runs: `ditdah encode` starts without
 * loading the audio code (about a hundred modules) that listen, wav and spots need.
 */
const COMMANDS = new Map<string, () => Promise<Command>>([
  ["encode", async () => (await import("./commands/encode-decode.js")).encodeCommand],
  ["decode", async () => (await import("./commands/encode-decode.js")).decodeCommand],
  ["chart", async () => (await import("./commands/chart.js")).chartCommand],
  ["audio", async () => (await import("./commands/audio.js")).audioCommand],
  ["timing", async () => (await import("./commands/audio.js")).audioCommand],
  ["wav", async () => (await import("./commands/wav.js")).wavCommand],
  ["mp3", async () => (await import("./commands/wav.js")).mp3Command],
  ["listen", async () => (await import("./commands/listen.js")).listenCommand],
  ["spots", async () => (await import("./commands/spots.js")).spotsCommand],
  ["serve", async () => (await import("./commands/serve.js")).serveCommand],
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

async function commandNamed(name: string): Promise<Command> {
  const command = COMMANDS.get(name);
  if (!command) throw new UsageError(name.startsWith("-") ? `unknown option "${name}"` : `unknown command "${name}"`);
  return command();
}

async function run([name, ...args]: string[]): Promise<void> {
  if (name === undefined) throw new UsageError("a command is needed");
  if (VERSION_FLAGS.includes(name)) {
    if (args.length > 0) throw new UsageError(`${name} takes no arguments`);
    return print(VERSION);
  }
  // `ditdah --help COMMAND` is `ditdah COMMAND --help`.
  if (HELP_FLAGS.includes(name)) return print(args.length === 0 ? USAGE : (await commandNamed(args[0]!)).usage);
  await (await commandNamed(name)).run(args);
}

async function main(argv: string[]): Promise<number> {
  try {
    await run(argv);
    return 0;
  } catch (error) {
    if (error instanceof UsageError || isParseError(error)) {
      console.error(`ditdah: ${(error as Error).message}\n\n${(await COMMANDS.get(argv[0] ?? "")?.())?.usage ?? USAGE}`);
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
