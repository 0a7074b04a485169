/** A command of `ditdah`: its help, its options, and what it does with them. */
import { type ParseArgsConfig, parseArgs } from "node:util";

type Options = NonNullable<ParseArgsConfig["options"]>;

/** The parsed options: a string for each string option, a boolean for each flag. */
export type Values<O extends Options> = { [K in keyof O]?: O[K] extends { type: "boolean" } ? boolean : string };

/** A wrong command line: exit code 2, with the command's usage. */
export class UsageError extends Error {}

export interface Command {
  usage: string;
  run(args: string[]): Promise<void>;
}

interface Spec<O extends Options> {
  usage: string;
  options: O;
  /** Arguments that start with a hyphen yet are Morse (`-.-.`, `--`), not options. */
  morseArguments?: boolean;
  run(values: Values<O>, positionals: string[]): Promise<void>;
}

const HELP = { help: { type: "boolean", short: "h" } } as const;

/** A lone `-` stands for standard input; anything else made of `-`, `.`, `/` and `|` is Morse. */
const MORSE_ARGUMENT = /^-[-./|]+$/;
/** Argument strings cannot hold NUL: it marks Morse arguments through the parser. */
const SHIELD = "\0";

function shield(args: string[]): string[] {
  return args.map((arg) => (MORSE_ARGUMENT.test(arg) ? SHIELD + arg : arg));
}

function unshield(positionals: string[]): string[] {
  return positionals.map((arg) => (arg.startsWith(SHIELD) ? arg.slice(1) : arg));
}

export function print(text: string): void {
  process.stdout.write(`${text}\n`);
}

export function defineCommand<O extends Options>(spec: Spec<O>): Command {
  return {
    usage: spec.usage,
    async run(args) {
      const parsed = parseArgs({
        args: spec.morseArguments ? shield(args) : args,
        options: { ...spec.options, ...HELP },
        allowPositionals: true,
        strict: true,
      });
      const values = parsed.values as Values<O> & { help?: boolean };
      if (values.help) return print(spec.usage);
      await spec.run(values, unshield(parsed.positionals));
    },
  };
}
