// Sharing (issue 32), in the Menu: "Copy link" (SudokuWiki's solver link of the board), "Open in
// SudokuWiki" (the same link in the system's browser, opened by Python) and "Copy puzzle" (the givens
// as an 81-character line, as Export writes it). What was copied is also shown, to copy by hand.

import { api } from "./api.js";
import { copyText } from "./clipboard.js";
import * as i18n from "./i18n.js";
import "./words/share.js";

const $ = (id) => document.getElementById(id);

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
