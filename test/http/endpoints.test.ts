/**
 * The success answers of encode, decode, chart and audio over a real socket, for GET
 * and POST, checked against API.md sections 1 and 3 to 7 and the seed.
 */
import assert from "node:assert/strict";
import { before, describe, it } from "node:test";
import { timeline } from "../../src/core/index.js";
import { serveForTests } from "../helpers/server.js";
import { type Answer, assertSuccess, get, JSON_CONTENT_TYPE, post, send } from "./support.js";

const server = serveForTests();

const HELLO_WORLD_JSON = '{"success":true,"input":"Hello World","output":".... . .-.. .-.. --- / .-- --- .-. .-.. -..","characters":11}';

/** GET with query parameters and POST with the same parameters as a JSON body. */
async function both(path: string, params: Record<string, string>): Promise<Answer[]> {
  return [await get(server.url, path, params), await post(server.url, path, params)];
}

describe("encode", () => {
  it("answers API.md's Hello World example exactly, by GET and by POST", async () => {
    for (const answer of await both("/api/v1/encode", { text: "Hello World" })) {
      assertSuccess(answer);
      assert.equal(answer.text, HELLO_WORLD_JSON);
    }
  });

  it("accepts a charset parameter on the request's JSON content type", async () => {
    for (const contentType of ["application/json; charset=utf-8", "application/json;charset=UTF-8", "Application/JSON"]) {
      const answer = await post(server.url, "/api/v1/encode", { text: "Hello World" }, contentType);
      assertSuccess(answer);
      assert.equal(answer.text, HELLO_WORLD_JSON, contentType);
    }
  });

  it("folds white space runs into one word boundary and drops leading and trailing white space", async () => {
    const text = "  hello \t\n  WORLD\u00a0 ";
    for (const answer of await both("/api/v1/encode", { text })) {
      assert.deepEqual(assertSuccess(answer), {
        success: true,
        input: text,
        output: ".... . .-.. .-.. --- / .-- --- .-. .-.. -..",
        characters: [...text].length,
      });
    }
  });

  it("draws with separator, dotChar and dashChar", async () => {
    const params = { text: "ab c", separator: " | ", dotChar: "*", dashChar: "=" };
    for (const answer of await both("/api/v1/encode", params)) {
      assert.deepEqual(assertSuccess(answer), { success: true, input: "ab c", output: "*= =*** | =*=*", characters: 4 });
    }
    const gap = await post(server.url, "/api/v1/encode", { text: "e t", separator: "   " });
    assert.deepEqual(assertSuccess(gap), { success: true, input: "e t", output: ".   -", characters: 3 });
  });

  it("sends prosigns run together and punctuation, digits and accented letters by section 7", async () => {
    const text = "<SK> <sos> 0,1. É";
    for (const answer of await both("/api/v1/encode", { text })) {
      assert.deepEqual(assertSuccess(answer), {
        success: true,
        input: text,
        output: "...-.- / ...---... / ----- --..-- .---- .-.-.- / ..-..",
        characters: 17,
      });
    }
  });
});

describe("decode", () => {
  it("decodes what encode produces, by GET and by POST, counting letters but not word spaces", async () => {
    const morse = ".... . .-.. .-.. --- / .-- --- .-. .-.. -..";
    for (const answer of await both("/api/v1/decode", { morse })) {
      assertSuccess(answer);
      assert.equal(answer.text, `{"success":true,"input":"${morse}","output":"HELLO WORLD","characters":10}`);
    }
  });

  it("decodes prosign-only sequences as <XX> and follows section 7's precedence", async () => {
    const morse = "...-.- / ........ / .-.-. .-.- ..-.. ---.";
    for (const answer of await both("/api/v1/decode", { morse })) {
      assert.deepEqual(assertSuccess(answer), { success: true, input: morse, output: "<SK> <HH> +<AA>ÉÖ", characters: 6 });
    }
  });

  it("forgives pasted glyphs with default options", async () => {
    const morse = "•− ·|—\n...  _  ∙−∙";
    for (const answer of await both("/api/v1/decode", { morse })) {
      assert.deepEqual(assertSuccess(answer), { success: true, input: morse, output: "AE T STR", characters: 6 });
    }
  });

  it("reads back encode's output for the same options", async () => {
    const options = { separator: " // ", dotChar: "di", dashChar: "dah" };
    const encoded = assertSuccess(await post(server.url, "/api/v1/encode", { text: "cq de k1abc", ...options }));
    assert.equal(encoded.output, "dahdidahdi dahdahdidah // dahdidi di // dahdidah didahdahdahdah didah dahdididi dahdidahdi");
    for (const answer of await both("/api/v1/decode", { morse: encoded.output, ...options })) {
      assert.deepEqual(assertSuccess(answer), { success: true, input: encoded.output, output: "CQ DE K1ABC", characters: 9 });
    }
  });
});

