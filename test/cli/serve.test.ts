/** ditdah serve, and the files and ports the built command cannot use. */
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { chmod, mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { ditdah, MAIN, SERVER, temporaryDir, wavOf } from "../helpers/cli.js";
import { freePorts, httpGet, Managed, waitFor } from "../helpers/processes.js";

describe("ditdah serve and what it cannot use", () => {
  const dir = temporaryDir("ditdah-cli-serve-");

  describe("files and ports it cannot use", () => {
    /** Run as root, the tests run the command as nobody where a permission must be denied: root is denied none. */
    const unprivileged = process.getuid?.() === 0 ? { uid: 65534, gid: 65534 } : {};
    let denied: string;
    before(async () => {
      // Readable by all but one file that none may read, and a directory that none may write.
      denied = await mkdtemp(join(tmpdir(), "ditdah-denied-"));
      await chmod(denied, 0o755);
      await writeFile(join(denied, "secret.wav"), wavOf("E", 20, 600), { mode: 0o000 });
      await mkdir(join(denied, "locked"), { mode: 0o555 });
    });
    after(async () => rm(denied, { recursive: true, force: true }));

    /** The whole of standard error: one line naming the file and why, nothing on standard output, exit code 1. */
    const refused = (message: string) => ({ code: 1, stdout: "", stderr: `ditdah: ${message}\n` });

    it("says an empty recording is empty", async () => {
      const empty = join(dir(), "empty.wav");
      await writeFile(empty, "");
      const { code, stdout, stderr } = await ditdah(["listen", empty]);
      assert.deepEqual({ code, stdout }, { code: 1, stdout: "" });
      assert.match(stderr, /^ditdah: The recording is empty \(no bytes\)/);
    });

    it("names a recording it cannot read, and why, in one line", async () => {
      const missing = join(dir(), "missing.wav");
      assert.deepEqual(await ditdah(["listen", missing]), refused(`cannot read ${missing}: no such file or directory`));
      assert.deepEqual(await ditdah(["listen", "--live", missing]), refused(`cannot read ${missing}: no such file or directory`));
      assert.deepEqual(await ditdah(["listen", "--all", dir()]), refused(`cannot read ${dir()}: it is a directory`));
      await writeFile(join(dir(), "listen-cq.wav"), wavOf("CQ", 20, 700));
      assert.deepEqual(
        await ditdah(["listen", join(dir(), "listen-cq.wav", "x.wav")]),
        refused(`cannot read ${join(dir(), "listen-cq.wav", "x.wav")}: a part of its path is not a directory`),
      );
      const secret = join(denied, "secret.wav");
      assert.deepEqual(await ditdah(["listen", secret], "", unprivileged), refused(`cannot read ${secret}: permission denied`));
    });

    it("names a file it cannot write, and why, in one line", async () => {
      const nowhere = join(dir(), "no-such-directory", "cq.wav");
      assert.deepEqual(await ditdah(["wav", "--out", nowhere, "CQ"]), refused(`cannot write ${nowhere}: no such file or directory`));
      assert.deepEqual(await ditdah(["mp3", "--out", dir(), "CQ"]), refused(`cannot write ${dir()}: it is a directory`));
      const locked = join(denied, "locked", "cq.wav");
      assert.deepEqual(await ditdah(["wav", "--out", locked, "CQ"], "", unprivileged), refused(`cannot write ${locked}: permission denied`));
    });

    /** The server as `command` starts it, on 127.0.0.1:`port` unless `env` says otherwise: its exit and its whole output. */
    async function failedStart(command: string[], env: Record<string, string>): Promise<{ code: number | null; output: string }> {
      const server = new Managed(
        command.join(" "),
        spawn(process.execPath, command, { env: { ...process.env, HOST: "127.0.0.1", LOG_LEVEL: "info", ...env } }),
      );
      const exit = (await server.exitWithin(10_000)) ?? (await server.stop("SIGKILL"));
      return { code: exit.code, output: server.output };
    }

    it("says in one line that the port is in use, or the host no address of this machine, and exits 1 (serve and npm start alike)", async () => {
      const [port] = await freePorts(1);
      const taken = createServer();
      await new Promise<void>((resolve) => taken.listen(port, "127.0.0.1", resolve));
      try {
        for (const command of [[MAIN, "serve"], [SERVER]]) {
          assert.deepEqual(await failedStart(command, { PORT: String(port) }), {
            code: 1,
            output: `ditdah: port ${port} is in use on 127.0.0.1: stop what listens there, or set PORT to a free port\n`,
          });
          // TEST-NET-1 (RFC 5737): never an address of this machine.
          assert.deepEqual(await failedStart(command, { HOST: "192.0.2.1", PORT: String(port) }), {
            code: 1,
            output: "ditdah: cannot listen on 192.0.2.1: it is no address of this machine (HOST)\n",
          });
        }
      } finally {
        await new Promise((resolve) => taken.close(resolve));
      }
    });
  });

  it("serves the API as npm start does, with the same JSON as chart --json, audio and listen --json", async () => {
    const [port] = await freePorts(1);
    const env = { ...process.env, HOST: "127.0.0.1", PORT: String(port), LOG_LEVEL: "warn" };
    const server = new Managed("ditdah serve", spawn(process.execPath, [MAIN, "serve"], { env, stdio: ["ignore", "pipe", "pipe"] }));
    try {
      const base = `http://127.0.0.1:${port}`;
      const health = await waitFor("ditdah serve", async () => ((await httpGet(`${base}/healthz`)).status === 200 ? true : undefined));
      assert.equal(health, true, server.describe());
      assert.equal(`${(await httpGet(`${base}/api/v1/chart`)).text}\n`, (await ditdah(["chart", "--json"])).stdout);
      const audio = await httpGet(`${base}/api/v1/audio?text=CQ%20de%20K1ABC%3F&wpm=23&fwpm=13&frequency=650`);
      assert.equal(`${audio.text}\n`, (await ditdah(["audio", "--wpm", "23", "--fwpm", "13", "--frequency", "650", "CQ de K1ABC?"])).stdout);
      const wav = wavOf("CQ DE K1ABC", 25, 700);
      const heard = await fetch(`${base}/api/v1/decode-audio`, { method: "POST", body: wav, headers: { "content-type": "audio/wav" } });
      assert.equal(`${await heard.text()}\n`, (await ditdah(["listen", "--json", "-"], wav)).stdout);
    } finally {
      const exit = await server.stop("SIGTERM");
      assert.deepEqual(exit, { code: 0, signal: null }, server.describe());
    }
  });
});
