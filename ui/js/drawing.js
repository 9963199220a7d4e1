// The constraints the Enter-puzzle editor draws (ui/js/editor.js), as data: its tools and the record each
// makes from the cells picked (the engine model's kinds, docs/variants.md). Pure: no page, no store.

/** Drawn cell by cell, then sent by "Finish …": a cage (any order), a thermometer (from its bulb), an
 * arrow (its circle, then its line). */
export const TOOLS = ["cage", "thermo", "arrow"];

/** Sent by a press near the edge between two cells (a greater-than sign: the pressed cell the greater). */
export const EDGE_TOOLS = {
  white: { kind: "dot", colour: "white", value: 0 },
  black: { kind: "dot", colour: "black", value: 0 },
  x: { kind: "xv", total: 10 },
  v: { kind: "xv", total: 5 },
  greater: { kind: "greater" },
};

/** Sent by a press on one cell. */
export const CELL_TOOLS = { odd: { kind: "parity", even: false }, even: { kind: "parity", even: true } };

/** The tools whose record goes at once, in the editor's order. */
export const AT_ONCE_TOOLS = [...Object.keys(EDGE_TOOLS), ...Object.keys(CELL_TOOLS)];

/** The record a drawing ({tool, cells}) makes (what is sent, what the board shows meanwhile), or null
 * while it has too few cells. */
export function drawingRecord(drawing, total = null) {
  if (!drawing || !drawing.cells.length) return null;
  const cells = drawing.cells;
  if (drawing.tool in EDGE_TOOLS) return cells.length === 2 ? { ...EDGE_TOOLS[drawing.tool], cells: [...cells] } : null;
  if (drawing.tool in CELL_TOOLS) return { ...CELL_TOOLS[drawing.tool], cell: cells[0] };
  if (drawing.tool === "cage") return { kind: "cage", cells: [...cells].sort((a, b) => a - b), total };
  if (drawing.tool === "thermo") return { kind: "thermo", cells: [...cells] };
  return { kind: "arrow", circle: cells.slice(0, 1), line: cells.slice(1) };
}

/** The two cells of an edge record: in order for a greater-than sign (the greater first), else sorted. */
export function edgeCells(tool, first, second) {
  return tool === "greater" ? [first, second] : [first, second].sort((a, b) => a - b);
}

/** True when two cells of a board of size n are side by side. */
export function neighbours(a, b, n) {
  const apart = Math.abs(a - b);
  return apart === n || (apart === 1 && Math.floor(a / n) === Math.floor(b / n));
}
