/**
 * The packages as npm users get them: packed by `npm pack` from their built dist/ (npm test
 * builds first; packing here skips the build, which would rewrite dist/ under other tests) and
 * installed from the tarballs into a project of their own in a temporary directory.
 */
import { execFile } from "node:child_process";
import { mkdtemp, readdir, readFile, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";
import { promisify } from "node:util";
import { REPO_ROOT } from "../helpers/processes.js";

const execFileAsync = promisify(execFile);

/** The temporary directories made here, removed by `removeTemporary`. */
const temporary: string[] = [];

async function temporaryDirectory(prefix: string): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), prefix));
  temporary.push(dir);
  return dir;
}

/** Removes the tarballs and projects made so far. */
export async function removeTemporary(): Promise<void> {
  await Promise.all(temporary.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
}

/** What a server needs and a library must not bring: the service's own dependencies. */
export const SERVER_PACKAGES = ["fastify", "ioredis", "pino", "piscina", "prom-client", "@fastify/swagger-ui", "@fastify/websocket", "typebox"];

/** The environment less npm's run-script variables (npm test sets them), so that npm here acts as a user's. */
function userEnvironment(): NodeJS.ProcessEnv {
  return Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.toLowerCase().startsWith("npm_")));
}

/** Runs a program in `cwd`; its standard output, or an error holding both outputs. */
export async function run(program: string, args: string[], cwd: string): Promise<string> {
  try {
    return (await execFileAsync(program, args, { cwd, env: userEnvironment(), maxBuffer: 64 * 1024 * 1024 })).stdout;
  } catch (error) {
    const { stdout, stderr } = error as { stdout?: string; stderr?: string };
    throw new Error(`${program} ${args.join(" ")} failed in ${cwd}:\n${stdout ?? ""}\n${stderr ?? ""}`, { cause: error });
  }
}

export interface Packed {
  /** The tarball's path. */
  tarball: string;
  /** Its bytes, and the bytes of the files in it. */
  size: number;
  unpackedSize: number;
}

/** Packs workspace packages (their folders under packages/) into a new temporary directory: each by its npm name. */
export async function pack(...folders: string[]): Promise<Map<string, Packed>> {
  const dir = await temporaryDirectory("ditdah-packed-");
  const workspaces = folders.flatMap((folder) => ["--workspace", `packages/${folder}`]);
  const packed = JSON.parse(await run("npm", ["pack", ...workspaces, "--pack-destination", dir, "--ignore-scripts", "--json"], REPO_ROOT)) as {
    name: string;
    filename: string;
    size: number;
    unpackedSize: number;
  }[];
  return new Map(packed.map((p) => [p.name, { tarball: join(dir, p.filename), size: p.size, unpackedSize: p.unpackedSize }]));
}

/** A new ESM project in a temporary directory with the tarballs installed in it, as `npm install FILE…` does. */
export async function projectWith(...tarballs: string[]): Promise<string> {
  const dir = await temporaryDirectory("ditdah-project-");
  await writeFile(join(dir, "package.json"), JSON.stringify({ name: "project", private: true, type: "module" }));
  // The packages' own dependencies from npm's cache where it has them (they come from the registry otherwise).
  await run("npm", ["install", "--prefer-offline", "--no-audit", "--no-fund", ...tarballs], dir);
  return dir;
}

/** The names of the packages installed in a project, nested and scoped ones alike (npm's hidden lockfile). */
export async function installedPackages(project: string): Promise<string[]> {
  const lock = JSON.parse(await readFile(join(project, "node_modules", ".package-lock.json"), "utf8")) as { packages: Record<string, unknown> };
  return Object.keys(lock.packages).map((path) => path.slice(path.lastIndexOf("node_modules/") + "node_modules/".length));
}

/** Bytes of the files under a directory, symbolic links not followed. */
export async function bytesUnder(dir: string): Promise<number> {
  let total = 0;
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) total += (await stat(join(entry.parentPath, entry.name))).size;
  }
  return total;
}

/** A size as a person reads it. */
export const megabytes = (bytes: number) => `${(bytes / 1e6).toFixed(2)} MB`;

/** A tarball's file name, for messages. */
export const named = (packed: Packed) => basename(packed.tarball);
