// The board's shape, from the state's `shape` (docs: /work/notes wire contract, issue 40): its size N
// (4, 6, 8, 9, 12 or 16), its box, each cell's region (standard boxes or a jigsaw's pieces) and its
// constraints. Everything here is derived once per shape and kept: the board asks for it on every draw.

const BOXES = { 4: [2, 2], 6: [2, 3], 8: [2, 4], 9: [3, 3], 12: [3, 4], 16: [4, 4] };

/** The standard boxes of a size: each cell's box, numbered row-major. */
export function standardRegions(size) {
  const [rows, cols] = BOXES[size] || [3, 3];
  const out = [];
  for (let r = 0; r < size; r++) {
    for (let c = 0; c < size; c++) out.push(Math.floor(r / rows) * (size / cols) + Math.floor(c / cols));
  }
  return out;
}

function peersOf(cell, size, regions) {
  const row = Math.floor(cell / size);
  const col = cell % size;
  const peers = new Set();
  for (let c = 0; c < size * size; c++) {
    if (c === cell) continue;
    if (Math.floor(c / size) === row || c % size === col || regions[c] === regions[cell]) peers.add(c);
  }
  return peers;
}

function build(raw) {
  const size = raw && BOXES[raw.size] ? raw.size : 9;
  const box = raw && Array.isArray(raw.box) && raw.box.length === 2 ? raw.box : BOXES[size];
  const given = raw && Array.isArray(raw.regions) && raw.regions.length === size * size ? raw.regions : null;
  const regions = given || standardRegions(size);
  const constraints = (raw && Array.isArray(raw.constraints) ? raw.constraints : []);
  const cells = size * size;
  const peers = Array.from({ length: cells }, (_, c) => peersOf(c, size, regions));
  // a thick line on a cell's right (bottom) side where the region changes there
  const thickRight = Array.from({ length: cells }, (_, c) => c % size < size - 1 && regions[c] !== regions[c + 1]);
  const thickBottom = Array.from({ length: cells }, (_, c) => c + size < cells && regions[c] !== regions[c + size]);
  return {
    size, box, regions, constraints, cells, peers, thickRight, thickBottom,
    grid: `${size}:${regions.join(",")}`, // the cells' layout: the board rebuilds its cells when it changes
    kind: (raw && raw.kind) || "classic",
    classic: size === 9 && constraints.length === 0 && regions.every((g, c) => g === standardRegions(9)[c]),
  };
}

let lastRaw = null;
let lastKey = null;
let last = null;

/** The shape of a state (classic 9x9 when it has none), derived once per distinct shape. */
export function shapeOf(state) {
  const raw = state && state.shape ? state.shape : null;
  if (last && raw === lastRaw) return last; // the same state's shape: nothing to compare
  lastRaw = raw;
  const key = raw ? JSON.stringify(raw) : "";
  if (key !== lastKey || !last) {
    lastKey = key;
    last = build(raw);
  }
  return last;
}

/** The classic shape: 9x9, standard boxes, no constraint. */
export const CLASSIC = build(null);

/** Row and column (from 0) of a cell on a board of size N. */
export function rowCol(cell, size) {
  return [Math.floor(cell / size), cell % size];
}
