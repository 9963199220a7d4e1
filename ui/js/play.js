// The game around the board: Check, notes, Restart, the game's pause and timer, sets, statistics.
// It only draws what the state says and forwards intent; the rules live in Python (desktop/midend).

import { api } from "./api.js";
import { colours } from "./colours.js";
import * as i18n from "./i18n.js";
import { shapeOf } from "./shape.js";
import * as store from "./store.js";
import { cellNameIn } from "./texts.js";
import { wireDialog } from "./widgets.js";

const $ = (id) => document.getElementById(id);

/** Return a duration in ms as m:ss (h:mm:ss past an hour). */
export function clock(ms) {
  const total = Math.floor(ms / 1000);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = String(total % 60).padStart(2, "0");
  return h ? `${h}:${String(m).padStart(2, "0")}:${s}` : `${m}:${s}`;
}

/** Return the Check answer in words ("Wrong: r3c5, r7c1", "12 cells are still empty.", "Solved in 3:05."). */
export function checkResultText(check) {
  if (!check) return "";
  if (check.kind === "wrong") {
    const size = shapeOf(store.state()).size;
    const cells = check.cells.map((c) => cellNameIn(c, size)).join(", ");
    return i18n.t("check.wrong", { cells });
  }
  if (check.kind === "empty") return i18n.plural("check.empty", check.empty);
  return i18n.t("check.solved", { time: clock(check.ms) });
}

export class PlayPanel {
  /** ctx: {say(words), sayMaking(words), changeSetting(name, value), focusBoard()}. */
  constructor(ctx) {
    this.ctx = ctx;
    this.timerAt = performance.now();
    this.wire();
    setInterval(() => this.showTimer(), 250);
  }

  get state() {
    return store.state();
  }

  /** Draw the Play group from the state (called by main's render). */
  render(active) {
    const s = this.state;
    setPressed($("notes"), store.ui().notesMode);
    const pause = $("pause-game");
    pause.dataset.i18n = s.paused ? "btn.resumeGame" : "btn.pauseGame";
    pause.textContent = i18n.t(pause.dataset.i18n);
    for (const id of ["check", "notes", "fill-candidates", "restart"]) $(id).disabled = active || s.paused;
    const set = s.set;
    $("prev-puzzle").disabled = active || !set.is_set || set.index === 0;
    $("next-puzzle").disabled = active || !set.is_set || set.index >= set.made - 1;
    $("play-set").disabled = Boolean(s.busy);
    $("cancel-set").hidden = !s.making_set;
    const progress = !set.is_set ? "" : i18n.t(s.making_set ? "set.making" : "set.progress", {
      index: set.index + 1, count: set.count, made: set.made, solved: set.solved,
    });
    if ($("set-progress").textContent !== progress) $("set-progress").textContent = progress;
    const result = $("check-result");
    const text = checkResultText(s.check);
    if (result.textContent !== text) result.textContent = text;
    result.dataset.kind = s.check ? s.check.kind : "";
    $("show-mistakes").checked = Boolean(s.settings.show_mistakes);
    $("show-timer").checked = s.settings.show_timer !== false;
    $("timer").hidden = s.settings.show_timer === false;
    $("timer-label").hidden = s.settings.show_timer === false;
    $("board").classList.toggle("paused", Boolean(s.paused));
    this.showTimer();
  }

  /** A new state arrived: the timer counts on from its ms. */
  accepted() {
    this.timerAt = performance.now();
  }

  showTimer() {
    const s = this.state;
    if (!s) return;
    const ms = s.timer.ms + (s.timer.running ? performance.now() - this.timerAt : 0);
    const text = clock(ms);
    if ($("timer").textContent !== text) $("timer").textContent = text;
  }

  async move(call, message) {
    const answer = await call();
    if (!answer.ok) return answer;
    if (message) this.ctx.say(() => message());
    return answer;
  }

  async check() {
    const answer = await this.move(() => api.check());
    if (answer.ok) this.ctx.say(() => checkResultText(answer.check));
  }

