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
  /** Arguments that start with a hyphen yet are Morse (`-.-.`, `--.-`), not options (but `--` ends the options, as everywhere). */
  morseArguments?: boolean;
  run(values: Values<O>, positionals: string[]): Promise<void>;
}

const HELP = { help: { type: "boolean", short: "h" } } as const;

/**
 * Morse that starts with a hyphen, which the parser would take for an option: `-`, `.`, `/`,
 * `|` and white space (a quoted message, `"-.-. --.-"`). A lone `-` stands for standard input.
 */
const MORSE_ARGUMENT = /^-[-./|\s]+$/;
/** Argument strings cannot hold NUL: it marks Morse arguments through the parser. */
const SHIELD = "\0";
/** The end of the options (POSIX): every argument after it is an operand, and it is none itself. */
const END_OF_OPTIONS = "--";

/** Whether `arg` is an option that takes the next argument as its value (`--dot`, not `--dot=*`). */
function takesValue(arg: string, options: Options): boolean {
  const long = /^--([^=]+)$/.exec(arg)?.[1];
  if (long !== undefined) return options[long]?.type === "string";
  return /^-[^-]$/.test(arg) && Object.values(options).some((option) => option.short === arg[1] && option.type === "string");
}

/**
 * Morse arguments shielded from the parser, up to the end of the options: the parser takes
 * `--` for that end itself, and what follows it for operands. An option's value (`--dash --`)
 * is shielded when it is Morse, and is no end of options.
 */
function shield(args: string[], options: Options): string[] {
  const shieldMorse = (arg: string) => (MORSE_ARGUMENT.test(arg) ? SHIELD + arg : arg);
  const shielded: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === END_OF_OPTIONS) return shielded.concat(args.slice(i));
    shielded.push(shieldMorse(arg));
    if (takesValue(arg, options) && i + 1 < args.length) shielded.push(shieldMorse(args[++i]!));
  }
  return shielded;
}

const unshield = (arg: string) => (arg.startsWith(SHIELD) ? arg.slice(1) : arg);

/** The parsed options and operands with their shields taken off. */
function unshielded(values: Record<string, unknown>, positionals: string[]) {
  const plain = Object.fromEntries(Object.entries(values).map(([name, value]) => [name, typeof value === "string" ? unshield(value) : value]));
  return { values: plain, positionals: positionals.map(unshield) };
}

export function print(text: string): void {
  process.stdout.write(`${text}\n`);
}

export function defineCommand<O extends Options>(spec: Spec<O>): Command {
  return {
    usage: spec.usage,
    async run(args) {
      const options = { ...spec.options, ...HELP };
      const parsed = parseArgs({ args: spec.morseArguments ? shield(args, options) : args, options, allowPositionals: true, strict: true });
      const { values, positionals } = unshielded(parsed.values, parsed.positionals) as { values: Values<O> & { help?: boolean }; positionals: string[] };
      if (values.help) return print(spec.usage);
      await spec.run(values, positionals);
    },
  };
}
