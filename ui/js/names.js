// The engine's names of its techniques, asked once (the question `techniques`: every technique but
// guess, with its family, level and names in English and Chinese). The state and the notices carry
// technique ids only; the page names them from here, in the language shown.

import { api } from "./api.js";
import * as i18n from "./i18n.js";

let entries = [];
let byId = new Map();
let loading = null;

/** Ask for the techniques once; resolves with the list (empty if the call was refused). */
export function loadTechniques() {
  if (!loading) {
    loading = api.techniques().then((answer) => {
      if (answer.ok) {
        entries = answer.techniques;
        byId = new Map(entries.map((entry) => [entry.id, entry]));
      }
      return entries;
    });
  }
  return loading;
}

/** The techniques, easiest first (empty until loaded). */
export function techniques() {
  return entries;
}

/** A technique's name in the language shown (its id until the names have come). */
export function techniqueName(id) {
  const entry = byId.get(id);
  return entry ? entry.name[i18n.language()] || entry.name.en : id;
}
