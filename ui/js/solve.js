// The "Watch it solve" panel: Solve, Pause/Resume, Step, Stop, the delay slider and the counters. The
// run's board is a view only: `solve` frames keyed by the run's id, drawn over the game's board until
// the run is over (then the game's state, with the run's result, is what shows).

import { api } from "./api.js";
import { on } from "./events.js";
import * as i18n from "./i18n.js";
import { announce } from "./messages.js";
import * as store from "./store.js";
import { algorithmName, solvedText } from "./texts.js";

const $ = (id) => document.getElementById(id);
const ACTIVE = new Set(["running", "paused"]);
const ENDED = new Set(["solved", "failed", "stopped"]);

export class SolvePanel {
  /** ctx: {view, render(), queueRender()}. */
  constructor(ctx) {
    this.ctx = ctx;
    this.delayInFlight = false;
    this.delayWanted = null;
    this.wire();
  }

  /** True while a run is going or paused. */
  active() {
    const { session } = this.ctx.view;
    return Boolean(session && ACTIVE.has(session.status));
  }

  /** Take a session info; a stale copy of the same run never rolls the counters back. */
  acceptSession(info) {
    const { view } = this.ctx;
    if (!info) return;
    const current = view.session;
    if (current && info.id === current.id && info.tick < current.tick) return;
    if (current && info.id < current.id && info.id !== 0) return;
    view.session = info;
    view.sessionAt = performance.now();
  }

  /** A new state: a run it shows as over is no longer drawn over the board. */
  accepted(state) {
    const { view } = this.ctx;
    if (ENDED.has(state.session.status)) view.endedId = Math.max(view.endedId, state.session.id);
    if (view.solve && (state.session.id !== view.solve.session.id || view.solve.session.id <= view.endedId)) {
      view.solve = null; // the run is over and its result (if any) is now part of the game
    }
    if (state.session.id !== 0 || !this.active()) this.acceptSession(state.session);
  }

  async start() {
    const { answer, state } = await store.act(() => api.solve($("algorithm").value));
    if (answer.ok) this.beginShowing(state.session);
  }

  beginShowing(info) {
    const { view } = this.ctx;
    if (info.id <= view.endedId) {
      this.ctx.render(); // the run ended before its answer came back: its result is already on the board
      return;
    }
    if (!view.solve || view.solve.session.id !== info.id) {
      const s = view.state;
      view.solve = { session: info, board: s.digits.slice(), start: s.digits.slice(), event: null, count: 0 };
    }
    this.acceptSession(info);
    this.ctx.render();
    announce(i18n.t(info.status === "paused" ? "solve.paused" : "solve.running", {
      algorithm: algorithmName(info.algorithm),
    }));
  }

  /** A seek or Step back answered: the run is shown again at that moment, even one that had ended. */
  reopen(info) {
    const { view } = this.ctx;
    view.endedId = Math.min(view.endedId, info.id - 1);
    this.acceptSession(info);
    this.ctx.render();
  }

  async call(which) {
    const { answer, state } = await store.act(() => api[which]());
    if (!answer.ok) return;
    if (which === "step") this.beginShowing(state.session);
    else this.acceptSession(state.session);
    this.ctx.render();
    if (which === "pause") announce(i18n.t("solve.paused"));
  }

  togglePause() {
    this.call(this.ctx.view.session.status === "paused" ? "resume" : "pause");
  }

  showDelay(ms) {
    const slider = $("delay");
    if (Number(slider.value) !== ms) slider.value = String(ms);
    const text = i18n.t("delay.ms", { ms });
    slider.setAttribute("aria-valuetext", text);
    $("delay-value").textContent = text;
  }

  async sendDelay(ms) {
    this.delayWanted = ms;
    if (this.delayInFlight) return; // the latest value goes out when the call in flight returns
    this.delayInFlight = true;
    while (this.delayWanted !== null) {
      const value = this.delayWanted;
      this.delayWanted = null;
      const answer = await api.setDelay(value);
      if (answer.ok && this.delayWanted === null) await store.until((s) => s.settings.delay === value);
    }
    this.delayInFlight = false;
    this.ctx.render();
  }

  showElapsed() {
    const { view } = this.ctx;
    const session = view.session || (view.state && view.state.session);
    if (!session) return;
    let ms = session.elapsed_ms;
    if (session.status === "running") ms += performance.now() - view.sessionAt;
    $("elapsed").textContent = i18n.t("time.seconds", { s: (ms / 1000).toFixed(1) });
  }

  /** Draw the panel for state `s` (`busy`: a puzzle is being made). */
  render(s, busy) {
    const { view } = this.ctx;
    const active = this.active();
    const session = view.session || s.session;
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
    if (!view.delayDragging && !this.delayInFlight) this.showDelay(s.settings.delay);
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
  }

  wire() {
    const { view } = this.ctx;
    $("solve").addEventListener("click", () => this.start());
    $("pause").addEventListener("click", () => this.togglePause());
    $("step").addEventListener("click", () => this.call("step"));
    $("stop").addEventListener("click", () => this.call("stop"));
    const delay = $("delay");
    delay.addEventListener("input", () => {
      view.delayDragging = true;
      this.showDelay(Number(delay.value));
      this.sendDelay(Number(delay.value));
    });
    delay.addEventListener("change", () => {
      view.delayDragging = false;
      this.sendDelay(Number(delay.value));
    });
    delay.addEventListener("blur", () => {
      view.delayDragging = false;
    });
    on("solve", (payload) => this.frame(payload));
    setInterval(() => {
      if (view.session && view.session.status === "running") this.showElapsed();
    }, 100);
    // a running solve redraws without rest and the renderer never collects on its own: collect every
    // few seconds where the host exposes gc (QtWebEngine, desktop/app.py's JS_FLAGS)
    setInterval(() => {
      if (view.session && view.session.status === "running") globalThis.gc?.();
    }, 5000);
  }

  /** One `solve` frame: drawn if it belongs to the newest run not yet over. */
  frame(payload) {
    const { view } = this.ctx;
    if (!view.state || payload.session.id <= view.endedId) return;
    if (view.solve && payload.session.id < view.solve.session.id) return;
    view.solve = payload;
    this.acceptSession(payload.session);
    if (payload.session.status === "solved") announce(solvedText(payload.session));
    if (payload.session.status === "failed") announce(i18n.t("solve.failed"));
    const explain = payload.event && payload.event.explain;
    if (explain && payload.session.status === "paused") announce(explain[i18n.language()] || explain.en);
    this.ctx.queueRender();
  }
}
