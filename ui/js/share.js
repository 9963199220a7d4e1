// Sharing (issue 32), in the Menu: "Copy link" (SudokuWiki's solver link of the board), "Open in
// SudokuWiki" (the same link in the system's browser, opened by Python) and "Copy puzzle" (the givens
// as an 81-character line, as Export writes it). What was copied is also shown, to copy by hand.

import { api } from "./api.js";
import * as i18n from "./i18n.js";
import "./words/share.js";

const $ = (id) => document.getElementById(id);

/** Put ``text`` on the clipboard; false when neither a copied selection nor the Clipboard API could.
 * The selection first: QtWebEngine aborts the whole app when the Clipboard API asks it for the
 * clipboard-write permission (seen under Xvfb), while a copied selection works in every web view. */
export async function copyText(text) {
  const area = document.createElement("textarea");
  area.value = text;
  area.setAttribute("readonly", "");
  area.className = "visually-hidden";
  document.body.appendChild(area);
  area.select();
  let done = false;
  try {
    done = document.execCommand("copy");
  } catch {
    done = false;
  }
  area.remove();
  if (done) return true;
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

class Share {
  mount(ctx) {
    const copy = async (answer, key) => {
      if (!answer.ok) return;
      const copied = await copyText(answer.text);
      ctx.say(() => i18n.t(copied ? key : "share.notCopied", { text: answer.text }));
    };
    $("copy-link").addEventListener("click", async () => copy(await api.shareLink(), "share.linkCopied"));
    $("copy-puzzle").addEventListener("click", async () =>
      copy(await api.exportText("line", "puzzle"), "share.puzzleCopied"));
    $("open-sudokuwiki").addEventListener("click", async () => {
      const answer = await api.openSudokuwiki();
      if (answer.ok) ctx.say(() => i18n.t("share.opened"));
    });
  }
}

export const share = new Share();
