// Print… (issue 32), in the Menu: a dialog choosing the puzzle shown or the whole set, puzzles per page,
// the solutions, a title and the paper; Python makes the PDF (the code of `sudoku print`) and writes it
// where the native save dialog says. A refusal is said in the dialog's alert, and the dialog stays.

import { api } from "./api.js";
import * as i18n from "./i18n.js";
import * as store from "./store.js";
import { errorText } from "./messages.js";
import "./words/print.js";

const $ = (id) => document.getElementById(id);

class Print {
  mount(ctx) {
    this.ctx = ctx;
    const dialog = $("print-dialog");
    $("print").addEventListener("click", () => {
      const s = store.state();
      const isSet = Boolean(s.set && s.set.is_set);
      $("print-set").disabled = !isSet;
      if (!isSet) dialog.querySelector("input[value=puzzle]").checked = true;
      $("print-error").textContent = "";
      dialog.showModal();
      $("print-save").focus();
    });
    $("print-save").addEventListener("click", () => this.save());
    $("print-close").addEventListener("click", () => dialog.close());
    dialog.addEventListener("close", () => ctx.focusBoard());
  }

  async save() {
    const what = $("print-dialog").querySelector("input[name=print-what]:checked").value;
    const button = $("print-save");
    button.disabled = true;
    $("print-error").textContent = i18n.t("print.working");
    const answer = await api.printPdf(what, Number($("print-per-page").value), $("print-solutions").checked,
      $("print-heading").value, $("print-paper").value);
    button.disabled = false;
    $("print-error").textContent = answer.ok ? "" : errorText(answer.error);
    if (!answer.ok || !answer.saved) return;
    $("print-dialog").close();
    this.ctx.say(() => i18n.t("print.saved", { name: answer.saved }));
  }
}

export const print = new Print();