describe("chart", () => {
  const LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ".split("");
  const DIGITS = "0123456789".split("");
  const PUNCTUATION: Record<string, string> = {
    ".": ".-.-.-",
    ",": "--..--",
    ":": "---...",
    "?": "..--..",
    "'": ".----.",
    "-": "-....-",
    "/": "-..-.",
    "(": "-.--.",
    ")": "-.--.-",
    '"': ".-..-.",
    "=": "-...-",
    "+": ".-.-.",
    "@": ".--.-.",
    "!": "-.-.--",
    "&": ".-...",
    ";": "-.-.-.",
    _: "..--.-",
    $: "...-..-",
  };
  const PROSIGNS: Record<string, string> = {
    "<AA>": ".-.-",
    "<AR>": ".-.-.",
    "<AS>": ".-...",
    "<BK>": "-...-.-",
    "<BT>": "-...-",
    "<CL>": "-.-..-..",
    "<CT>": "-.-.-",
    "<DO>": "-..---",
    "<HH>": "........",
    "<KN>": "-.--.",
    "<SK>": "...-.-",
    "<SN>": "...-.",
    "<SOS>": "...---...",
  };
  let chart: any;

  before(async () => {
    chart = assertSuccess(await get(server.url, "/api/v1/chart"));
  });

  it("has the seed's patterns", () => {
    assert.equal(chart.alphabet.A, ".-");
    assert.equal(chart.alphabet.B, "-...");
    assert.equal(chart.alphabet.C, "-.-.");
    assert.equal(chart.numbers["0"], "-----");
    assert.equal(chart.numbers["1"], ".----");
    assert.equal(chart.punctuation["."], ".-.-.-");
    assert.equal(chart.punctuation[","], "--..--");
  });

  it("maps exactly A to Z and 0 to 9 to patterns of . and -", () => {
    assert.deepEqual(Object.keys(chart.alphabet).sort(), LETTERS);
    assert.deepEqual(Object.keys(chart.numbers).sort(), DIGITS);
    for (const map of [chart.alphabet, chart.numbers, chart.punctuation, chart.prosigns]) {
      for (const pattern of Object.values(map)) assert.match(pattern as string, /^[.-]{1,9}$/);
    }
    assert.equal(chart.alphabet.Q, "--.-");
    assert.equal(chart.alphabet.Z, "--..");
    assert.equal(chart.numbers["9"], "----.");
    assert.equal(new Set(Object.values(chart.alphabet)).size, 26);
  });

  it("lists every sign of section 7 under punctuation and its prosigns under prosigns", () => {
    assert.deepEqual(chart.punctuation, PUNCTUATION);
    assert.deepEqual(chart.prosigns, PROSIGNS);
  });

  it("is a JSON object whose four maps are objects; unknown parameters are ignored", async () => {
    for (const key of ["alphabet", "numbers", "punctuation", "prosigns"]) {
      assert.equal(typeof chart[key], "object", key);
      assert.ok(!Array.isArray(chart[key]), key);
    }
    assert.deepEqual(assertSuccess(await get(server.url, "/api/v1/chart", { foo: "bar", text: "x" })), chart);
  });
});

