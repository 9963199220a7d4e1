// New puzzle by technique (issue 30): the combobox "Must use" beside New puzzle's Difficulty.
// Its choice is the setting `needs` (a technique id, "" for none): New puzzle then makes a puzzle whose
// logical solution uses that technique and nothing harder, or says it is too rare to find in time.

import { api } from "./api.js";
import * as i18n from "./i18n.js";
import { loadTechniques, techniqueName, techniques } from "./names.js";
import * as store from "./store.js";
import "./words/needs.js";
import "./words/practise.js";

const $ = (id) => document.getElementById(id);

let drawnKey = "";

function build() {
  const label = document.createElement("label");
  label.htmlFor = "needs";
  label.className = "visually-hidden";
  label.dataset.i18n = "label.needs";
  label.textContent = i18n.t("label.needs");
  const select = document.createElement("select");
  select.id = "needs";
  select.addEventListener("change", () => api.setSetting("needs", select.value));
  $("difficulty").after(label, select);
}

/** The options: none, then every technique by family (its level said), easiest first. */
function drawOptions(value) {
  const lang = i18n.language();
  const key = `${lang}:${techniques().length}`;
  const select = $("needs");
  if (key !== drawnKey) {
    drawnKey = key;
    const none = new Option(i18n.t("needs.none"), "");
    const groups = new Map();
    for (const entry of techniques()) {
      if (!groups.has(entry.family)) {
        const group = document.createElement("optgroup");
        group.label = i18n.t(`family.${entry.family}`);
        groups.set(entry.family, group);
      }
      const name = techniqueName(entry.id);
      const text = i18n.t("needs.option", { name, level: i18n.t(`practise.level.${entry.level}`) });
      groups.get(entry.family).appendChild(new Option(text, entry.id));
    }
    select.replaceChildren(none, ...groups.values());
  }
  if (select.value !== value) select.value = value;
}

export const needs = {
  async mount(ctx) {
    build();
    await loadTechniques();
    drawnKey = "";
    if (store.state()) ctx.render(); // the names have come: the picker, the rating and notices use them
  },
  render(state) {
    const value = state.settings.needs || "";
    drawOptions(value);
    $("needs").disabled = $("difficulty").disabled; // main.js: off while a puzzle is being made
    if (value) $("difficulty").disabled = true; // a puzzle made for a technique has the level it rates
  },
};
