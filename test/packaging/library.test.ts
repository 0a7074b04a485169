/**
 * The library (`ditdah`) as npm installs it from its packed tarball: alone, with no server
 * dependency, small, typed without Node, bundled for a browser, and reading and writing the
 * compressed formats once ditdah-formats is installed beside it (and saying so when it is not).
 */
import assert from "node:assert/strict";
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { createContext, runInContext } from "node:vm";
import { build } from "esbuild";
import { renderMp3, renderWav } from "../../src/audio/index.js";
import { timeline } from "../../src/core/index.js";
import { REPO_ROOT } from "../helpers/processes.js";
import { bytesUnder, installedPackages, megabytes, named, type Packed, pack, projectWith, removeTemporary, run, SERVER_PACKAGES } from "./packed.js";

/** The most the library may take installed, the compressed formats apart. */
const MAX_INSTALLED_BYTES = 15e6;

const CQ = timeline("CQ DE K1ABC", { wpm: 20 });

let packed: Map<string, Packed>;
/** A project with the library alone installed, and one with ditdah-formats beside it. */
let alone: string;
let withFormats: string;

after(removeTemporary);
before(async () => {
  packed = await pack("ditdah", "formats");
  [alone, withFormats] = await Promise.all([
    projectWith(packed.get("ditdah")!.tarball),
    projectWith(packed.get("ditdah")!.tarball, packed.get("ditdah-formats")!.tarball),
  ]);
  for (const project of [alone, withFormats]) {
    await writeFile(join(project, "cq.wav"), renderWav(CQ, { frequency: 700, sampleRate: 8000 }));
    await writeFile(join(project, "cq.mp3"), await renderMp3(CQ, { frequency: 700, sampleRate: 8000 }));
  }
});

/** Runs an ES module in a project; what it prints. */
async function runIn(project: string, source: string): Promise<string> {
  await writeFile(join(project, "main.js"), source);
  return (await run(process.execPath, ["main.js"], project)).trim();
}

