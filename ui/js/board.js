// Draws the board: N rows of N gridcells (N from the state's shape: 4 to 16), row-major, with the
// accessibility contract's attributes; thick lines wherever the region changes (boxes or a jigsaw's
// pieces). It only draws and reports clicks; what a key or a click means is decided in main.js.

import { CLASSIC } from "./shape.js";

// nothing highlighted: see highlightOf
const NO_HIGHLIGHT = { cells: new Set(), area: new Set(), marks: new Map(), digit: 0 };

// a unit's cells: 0..N-1 the rows, N..2N-1 the columns, 2N..3N-1 the regions (the boxes of a classic board)
function unitCells(unit, shape) {
  const n = shape.size;
  const i = unit % n;
  const all = Array.from({ length: shape.cells }, (_, c) => c);
  if (unit < n) return all.filter((c) => Math.floor(c / n) === i);
  if (unit < 2 * n) return all.filter((c) => c % n === i);
  return all.filter((c) => shape.regions[c] === i);
}

/**
 * Return what the board highlights for a step or a hint level: {units, cells, digit, candidates,
 * eliminations, placements} (cells 0 to N*N-1, candidates [cell, digit]) become the cells to outline,
 * the units' cells to shade, and per cell an N-character string of marks: "o" the pattern's candidate,
 * "x" a candidate removed, "p" the digit placed, " " none; shape: the board's (shape.js), classic unless given.
 */
export function highlightOf(h, shape = CLASSIC) {
  if (!h) return NO_HIGHLIGHT;
  const marks = new Map();
  const blank = " ".repeat(Math.max(9, shape.size));
  const mark = ([cell, digit], code) => {
    const row = (marks.get(cell) || blank).split("");
    row[digit - 1] = code;
    marks.set(cell, row.join(""));
  };
  for (const pair of h.candidates || []) mark(pair, "o");
  for (const pair of h.placements || []) mark(pair, "p");
  for (const pair of h.eliminations || []) mark(pair, "x");
  return {
    cells: new Set([...(h.cells || []), ...(h.placements || []).map(([cell]) => cell)]),
    area: new Set((h.units || []).flatMap((unit) => unitCells(unit, shape))),
    marks,
    digit: h.digit || 0,
  };
}

export class BoardView {
  /** Build the cells of a classic board inside el (the role=grid element); onSelect(cell) is called on a
   * press (a later state's shape may change the size: render builds the cells again). */
  constructor(el, { onSelect }) {
    this.el = el;
    this.onSelect = onSelect;
    this.build(CLASSIC);
  }

  /** (Re)build the cells for a shape: its size, its candidates' grid and its region lines. */
  build(shape) {
    const n = shape.size;
    this.shape = shape;
    this.cells = [];
    this.keys = new Array(n * n).fill("");
    this.el.replaceChildren();
    this.el.style.setProperty("--n", String(n));
    this.el.style.setProperty("--cand-cols", String(shape.box[1]));
    this.el.style.setProperty("--cand-rows", String(shape.box[0]));
    this.el.dataset.size = String(n);
    for (let r = 0; r < n; r++) {
      const row = document.createElement("div");
      row.className = "board-row";
      row.setAttribute("role", "row");
      for (let c = 0; c < n; c++) row.appendChild(this.makeCell(shape, r, c));
      this.el.appendChild(row);
    }
    this.outline(shape);
  }

  /** Draw the region lines of a shape on the cells there are (its size is theirs). */
  outline(shape) {
    for (const [index, cell] of this.cells.entries()) {
      cell.classList.toggle("edge-r", shape.thickRight[index]);
      cell.classList.toggle("edge-b", shape.thickBottom[index]);
    }
  }

  makeCell(shape, r, c) {
    const n = shape.size;
    const index = r * n + c;
    const cell = document.createElement("div");
    cell.setAttribute("role", "gridcell");
    cell.className = `cell r${r} c${c}`;
    cell.classList.toggle("last-c", c === n - 1);
    cell.classList.toggle("last-r", r === n - 1);
    cell.tabIndex = index === 0 ? 0 : -1;
    cell.dataset.cell = String(index);
    const digit = document.createElement("span");
    digit.className = "digit";
    digit.setAttribute("aria-hidden", "true");
    const cands = document.createElement("span");
    cands.className = "cands";
    cands.setAttribute("aria-hidden", "true");
    for (let d = 1; d <= n; d++) {
      const small = document.createElement("span");
      small.className = "cand";
      small.textContent = "";
      cands.appendChild(small);
    }
    cell.append(digit, cands);
    cell.addEventListener("mousedown", (event) => {
      event.preventDefault(); // keep focus handling ours: select, then focus the cell
      this.onSelect(index);
    });
    this.cells.push(cell);
    return cell;
  }

