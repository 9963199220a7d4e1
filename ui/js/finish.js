// A finished game gets its own moment: the dialog "Solved" with the time, the best and average time
// for the level, the hints used, and what next ("Next puzzle" in a set, else "New puzzle"). A puzzle
// the solver finished says so in the message line instead. Everything shown comes from the state.

import { api } from "./api.js";
import * as i18n from "./i18n.js";
import { clock } from "./play.js";

const $ = (id) => document.getElementById(id);

function givens(state) {
  return state.digits.map((d, c) => (state.origins[c] === "given" ? d : 0)).join("");
}

/** True when `state` shows the same puzzle as `before`, newly full and right (status "solved"). */
function newlySolved(before, state) {
  if (!before || state.paused || state.mode !== "play" || state.status.kind !== "solved") return false;
  if (before.status.kind === "solved" || before.set.index !== state.set.index) return false;
  return givens(before) === givens(state);
}

export class Finish {
  /** ctx: {say(words), focusBoard()}. */
  constructor(ctx) {
    this.ctx = ctx;
    const dialog = $("solved-dialog");
    $("solved-close").addEventListener("click", () => dialog.close());
    $("solved-next").addEventListener("click", async () => {
      dialog.close();
      await api.goPuzzle("next");
    });
    $("solved-new").addEventListener("click", () => {
      dialog.close();
      $("new-puzzle").click();
    });
    dialog.addEventListener("close", () => this.ctx.focusBoard());
  }

  /** Look at a newly accepted state against the one before it; open the dialog on a finish. */
  accepted(before, state) {
    const set = state.set;
    if ($("solved-dialog").open) $("solved-next").disabled = set.index >= set.made - 1;
    if (!newlySolved(before, state)) return;
    if (state.origins.includes("solved")) {
      this.ctx.say(() => i18n.t("solved.bySolver"));
      return;
    }
    this.show(state);
  }

  show(state) {
    const ms = state.check && state.check.kind === "solved" ? state.check.ms : state.timer.ms;
    const level = state.difficulty || "any";
    const stats = (state.statistics || {})[level];
    const facts = [
      ["solved.time", clock(ms)],
      ["solved.level", i18n.t(`level.${level}`)],
    ];
    if (stats) facts.push(["solved.best", clock(stats.best)], ["solved.average", clock(stats.average)]);
    facts.push(["solved.hints", String(state.hints_used || 0)]);
    facts.push(["solved.mistakes", String(state.mistakes_checked || 0)]);
    const list = $("solved-facts");
    list.textContent = "";
    for (const [key, value] of facts) {
      const dt = document.createElement("dt");
      dt.textContent = i18n.t(key);
      const dd = document.createElement("dd");
      dd.textContent = value;
      list.append(dt, dd);
    }
    $("solved-best").hidden = !(stats && stats.solved > 1 && stats.best >= ms);
    const set = state.set;
    const next = set.is_set && set.index < set.count - 1;
    $("solved-next").hidden = !next;
    $("solved-next").disabled = next && set.index >= set.made - 1; // the next one is still being made
    $("solved-new").hidden = next;
    const dialog = $("solved-dialog");
    if (!dialog.open) dialog.showModal();
    (next ? $("solved-next") : $("solved-new")).focus();
  }
}
