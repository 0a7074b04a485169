/**
 * docs/api.md against the OpenAPI document a running server serves: every path, every
 * operation's parameters and every error code of the document is named in the page, so that
 * the page written by hand cannot fall behind the schemas.
 */
import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { before, describe, it } from "node:test";
import { REPO_ROOT } from "../helpers/processes.js";
import { serveForTests } from "../helpers/server.js";

interface Operation {
  parameters?: { name: string; in: string }[];
  requestBody?: { content: Record<string, { schema?: { properties?: Record<string, unknown> } }> };
  responses: Record<string, { content?: Record<string, { schema?: { properties?: { code?: { enum?: string[] } } } }> }>;
}

type Paths = Record<string, Record<string, Operation>>;

/** The page's section (from one `##` heading to the next) that first names `path`, the table of endpoints apart. */
function sectionOf(page: string, path: string): string {
  const named = new RegExp(`${path.replaceAll(".", "\\.")}(?![\\w.-])`);
  return (
    page
      .split(/\n(?=## )/)
      .slice(1)
      .find((section) => named.test(section)) ?? ""
  );
}

describe("docs/api.md", () => {
  const server = serveForTests();
  let page: string;
  let paths: Paths;

  before(async () => {
    page = await readFile(join(REPO_ROOT, "docs", "api.md"), "utf8");
    paths = ((await (await fetch(`${server.url}/api/v1/openapi.json`)).json()) as { paths: Paths }).paths;
  });

  it("names every path of the OpenAPI document, with its methods", () => {
    assert.ok(Object.keys(paths).length >= 10, `${Object.keys(paths).length} paths`);
    for (const [path, operations] of Object.entries(paths)) {
      const row = page.split("\n").find((line) => line.startsWith("|") && line.includes(`\`${path}\``));
      assert.ok(row, `${path}: no row in the table of endpoints`);
      for (const method of Object.keys(operations)) assert.match(row, new RegExp(`\\b${method.toUpperCase()}\\b`), `${path}: ${method} not in its row`);
    }
  });

  it("names every parameter of every operation in the path's own section, and every field of its JSON body", () => {
    let checked = 0;
    for (const [path, operations] of Object.entries(paths)) {
      const names = Object.values(operations).flatMap((operation) => [
        ...(operation.parameters ?? []).map((parameter) => parameter.name),
        ...Object.keys(operation.requestBody?.content["application/json"]?.schema?.properties ?? {}),
      ]);
      if (names.length === 0) continue;
      const section = sectionOf(page, path);
      assert.ok(section !== "", `${path}: no section`);
      for (const name of new Set(names)) {
        assert.ok(section.includes(`\`${name}\``), `${path}: parameter ${name} not in its section`);
        checked++;
      }
    }
    assert.ok(checked >= 30, `${checked} parameters checked`);
  });

  it("names every error code the document lists", () => {
    const codes = new Set(
      Object.values(paths)
        .flatMap((operations) => Object.values(operations))
        .flatMap((operation) => Object.values(operation.responses))
        .flatMap((response) => response.content?.["application/json"]?.schema?.properties?.code?.enum ?? []),
    );
    assert.ok(codes.size >= 20, `${codes.size} codes`);
    for (const code of codes) assert.ok(page.includes(`\`${code}\``), `${code} not in docs/api.md`);
  });
});