  /** Move keyboard focus to a cell. */
  focus(cell) {
    this.cells[Math.min(cell, this.cells.length - 1)].focus({ preventScroll: true });
  }

  /**
   * Draw a model: shape (shape.js; classic when absent), digits, origins, conflicts and wrong (Sets),
   * selected, candidates (N*N masks or null), notes (N*N masks), current ({cell, kind} or null),
   * label(cell, digit, notes) for aria-label. Unchanged cells are skipped.
   */
  render(model) {
    const shape = model.shape || CLASSIC;
    if (shape.size !== this.shape.size) this.build(shape);
    else if (shape.grid !== this.shape.grid) this.outline(shape); // a jigsaw being painted: same cells
    this.shape = shape;
    const selected = model.selected;
    const selectedDigit = selected >= 0 ? model.digits[selected] : 0;
    const peers = selected >= 0 && selected < shape.cells ? shape.peers[selected] : new Set();
    for (let cell = 0; cell < shape.cells; cell++) {
      const digit = model.digits[cell];
      const origin = model.origins[cell] || "";
      const conflict = model.conflicts.has(cell);
      const isSelected = cell === selected;
      const peer = peers.has(cell);
      const same = selectedDigit !== 0 && digit === selectedDigit && !isSelected;
      // the player's notes unless the engine's Candidates view is on
      const notes = !digit && !model.candidates && model.notes ? model.notes[cell] : 0;
      const mask = model.candidates && !digit ? model.candidates[cell] : notes;
      const wrong = Boolean(model.wrong && model.wrong.has(cell));
      const current = model.current && model.current.cell === cell ? model.current.kind : "";
      const label = model.label(cell, digit, notes);
      const hl = model.highlight || NO_HIGHLIGHT;
      const hint = hl.cells.has(cell);
      const area = hl.area.has(cell);
      const marks = hl.marks.get(cell) || "";
      const focus = hl.digit !== 0 && (digit === hl.digit || (!digit && mask & (1 << (hl.digit - 1))));
      const key = `${digit}|${origin}|${conflict}|${wrong}|${isSelected}|${peer}|${same}|${mask}|${notes}|${current}|${label}|${hint}|${area}|${marks}|${focus}`;
      if (key === this.keys[cell]) continue;
      this.keys[cell] = key;
      this.paint(cell, {
        digit, origin, conflict, wrong, isSelected, peer, same, mask, notes, current, label, hint, area, marks, focus,
      });
    }
  }

  paint(cell, p) {
    const el = this.cells[cell];
    el.firstChild.textContent = p.digit ? String(p.digit) : "";
    const smalls = el.lastChild.children;
    for (let d = 1; d <= smalls.length; d++) {
      // a struck or coloured candidate of the step on screen shows even where the view hides it
      const mark = p.digit ? "" : p.marks.charAt(d - 1).trim();
      smalls[d - 1].textContent = p.mask & (1 << (d - 1)) || mark ? String(d) : "";
      smalls[d - 1].classList.toggle("struck", mark === "x");
      smalls[d - 1].classList.toggle("pattern", mark === "o");
      smalls[d - 1].classList.toggle("placed", mark === "p");
    }
    el.classList.toggle("has-cands", p.mask !== 0 || p.marks.trim() !== "");
    el.classList.toggle("has-notes", p.notes !== 0);
    el.classList.toggle("wrong", p.wrong);
    for (const origin of ["given", "entry", "inferred", "solved", "trace"]) {
      el.classList.toggle(origin, p.origin === origin);
    }
    el.classList.toggle("conflict", p.conflict);
    el.classList.toggle("hint", p.hint);
    el.classList.toggle("area", p.area);
    el.classList.toggle("focus-digit", p.focus);
    el.classList.toggle("selected", p.isSelected);
    el.classList.toggle("peer", p.peer);
    el.classList.toggle("same", p.same);
    el.classList.toggle("current-try", p.current === "try" || p.current === "logic");
    el.classList.toggle("current-guess", p.current === "guess");
    el.classList.toggle("current-undo", p.current === "undo" || p.current === "backtrack");
    el.setAttribute("aria-label", p.label);
    el.setAttribute("aria-selected", p.isSelected ? "true" : "false");
    el.tabIndex = p.isSelected ? 0 : -1;
    if (p.origin === "given") el.setAttribute("aria-readonly", "true");
    else el.removeAttribute("aria-readonly");
    if (p.conflict || p.wrong) el.setAttribute("aria-invalid", "true");
    else el.removeAttribute("aria-invalid");
  }
}
