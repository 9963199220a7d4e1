// Settings as the page changes them: shown at once, sent to Python, and kept on screen until a state
// that has them arrives (a state made before the change may still come and must not undo it).

import { api } from "./api.js";
import * as i18n from "./i18n.js";
import { retell } from "./messages.js";
import * as store from "./store.js";
import { applyTheme } from "./theme.js";

// settings sent and not yet answered: a state that arrives meanwhile (a timer tick, another call's
// answer) was made before the change and must not undo it on screen
const pendingSettings = {};

/** Return a state's settings with the ones still on their way laid over them. */
export function withPending(settings) {
  return { ...settings, ...pendingSettings };
}

/** Return changeSetting(name, value) for the page; ctx: {view, render()}. */
export function settingChanger({ view, render }) {
  return async function changeSetting(name, value) {
    pendingSettings[name] = value;
    const before = view.state.settings;
    view.state.settings = { ...before, [name]: value };
    render(); // shown at once
    let answer;
    try {
      answer = await api.setSetting(name, value);
      if (answer.ok) await store.until((s) => s.settings[name] === value);
    } finally {
      if (pendingSettings[name] === value) delete pendingSettings[name];
    }
    if (!answer.ok) view.state.settings = { ...view.state.settings, [name]: before[name] };
    applyTheme(view.state.settings.theme);
    if (answer.ok && name === "language" && i18n.language() !== value) {
      i18n.setLanguage(value);
      retell();
    }
    render();
  };
}
