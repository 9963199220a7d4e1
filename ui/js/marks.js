// Corner and centre marks (issue 40, SudokuPad's convention): the buttons "Corner marks" and "Centre marks"
// (beside "Notes": digits, notes, corner and centre marks are one choice of what a digit key writes, the
// store's `entry`), SudokuPad's keys Z digits, X corner, C centre (V colours, in colours.js; Alt+C too, the
// way to the centre marks on a board over 9 where C types 12), a modifier for one mark (Ctrl+digit corner,
// Ctrl+Shift+digit centre; Shift+digit stays a note; A-G as digits 10-16 on a board over 9), the pad, Erase (a
// cell's marks of the mode), the marks drawn (corner marks in the cell's corners, centre marks small in
// its middle) and a cell's label ("…, corner marks 1 2, centre marks 3").
// "Fill centre marks" (shown for a puzzle with cage sums) writes the centre marks of the cages that have at
// most 2 combinations left (desktop/midend/marks.py cage_centre_marks), one undoable move.
// The marks are game state in Python (undoable, saved: desktop/midend/marks.py); the mode is view state.

import { api } from "./api.js";
import { colours } from "./colours.js";
import * as i18n from "./i18n.js";
import { heldDigit, shortcutKey } from "./keys.js";
import { shapeOf } from "./shape.js";
import * as store from "./store.js";
import "./words/marks.js";

const $ = (id) => document.getElementById(id);
const KINDS = ["corner", "centre"];
// where the n-th corner mark goes in a 3x3 layout (SudokuPad's order): the four corners, then the edges'
// middles, then the centre
const CORNER_SPOTS = [0, 2, 6, 8, 1, 7, 3, 5, 4];

/** The digits of a mask (bit d-1 = digit d), ascending. */
export function digitsOf(mask) {
  const out = [];
  for (let d = 1; mask >> (d - 1); d++) if (mask & (1 << (d - 1))) out.push(d);
  return out;
}

/** A cell's label with its marks: "…, corner marks 1 2, centre marks 3" (none: the label as it was). */
export function markedLabel(label, corner, centre) {
  let out = label;
  if (corner) out = i18n.t("marks.cornerLabel", { label: out, marks: digitsOf(corner).join(" ") });
  if (centre) out = i18n.t("marks.centreLabel", { label: out, marks: digitsOf(centre).join(" ") });
  return out;
}

class Marks {
  constructor() {
    this.ctx = null;
    this.drawn = []; // per cell, what its marks layer shows (drawn again only when it changes)
  }

  mount(ctx) {
    this.ctx = ctx;
    $("corner-marks").addEventListener("click", () => this.choose("corner"));
    $("centre-marks").addEventListener("click", () => this.choose("centre"));
    $("fill-centre-marks").addEventListener("click", () => this.fillCages());
    document.addEventListener("keydown", (event) => this.modeKey(event));
    // a digit key in a marks mode, or with Ctrl, marks (caught before main.js's board keys see it)
    $("board").addEventListener("keydown", (event) => this.boardKey(event), true);
    document.querySelector(".pad").addEventListener("click", (event) => this.padKey(event), true);
  }

  /** Z, X and C (alone or with Alt, not typing): digits, corner marks, centre marks. */
  modeKey(event) {
    if (event.shiftKey || !store.state()) return;
    const entry = { z: "digit", x: "corner", c: "centre" }[shortcutKey(event)];
    if (!entry) return;
    event.preventDefault();
    this.choose(entry, entry !== "digit");
  }

  /** Make ``entry`` what digit keys write (a marks mode chosen again goes back to digits); colours end. */
  choose(entry, toggle = true) {
    const now = store.ui().entry;
    const next = toggle && now === entry ? "digit" : entry;
    colours.on = false; // one mode at a time: Colours off (drawn with the store's change below)
    store.setEntry(next);
    this.ctx.announce(i18n.t(`marks.on.${next}`));
  }

  async fillCages() {
    const answer = await api.fillCageMarks();
    if (answer.ok) this.ctx.say(() => (answer.cages ? i18n.plural("marks.filled", answer.cages) : i18n.t("marks.noneFew")));
    this.ctx.focusBoard();
  }

  boardKey(event) {
    if (event.altKey || event.metaKey || !store.state()) return;
    const entry = colours.on ? "colour" : store.ui().entry;
    const digit = heldDigit(event, shapeOf(store.state()).size); // 1-9, or A-G for 10-16 on a big board
    let kind = null;
    if (digit && event.ctrlKey) kind = event.shiftKey ? "centre" : "corner"; // one mark, any mode
    else if (digit && !event.shiftKey && KINDS.includes(entry)) kind = entry;
    if (kind) {
      this.stop(event);
      this.toggle(digit, kind);
    } else if (KINDS.includes(entry) && !event.ctrlKey && ["Backspace", "Delete", "0"].includes(event.key)) {
      if (this.clear(entry)) this.stop(event);
    }
  }