describe("audio", () => {
  it("answers the timeline at the defaults: 20 wpm, unit 60 ms, fwpm = wpm, 600 Hz", async () => {
    const expected = {
      success: true,
      text: "et",
      morse: ". -",
      wpm: 20,
      frequency: 600,
      unitMs: 60,
      fwpm: 20,
      durationMs: 420,
      sequence: [
        { type: "dot", startMs: 0, durationMs: 60 },
        { type: "silence", startMs: 60, durationMs: 180 },
        { type: "dash", startMs: 240, durationMs: 180 },
      ],
    };
    for (const answer of await both("/api/v1/audio", { text: "et" })) assert.deepEqual(assertSuccess(answer), expected);
  });

  it("uses 1-unit gaps inside a character, 7-unit gaps between words, no leading or trailing silence", async () => {
    const body = assertSuccess(await get(server.url, "/api/v1/audio", { text: " A  E " }));
    assert.equal(body.morse, ".- / .");
    assert.deepEqual(body.sequence, [
      { type: "dot", startMs: 0, durationMs: 60 },
      { type: "silence", startMs: 60, durationMs: 60 },
      { type: "dash", startMs: 120, durationMs: 180 },
      { type: "silence", startMs: 300, durationMs: 420 },
      { type: "dot", startMs: 720, durationMs: 60 },
    ]);
    assert.equal(body.durationMs, 780);
  });

  it("reads numbers as decimal strings in the query and as numbers or decimal strings in a JSON body", async () => {
    const answers = [
      await get(server.url, "/api/v1/audio", { text: "E", wpm: "12.5", frequency: "440.5", fwpm: "10" }),
      await post(server.url, "/api/v1/audio", { text: "E", wpm: "12.5", frequency: "440.5", fwpm: "10" }),
      await post(server.url, "/api/v1/audio", { text: "E", wpm: 12.5, frequency: 440.5, fwpm: 10 }),
    ];
    for (const answer of answers) {
      assert.deepEqual(assertSuccess(answer), {
        success: true,
        text: "E",
        morse: ".",
        wpm: 12.5,
        frequency: 440.5,
        unitMs: 96,
        fwpm: 10,
        durationMs: 96,
        sequence: [{ type: "dot", startMs: 0, durationMs: 96 }],
      });
    }
  });

  it("defaults fwpm to wpm and stretches only letter and word gaps under Farnsworth", async () => {
    const plain = assertSuccess(await get(server.url, "/api/v1/audio", { text: "EE E", wpm: "25" }));
    assert.equal(plain.fwpm, 25);
    assert.equal(plain.unitMs, 48);
    assert.deepEqual(
      plain.sequence.map((s: any) => s.durationMs),
      [48, 144, 48, 336, 48],
    );

    const slow = assertSuccess(await post(server.url, "/api/v1/audio", { text: "EE E", wpm: 20, fwpm: 10 }));
    const gapUnit = ((60 * 20 - 37.2 * 10) / (19 * 20 * 10)) * 1000;
    const durations: number[] = slow.sequence.map((s: any) => s.durationMs);
    assert.equal(slow.unitMs, 60);
    assert.equal(slow.fwpm, 10);
    assert.deepEqual(
      slow.sequence.map((s: any) => s.type),
      ["dot", "silence", "dot", "silence", "dot"],
    );
    assert.equal(durations[0], 60);
    // To the microsecond: each of its two ends within half a microsecond of the exact one.
    assert.ok(Math.abs(durations[1]! - 3 * gapUnit) <= 0.001, String(durations[1]));
    assert.ok(Math.abs(durations[3]! - 7 * gapUnit) <= 0.001, String(durations[3]));
  });

  /** A time given to the microsecond, as a whole number of microseconds. */
  const microseconds = (ms: number) => {
    assert.match(String(ms), /^\d+(\.\d{1,3})?$/, `${ms} ms is not to the microsecond`);
    return Math.round(ms * 1000);
  };

  it("keeps segments contiguous, startMs being exactly the previous startMs + durationMs (in decimal, to the microsecond)", async () => {
    const body = assertSuccess(await get(server.url, "/api/v1/audio", { text: "Paris <SK> 73!", wpm: "13", fwpm: "7.3" }));
    assert.equal(body.morse, ".--. .- .-. .. ... / ...-.- / --... ...-- -.-.--");
    let at = 0;
    for (const segment of body.sequence) {
      assert.equal(microseconds(segment.startMs), at);
      assert.ok(["dot", "dash", "silence"].includes(segment.type));
      at += microseconds(segment.durationMs);
    }
    assert.equal(microseconds(body.durationMs), at);
    assert.equal(body.sequence[0].type === "silence" || body.sequence.at(-1).type === "silence", false);
  });

  it("gives every time to the microsecond, each within half a microsecond of the exact timeline; unitMs exactly 1200 / wpm", async () => {
    for (const params of [
      { text: "PARIS", wpm: 25, fwpm: 15 },
      { text: "CQ DE K1ABC", wpm: 19 },
      { text: "What hath God wrought", wpm: 13, fwpm: 7.3, alphabet: "american" },
    ]) {
      const answer = await post(server.url, "/api/v1/audio", params);
      const body = assertSuccess(answer);
      const exact = timeline(params.text, params);
      assert.equal(microseconds(body.durationMs), Math.round(exact.durationMs * 1000), answer.text.slice(0, 200));
      assert.equal(body.sequence.length, exact.sequence.length);
      for (const [i, segment] of body.sequence.entries()) {
        const { startMs, durationMs } = exact.sequence[i]!;
        assert.ok(Math.abs(segment.startMs - startMs) <= 0.0005, `segment ${i} starts at ${segment.startMs}, not ${startMs}`);
        assert.ok(Math.abs(segment.startMs + segment.durationMs - (startMs + durationMs)) <= 0.0005, `segment ${i} ends off`);
        microseconds(segment.durationMs);
      }
      assert.equal(body.unitMs, exact.unitMs);
    }
    // The answer, 3074.5263157894733 before.
    assert.equal(assertSuccess(await post(server.url, "/api/v1/audio", { text: "PARIS", wpm: 25, fwpm: 15 })).durationMs, 3074.526);
  });
});

