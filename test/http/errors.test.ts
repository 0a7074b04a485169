/**
 * Every row of API.md section 2's error table, over a real socket, for GET and for
 * POST where both exist. Every error body must be exactly `{success: false, error, code}`,
 * with the code the row calls for.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { serveForTests } from "../helpers/server.js";
import { type Answer, assertError, get, headerList, post, rawRequest, send } from "./support.js";

const server = serveForTests();

/** Each GET|POST endpoint with its required parameter and a valid value for it. */
const REQUIRED = [
  { path: "/api/v1/encode", name: "text", valid: "abc" },
  { path: "/api/v1/decode", name: "morse", valid: ".-" },
  { path: "/api/v1/audio", name: "text", valid: "abc" },
] as const;

const POST_PATHS = REQUIRED.map((e) => e.path);

/** The same parameters by GET (query string) and by POST (JSON body). */
async function both(path: string, params: Record<string, string>): Promise<Answer[]> {
  return [await get(server.url, path, params), await post(server.url, path, params)];
}

describe("400: required parameter absent, null or empty", () => {
  for (const { path, name, valid } of REQUIRED) {
    it(`${path}: Missing required parameter: ${name}`, async () => {
      const message = `Missing required parameter: ${name}`;
      const other: Record<string, string> = name === "text" ? { morse: ".-" } : { text: "abc" };
      const answers = [
        await get(server.url, path),
        await get(server.url, path, { [name]: "" }),
        await get(server.url, path, other),
        await send(server.url, "GET", `${path}?${name}`),
        await send(server.url, "GET", `${path}?${name}=&separator=%20%2F%20`),
        await post(server.url, path, {}),
        await post(server.url, path, { [name]: null }),
        await post(server.url, path, { [name]: "" }),
        await post(server.url, path, other),
        await post(server.url, path, { [name.toUpperCase()]: valid }),
      ];
      for (const answer of answers) assertError(answer, 400, message, "MISSING_PARAMETER");
    });
  }
});

describe("400: over 1000 characters", () => {
  for (const { path, name } of REQUIRED) {
    it(`${path}: Parameter ${name} must be at most 1000 characters (got 1001)`, async () => {
      const value = name === "morse" ? `${". ".repeat(500)}.` : `${"ab ".repeat(333)}ab`;
      assert.equal([...value].length, 1001);
      for (const answer of await both(path, { [name]: value })) {
        assertError(answer, 400, `Parameter ${name} must be at most 1000 characters (got 1001)`, "INVALID_PARAMETER");
      }
      const longer = await post(server.url, path, { [name]: value + value });
      assertError(longer, 400, `Parameter ${name} must be at most 1000 characters (got 2002)`, "INVALID_PARAMETER");
    });
  }
});

describe("400: wrong type", () => {
  const wrongValues: unknown[] = [5, 0, true, false, [], ["abc"], {}, { text: "abc" }];

  for (const { path, name, valid } of REQUIRED) {
    it(`${path}: ${name} that is not a string names ${name} and the type string`, async () => {
      const message = new RegExp(`\\b${name}\\b.*\\bstring\\b`);
      for (const value of wrongValues) {
        assertError(await post(server.url, path, { [name]: value }), 400, message, "INVALID_PARAMETER");
      }
      assertError(await get(server.url, path, { [name]: [valid, valid] }), 400, message, "INVALID_PARAMETER");
      assertError(await get(server.url, path, { [name]: [valid, ""] }), 400, message, "INVALID_PARAMETER");
    });
  }

  for (const option of ["separator", "dotChar", "dashChar"]) {
    for (const path of ["/api/v1/encode", "/api/v1/decode"]) {
      it(`${path}: ${option} that is not a string names ${option} and the type string`, async () => {
        const required: Record<string, string> = path.endsWith("encode") ? { text: "abc" } : { morse: ".-" };
        const message = new RegExp(`\\b${option}\\b.*\\bstring\\b`);
        for (const value of [5, true, ["x"], { x: "y" }]) {
          assertError(await post(server.url, path, { ...required, [option]: value }), 400, message, "INVALID_OPTION");
        }
        assertError(await get(server.url, path, { ...required, [option]: ["x", "y"] }), 400, message, "INVALID_OPTION");
      });
    }
  }
});

