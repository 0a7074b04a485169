/**
 * The command (`ditdah-cli`) as npm installs it from its packed tarball, with ditdah-formats
 * beside it: `npx ditdah` in a project, and `ditdah` on the PATH after `npm install -g`.
 */
import assert from "node:assert/strict";
import { mkdir } from "node:fs/promises";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { bytesUnder, installedPackages, megabytes, type Packed, pack, projectWith, removeTemporary, run, SERVER_PACKAGES } from "./packed.js";

let packed: Map<string, Packed>;
let project: string;

after(removeTemporary);
before(async () => {
  packed = await pack("cli", "formats");
  project = await projectWith(packed.get("ditdah-cli")!.tarball, packed.get("ditdah-formats")!.tarball);
});

/** `npx ditdah ARGS` in the project, as a user runs it there; --no: never fetched from the registry. */
const npx = (...args: string[]) => run("npx", ["--no", "ditdah", ...args], project);

describe("the command installed from its tarball", () => {
  it("runs with npx: encode CQ", async () => {
    assert.equal(await npx("encode", "CQ"), "-.-. --.-\n");
  });

  it("writes an MP3 and reads it back, through ditdah-formats", async () => {
    await npx("mp3", "--out", "cq.mp3", "--wpm", "20", "CQ", "DE", "K1ABC");
    assert.equal(await npx("listen", "cq.mp3"), "CQ DE K1ABC\n");
  });

  it("brings none of the server's dependencies, and says that serve runs from a clone", async (t) => {
    const names = await installedPackages(project);
    for (const server of SERVER_PACKAGES) assert.ok(!names.includes(server), server);
    await assert.rejects(npx("serve"), /the service runs from a clone of the repository \(npm start\)/);
    const installed = await bytesUnder(join(project, "node_modules"));
    t.diagnostic(
      `ditdah-cli ${megabytes(packed.get("ditdah-cli")!.size)} packed; installed with ditdah-formats: ${megabytes(installed)}, ${names.length - 1} packages`,
    );
  });

  it("puts ditdah on the PATH with npm install -g", async () => {
    const prefix = join(project, "global");
    await mkdir(prefix);
    await run(
      "npm",
      [
        "install",
        "--global",
        "--prefix",
        prefix,
        "--prefer-offline",
        "--no-audit",
        "--no-fund",
        packed.get("ditdah-formats")!.tarball,
        packed.get("ditdah-cli")!.tarball,
      ],
      project,
    );
    assert.equal(await run(join(prefix, "bin", "ditdah"), ["decode", "-.-.", "--.-"], project), "CQ\n");
  });
});
