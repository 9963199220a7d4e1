// The page's words to the user: the message line, the spoken announcements and the alert (#toast).
// A message is kept as the function that words it (codes and params come from Python), so a language
// switch words it again; it is shown and spoken each time it is said, even in the same words.

import * as i18n from "./i18n.js";
import { techniqueName } from "./names.js";

const $ = (id) => document.getElementById(id);
let toldId = 0; // the newest notice told: the state's notices are told once each, by id
let lastMessage = null;
let lastToast = null;
let making = null; // the text of "making a puzzle…", cleared when the making ends
let toastTimer = 0;

/** Speak `text` through the polite live region (a repeated text is spoken again). */
export function announce(text) {
  const el = $("announcer");
  el.textContent = "";
  // a fresh text node in the next frame makes screen readers speak even a repeated message
  setTimeout(() => {
    el.textContent = text;
  }, 30);
}

/** Show and speak the message `words()` (a function, so it can be worded again). */
export function say(words) {
  lastMessage = words;
  const text = words();
  $("message").textContent = text;
  announce(text);
}

/** Say `words` as the message that lasts while a puzzle or a set is being made. */
export function sayMaking(words) {
  say(words);
  making = $("message").textContent;
}

/** The making is over: its message goes (unless another message has replaced it). */
export function madeIt() {
  if (making !== null && $("message").textContent === making) $("message").textContent = "";
  making = null;
}

/** Show `words()` in the alert for a while (errors and warnings). */
export function toast(words, level = "error") {
  const el = $("toast");
  lastToast = words;
  el.textContent = words();
  el.className = `toast ${level}`;
  el.hidden = false;
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => {
    el.hidden = true;
  }, 6000);
}

/** After a language switch: word the message and a visible alert again. */
export function retell() {
  const message = $("message");
  if (lastMessage && message.textContent) {
    const text = lastMessage();
    if (making === message.textContent) making = text;
    message.textContent = text;
  }
  if (lastToast && !$("toast").hidden) $("toast").textContent = lastToast();
}

/** The words of a refused call: its code and params through the catalogue, else its English message. */
export function errorText(error) {
  const key = `error.${error.code}`;
  const params = error.params || {};
  const cell = Array.isArray(params.cell) ? `r${params.cell[0]}c${params.cell[1]}` : "";
  return i18n.has(key) ? i18n.t(key, { message: error.message, ...params, cell }) : error.message;
}

function noticeWords(notice) {
  const params = notice.params || {};
  switch (notice.code) {
    case "damaged_save":
      return () => i18n.t("notice.damaged_save", { what: i18n.t(`what.${params.what || "game"}`) });
    case "new_puzzle": {
      const told = params.difficulty && params.difficulty !== "any"
        ? () => i18n.t("msg.newPuzzleLevel", { clues: params.clues, level: i18n.t(`level.${params.difficulty}`) })
        : () => i18n.t("msg.newPuzzle", { clues: params.clues });
      // a game in progress was replaced: Undo brings it back
      return params.replaced ? () => `${told()} ${i18n.t("msg.undoHint")}` : told;
    }
    case "too_rare":
      return () => i18n.t("notice.too_rare", { ...params, name: techniqueName(params.technique) });
    case "solve_failed":
      return () => i18n.t("notice.solve_failed");
    default:
      return () => (i18n.has(`notice.${notice.code}`)
        ? i18n.t(`notice.${notice.code}`, { message: notice.message, ...params })
        : notice.message);
  }
}

/** Tell the state's notices not told yet, oldest first (each has an increasing id). */
export function tellNotices(notices) {
  for (const notice of notices || []) {
    if (notice.id <= toldId) continue;
    toldId = notice.id;
    const words = noticeWords(notice);
    if (notice.level === "info") say(words);
    else toast(words, notice.level === "warning" ? "warning" : "error");
  }
}
