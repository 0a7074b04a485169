/** The service's configuration, read from the environment. */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { ConfigError, loadConfig } from "../../src/http/config.js";

describe("loadConfig", () => {
  it("reads DECODE_DEADLINE_S in whole seconds, 45 by default, below the socket's 60 s idle timeout", () => {
    assert.equal(loadConfig({}).decodeDeadlineMs, 45_000);
    assert.equal(loadConfig({ DECODE_DEADLINE_S: "10" }).decodeDeadlineMs, 10_000);
    for (const raw of ["0", "56", "1.5", "soon"]) {
      assert.throws(
        () => loadConfig({ DECODE_DEADLINE_S: raw }),
        (e: unknown) => e instanceof ConfigError && e.message === `DECODE_DEADLINE_S must be a whole number from 1 to 55 (got "${raw}")`,
      );
    }
  });
});
