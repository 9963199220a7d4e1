// The keys: on the board (digits, erase, arrows, Tab, one-off notes) and everywhere (shortcuts).
// Keys only name intents; the actions they call are the page's (main.js hands them in).

import { api } from "./api.js";

const $ = (id) => document.getElementById(id);

/** True when a key goes to a text field, a select or a dialog, not to the board. */
export function typing(event) {
  const tag = event.target.tagName;
  return tag === "INPUT" || tag === "SELECT" || tag === "TEXTAREA" || event.target.closest("dialog");
}

/** The digit a key types on a board of size N: 1-9 (up to N), then A-G for 10-16; 0 for none. */
export function digitOfKey(key, size) {
  const digit = /^[1-9]$/.test(key) ? Number(key) : size > 9 && /^[a-g]$/i.test(key)
    ? key.toLowerCase().charCodeAt(0) - 87 : 0;
  return digit <= size ? digit : 0;
}

/** The digit a key types with Shift or Ctrl held: by its code for 1-9 (Shift+1 types "!"), by the letter
 * for 10-16 (A-G on a board over 9); 0 for none. */
export function heldDigit(event, size) {
  const code = /^(?:Digit|Numpad)([1-9])$/.exec(event.code);
  const digit = code ? Number(code[1]) : digitOfKey(event.key, size);
  return digit <= size ? digit : 0;
}

/** The letter of a window shortcut (lower case), or "": the key alone (Shift allowed), or Alt+letter by
 * its code, which works on every board and is the way to A and C on a board over 9 (A-G are digits
 * there); never while typing in a field. */
export function shortcutKey(event) {
  if (event.ctrlKey || event.metaKey || typing(event)) return "";
  if (event.altKey) return !event.shiftKey && /^Key[A-Z]$/.test(event.code) ? event.code.slice(3).toLowerCase() : "";
  return event.key.length === 1 ? event.key.toLowerCase() : "";
}

/** Keys on the board; act: {selected(), select(cell), enterDigit(d), toggleNote(d), size()} (size: N of
 * the board, 9 unless given). */
export function boardKeys(act) {
  return (event) => {
    const size = act.size ? act.size() : 9;
    // Shift+digit (Shift+A-G on a board over 9): a one-off note (Ctrl's one-off marks are marks.js's)
    const held = event.shiftKey && !event.ctrlKey && !event.metaKey && !event.altKey ? heldDigit(event, size) : 0;
    if (held) {
      event.preventDefault();
      event.stopPropagation(); // Shift+A is not a shortcut's A
      act.toggleNote(held);
      return;
    }
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    const key = event.key;
    const cell = act.selected();
    const row = Math.floor(cell / size);
    const col = cell % size;
    const moves = {
      ArrowUp: row > 0 ? cell - size : cell,
      ArrowDown: row < size - 1 ? cell + size : cell,
      ArrowLeft: col > 0 ? cell - 1 : cell,
      ArrowRight: col < size - 1 ? cell + 1 : cell,
      Home: row * size,
      End: row * size + size - 1,
    };
    const digit = digitOfKey(key, size);
    if (digit) {
      act.enterDigit(digit);
      // A-G are digits here: the window's letter shortcuts (hint, apply, colours…) must not see them
      if (!/^[1-9]$/.test(key)) event.stopPropagation();
    } else if (key === "Backspace" || key === "Delete" || key === "0" || key === "Escape") {
      act.enterDigit(0);
    } else if (key in moves) {
      act.select(moves[key]);
    } else if (key === "Tab") {
      // Tab moves on through the cells; past the last (or before the first) it leaves the board
      const next = event.shiftKey ? cell - 1 : cell + 1;
      if (next < 0 || next > size * size - 1) return;
      act.select(next);
    } else {
      return;
    }
    event.preventDefault();
  };
}

/** Keys anywhere; act: {ready(), check(), toggleNotes(), togglePause(), undoRedo(w), solving(),
 * toggleRun()}. */
export function globalKeys(act) {
  return (event) => {
    const mod = event.ctrlKey || event.metaKey;
    const key = event.key.toLowerCase();
    const letter = shortcutKey(event); // Alt+A on a board over 9, where A types 10
    if (mod && (key === "q" || key === "w")) {
      event.preventDefault();
      api.quit(); // closes the window as its close button does
      return;
    }
    if (!act.ready()) return;
    if (mod && key === "n") {
      event.preventDefault();
      $("new-puzzle").click();
    } else if (mod && key === "enter") {
      event.preventDefault();
      act.check();
    } else if (key === "?" && !typing(event)) {
      event.preventDefault();
      $("shortcuts").click();
    } else if (letter && "nhpa[]".includes(letter)) {
      event.preventDefault();
      if (letter === "n") act.toggleNotes();
      else if (letter === "h") $("hint").click();
      else if (letter === "a") $("apply-hint").click();
      else if (letter === "[") $("step-back").click();
      else if (letter === "]") $("step").click();
      else act.togglePause();
    } else if (mod && key === "z" && !event.shiftKey) {
      event.preventDefault();
      act.undoRedo("undo");
    } else if (mod && (key === "y" || (key === "z" && event.shiftKey))) {
      event.preventDefault();
      act.undoRedo("redo");
    } else if (key === " " && act.solving()) {
      const tag = event.target.tagName;
      if (tag === "BUTTON" || tag === "SELECT" || tag === "INPUT") return;
      event.preventDefault();
      act.toggleRun();
    }
  };
}
