// Learn: the hint ladder (Hint, Apply), the run's timeline (slider "Timeline", Step back) and the
// status "Explanation" with the step's highlights and chain arrows. The ladder's levels, the texts and
// the timeline's boards all come from Python; this file shows them and forwards intent.

import { api } from "./api.js";
import { highlightOf } from "./board.js";
import * as i18n from "./i18n.js";
import * as store from "./store.js";
import { cellName } from "./texts.js";
import { drawLinks } from "./links.js";
import { whyHighlight, whyShown, whyText } from "./why.js";

const $ = (id) => document.getElementById(id);

export class LearnPanel {
  /** ctx: {view, acceptState, acceptSession, render, announce, say, sessionActive, reopen}. */
  constructor(ctx) {
    this.ctx = ctx;
    this.seeking = false; // the slider is being dragged: renders leave its value alone
    this.seekInFlight = false;
    this.seekWanted = null;
    this.lastLinks = null;
    $("hint").addEventListener("click", () => this.hint());
    $("apply-hint").addEventListener("click", () => this.apply());
    $("step-back").addEventListener("click", () => this.stepBack());
    const slider = $("timeline");
    slider.addEventListener("input", () => {
      this.seeking = true;
      this.showPosition(Number(slider.value), Number(slider.max));
      this.seek(Number(slider.value));
    });
    slider.addEventListener("change", () => {
      this.seeking = false;
      this.seek(Number(slider.value));
    });
    slider.addEventListener("blur", () => {
      this.seeking = false;
    });
    window.addEventListener("resize", () => this.drawLinks(this.lastLinks, true));
  }

  /** The hint on screen: the state's (Python keeps it for the board it was found on), unless a run is shown. */
  currentHint() {
    const { view } = this.ctx;
    return view.solve ? null : view.state.hint;
  }

  async hint() {
    const answer = await api.hint();
    if (answer.ok) this.ctx.announce(this.hintText(answer.hint)); // the question's value; the state follows
  }

  hintText(hint) {
    return (hint.text && (hint.text[i18n.language()] || hint.text.en)) || "";
  }

  async apply() {
    const answer = await api.applyHint();
    if (!answer.ok) return;
    this.ctx.say(() => i18n.t("msg.hintApplied"));
  }

  async stepBack() {
    const { answer, state } = await store.act(() => api.stepBack());
    if (answer.ok) this.ctx.reopen(state.session);
  }

  async seek(position) {
    this.seekWanted = position;
    if (this.seekInFlight) return; // the latest position goes out when the call in flight returns
    this.seekInFlight = true;
    while (this.seekWanted !== null) {
      const value = this.seekWanted;
      this.seekWanted = null;
      const { answer, state } = await store.act(() => api.seek(value));
      if (answer.ok) this.ctx.reopen(state.session);
    }
    this.seekInFlight = false;
  }

  /** What the board highlights: the step of the solve event shown, else the hint at its level. */
  highlight() {
    const { view } = this.ctx;
    if (view.solve) {
      const event = view.solve.event;
      return event && event.step ? event.step : null;
    }
    const why = whyShown(view.state); // "Why is it wrong?" shows in the hint's place
    if (why) return whyHighlight(why);
    const hint = this.currentHint();
    return hint ? hint.highlight : null;
  }

  /** Return the explanation of the moment shown: the solve event's step or guess, else the hint's text. */
  explanation() {
    const { view } = this.ctx;
    if (view.solve) {
      const event = view.solve.event;
      if (!event) return "";
      if (event.explain) return event.explain[i18n.language()] || event.explain.en;
      if (["try", "place", "undo", "backtrack"].includes(event.kind)) {
        return i18n.t(`event.${event.kind}`, { cell: cellName(event.cell), digit: event.digit, depth: event.depth + 1 });
      }
      return "";
    }
    const why = whyShown(view.state);
    if (why) return whyText(why);
    const hint = this.currentHint();
    return hint ? this.hintText(hint) : "";
  }

  /** Draw the panel's part: Apply, Step back, the slider, the explanation and the chain arrows. */
  render(active, model) {
    const { view } = this.ctx;
    const hint = this.currentHint();
    $("apply-hint").disabled = active || !(hint && hint.can_apply);
    const session = view.session || view.state.session;
    const onTimeline = session.id !== 0 && session.status !== "stopped" && session.status !== "idle";
    const length = onTimeline ? session.length || 0 : 0;
    const position = onTimeline ? Math.min(session.position || 0, length) : 0;
    const slider = $("timeline");
    slider.disabled = !onTimeline || length === 0;
    slider.max = String(length);
    if (!this.seeking && !this.seekInFlight && Number(slider.value) !== position) slider.value = String(position);
    this.showPosition(this.seeking ? Number(slider.value) : position, length);
    $("step-back").disabled = !onTimeline || position === 0;
    const text = this.explanation();
    const explanation = $("explanation");
    if (explanation.textContent !== text) explanation.textContent = text;
    const step = this.highlight();
    model.highlight = highlightOf(step);
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
