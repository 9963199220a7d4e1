// A variant puzzle on the page (issue 40): its figures over the board (figures.js), what constrains each
// cell at the end of the cell's label (clues.js) and its rules list in the side panel under the board's
// state (not under the board, which keeps all its height), a list named "Rules" a screen reader reads. A classic puzzle shows none of it: the board is as it always was.

import { cellClues, ruleLines } from "./clues.js";
import { drawingRecord } from "./drawing.js";
import { drawFigures, outsideSides } from "./figures.js";
import * as i18n from "./i18n.js";
import { shapeOf } from "./shape.js";
import * as store from "./store.js";
import { whyHighlight, whyShown } from "./why.js";

const $ = (id) => document.getElementById(id);

class Variants {
  constructor() {
    this.drawn = null; // what the figures and the list show: [shape, language, drawing]
    this.clues = null;
    this.cluesOf_ = null; // [shape, language] of this.clues
  }

  mount() {
    const svg = document.createElementNS("http://www.w3.org/2000/svg", "svg");
    svg.id = "figures";
    svg.setAttribute("class", "figures");
    svg.setAttribute("aria-hidden", "true"); // the cells' labels and the rules list say it all
    svg.setAttribute("hidden", "");
    $("board").after(svg);
    const list = document.createElement("ul");
    list.id = "rules";
    list.className = "rules";
    list.setAttribute("data-i18n-aria-label", "label.rules");
    list.hidden = true;
    $("board-state").after(list);
  }

  /** The words of what constrains each cell, once per shape and language (shape.js keeps one object
   * per distinct shape, so identity is enough). */
  cluesOf(shape) {
    if (!same(this.cluesOf_, [shape, i18n.language()])) {
      this.cluesOf_ = [shape, i18n.language()];
      this.clues = cellClues(shape);
    }
    return this.clues;
  }

  /** A smaller board than the last: the selection moves inside it. */
  accepted(state) {
    if (store.ui().selected >= shapeOf(state).cells) store.select(store.ui().selected);
  }

  model(model) {
    const shape = model.shape;
    if (!shape.constraints.length) return;
    const clues = this.cluesOf(shape);
    const base = model.label;
    model.label = (cell, digit, notes) => {
      const label = base(cell, digit, notes);
      return clues[cell] ? label + i18n.t("clue.join") + clues[cell] : label;
    };
  }

  render(state) {
    const shape = shapeOf(state);
    const pending = drawingRecord(store.ui().drawing);
    const focus = focusOf(state);
    const key = [shape, i18n.language(), JSON.stringify(pending), focus.join(",")];
    if (same(this.drawn, key)) return;
    this.drawn = key;
    const svg = $("figures");
    const wrap = $("board").parentElement;
    svg.toggleAttribute("hidden", !shape.constraints.length && !pending);
    drawFigures(svg, shape, pending, focus);
    const sides = outsideSides(shape);
    wrap.classList.toggle("outside", Object.values(sides).some(Boolean));
    wrap.style.setProperty("--n", String(shape.size));
    for (const [side, on] of Object.entries(sides)) wrap.style.setProperty(`--band-${side}`, on ? "1" : "0");
    const lines = ruleLines(shape);
    const list = $("rules");
    list.replaceChildren(...lines.map((line) => Object.assign(document.createElement("li"), { textContent: line })));
    list.setAttribute("aria-label", i18n.t("label.rules"));
    list.hidden = !lines.length;
  }
}

/** The constraints the step on screen uses (a variant hint's, a run's step shown, or the proof of "Why is
 * it wrong?"): their indices. */
function focusOf(state) {
  const frame = store.frame();
  const why = !frame && whyShown(state);
  if (why && why.variant) return whyHighlight(why).constraints;
  const step = frame ? frame.event && frame.event.step : state.hint;
  const highlight = step && step.highlight;
  return (highlight && highlight.constraints) || [];
}

function same(a, b) {
  return Boolean(a) && a.length === b.length && a.every((x, i) => x === b[i]);
}

export const variants = new Variants();
