// Settings as the page changes them: shown at once (the store lays the value sent over the state's),
// sent to Python, and kept on screen until a state that has them arrives (a state made before the
// change may still come and must not undo it); a refused one shows the state's value again.

import { api } from "./api.js";
import * as store from "./store.js";

/** Change one setting (an intent): the store shows it while Python takes it. */
export async function changeSetting(name, value) {
  store.want(name, value);
  try {
    const answer = await api.setSetting(name, value);
    if (answer.ok) await store.until((s) => s.settings[name] === value);
  } finally {
    store.settle(name, value);
  }
}
