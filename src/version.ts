/**
 * The package's version, from package.json: its one source, for the API's OpenAPI document
 * and the command's --version. Read at run time (one level up from src/ under tsx and from
 * dist/ when built alike), since a JSON import would put package.json inside the build's rootDir.
 */
import { readFileSync } from "node:fs";

export const VERSION: string = (JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8")) as { version: string }).version;
