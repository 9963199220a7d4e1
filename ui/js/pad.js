// The number pad: each digit button says how many of its digit are still to place (its description,
// and a small count on the key) and is disabled once all nine are on the board; in Notes mode the pad
// says it writes notes. A board of N digits shows the keys 1 to N.

import * as i18n from "./i18n.js";

const $ = (id) => document.getElementById(id);

/** Make each digit key's hidden description and visible count (once, at start). */
export function buildPad() {
  for (const key of document.querySelectorAll(".pad-key:not(.pad-erase)")) {
    const digit = key.dataset.digit;
    key.setAttribute("aria-label", digit); // the name stays the digit; the count is its description
    const left = document.createElement("span");
    left.className = "pad-left";
    left.setAttribute("aria-hidden", "true");
    const said = document.createElement("span");
    said.id = `pad-left-${digit}`;
    said.className = "visually-hidden";
    key.append(left, said);
    key.setAttribute("aria-describedby", said.id);
  }
}

/** Draw the counts from the digits on the board; notes: the pad writes notes; paused: all keys off;
 * size: the board's N (the keys 1-N show; 10-16 only on the big boards). */
export function drawPad(digits, notes, paused, size = 9) {
  const placed = new Array(17).fill(0);
  for (const d of digits) placed[d] += 1;
  for (const key of document.querySelectorAll(".pad-key:not(.pad-erase)")) {
    const digit = Number(key.dataset.digit);
    key.hidden = digit > size;
    const left = Math.max(0, size - placed[digit]);
    const words = i18n.t("pad.left", { count: left });
    const said = $(`pad-left-${digit}`);
    if (said.textContent !== words) said.textContent = words;
    key.querySelector(".pad-left").textContent = String(left);
    key.title = words;
    key.disabled = paused || left === 0;
  }
  const pad = document.querySelector(".pad");
  pad.classList.toggle("notes", notes);
  $("pad-mode").hidden = !notes;
}
