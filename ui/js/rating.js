// The Learn tab's status "Rating": the puzzle's level and scores on three scales, the techniques of its
// logical path and its hardest step (the bottleneck), which opens on the Timeline when clicked. The
// breakdown comes from Python in the state's `rating` (asked for once per puzzle while Learn is shown).

import { api } from "./api.js";
import * as i18n from "./i18n.js";
import { techniqueName } from "./names.js";
import * as store from "./store.js";
import "./words/rating.js";

const $ = (id) => document.getElementById(id);

/** The puzzle shown, as its givens and a variant's constraints ("" when there is nothing to rate). */
function puzzleKey(state) {
  const givens = state.digits.map((d, c) => (state.origins[c] === "given" ? d : 0));
  const constraints = (state.shape && state.shape.constraints) || [];
  if (!givens.some(Boolean) && !constraints.length) return "";
  return `${givens.join(",")}|${JSON.stringify(state.shape || {})}`;
}

/** A technique's name: a variant rating carries its names (the variant logic's registry). */
function nameOf(r, tid) {
  const names = r.names && r.names[tid];
  return names ? names[i18n.language()] || names.en : techniqueName(tid);
}

function levelName(level) {
  return i18n.has(`level.${level}`) ? i18n.t(`level.${level}`) : level;
}

/** A score on SE's scale as SE writes it: one decimal at least (8.0, not 8). */
function seScore(score) {
  return Number.isInteger(score) ? score.toFixed(1) : String(score);
}

/** The status's lines: level, scores, the path's techniques; or the level alone before the breakdown. */
function ratingLines(state) {
  const r = state.rating;
  const known = state.difficulty && state.difficulty !== "any";
  if (!r) return known ? [i18n.t("rating.level", { level: levelName(state.difficulty) })] : [];
  const list = Object.entries(r.techniques)
    .map(([tid, count]) => i18n.t("rating.count", { name: nameOf(r, tid), count }))
    .join(", ");
  if (r.variant) {
    const hardest = r.bottleneck ? nameOf(r, r.bottleneck.technique) : "";
    return [
      i18n.t("rating.level", { level: levelName(r.level) }),
      i18n.t("rating.variant", { score: seScore(r.score), name: hardest }),
      i18n.t("rating.steps", { count: r.steps, list }),
      ...(r.logic_only ? [] : [i18n.t("rating.guesses")]),
    ];
  }
  return [
    i18n.t("rating.level", { level: levelName(r.level) }),
    i18n.t("rating.scores", { score: seScore(r.score), hodoku: r.hodoku_score, qqwing: i18n.t(`qqwing.${r.qqwing}`) }),
    i18n.t("rating.steps", { count: r.steps, list }),
  ];
}

export const rating = {
  asked: "",

  mount(ctx) {
    this.ctx = ctx;
    $("bottleneck").addEventListener("click", () => this.open());
  },

  /** Show the human-logic run paused right after the bottleneck step, on the Timeline (Watch). */
  async open() {
    const r = store.state().rating;
    if (!r || !r.bottleneck) return;
    const { answer } = await store.act(() => api.openStep(r.bottleneck.index));
    if (!answer.ok) return;
    $("tab-watch").click();
  },

  render(state, active) {
    const key = puzzleKey(state);
    const learning = state.settings.tab === "learn" && state.mode === "play" && !state.paused;
    if (learning && key && !state.rating && this.asked !== key && state.status.kind !== "invalid") {
      this.asked = key; // once per puzzle: the answer comes in a state
      api.ratePuzzle();
    }
    const text = ratingLines(state).join("\n");
    if ($("rating").textContent !== text) $("rating").textContent = text;
    const r = state.rating;
    const button = $("bottleneck");
    button.hidden = !(r && r.bottleneck);
    if (!button.hidden) {
      const { index, technique, score } = r.bottleneck;
      const label = i18n.t("rating.bottleneck", {
        index: index + 1, name: nameOf(r, technique), score: seScore(score) });
      if (button.textContent !== label) button.textContent = label;
      button.disabled = active;
    }
  },
};
