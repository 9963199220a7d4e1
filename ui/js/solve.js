// The "Watch it solve" panel: Solve, Pause/Resume, Step, Stop, the delay slider and the counters. A run's
// status is the state's `session`; its board is a view only (the store's frame, keyed by the run's id),
// drawn over the game's board while the run goes or is paused (then the game's state, with the run's
// result, is what shows).

import { api } from "./api.js";
import * as i18n from "./i18n.js";
import { announce } from "./messages.js";
import * as store from "./store.js";
import { algorithmName, solvedText } from "./texts.js";
import { newestOnly, wireSlider } from "./widgets.js";

const $ = (id) => document.getElementById(id);

export class SolvePanel {
  /** ctx: {render()}. */
  constructor(ctx) {
    this.ctx = ctx;
    // the latest delay goes out when the call in flight returns (then the state's value shows again)
    this.sendDelay = newestOnly(async (value, last) => {
      const answer = await api.setDelay(value);
      if (answer.ok && last()) await store.until((s) => s.settings.delay === value);
    }, () => this.ctx.render());
    this.delayDragging = false;
    this.toldTick = ""; // the frame whose step was last spoken (a paused run's Step)
    this.wire();
  }

  /** A new state: a run that ended (or paused on a step) since the last one is said. */
  accepted(state, before) {
    const now = state.session;
    const was = before && before.session.id === now.id ? before.session.status : "";
    if (now.id && now.status !== was) {
      if (now.status === "solved") announce(solvedText(now));
      if (now.status === "failed") announce(i18n.t("solve.failed"));
    }
    this.tellStep();
  }

  /** A paused run's newest frame says its step once (Step, Step back, a seek). */
  tellStep() {
    const frame = store.frame();
    const session = store.state().session;
    const words = frame && frame.event && frame.event.step && frame.event.step.words;
    const key = frame ? `${frame.run}:${frame.tick}` : "";
    if (!words || session.status !== "paused" || key === this.toldTick) return;
    this.toldTick = key;
    announce(words[i18n.language()] || words.en);
  }

  async start() {
    const { answer, state } = await store.act(() => api.solve($("algorithm").value));
    if (answer.ok) this.said(state.session);
  }

  said(info) {
    if (!["running", "paused"].includes(info.status)) return; // it ended before the answer came back
    announce(i18n.t(info.status === "paused" ? "solve.paused" : "solve.running", {
      algorithm: algorithmName(info.algorithm),
    }));
  }

  async call(which) {
    const { answer, state } = await store.act(() => api[which]());
    if (!answer.ok) return;
    if (which === "step") this.said(state.session);
    this.ctx.render();
    if (which === "pause") announce(i18n.t("solve.paused"));
  }

  togglePause() {
    this.call(store.state().session.status === "paused" ? "resume" : "pause");
  }

  showDelay(ms) {
    const slider = $("delay");
    if (Number(slider.value) !== ms) slider.value = String(ms);
    const text = i18n.t("delay.ms", { ms });
    slider.setAttribute("aria-valuetext", text);
    $("delay-value").textContent = text;
  }

  showElapsed() {
    if (!store.state()) return;
    const session = store.session();
    let ms = session.elapsed_ms;
    if (session.status === "running") ms += performance.now() - session.at;
    $("elapsed").textContent = i18n.t("time.seconds", { s: (ms / 1000).toFixed(1) });
  }

  /** Draw the panel for state `s` (`busy`: a puzzle is being made). */
  render(s, busy) {
    const active = store.running();
    const session = store.session();
    const paused = session.status === "paused";
    $("solve").disabled = (active && !paused) || busy; // on a paused run, Solve goes on from there
    $("step").disabled = busy;
    $("stop").disabled = !active;
    const pause = $("pause");
    pause.disabled = !active;
    pause.dataset.i18n = paused ? "btn.resume" : "btn.pause";
    pause.textContent = i18n.t(pause.dataset.i18n);
    const algorithm = $("algorithm");
    for (const option of algorithm.options) option.hidden = !s.algorithms.includes(option.value);
    if (!active && algorithm.value !== s.settings.algorithm) algorithm.value = s.settings.algorithm;
    algorithm.disabled = active;
    // not while a delay is on its way to Python: an older state would pull the slider back
    if (!this.delayDragging && !this.sendDelay.busy()) this.showDelay(s.settings.delay);
    $("steps").textContent = String(session.steps);
    $("backtracks").textContent = String(session.backtracks);
    this.showElapsed();
    const status = {
      running: () => i18n.t("solve.running", { algorithm: algorithmName(session.algorithm) }),
      paused: () => i18n.t("solve.paused"),
      solved: () => solvedText(session),
      failed: () => i18n.t("solve.failed"),
      stopped: () => i18n.t("solve.stopped"),
    }[session.status];
    $("solve-status").textContent = status ? status() : "";
    this.tellStep();
  }

  wire() {
    $("solve").addEventListener("click", () => this.start());
    $("pause").addEventListener("click", () => this.togglePause());
    $("step").addEventListener("click", () => this.call("step"));
    $("stop").addEventListener("click", () => this.call("stop"));
    wireSlider("delay", {
      dragging: (on) => (this.delayDragging = on),
      show: (value) => this.showDelay(value),
      send: (value) => this.sendDelay(value),
    });
    const runningNow = () => store.state() && store.state().session.status === "running";
    setInterval(() => {
      if (runningNow()) this.showElapsed();
    }, 100);
    // a running solve redraws without rest and the renderer never collects on its own: collect every
    // few seconds where the host exposes gc (QtWebEngine, desktop/app.py's JS_FLAGS)
    setInterval(() => {
      if (runningNow()) globalThis.gc?.();
    }, 5000);
  }
}
