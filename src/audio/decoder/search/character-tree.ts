/**
 * The tree of Morse sequences for the searches over whole characters (characters.ts,
 * grid.ts): one node per sequence that is a character or begins one, each knowing its
 * children by a dot and by a dash and how likely the character it spells is (its kind's
 * share, KIND_SHARES in the order of DECODE_PRECEDENCE, over the characters of that kind).
 * Derived once from the character tables.
 */
import { DECODE_PRECEDENCE } from "../../../core/characters.js";
import { MAX_ELEMENTS, sequenceKey, textOfKey } from "../../../core/tables.js";
import type { Tuning } from "../tuning.js";
import { perTuning } from "../tuning-overrides.js";

export interface CharacterTree {
  /** Nodes; node 0 is the root, the empty sequence. */
  size: number;
  /** Child by a dot and by a dash, -1 where no character lies that way. */
  dot: Int16Array;
  dash: Int16Array;
  parent: Int16Array;
  /** 1 where the node is reached from its parent by a dash. */
  byDash: Uint8Array;
  /** ln P(character) where the node spells one, -Infinity elsewhere. */
  logPrior: Float64Array;
  /** The nodes that spell a character. */
  characters: Int16Array;
  /** 1 for the nodes past the root with a child: a gap inside a letter may follow them. */
  inner: Uint8Array;
}

/** Sequence keys of the characters, with the kind of the one each decodes to (tables.ts settles which). */
function kindsByKey(): Map<number, number> {
  const kinds = new Map<number, number>();
  DECODE_PRECEDENCE.forEach((table, kind) => {
    for (const [text, pattern] of Object.entries(table)) {
      const key = sequenceKey(pattern);
      if (pattern.length <= MAX_ELEMENTS && textOfKey(key) === text) kinds.set(key, kind);
    }
  });
  return kinds;
}

function buildTree(tuning: Tuning): CharacterTree {
  const { KIND_SHARES } = tuning.characters;
  const kinds = kindsByKey();
  const counts = KIND_SHARES.map(() => 0);
  for (const kind of kinds.values()) counts[kind]!++;
  // Every prefix of a character is a node; in key order a parent comes before its children.
  const keys = new Set<number>([1]);
  for (const key of kinds.keys()) for (let k = key; k > 1; k >>= 1) keys.add(k);
  const sorted = [...keys].sort((a, b) => a - b);
  const index = new Map(sorted.map((key, i) => [key, i]));
  const size = sorted.length;
  const tree: CharacterTree = {
    size,
    dot: new Int16Array(size).fill(-1),
    dash: new Int16Array(size).fill(-1),
    parent: new Int16Array(size).fill(-1),
    byDash: new Uint8Array(size),
    logPrior: new Float64Array(size).fill(-Infinity),
    characters: new Int16Array(kinds.size),
    inner: new Uint8Array(size),
  };
  let c = 0;
  sorted.forEach((key, i) => {
    if (key > 1) {
      const parent = index.get(key >> 1)!;
      tree.parent[i] = parent;
      tree.byDash[i] = key & 1;
      (key & 1 ? tree.dash : tree.dot)[parent] = i;
      if (parent > 0) tree.inner[parent] = 1;
    }
    const kind = kinds.get(key);
    if (kind !== undefined) {
      tree.logPrior[i] = Math.log(KIND_SHARES[kind]! / counts[kind]!);
      tree.characters[c++] = i;
    }
  });
  return tree;
}

/** The tree for a configuration's KIND_SHARES, built once for each. */
export const characterTree = perTuning(buildTree);
