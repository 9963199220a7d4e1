// Draws the board: 9 rows of 9 gridcells, row-major, with the accessibility contract's attributes.
// It only draws and reports clicks; what a key or a click means is decided in main.js.

const BOX_OF = (cell) => Math.floor(cell / 27) * 3 + Math.floor((cell % 9) / 3);

function peersOf(cell) {
  const row = Math.floor(cell / 9);
  const col = cell % 9;
  const box = BOX_OF(cell);
  const peers = new Set();
  for (let c = 0; c < 81; c++) {
    if (c !== cell && (Math.floor(c / 9) === row || c % 9 === col || BOX_OF(c) === box)) peers.add(c);
  }
  return peers;
}

const PEERS = Array.from({ length: 81 }, (_, c) => peersOf(c));

// nothing highlighted: see highlightOf
const NO_HIGHLIGHT = { cells: new Set(), area: new Set(), marks: new Map(), digit: 0 };

function unitCells(unit) {
  const i = unit % 9;
  const cells = [];
  for (let k = 0; k < 9; k++) {
    if (unit < 9) cells.push(i * 9 + k);
    else if (unit < 18) cells.push(k * 9 + i);
    else cells.push((Math.floor(i / 3) * 3 + Math.floor(k / 3)) * 9 + (i % 3) * 3 + (k % 3));
  }
  return cells;
}

/**
 * Return what the board highlights for a step or a hint level: {units, cells, digit, candidates,
 * eliminations, placements} (cells 0-80, candidates [cell, digit]) become the cells to outline, the
 * units' cells to shade, and per cell a 9-character string of marks: "o" the pattern's candidate,
 * "x" a candidate removed, "p" the digit placed, " " none.
 */
export function highlightOf(h) {
  if (!h) return NO_HIGHLIGHT;
  const marks = new Map();
  const mark = ([cell, digit], code) => {
    const row = (marks.get(cell) || "         ").split("");
    row[digit - 1] = code;
    marks.set(cell, row.join(""));
  };
  for (const pair of h.candidates || []) mark(pair, "o");
  for (const pair of h.placements || []) mark(pair, "p");
  for (const pair of h.eliminations || []) mark(pair, "x");
  return {
    cells: new Set([...(h.cells || []), ...(h.placements || []).map(([cell]) => cell)]),
    area: new Set((h.units || []).flatMap(unitCells)),
    marks,
    digit: h.digit || 0,
  };
}

export class BoardView {
  /** Build the 81 cells inside el (the role=grid element); onSelect(cell) is called on a click. */
  constructor(el, { onSelect }) {
    this.el = el;
    this.cells = [];
    this.keys = new Array(81).fill("");
    for (let r = 0; r < 9; r++) {
      const row = document.createElement("div");
      row.className = "board-row";
      row.setAttribute("role", "row");
      for (let c = 0; c < 9; c++) {
        const cell = document.createElement("div");
        const index = r * 9 + c;
        cell.setAttribute("role", "gridcell");
        cell.className = `cell r${r} c${c}`;
        cell.tabIndex = index === 0 ? 0 : -1;
        cell.dataset.cell = String(index);
        const digit = document.createElement("span");
        digit.className = "digit";
        digit.setAttribute("aria-hidden", "true");
        const cands = document.createElement("span");
        cands.className = "cands";
        cands.setAttribute("aria-hidden", "true");
        for (let d = 1; d <= 9; d++) {
          const small = document.createElement("span");
          small.className = "cand";
          small.textContent = "";
          cands.appendChild(small);
        }
        cell.append(digit, cands);
        cell.addEventListener("mousedown", (event) => {
          event.preventDefault(); // keep focus handling ours: select, then focus the cell
          onSelect(index);
        });
        row.appendChild(cell);
        this.cells.push(cell);
      }
      el.appendChild(row);
    }
  }

  /** Move keyboard focus to a cell. */
  focus(cell) {
    this.cells[cell].focus({ preventScroll: true });
  }

  /**
   * Draw a model: digits, origins, conflicts and wrong (Sets), selected, candidates (81 masks or null),
   * notes (81 masks), current ({cell, kind} or null), label(cell, digit, notes) for aria-label.
   * Unchanged cells are skipped.
   */
  render(model) {
    const selected = model.selected;
    const selectedDigit = selected >= 0 ? model.digits[selected] : 0;
    const peers = selected >= 0 ? PEERS[selected] : new Set();
    for (let cell = 0; cell < 81; cell++) {
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
    for (let d = 1; d <= 9; d++) {
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
