/** The ditdah library: what `import … from "ditdah"` gives. */
export * from "./core/index.js";
export * from "./audio/index.js";
