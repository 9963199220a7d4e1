// The read puzzle in the "Review photo" dialog: 9 rows of 9 gridcells the player fixes by typing.
// Unsure cells (low confidence, or changed by the solver's check) are marked, and say "unsure" in
// their accessible name until the player types into them. Keys: arrows move, 1-9 type a digit,
// 0 / Delete / Backspace / Space / "." empty the cell. Built when a review opens, emptied when it
// closes, so the page holds one board's gridcells the rest of the time.

import * as i18n from "./i18n.js";

const KEYS_CLEAR = new Set(["0", ".", " ", "Delete", "Backspace"]);
const MOVES = { ArrowUp: -9, ArrowDown: 9, ArrowLeft: -1, ArrowRight: 1 };

export class PhotoGrid {
  /** el: the role=grid element; onChange() is called after the player changed a cell. */
  constructor(el, onChange) {
    this.el = el;
    this.onChange = onChange;
    this.digits = [];
    this.unsure = new Set();
    this.changed = new Set();
    this.cells = [];
    this.current = 0;
    el.addEventListener("keydown", (event) => this.key(event));
    el.addEventListener("click", (event) => {
      const cell = event.target.closest("[role=gridcell]");
      if (cell) this.focus(Number(cell.dataset.cell));
    });
  }

  /** Show a reading: puzzle (81 characters, "." empty), the unsure cells and the corrected ones. */
  show(puzzle, unsure, corrections) {
    this.digits = [...puzzle].map((ch) => (ch === "." ? 0 : Number(ch)));
    this.unsure = new Set(unsure);
    this.changed = new Set(corrections.map((c) => c.cell));
    this.build();
    this.current = this.unsure.size ? Math.min(...this.unsure) : 0;
    this.draw();
  }

  /** Empty the grid (the review closed). */
  clear() {
    this.el.replaceChildren();
    this.cells = [];
  }

  /** The puzzle as shown: 81 characters, "." for empty. */
  puzzle() {
    return this.digits.map((d) => (d ? String(d) : ".")).join("");
  }

  build() {
    this.el.replaceChildren();
    this.cells = [];
    for (let r = 0; r < 9; r++) {
      const row = document.createElement("div");
      row.setAttribute("role", "row");
      row.className = "photo-row";
      for (let c = 0; c < 9; c++) {
        const cell = document.createElement("div");
        cell.setAttribute("role", "gridcell");
        cell.className = "photo-cell";
        cell.dataset.cell = String(r * 9 + c);
        row.append(cell);
        this.cells.push(cell);
      }
      this.el.append(row);
    }
  }

  /** Draw every cell: digit, marks, accessible name (again after a language switch). */
  draw() {
    this.cells.forEach((el, cell) => {
      const digit = this.digits[cell];
      const unsure = this.unsure.has(cell);
      el.textContent = digit ? String(digit) : "";
      el.classList.toggle("unsure", unsure);
      el.classList.toggle("changed", unsure && this.changed.has(cell));
      el.tabIndex = cell === this.current ? 0 : -1;
      const value = digit ? String(digit) : i18n.t("photo.empty");
      let label = i18n.t("photo.cell", { row: Math.floor(cell / 9) + 1, col: (cell % 9) + 1, value });
      if (unsure) label += `, ${i18n.t("photo.unsure")}`;
      if (unsure && this.changed.has(cell)) label += `, ${i18n.t("photo.changed")}`;
      el.setAttribute("aria-label", label);
    });
  }

  focus(cell) {
    this.current = cell;
    this.draw();
    this.cells[cell].focus();
  }

  /** Focus the first unsure cell (or the first cell). */
  focusFirst() {
    if (this.cells.length) this.focus(this.current);
  }

  key(event) {
    if (event.ctrlKey || event.altKey || event.metaKey) return;
    const cell = this.current;
    if (event.key in MOVES) {
      const next = cell + MOVES[event.key];
      const sameRow = Math.abs(MOVES[event.key]) === 9 || Math.floor(next / 9) === Math.floor(cell / 9);
      if (next >= 0 && next < 81 && sameRow) this.focus(next);
    } else if (/^[1-9]$/.test(event.key)) {
      this.set(cell, Number(event.key));
    } else if (KEYS_CLEAR.has(event.key)) {
      this.set(cell, 0);
    } else {
      return;
    }
    event.preventDefault();
    event.stopPropagation(); // the game's keys stay with the board behind the dialog
  }

  /** The player typed ``digit`` (0 empty) into ``cell``: it is theirs now, no longer unsure. */
  set(cell, digit) {
    this.digits[cell] = digit;
    this.unsure.delete(cell);
    this.draw();
    this.onChange();
  }
}
