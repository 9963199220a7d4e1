// Colours (issue 32): a colour mode (the Colours button, key V as SudokuPad's, or Alt+V; C before issue 40) in which the digit
// keys and the pad paint the selected cell with colour 1-8 (again: off) and Shift+digit (Shift+A-G on a board over
// 9) that candidate of the cell, with the colour
// last painted on a cell (the pad marks it); Clear colours.
// The colours are game state in Python (undoable, saved); the mode is view state, kept here.

import { api } from "./api.js";
import * as i18n from "./i18n.js";
import * as store from "./store.js";
import { heldDigit, shortcutKey } from "./keys.js";
import { shapeOf } from "./shape.js";
import "./words/colours.js";

const $ = (id) => document.getElementById(id);
export const COLOURS = 8; // desktop/midend/colours.py COLOURS

/** The colour of candidate ``digit`` in a cell's packed note colours (digit d's colour at place 9^(d-1):
 * under 2^53, so exact; BigInt keeps the division exact too). */
export function noteColour(packed, digit) {
  return Number((BigInt(packed) / 9n ** BigInt(digit - 1)) % 9n);
}

/** A cell's label with its colours: "…, coloured notes 4 colour 3, colour 2". */
export function colouredLabel(label, colour, packed) {
  const notes = [];
  for (let d = 1; d <= 16; d++) {
    const c = noteColour(packed || 0, d);
    if (c) notes.push(i18n.t("colour.note", { digit: d, colour: c }));
  }
  let out = label;
  if (notes.length) out = i18n.t("colour.notes", { label: out, notes: notes.join(i18n.language() === "zh" ? "，" : ", ") });
  if (colour) out = i18n.t("colour.cell", { label: out, colour });
  return out;
}

class Colours {
  constructor() {
    this.on = false;
    this.pen = 1; // the colour a note gets: the one last painted on a cell
    this.ctx = null;
  }

  mount(ctx) {
    this.ctx = ctx;
    $("colour-mode").addEventListener("click", () => this.toggle());
    $("clear-colours").addEventListener("click", () => this.clear());
    document.addEventListener("keydown", (event) => {
      if (!event.shiftKey && shortcutKey(event) === "v" && store.state()) {
        event.preventDefault();
        this.toggle();
      }
    });
    // in colour mode the board's digit keys (A-G on a board over 9) and the pad paint instead (caught before
    // main.js sees them: a letter there would type a digit)
    $("board").addEventListener("keydown", (event) => {
      if (!this.on || !store.state() || event.ctrlKey || event.metaKey || event.altKey) return;
      const digit = heldDigit(event, shapeOf(store.state()).size);
      if (!digit) return;
      event.preventDefault();
      event.stopImmediatePropagation();
      this.paint(digit, event.shiftKey);
    }, true);
    document.querySelector(".pad").addEventListener("click", (event) => {
      const key = event.target.closest(".pad-key:not(.pad-erase)");
      if (!this.on || !key) return;
      event.stopImmediatePropagation();
      this.paint(Number(key.dataset.digit), false);
      ctx.focusBoard();
    }, true);
  }

  toggle() {
    this.on = !this.on;
    if (this.on) store.setEntry("digit"); // one mode at a time: no notes or marks mode under the colours
    this.ctx.render();
    this.ctx.announce(i18n.t(this.on ? "colour.on" : "colour.off"));
  }

  /** Paint the selected cell with colour ``digit`` or (``note``) its candidate ``digit`` with the pen. */
  async paint(digit, note) {
    const { announce } = this.ctx;
    if (!note && digit > COLOURS) {
      announce(i18n.t("colour.range", { count: COLOURS }));
      return;
    }
    const cell = store.ui().selected;
    const colour = note ? this.pen : digit;
    const s = store.state();
    const had = note ? noteColour(s.note_colours[cell], digit) : s.colours[cell];
    if (!note) this.pen = colour; // Shift+digit paints a note with the colour last used on a cell
    const answer = note ? await api.paintNote(cell, digit, colour) : await api.paint(cell, colour);
    if (!answer.ok) return;
    const size = shapeOf(s).size;
    const where = { row: Math.floor(cell / size) + 1, col: (cell % size) + 1, colour, digit };
    const key = had === colour ? "removed" : "painted";
    announce(i18n.t(`colour.${note ? "note" : ""}${key}`, where));
  }

  async clear() {
    const answer = await api.clearColours();
    if (answer.ok) this.ctx.say(() => i18n.t(answer.changed ? "colour.cleared" : "colour.none"));
  }

  model(model, state) {
    const base = model.label;
    model.label = (cell, digit, notes) =>
      colouredLabel(base(cell, digit, notes), state.colours[cell], digit ? 0 : state.note_colours[cell]);
  }

  render(state) {
    // the board's cells as drawn now (it builds new ones when the board's size changes)
    for (const el of document.querySelectorAll("#board .cell")) {
      const cell = Number(el.dataset.cell);
      setColour(el, state.colours[cell]);
      const packed = state.note_colours[cell];
      const smalls = el.querySelector(".cands").children;
      for (let d = 1; d <= smalls.length; d++) setColour(smalls[d - 1], packed ? noteColour(packed, d) : 0);
    }
    const button = $("colour-mode");
    button.setAttribute("aria-pressed", this.on ? "true" : "false");
    $("clear-colours").disabled = !state.colours.some(Boolean) && !state.note_colours.some(Boolean);
    const pad = document.querySelector(".pad");
    pad.classList.toggle("colours", this.on);
    $("pad-colours").hidden = !this.on;
    if (this.on) $("pad-mode").hidden = true;
    for (const key of pad.querySelectorAll(".pad-key:not(.pad-erase)")) {
      const digit = Number(key.dataset.digit);
      if (this.on) {
        key.disabled = state.paused || digit > COLOURS;
        key.title = i18n.t("colour.key", { colour: digit });
      }
      key.classList.toggle("pen", this.on && digit === this.pen);
    }
  }
}

function setColour(el, colour) {
  const want = colour ? String(colour) : null;
  if (el.getAttribute("data-colour") === want) return;
  if (want) el.setAttribute("data-colour", want);
  else el.removeAttribute("data-colour");
}

export const colours = new Colours();