describe("400: number out of bounds or not a finite number", () => {
  const BOUNDS = { wpm: [5, 50], frequency: [200, 1000], fwpm: [5, 50] } as const;
  const badStrings = ["", "abc", "NaN", "Infinity", "-Infinity", "+Infinity", "1e400", "-1e400", "20abc", "0x14", "twenty", " "];

  for (const [name, [min, max]] of Object.entries(BOUNDS)) {
    it(`${name}: Parameter ${name} must be a number between ${min} and ${max}`, async () => {
      const message = `Parameter ${name} must be a number between ${min} and ${max}`;
      const outOfBounds = [min - 0.01, max + 0.01, 0, -min, -1, max * 10, 1e300, -1e300];
      for (const value of [...outOfBounds.map(String), ...badStrings]) {
        for (const answer of await both("/api/v1/audio", { text: "E", [name]: value })) assertError(answer, 400, message, "INVALID_OPTION");
      }
      for (const value of [...outOfBounds, true, false, [20], ["20"], {}, { value: 20 }]) {
        assertError(await post(server.url, "/api/v1/audio", { text: "E", [name]: value }), 400, message, "INVALID_OPTION");
      }
      for (const raw of ["1e400", "-1e400", "1e999"]) {
        assertError(await post(server.url, "/api/v1/audio", `{"text":"E","${name}":${raw}}`), 400, message, "INVALID_OPTION");
      }
      assertError(await get(server.url, "/api/v1/audio", { text: "E", [name]: [String(min), String(max)] }), 400, message, "INVALID_OPTION");
    });
  }

  it("accepts the bounds themselves", async () => {
    const bounds: Record<string, string>[] = [
      { wpm: "5", fwpm: "5", frequency: "200" },
      { wpm: "50", fwpm: "50", frequency: "1000" },
      { wpm: "5.0", frequency: "2e2" },
      { wpm: "+50", frequency: "1000.0" },
    ];
    for (const params of bounds) {
      for (const answer of await both("/api/v1/audio", { text: "E", ...params })) {
        assert.equal(answer.status, 200, answer.text);
      }
    }
  });

  it("fwpm above wpm is a 400 naming fwpm and its upper bound, wpm", async () => {
    for (const [wpm, fwpm] of [
      ["20", "20.5"],
      ["20", "30"],
      ["5", "6"],
      ["12.5", "50"],
    ] as const) {
      for (const answer of await both("/api/v1/audio", { text: "E", wpm, fwpm })) {
        assertError(answer, 400, `Parameter fwpm must be a number between 5 and ${wpm}`, "INVALID_OPTION");
      }
    }
    const defaultWpm = await get(server.url, "/api/v1/audio", { text: "E", fwpm: "21" });
    assertError(defaultWpm, 400, "Parameter fwpm must be a number between 5 and 20", "INVALID_OPTION");
  });
});

describe("400: characters that cannot be encoded", () => {
  for (const path of ["/api/v1/encode", "/api/v1/audio"]) {
    it(`${path}: names each such character and its 1-based position`, async () => {
      for (const answer of await both(path, { text: "a~b€" })) {
        assertError(answer, 400, /"~".*\bposition 2\b.*"€".*\bposition 4\b/, "UNSUPPORTED_CHARACTER");
      }
      for (const answer of await both(path, { text: "Hi #1" })) {
        const error = assertError(answer, 400, /"#".*\bposition 4\b/);
        assert.doesNotMatch(error, /position [1235]\b/);
      }
    });

    it(`${path}: counts positions in code points, not UTF-16 units`, async () => {
      for (const answer of await both(path, { text: "😀a~é😀" })) {
        assertError(answer, 400, /"😀".*\bposition 1\b.*"~".*\bposition 3\b.*"😀".*\bposition 5\b/);
      }
    });

    it(`${path}: treats < and > outside a prosign as unsupported characters`, async () => {
      for (const answer of await both(path, { text: "<SK> <> <S a>" })) {
        assertError(answer, 400, /"<".*\bposition 6\b.*">".*\bposition 7\b.*"<".*\bposition 9\b.*">".*\bposition 13\b/);
      }
    });

    it(`${path}: text of only white space is a 400 naming text`, async () => {
      for (const text of [" ", "   ", "\t\n", "\u00a0\u3000", " \r\n "]) {
        for (const answer of await both(path, { text })) assertError(answer, 400, /\btext\b/, "EMPTY_INPUT");
      }
    });
  }

  it("gives positions in the text as sent, even when it is not in NFC", async () => {
    // "E" + U+0301 (combining acute) is two code points of what was sent; "~" is the third.
    for (const answer of await both("/api/v1/encode", { text: "E\u0301~" })) {
      assertError(answer, 400, /"~" at position 3\b/);
    }
  });
});