  toggleNotes() {
    const on = !store.ui().notesMode;
    if (on) colours.on = false; // one mode at a time (issue 40): Notes ends Colours, as the marks modes do
    store.setNotesMode(on); // the store's change draws it
    this.ctx.say(() => i18n.t(on ? "msg.notesOn" : "msg.notesOff"));
  }

  togglePause() {
    const paused = !this.state.paused;
    return this.move(() => api.setPaused(paused), () => i18n.t(paused ? "msg.paused" : "msg.resumed"));
  }

  go(which) {
    return this.move(() => api.goPuzzle(which), () => $("set-progress").textContent);
  }

  wire() {
    const back = (fn) => async () => {
      await fn();
      this.ctx.focusBoard(); // digits keep working after any button
    };
    $("check").addEventListener("click", back(() => this.check()));
    $("notes").addEventListener("click", back(() => this.toggleNotes()));
    $("fill-candidates").addEventListener("click", back(() =>
      this.move(() => api.fillCandidates(), () => i18n.t("msg.candidatesFilled"))));
    $("restart").addEventListener("click", back(() => this.move(() => api.restart(), () => i18n.t("msg.restarted"))));
    $("pause-game").addEventListener("click", back(() => this.togglePause()));
    $("prev-puzzle").addEventListener("click", back(() => this.go("previous")));
    $("cancel-set").addEventListener("click", back(() => api.cancelSet()));
    $("next-puzzle").addEventListener("click", back(() => this.go("next")));
    $("show-mistakes").addEventListener("change", (e) => this.ctx.changeSetting("show_mistakes", e.target.checked));
    $("show-timer").addEventListener("change", (e) => this.ctx.changeSetting("show_timer", e.target.checked));
    this.wireSetDialog();
    this.wireStatistics();
    wireDialog("shortcuts", "shortcuts-dialog", "shortcuts-close", () => this.ctx.focusBoard());
  }

  wireSetDialog() {
    const dialog = $("set-dialog");
    for (const option of $("difficulty").options) $("set-difficulty").appendChild(option.cloneNode(true));
    $("play-set").addEventListener("click", () => {
      $("set-difficulty").value = this.state.settings.difficulty || "any";
      dialog.showModal();
      $("set-count").focus();
    });
    $("set-close").addEventListener("click", () => dialog.close());
    dialog.addEventListener("close", () => this.ctx.focusBoard());
    $("set-form").addEventListener("submit", async (event) => {
      event.preventDefault();
      const count = Number($("set-count").value);
      if (!Number.isInteger(count) || count < 1 || count > 1000) {
        $("set-count").reportValidity();
        return;
      }
      dialog.close();
      const { answer, state } = await store.act(() => api.startSet(count, $("set-difficulty").value));
      if (answer.ok && (state.busy || state.making_set)) {
        this.ctx.sayMaking(() => i18n.t("msg.makingSet", { count })); // cleared when the making ends
      }
    });
  }

  wireStatistics() {
    const dialog = $("stats-dialog");
    $("statistics").addEventListener("click", () => {
      const body = $("stats-body");
      body.textContent = "";
      const stats = Object.entries(this.state.statistics || {});
      for (const [level, row] of stats) {
        const tr = document.createElement("tr");
        for (const text of [i18n.t(`level.${level}`), String(row.solved), clock(row.best), clock(row.average)]) {
          const td = document.createElement("td");
          td.textContent = text;
          tr.appendChild(td);
        }
        body.appendChild(tr);
      }
      if (!stats.length) {
        const tr = document.createElement("tr");
        const td = document.createElement("td");
        td.colSpan = 4;
        td.textContent = i18n.t("stats.none");
        tr.appendChild(td);
        body.appendChild(tr);
      }
      dialog.showModal();
      $("stats-close").focus();
    });
    $("stats-close").addEventListener("click", () => dialog.close());
    dialog.addEventListener("close", () => this.ctx.focusBoard());
  }
}

/** Set a toggle button's aria-pressed. */
export function setPressed(button, pressed) {
  button.setAttribute("aria-pressed", pressed ? "true" : "false");
}
