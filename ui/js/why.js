// "Why is it wrong?" and "Undo to first mistake": shown when Check or a hint found a wrong digit. The
// proof comes from Python in the state's `why` (codes: steps and the contradiction); the words and the
// chain drawn on the board are made here, and the Learn panel shows them in the hint's place.

import { api } from "./api.js";
import { recordName } from "./clues.js";
import * as i18n from "./i18n.js";
import { shortcutKey } from "./keys.js";
import { shapeOf } from "./shape.js";
import * as store from "./store.js";
import { cellNameIn } from "./texts.js";
import "./words/why.js";

const $ = (id) => document.getElementById(id);
const UNIT_KINDS = ["row", "column", "box"];
const unitName = (unit) => i18n.t(`unit.${UNIT_KINDS[Math.floor(unit / 9)]}`, { index: (unit % 9) + 1 });
const cellName = (cell) => cellNameIn(cell, shapeOf(store.state()).size);

/** The proof shown for the board (null when none: Python drops it when the board changes). */
export function whyShown(state) {
  return state && !state.paused ? state.why || null : null;
}

/** Per step: does it rest on the assumption (step 0), or hold on the board as it is? */
function follows(steps) {
  const out = [];
  steps.forEach((step, i) => out.push(i === 0 || step.because.some((j) => out[j])));
  return out;
}

/** The placements a step rests on: its own premises, or those of the eliminations it rests on. */
function placedBefore(steps, step) {
  const out = new Set();
  for (const j of step.because) {
    if (steps[j].kind === "place") out.add(j);
    else for (const k of steps[j].because) if (steps[k].kind === "place") out.add(k);
  }
  return [...out];
}

function reason(step) {
  return i18n.t(`why.${step.reason}`, { digit: step.digit, unit: step.unit >= 0 ? unitName(step.unit) : "" });
}

/** The proof in words, one line a step: the title, what holds already, the assumption and what it
 * leads to, the contradiction; or the solution's digit when no short chain was found. */
export function whyText(why) {
  const cell = cellName(why.cell);
  if (!why.found) return i18n.t("why.notFound", { cell, digit: why.digit, right: why.solution_digit });
  if (why.variant) return variantText(why);
  const steps = why.steps;
  const after = follows(steps);
  const lines = [i18n.t("why.title", { cell, digit: why.digit })];
  const said = (s) => ({ cell: cellName(s.cell), digit: s.digit, reason: s.reason === "assumed" ? "" : reason(s) });
  steps.forEach((s, i) => {
    if (s.kind === "place" && !after[i]) lines.push(i18n.t("why.known", said(s)));
  });
  steps.forEach((s, i) => {
    if (s.kind !== "place" || !after[i]) return;
    lines.push(i18n.t(s.reason === "assumed" ? "why.assume" : "why.then", said(s)));
  });
  const end = why.contradiction;
  const params = { cell: cellName(end.cell ?? why.cell), digit: end.digit ?? why.digit,
    unit: end.unit >= 0 ? unitName(end.unit) : "", other: cellName(end.cell ?? why.cell) };
  if (end.kind === "clash") params.cell = cell;
  lines.push(i18n.t(`why.${end.kind}`, params));
  return lines.join("\n");
}

/** A variant's proof: the title, the assumption, each step in the engine's words, the contradiction
 * (its kind worded here: a cell with no digit, a digit twice in a house, a constraint that cannot hold). */
function variantText(why) {
  const end = why.contradiction;
  const cell = cellName(why.cell);
  const lines = [i18n.t("why.title", { cell, digit: why.digit })];
  if (end.kind === "clash") {
    lines.push(i18n.t("why.clash", { cell, digit: why.digit, other: cellName(end.cell) }));
    return lines.join("\n");
  }
  if (why.notes) lines.push(i18n.t("why.variantNotes"));
  const words = (step) => step.words[i18n.language()] || step.words.en;
  const follows = why.follows || [];
  why.steps.forEach((step, i) => { // what holds on the board as it is comes first
    if (follows[i] === false) lines.push(i18n.t("why.variantKnown", { words: words(step) }));
  });
  lines.push(i18n.t("why.assume", { cell, digit: why.digit }));
  why.steps.forEach((step, i) => {
    if (follows[i] !== false) lines.push(words(step));
  });
  const shape = shapeOf(store.state());
  if (end.kind === "no_digit") lines.push(i18n.t("why.no_digit", { cell: cellName(end.cell) }));
  if (end.kind === "repeat") {
    lines.push(i18n.t("why.repeat", { digit: end.digit, cells: end.cells.map(cellName).join(i18n.t("why.and")) }));
  }
  if (end.kind === "constraint") {
    const record = shape.constraints[end.index];
    lines.push(i18n.t("why.constraint", { what: record ? recordName(record, shape.size) : "" }));
  }
  return lines.join("\n");
}

/** What the board shows of a variant's proof: the wrong digit's cell, the contradiction's cells and each
 * step's placements and eliminations. */
function variantHighlight(why) {
  const end = why.contradiction || {};
  const steps = why.steps || [];
  return {
    cells: [why.cell, ...(end.cell !== undefined ? [end.cell] : []), ...(end.cells || [])],
    units: [],
    digit: end.digit || 0,
    placements: [[why.cell, why.digit], ...steps.flatMap((s) => s.placements)],
    eliminations: steps.flatMap((s) => s.eliminations),
    constraints: end.kind === "constraint" ? [end.index] : [...new Set(steps.flatMap((s) => s.constraints || []))],
  };
}

/** What the board shows of the proof: its placements, the contradiction's cell or unit, the chain's arrows. */
export function whyHighlight(why) {
  if (why.variant) return variantHighlight(why);
  const steps = why.steps || [];
  const placed = steps.filter((s) => s.kind === "place");
  const links = [];
  for (const step of placed) {
    for (const j of placedBefore(steps, step)) links.push([[steps[j].cell, steps[j].digit], [step.cell, step.digit], true]);
  }
  const end = why.contradiction || {};
  return {
    cells: [why.cell, ...(end.cell !== undefined ? [end.cell] : [])],
    units: end.unit !== undefined ? [end.unit] : [],
    digit: end.kind === "no_place" ? end.digit : 0,
    placements: placed.map((s) => [s.cell, s.digit]),
    eliminations: [],
    links,
  };
}

function wrongFound(state) {
  const checked = state.check && state.check.kind === "wrong" && state.check.cells.length > 0;
  const hinted = state.hint && state.hint.kind === "wrong";
  return checked || hinted || Boolean(state.why) || (state.wrong || []).length > 0;
}

export const why = {
  mount(ctx) {
    this.ctx = ctx;
    $("why-wrong").addEventListener("click", async () => {
      await api.whyWrong(); // the proof comes in the state; the Explanation (a status) says it
    });
    $("undo-to-mistake").addEventListener("click", async () => {
      const answer = await api.undoToMistake();
      if (answer.ok) ctx.say(() => i18n.t("msg.undoneToMistake"));
    });
    document.addEventListener("keydown", (event) => {
      // W, or Alt+W as every letter shortcut (shortcutKey: not while typing in a field)
      if (shortcutKey(event) !== "w" || $("mistake-tools").hidden) return;
      event.preventDefault();
      $("why-wrong").click();
    });
  },

  render(state, active) {
    const shown = !active && !state.paused && state.mode === "play" && wrongFound(state);
    $("mistake-tools").hidden = !shown;
    if (whyShown(state) && !active) $("explanation").hidden = false; // the proof shows in Play too
  },
};