describe("400: Morse that cannot be decoded", () => {
  it("names the offending sequence and its position", async () => {
    for (const answer of await both("/api/v1/decode", { morse: ".- ........." })) {
      assertError(answer, 400, /"\.\.\.\.\.\.\.\.\."\D*\bposition 4\b/, "INVALID_MORSE");
    }
    for (const answer of await both("/api/v1/decode", { morse: "... ---.-.-.- ..." })) {
      assertError(answer, 400, /"---\.-\.-\.-"\D*\bposition 5\b/);
    }
  });

  it("names an offending character and its position, counted in code points", async () => {
    for (const answer of await both("/api/v1/decode", { morse: "😀 .- x" })) {
      assertError(answer, 400, /"😀"\D*\bposition 1\b.*"x"\D*\bposition 6\b/);
    }
    for (const answer of await both("/api/v1/decode", { morse: "di dah // q", dotChar: "di", dashChar: "dah", separator: " // " })) {
      assertError(answer, 400, /"q"\D*\bposition 11\b/);
    }
  });

  it("Morse of only white space and separators is a 400 naming morse", async () => {
    for (const morse of [" ", " / ", "|", "\n\t"]) {
      for (const answer of await both("/api/v1/decode", { morse })) assertError(answer, 400, /\bmorse\b/, "EMPTY_INPUT");
    }
  });
});

describe("400: body not valid JSON, or not a JSON object", () => {
  for (const path of POST_PATHS) {
    it(`${path}: a body that is not valid JSON says so`, async () => {
      for (const body of ["{", "{bad", '{"text":"a",}', "{'text':'a'}", "text=abc", '{"text":"a"} x', "NaN"]) {
        assertError(await post(server.url, path, body), 400, /\bnot valid JSON\b/, "INVALID_BODY");
      }
      assertError(await post(server.url, path, ""), 400, /JSON/, "INVALID_BODY");
    });

    it(`${path}: a JSON body that is not an object says so`, async () => {
      for (const body of ["[]", '["abc"]', '[{"text":"abc"}]', '"abc"', "5", "0", "null", "true", "false"]) {
        assertError(await post(server.url, path, body), 400, /\bJSON object\b/, "INVALID_BODY");
      }
    });
  }
});

describe("404: unknown path", () => {
  it("names the method and the path, without the query string", async () => {
    assertError(await get(server.url, "/api/v1/nope"), 404, "Not found: GET /api/v1/nope");
    assertError(await send(server.url, "GET", "/api/v1/nope?text=a&b=c"), 404, "Not found: GET /api/v1/nope");
    assertError(await post(server.url, "/api/v1/nope", { text: "a" }), 404, "Not found: POST /api/v1/nope");
    for (const method of ["PUT", "DELETE", "PATCH"]) {
      assertError(await send(server.url, method, "/api/v1/nope"), 404, `Not found: ${method} /api/v1/nope`);
    }
  });

  it("answers paths outside /api/v1/ the same way", async () => {
    for (const path of ["/nope", "/nope/deeper", "/api/v2/encode", "/encode", "/api/v1/encode/extra", "/API/V1/ENCODE"]) {
      assertError(await get(server.url, path), 404, `Not found: GET ${path}`);
    }
    assertError(await post(server.url, "/api/v2/encode", { text: "a" }), 404, "Not found: POST /api/v2/encode");
  });

  it("answers HEAD on an unknown path with 404 and no body", async () => {
    const answer = await send(server.url, "HEAD", "/api/v1/nope");
    assert.equal(answer.status, 404);
    assert.equal(answer.text, "");
  });
});

describe("405: known path, wrong method", () => {
  function assertAllow(answer: Answer, allowed: readonly string[], refused: string): void {
    const error = assertError(answer, 405, undefined, "METHOD_NOT_ALLOWED");
    const allow = headerList(answer.headers, "allow").map((m) => m.toUpperCase());
    for (const method of allowed) {
      assert.ok(allow.includes(method), `Allow: ${answer.headers.get("allow")}`);
      assert.match(error, new RegExp(`\\b${method}\\b`));
    }
    assert.ok(!allow.includes(refused), `Allow: ${answer.headers.get("allow")}`);
  }

  for (const path of POST_PATHS) {
    for (const method of ["PUT", "DELETE", "PATCH"]) {
      it(`${method} ${path}: 405 with Allow naming GET and POST`, async () => {
        assertAllow(await send(server.url, method, path), ["GET", "POST"], method);
        assertAllow(await send(server.url, method, path, { body: { text: "a", morse: "." } }), ["GET", "POST"], method);
      });
    }
  }

  for (const method of ["POST", "PUT", "DELETE", "PATCH"]) {
    it(`${method} /api/v1/chart: 405 with Allow naming GET and not POST`, async () => {
      assertAllow(await send(server.url, method, "/api/v1/chart", { body: {} }), ["GET"], method);
      assertAllow(await send(server.url, method, "/api/v1/chart?x=1"), ["GET"], method);
    });
  }
});

