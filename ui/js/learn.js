// Learn: the hint ladder (Hint, Apply), the run's timeline (slider "Timeline", Step back) and the
// status "Explanation" with the step's highlights and chain arrows. The ladder's levels and the
// timeline's boards come from Python as codes and data: this file words a hint's first levels (a
// step's own words are the engine's, carried with it), shows them and forwards intent.

import { api } from "./api.js";
import { highlightOf } from "./board.js";
import { recordName } from "./clues.js";
import * as i18n from "./i18n.js";
import * as store from "./store.js";
import { drawLinks } from "./links.js";
import { techniqueName } from "./names.js";
import { shapeOf } from "./shape.js";
import { cellNameIn } from "./texts.js";
import "./words/hints.js";
import { whyHighlight, whyShown, whyText } from "./why.js";
import { newestOnly, wireSlider } from "./widgets.js";

const $ = (id) => document.getElementById(id);

// the board's size N: the names of its cells and units depend on it
const boardSize = () => shapeOf(store.state()).size;
const cellName = (cell) => cellNameIn(cell, boardSize());

/** A unit's name from its id (0..N-1 rows, N..2N-1 columns, 2N..3N-1 boxes), "row 3". */
function unitName(unit) {
  const n = boardSize();
  const kind = ["row", "column", "box"][Math.floor(unit / n)];
  return i18n.t(`unit.${kind}`, { index: (unit % n) + 1 });
}

/** The words of a hint at its level: a problem first, then where to look, the technique, the cells,
 * and at the last level the engine's words for the step. */
export function hintText(hint) {
  if (!hint || !hint.level) return "";
  const list = (items) => items.join(i18n.t("hint.sep"));
  if (hint.kind === "wrong" || hint.kind === "notes") {
    return i18n.t(`hint.${hint.kind}`, { cell: cellName(hint.cell), digit: hint.digit });
  }
  if (hint.kind !== "step") return i18n.t("hint.none");
  if (hint.step) return hint.step.words[i18n.language()] || hint.step.words.en;
  if (hint.technique === "guess" && hint.level < 3) return i18n.t(`hint.guess${hint.level}`);
  if (hint.level === 1) {
    if (hint.unit >= 0) return i18n.t("hint.lookUnit", { unit: unitName(hint.unit) });
    const shape = shapeOf(store.state());
    const used = (hint.constraints || []).map((i) => shape.constraints[i]).filter(Boolean);
    if (!hint.digit && used.length) { // a variant step on a cage, a line or a dot: name the first
      return i18n.t("hint.lookConstraint", { what: recordName(used[0], shape.size) });
    }
    return i18n.t("hint.lookDigit", { digit: hint.digit });
  }
  if (hint.level === 2) {
    // a variant's technique comes with its names (the variant logic's registry, not the classic list)
    const names = hint.technique_name;
    const name = names ? names[i18n.language()] || names.en : techniqueName(hint.technique);
    return i18n.t("hint.technique", { name });
  }
  const key = hint.digits.length > 1 ? "hint.cellsMany" : "hint.cellsOne";
  return i18n.t(key, { cells: list(hint.cells.map(cellName)), digits: list(hint.digits) });
}

export class LearnPanel {
  /** ctx: {render, announce, say}. */
  constructor(ctx) {
    this.ctx = ctx;
    this.seeking = false; // the slider is being dragged: renders leave its value alone
    // the latest position goes out when the call in flight returns
    this.seek = newestOnly((position) => store.act(() => api.seek(position)));
    this.lastLinks = null;
    $("hint").addEventListener("click", () => this.hint());
    $("apply-hint").addEventListener("click", () => this.apply());
    $("step-back").addEventListener("click", () => this.stepBack());
    wireSlider("timeline", {
      dragging: (on) => (this.seeking = on),
      show: (value, max) => this.showPosition(value, max),
      send: (value) => this.seek(value),
    });
    window.addEventListener("resize", () => this.drawLinks(this.lastLinks, true));
  }

  /** The hint on screen: the state's (Python keeps it for the board it was found on), unless a run is shown. */
  currentHint() {
    return store.frame() ? null : store.state().hint;
  }

  async hint() {
    const { answer, state } = await store.act(() => api.hint());
    if (answer.ok) this.ctx.announce(hintText(state.hint)); // the state's hint, one level deeper
  }

  async apply() {
    const answer = await api.applyHint();
    if (!answer.ok) return;
    this.ctx.say(() => i18n.t("msg.hintApplied"));
  }

  async stepBack() {
    await api.stepBack(); // the state (paused there) and the frame of that moment follow
  }

  /** What the board highlights: the step of the solve event shown, else the hint at its level. */
  highlight() {
    const frame = store.frame();
    if (frame) {
      const event = frame.event;
      return event && event.step ? event.step : null;
    }
    const why = whyShown(store.state()); // "Why is it wrong?" shows in the hint's place
    if (why) return whyHighlight(why);
    const hint = this.currentHint();
    return hint ? hint.highlight : null;
  }

  /** Return the explanation of the moment shown: the solve event's step or guess, else the hint's text. */
  explanation() {
    const frame = store.frame();
    if (frame) {
      const event = frame.event;
      if (!event) return "";
      if (event.step) return event.step.words[i18n.language()] || event.step.words.en;
      if (["try", "place", "undo", "backtrack"].includes(event.kind)) {
        return i18n.t(`event.${event.kind}`, { cell: cellName(event.cell), digit: event.digit, depth: event.depth + 1 });
      }
      return "";
    }
    const why = whyShown(store.state());
    if (why) return whyText(why);
    return hintText(this.currentHint());
  }

  /** Draw the panel's part: Apply, Step back, the slider, the explanation and the chain arrows. */
  render(active, model) {
    const hint = this.currentHint();
    $("apply-hint").disabled = active || !(hint && hint.can_apply);
    const session = store.session();
    const onTimeline = session.id !== 0 && session.status !== "stopped" && session.status !== "idle";
    const length = onTimeline ? session.length || 0 : 0;
    const position = onTimeline ? Math.min(session.position || 0, length) : 0;
    const slider = $("timeline");
    slider.disabled = !onTimeline || length === 0;
    slider.max = String(length);
    if (!this.seeking && !this.seek.busy() && Number(slider.value) !== position) slider.value = String(position);
    this.showPosition(this.seeking ? Number(slider.value) : position, length);
    $("step-back").disabled = !onTimeline || position === 0;
    const text = this.explanation();
    const explanation = $("explanation");
    if (explanation.textContent !== text) explanation.textContent = text;
    const step = this.highlight();
    model.highlight = highlightOf(step, model.shape);
    this.lastLinks = step && step.links && step.links.length ? step.links : null;
  }

  showPosition(position, length) {
    const slider = $("timeline");
    slider.setAttribute("aria-valuetext", i18n.t("timeline.valuetext", { position, length }));
    $("timeline-value").textContent = i18n.t("timeline.value", { position, length });
  }

  /** Draw the chain arrows of the step on screen (after the board is drawn: they follow its cells). */
  drawLinks(links = this.lastLinks, force = false) {
    const key = `${i18n.language()}:${JSON.stringify(links)}`; // the description is in words
    if (!force && key === this.drawnKey) return;
    this.drawnKey = key;
    drawLinks($("links"), $("board"), links, (link) => {
      const [[c1, d1], [c2, d2], strong] = link;
      const from = i18n.t("link.cand", { cell: cellName(c1), digit: d1 });
      const to = i18n.t("link.cand", { cell: cellName(c2), digit: d2 });
      return i18n.t(strong ? "link.strong" : "link.weak", { from, to });
    });
  }
}
