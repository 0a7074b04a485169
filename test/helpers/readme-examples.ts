/**
 * The examples of a README or a docs page, read out of its fenced code blocks with the answers
 * shown beside them (shown-answers.ts): the shell's curl commands, each with the JSON answer of
 * the `#` comment below it; the shell's `ditdah` commands, each with the output of its trailing
 * `#` comment where that is a string; and the library's JavaScript, each statement of its own
 * line with the value of its `//` comment. Prose around the blocks, and comments that are prose,
 * are passed over: a page may say anything it likes around its examples.
 */
import { leadingValue } from "./shown-answers.js";

export interface CodeBlock {
  language: string;
  /** The README's line number of the block's first line of code. */
  line: number;
  lines: string[];
}

export interface ShellExample {
  line: number;
  command: string;
  /** The source of the answer shown below it, if one is. */
  shown?: string;
}

export interface CommandExample {
  line: number;
  command: string;
  /** The standard output shown in its trailing comment, if a string is shown there. */
  output?: string;
}

export interface ShownStatement {
  /** The block's line (0-based) holding the statement. */
  index: number;
  /** The statement's expression, without its `;`. */
  expression: string;
  shown: string;
}

export function codeBlocks(markdown: string): CodeBlock[] {
  const blocks: CodeBlock[] = [];
  let open: CodeBlock | undefined;
  for (const [i, line] of markdown.split("\n").entries()) {
    const fence = /^```(\S*)\s*$/.exec(line);
    if (fence && !open) open = { language: fence[1]!, line: i + 2, lines: [] };
    else if (fence && open) {
      blocks.push(open);
      open = undefined;
    } else open?.lines.push(line);
  }
  return blocks;
}

/** The value shown from `first` on, reading on through `more` (comment lines, their markers taken off) while its brackets are open. */
function shownFrom(first: string, more: string[]): string | undefined {
  let text = first;
  for (let taken = 0; ; taken++) {
    const value = leadingValue(text);
    if (value !== "incomplete") return value;
    if (taken === more.length) return undefined;
    text += `\n${more[taken]}`;
  }
}

/** The comment lines from `start` on, as long as they last, without their markers. */
function commentsFrom(lines: string[], start: number, marker: RegExp): string[] {
  const comments: string[] = [];
  for (let i = start; i < lines.length && marker.test(lines[i]!); i++) comments.push(lines[i]!.replace(marker, ""));
  return comments;
}

const SHELL_COMMENT = /^\s*#\s?/;

/** The curl commands of a shell block, a command's `\` continuations joined, each with the answer shown in the comments right below it. */
export function curlExamples(block: CodeBlock): ShellExample[] {
  const examples: ShellExample[] = [];
  const { lines } = block;
  for (let i = 0; i < lines.length; i++) {
    if (!/^curl\s/.test(lines[i]!)) continue;
    const line = block.line + i;
    let command = lines[i]!;
    while (command.endsWith("\\") && i + 1 < lines.length) command += `\n${lines[++i]}`;
    const [first, ...more] = commentsFrom(lines, i + 1, SHELL_COMMENT);
    const shown = first === undefined ? undefined : shownFrom(first, more);
    examples.push({ line, command, shown });
  }
  return examples;
}

/** A command line that runs `ditdah` (directly or after a pipe), with its trailing comment. */
const DITDAH_COMMAND = /^((?:[^#|]*\|\s*)?ditdah\s[^#]*?)\s*(?:#\s?(.*))?$/;

/** The `ditdah` commands of a shell block, each with the output shown as a string in its trailing comment. */
export function commandExamples(block: CodeBlock): CommandExample[] {
  const examples: CommandExample[] = [];
  for (const [i, text] of block.lines.entries()) {
    const match = DITDAH_COMMAND.exec(text);
    if (!match) continue;
    const shown = match[2] === undefined ? undefined : leadingValue(match[2]);
    const output = shown?.startsWith('"') ? (JSON.parse(shown) as string) : undefined;
    examples.push({ line: block.line + i, command: match[1]!, output });
  }
  return examples;
}

/** A statement of its own line that is an expression: no declaration, no block, no assignment. */
const EXPRESSION_STATEMENT = /^(?!(?:import|export|const|let|var|function|class|for|while|if|try|return)\b)[\w$(["'].*?;(?=\s*(?:\/\/|$))/;
const ASSIGNMENT = /^[\w$.[\]]+\s*[-+*/]?=(?!=)/;
const JS_COMMENT = /^\s*\/\/\s?/;

/**
 * The statements of a JavaScript block whose value is shown: an expression statement on a
 * line of its own (not indented), with a value at the start of its trailing comment, or of
 * the comment lines right below it.
 */
export function shownStatements(block: CodeBlock): ShownStatement[] {
  const statements: ShownStatement[] = [];
  const { lines } = block;
  for (const [index, line] of lines.entries()) {
    const statement = EXPRESSION_STATEMENT.exec(line)?.[0];
    if (!statement || ASSIGNMENT.test(statement)) continue;
    const trailing = line.slice(statement.length).replace(JS_COMMENT, "");
    const below = commentsFrom(lines, index + 1, JS_COMMENT);
    const shown = trailing.trim() === "" ? shownFrom(below[0] ?? "", below.slice(1)) : shownFrom(trailing, below);
    if (shown !== undefined) statements.push({ index, expression: statement.slice(0, -1), shown });
  }
  return statements;
}