describe("the library installed from its tarball", () => {
  it("installs alone: no dependency, so none of the server's", async (t) => {
    const names = await installedPackages(alone);
    assert.deepEqual(
      names.filter((name) => name !== ""),
      ["ditdah"],
    );
    for (const server of SERVER_PACKAGES) assert.ok(!names.includes(server), server);
    t.diagnostic(`${named(packed.get("ditdah")!)}: ${megabytes(packed.get("ditdah")!.size)} packed`);
  });

  it(`takes at most ${megabytes(MAX_INSTALLED_BYTES)} installed without the compressed formats`, async (t) => {
    const library = await bytesUnder(join(alone, "node_modules"));
    const formats = (await bytesUnder(join(withFormats, "node_modules"))) - library;
    t.diagnostic(`installed: the library ${megabytes(library)}; ditdah-formats and its dependencies ${megabytes(formats)} more`);
    assert.ok(library <= MAX_INSTALLED_BYTES, megabytes(library));
  });

  it("encodes, renders, reads and decodes a WAV in Node, and names ditdah-formats when MP3 is asked for without it", async () => {
    const answer = await runIn(
      alone,
      `import { readFileSync } from "node:fs";
import { decodeAudio, encode, readRecording, renderMp3, renderWav, timeline } from "ditdah";
const wav = renderWav(timeline("PARIS"), { frequency: 600, sampleRate: 8000 });
const { samples, sampleRate } = await readRecording(readFileSync("cq.wav"));
const refusal = (promise) => promise.then(() => "no error", (error) => error.message);
console.log(JSON.stringify({
  morse: encode("CQ"),
  wav: wav instanceof Uint8Array && !(wav instanceof Buffer),
  decoded: decodeAudio(samples, sampleRate).output,
  read: await refusal(readRecording(readFileSync("cq.mp3"))),
  written: await refusal(renderMp3(timeline("CQ"), { frequency: 600, sampleRate: 8000 })),
}));`,
    );
    assert.deepEqual(JSON.parse(answer), {
      morse: "-.-. --.-",
      wav: true,
      decoded: "CQ DE K1ABC",
      read: "Reading an MP3 file needs the ditdah-formats package, which is not installed: npm install ditdah-formats",
      written: "Writing an MP3 file needs the ditdah-formats package, which is not installed: npm install ditdah-formats",
    });
  });

  it("reads and writes MP3 with ditdah-formats installed beside it", async () => {
    const answer = await runIn(
      withFormats,
      `import { readFileSync } from "node:fs";
import { decodeAudio, readRecording, renderMp3, timeline } from "ditdah";
const read = await readRecording(readFileSync("cq.mp3"));
const written = await readRecording(await renderMp3(timeline("SOS", { wpm: 20 }), { frequency: 600, sampleRate: 16000 }));
console.log(JSON.stringify([decodeAudio(read.samples, read.sampleRate).output, decodeAudio(written.samples, written.sampleRate).output]));`,
    );
    assert.deepEqual(JSON.parse(answer), ["CQ DE K1ABC", "SOS"]);
  });

  it("type-checks in a strict TypeScript project with neither Node's types nor the DOM's", async () => {
    await writeFile(
      join(alone, "tsconfig.json"),
      JSON.stringify({
        compilerOptions: {
          strict: true,
          target: "ES2022",
          module: "NodeNext",
          moduleResolution: "NodeNext",
          lib: ["ES2022"],
          types: [],
          noEmit: true,
          skipLibCheck: false,
        },
        files: ["typed.ts"],
      }),
    );
    await writeFile(
      join(alone, "typed.ts"),
      `import { CHART, createListener, decode, decodeAudio, encode, LiveText, MorseError, readRecording, renderMp3, renderWav, timeline, type AudioDecode } from "ditdah";

export async function tour(bytes: Uint8Array): Promise<string[]> {
  const morse: string = encode("CQ DE K1ABC");
  const text: string = decode(morse);
  const a: string | undefined = CHART.alphabet.A;
  const cq = timeline(text, { wpm: 20, fwpm: 15 });
  const wav: Uint8Array = renderWav(cq, { frequency: 700, sampleRate: 8000 });
  const mp3: Uint8Array = await renderMp3(cq, { frequency: 700, sampleRate: 8000, bitrate: 32 });
  const { samples, sampleRate } = await readRecording(bytes, { mediaType: "audio/mpeg" });
  const heard: AudioDecode = decodeAudio(samples, sampleRate, { frequency: 700 });
  const listener = createListener({ sampleRate });
  const live = new LiveText();
  for (const event of [...listener.push(samples), ...listener.flush().events]) live.take(event);
  // @ts-expect-error encode gives a string, and the types say so
  const wrong: number = encode("E");
  const error = new MorseError("INVALID_OPTION", "a message");
  return [morse, text, a ?? "", String(wav.length + mp3.length + wrong), heard.output, live.text, error.code];
}
`,
    );
    const tsc = join(REPO_ROOT, "node_modules", "typescript", "bin", "tsc");
    await run(process.execPath, [tsc, "-p", "tsconfig.json"], alone);
  });

  it("bundles decodeAudio for the browser with esbuild, with no Node built-in, and runs with nothing but JavaScript", async (t) => {
    await writeFile(join(alone, "browser.js"), `export { decodeAudio, readWav } from "ditdah";\n`);
    const result = await build({
      absWorkingDir: alone,
      entryPoints: ["browser.js"],
      bundle: true,
      // A Node built-in anywhere in the graph fails the build.
      platform: "browser",
      format: "iife",
      globalName: "ditdah",
      target: "es2022",
      minify: true,
      write: false,
      metafile: true,
      logLevel: "silent",
    });
    assert.deepEqual([...result.errors, ...result.warnings], []);
    const inputs = Object.keys(result.metafile.inputs);
    assert.deepEqual(
      inputs.filter((input) => input !== "browser.js" && !input.startsWith("node_modules/ditdah/dist/")),
      [],
    );
    const bundle = result.outputFiles[0]!.text;
    t.diagnostic(`decodeAudio and readWav bundled: ${inputs.length} modules, ${megabytes(bundle.length)} minified`);
    // A context with the language's own objects alone: no Node, no DOM.
    const context = createContext({});
    runInContext(bundle, context);
    const decode = runInContext(
      "(bytes) => { const { samples, sampleRate } = ditdah.readWav(Uint8Array.from(bytes)); return ditdah.decodeAudio(samples, sampleRate).output; }",
      context,
    );
    assert.equal(decode([...renderWav(CQ, { frequency: 700, sampleRate: 8000 })]), "CQ DE K1ABC");
  });
});