  padKey(event) {
    const key = event.target.closest(".pad-key");
    const entry = store.ui().entry;
    if (colours.on || !key || !KINDS.includes(entry)) return;
    if (key.classList.contains("pad-erase")) {
      if (!this.clear(entry)) return; // no marks to clear: Erase erases the digit as ever
    } else {
      this.toggle(Number(key.dataset.digit), entry);
    }
    event.stopImmediatePropagation();
    this.ctx.focusBoard();
  }

  stop(event) {
    event.preventDefault();
    event.stopImmediatePropagation();
  }

  /** Toggle the ``kind`` mark ``digit`` in the selected cell and say so. */
  async toggle(digit, kind) {
    const cell = store.ui().selected;
    const had = store.state()[kind][cell] & (1 << (digit - 1));
    const where = { ...place(cell), digit };
    const answer = await api.toggleMark(cell, digit, kind);
    if (!answer.ok) return;
    this.ctx.announce(i18n.t(`marks.${kind}.${had ? "removed" : "added"}`, where));
  }

  /** Take the selected empty cell's ``kind`` marks off; false (nothing done) when it has none. */
  clear(kind) {
    const cell = store.ui().selected;
    const s = store.state();
    if (s.digits[cell] || !s[kind][cell]) return false;
    api.clearMarks(cell, kind).then((answer) => {
      const where = place(cell);
      if (answer.ok) this.ctx.announce(i18n.t(`marks.${kind}.cleared`, where));
    });
    return true;
  }

  model(model, state) {
    if (model.notes === null || !state.corner) return; // a run's board: no marks of the player's
    const base = model.label;
    model.label = (cell, digit, notes) =>
      markedLabel(base(cell, digit, notes), digit ? 0 : state.corner[cell], digit ? 0 : state.centre[cell]);
  }

  render(state, active) {
    const entry = store.ui().entry;
    for (const kind of KINDS) $(`${kind}-marks`).setAttribute("aria-pressed", entry === kind ? "true" : "false");
    for (const id of ["corner-marks", "centre-marks", "fill-centre-marks"]) $(id).disabled = active || state.paused;
    $("fill-centre-marks").hidden = !shapeOf(state).constraints.some((k) => k.kind === "cage" && k.total != null);
    const padMode = $("pad-marks");
    padMode.hidden = colours.on || !KINDS.includes(entry);
    if (!padMode.hidden) padMode.textContent = i18n.t(`marks.pad.${entry}`);
    document.querySelector(".pad").classList.toggle("marks", !padMode.hidden);
    const cells = document.querySelectorAll("#board .cell");
    for (const [cell, el] of cells.entries()) {
      const corner = active || !state.corner ? 0 : state.corner[cell] || 0;
      const centre = active || !state.centre ? 0 : state.centre[cell] || 0;
      const key = `${corner}|${centre}`;
      if (this.drawn[cell] === key && el.querySelector(".marks")) continue;
      this.drawn[cell] = key;
      draw(layer(el), digitsOf(corner), digitsOf(centre));
      el.classList.toggle("has-marks", Boolean(corner || centre));
    }
  }
}

/** A cell's row and column (1-based) on the board shown. */
function place(cell) {
  const size = shapeOf(store.state()).size;
  return { row: Math.floor(cell / size) + 1, col: (cell % size) + 1 };
}

/** The cell's marks layer (made once, before the candidates so the board's first and last children stay). */
function layer(el) {
  let marks = el.querySelector(".marks");
  if (!marks) {
    marks = document.createElement("span");
    marks.className = "marks";
    marks.setAttribute("aria-hidden", "true"); // the cell's label says them
    const spots = document.createElement("span");
    spots.className = "corner";
    for (let i = 0; i < 9; i++) spots.appendChild(document.createElement("span"));
    const centre = document.createElement("span");
    centre.className = "centre";
    marks.append(spots, centre);
    el.insertBefore(marks, el.querySelector(".cands"));
  }
  return marks;
}

function draw(marks, corner, centre) {
  const spots = marks.firstChild.children;
  const shown = corner.length > 9 ? [...corner.slice(0, 8), corner.slice(8).join("")] : corner;
  for (let i = 0; i < 9; i++) spots[CORNER_SPOTS[i]].textContent = i < shown.length ? String(shown[i]) : "";
  marks.lastChild.textContent = centre.join("");
  marks.lastChild.dataset.count = String(centre.length);
}

export const marks = new Marks();
