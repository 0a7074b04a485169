import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { REUSED_LENGTH, Reused } from "../../../src/audio/dsp/reused.js";

describe("Reused", () => {
  it("hands out the same memory from call to call, as separate arrays of the length asked", () => {
    const reused = new Reused((length) => new Float64Array(length), 3);
    const [a, b, c] = reused.arrays(10);
    assert.deepEqual([a!.length, b!.length, c!.length], [10, 10, 10]);
    a!.fill(1);
    assert.deepEqual([...b!, ...c!], new Array(20).fill(0));
    assert.equal(reused.arrays(8)[0]!.buffer, a!.buffer);
  });

  it("keeps arrays longer than REUSED_LENGTH apart from the short ones", () => {
    const reused = new Reused((length) => new Float32Array(length), 1);
    const short = reused.arrays(5)[0]!;
    const long = reused.arrays(REUSED_LENGTH + 1)[0]!;
    assert.equal(long.length, REUSED_LENGTH + 1);
    assert.notEqual(long.buffer, short.buffer);
    assert.equal(reused.arrays(5)[0]!.buffer, short.buffer);
    assert.equal(reused.arrays(REUSED_LENGTH)[0]!.length, REUSED_LENGTH);
  });

  it("hands out the same memory for arrays longer than REUSED_LENGTH within one job, and more when a longer one is asked", () => {
    const reused = new Reused((length) => new Float64Array(length), 2);
    const [a, b] = reused.arrays(REUSED_LENGTH + 10);
    assert.notEqual(a!.byteOffset, b!.byteOffset);
    const again = reused.arrays(REUSED_LENGTH + 5);
    assert.equal(again[0]!.buffer, a!.buffer);
    assert.equal(again[1]!.length, REUSED_LENGTH + 5);
    const longer = reused.arrays(REUSED_LENGTH + 20);
    assert.notEqual(longer[0]!.buffer, a!.buffer);
    assert.equal(longer[1]!.length, REUSED_LENGTH + 20);
  });
});
