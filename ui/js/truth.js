// The true candidates of a puzzle with several solutions (issue 40): when the state has them (N*N masks,
// the digits some solution has: leaving Enter puzzle on such a puzzle), they are the candidates shown in
// the empty cells, each empty cell's label ends with them, and a status "True candidates" says so.

import * as i18n from "./i18n.js";
import { shapeOf } from "./shape.js";
import "./words/editor.js";

const $ = (id) => document.getElementById(id);

function truthOf(state) {
  const masks = state.true_candidates;
  return Array.isArray(masks) && masks.length === shapeOf(state).cells ? masks : null;
}

class TrueCandidates {
  mount() {
    const box = document.createElement("div");
    Object.assign(box, { id: "true-candidates", className: "true-candidates", hidden: true });
    box.setAttribute("role", "status");
    box.setAttribute("aria-label", i18n.t("editor.trueCandidates"));
    box.setAttribute("data-i18n-aria-label", "editor.trueCandidates");
    const editor = $("enter-tools");
    (editor || document.querySelector(".panel .state-line")).after(box);
  }

  model(model, state) {
    const truth = truthOf(state);
    if (!truth) return;
    model.candidates = truth;
    const base = model.label;
    const size = model.shape.size;
    model.label = (cell, digit, notes) => {
      const label = base(cell, digit, notes);
      if (digit || !truth[cell]) return label;
      const list = [];
      for (let d = 1; d <= size; d++) if (truth[cell] & (1 << (d - 1))) list.push(d);
      return i18n.t("editor.cellTruth", { label, digits: list.join(" ") });
    };
  }

  render(state) {
    const box = $("true-candidates");
    const words = truthOf(state) ? i18n.t("editor.trueShown") : "";
    box.hidden = !words;
    if (box.textContent !== words) box.textContent = words;
  }
}

export const trueCandidates = new TrueCandidates();