describe("413: body over the 64 KiB JSON limit", () => {
  const LIMIT = 64 * 1024;
  /** A JSON object body of exactly `size` bytes. */
  const bodyOf = (size: number, name: string) => {
    const head = `{"${name}":"`;
    return `${head}${"a".repeat(size - head.length - 2)}"}`;
  };

  for (const { path, name } of REQUIRED) {
    it(`${path}: 413 over 64 KiB says so with the limit; 64 KiB itself is not refused for its size`, async () => {
      assert.equal(bodyOf(LIMIT + 1, name).length, LIMIT + 1);
      assertError(await post(server.url, path, bodyOf(LIMIT + 1, name)), 413, /64 KiB|65536|65,536/, "PAYLOAD_TOO_LARGE");
      assertError(await post(server.url, path, bodyOf(4 * LIMIT, name)), 413, /64 KiB|65536|65,536/);
      assertError(await post(server.url, path, bodyOf(LIMIT, name)), 400, `Parameter ${name} must be at most 1000 characters (got ${LIMIT - name.length - 7})`);
    });

    it(`${path}: 413 for a chunked body without Content-Length`, async () => {
      const chunks = [`{"${name}":"`, ...Array.from({ length: 80 }, () => "a".repeat(1024)), '"}'];
      const answer = await rawRequest(server.url, "POST", path, {
        headers: { "content-type": "application/json", "transfer-encoding": "chunked" },
        chunks,
      });
      assertError(answer, 413, /64 KiB|65536|65,536/);
    });
  }
});

describe("415: POST whose content type is not JSON", () => {
  for (const path of POST_PATHS) {
    it(`${path}: text/plain, form-urlencoded, multipart, XML and look-alikes are refused`, async () => {
      const types = [
        "text/plain",
        "text/plain; charset=utf-8",
        "application/x-www-form-urlencoded",
        "multipart/form-data; boundary=x",
        "application/xml",
        "text/json",
        "application/jsonx",
        "application/octet-stream",
        "application/vnd.api+json",
      ];
      for (const contentType of types) {
        assertError(await post(server.url, path, { text: "a", morse: "." }, contentType), 415, /content type/i, "UNSUPPORTED_MEDIA_TYPE");
      }
    });

    it(`${path}: a body without any Content-Type is refused`, async () => {
      const answer = await rawRequest(server.url, "POST", path, {
        headers: { "content-length": "12" },
        chunks: ['{"text":"a"}'],
      });
      const error = assertError(answer, 415, /content type/i);
      assert.match(error, /application\/json/);
      const empty = await rawRequest(server.url, "POST", path, { headers: { "content-length": "0" } });
      assertError(empty, 415, /content type/i);
    });
  }
});

describe("400: invalid option sets name the parameter", () => {
  const cases: [string, Record<string, string>][] = [
    ["dotChar", { dotChar: "a b" }],
    ["dotChar", { dotChar: "\t" }],
    ["dotChar", { dotChar: "x\u00a0" }],
    ["dotChar", { dotChar: "" }],
    ["dotChar", { dotChar: "123456789" }],
    ["dashChar", { dashChar: "a\nb" }],
    ["dashChar", { dashChar: "" }],
    ["dashChar", { dashChar: "—————————" }],
    ["dashChar", { dotChar: "x", dashChar: "x" }],
    ["dashChar", { dotChar: "x", dashChar: "xy" }],
    ["dotChar", { dotChar: "xyz", dashChar: "y" }],
    ["separator", { separator: " " }],
    ["separator", { separator: "" }],
    ["separator", { separator: "12345678901234567" }],
    ["separator", { separator: "." }],
    ["separator", { separator: " . " }],
    ["separator", { dotChar: "o", dashChar: "x", separator: "/x/" }],
    ["separator", { dotChar: "dit", dashChar: "dah", separator: " | " + "t" }],
  ];

  for (const path of ["/api/v1/encode", "/api/v1/decode"]) {
    it(`${path}: each invalid option set is a 400 naming the parameter`, async () => {
      const required: Record<string, string> = path.endsWith("encode") ? { text: "ab c" } : { morse: ".- / -" };
      for (const [name, options] of cases) {
        for (const answer of await both(path, { ...required, ...options })) {
          assertError(answer, 400, new RegExp(`\\b${name}\\b`), "INVALID_OPTION");
        }
      }
    });
  }

  it("accepts the limits themselves", async () => {
    const options = { dotChar: "12345678", dashChar: "abcdefgh", separator: "   " };
    for (const answer of await both("/api/v1/encode", { text: "e t", ...options })) {
      assert.equal(answer.status, 200, answer.text);
      assert.equal(answer.body.output, "12345678   abcdefgh");
    }
    const long = await post(server.url, "/api/v1/encode", { text: "e t", separator: "################" });
    assert.equal(long.status, 200, long.text);
  });
});