describe("every endpoint", () => {
  it("ignores unknown parameters", async () => {
    const encodeGet = await get(server.url, "/api/v1/encode", { text: "Hello World", foo: "bar", wpm: "999", Text: "x" });
    assert.equal(encodeGet.text, HELLO_WORLD_JSON);
    const encodePost = await post(server.url, "/api/v1/encode", { text: "Hello World", foo: 1, bar: { x: [1, null] }, sampleRate: "x" });
    assert.equal(encodePost.text, HELLO_WORLD_JSON);
    const decode = await post(server.url, "/api/v1/decode", { morse: ".-", text: 5, extra: [] });
    assert.deepEqual(assertSuccess(decode), { success: true, input: ".-", output: "A", characters: 1 });
    const audio = await get(server.url, "/api/v1/audio", { text: "E", separator: "", dotChar: "  ", pitch: "x" });
    assert.equal(assertSuccess(audio).morse, ".");
  });

  it("reads POST parameters from the JSON body only, never from the query string", async () => {
    const encode = await send(server.url, "POST", "/api/v1/encode?text=zzz&separator=x", { body: { text: "Hello World" } });
    assert.equal(encode.text, HELLO_WORLD_JSON);
    const audio = assertSuccess(await send(server.url, "POST", "/api/v1/audio?wpm=10&frequency=300", { body: { text: "E" } }));
    assert.equal(audio.wpm, 20);
    assert.equal(audio.frequency, 600);
  });

  it("treats a null optional parameter as absent", async () => {
    const encode = await post(server.url, "/api/v1/encode", { text: "Hello World", separator: null, dotChar: null, dashChar: null });
    assert.equal(encode.text, HELLO_WORLD_JSON);
    const decode = await post(server.url, "/api/v1/decode", { morse: ".- / -", separator: null, dotChar: null, dashChar: null });
    assert.deepEqual(assertSuccess(decode), { success: true, input: ".- / -", output: "A T", characters: 2 });
    const audio = assertSuccess(await post(server.url, "/api/v1/audio", { text: "E", wpm: null, frequency: null, fwpm: null }));
    assert.equal(audio.wpm, 20);
    assert.equal(audio.frequency, 600);
    assert.equal(audio.fwpm, 20);
    assert.equal(audio.unitMs, 60);
  });

  it("answers JSON as application/json; charset=utf-8 and never sends x-powered-by", async () => {
    const answers = [
      await get(server.url, "/api/v1/encode", { text: "a" }),
      await post(server.url, "/api/v1/decode", { morse: "." }),
      await get(server.url, "/api/v1/chart"),
      await post(server.url, "/api/v1/audio", { text: "a" }),
      await get(server.url, "/api/v1/encode"),
      await post(server.url, "/api/v1/encode", "{"),
      await get(server.url, "/api/v1/nope"),
      await get(server.url, "/elsewhere"),
      await send(server.url, "PUT", "/api/v1/audio"),
      await send(server.url, "POST", "/api/v1/decode", { body: "morse=.", contentType: "text/plain" }),
    ];
    for (const answer of answers) {
      assert.equal(answer.headers.get("content-type"), JSON_CONTENT_TYPE, answer.text);
      assert.equal(answer.headers.get("x-powered-by"), null);
      assert.equal(typeof answer.body?.success, "boolean", answer.text);
    }
  });

  it("answers HEAD on every GET route with GET's status and headers and no body", async () => {
    const cases: [string, number][] = [
      ["/api/v1/encode?text=Hello%20World", 200],
      ["/api/v1/decode?morse=.-", 200],
      ["/api/v1/chart", 200],
      ["/api/v1/audio?text=E", 200],
      ["/api/v1/encode", 400],
    ];
    for (const [path, status] of cases) {
      const head = await send(server.url, "HEAD", path);
      const getAnswer = await send(server.url, "GET", path);
      assert.equal(head.status, status, path);
      assert.equal(getAnswer.status, status, path);
      assert.equal(head.text, "", path);
      assert.equal(head.headers.get("content-type"), JSON_CONTENT_TYPE, path);
      assert.equal(head.headers.get("content-length"), getAnswer.headers.get("content-length"), path);
      assert.equal(head.headers.get("x-powered-by"), null, path);
    }
  });
});
