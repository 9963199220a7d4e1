// Puzzle text in and out: Ctrl+V on the board, the Import and Export dialogs (native file dialogs
// through the API). Parsing and formatting live in Python (desktop/io/transfer.py, engine.formats).

import { api } from "./api.js";
import { copyText } from "./clipboard.js";
import * as i18n from "./i18n.js";
import { errorText } from "./messages.js";
import * as store from "./store.js";

const $ = (id) => document.getElementById(id);

export class Transfer {
  /** ctx: {say(words), focusBoard()}; errors of the API go to the page's alert. */
  constructor(ctx) {
    this.ctx = ctx;
    this.wireImport();
    this.wireExport();
  }

  /** Load puzzle text; resolves to the API answer (a refusal shows its message, the board unchanged). */
  async load(text) {
    const { answer, state } = await store.act(() => api.importText(text));
    if (answer.ok) {
      const clues = state.digits.filter((d) => d).length;
      this.ctx.say(() => i18n.t("msg.imported", { clues }));
    }
    return answer;
  }

  /** Ctrl+V on the board: the clipboard text, as a puzzle. */
  paste(event) {
    const text = event.clipboardData ? event.clipboardData.getData("text") : "";
    if (!text) return;
    event.preventDefault();
    this.load(text);
  }

  /** Puzzles opened from outside (the command line, a file manager, a second launch): one puzzle loads
   * as a paste does; a text of several, or one that cannot be read, opens the Import dialog with it
   * (several are offered as a set there). */
  async takeOpened() {
    if (this.taking) {
      this.takeAgain = true; // a state with `opened` during a take: ask again once it is done
      return;
    }
    this.taking = true;
    try {
      do {
        this.takeAgain = false;
        const answer = await api.takeOpened();
        for (const item of (answer.ok && answer.items) || []) await this.importOpened(item);
      } while (this.takeAgain);
    } finally {
      this.taking = false;
    }
  }

  async importOpened(item) {
    if (item.error) {
      this.showImport();
      $("import-error").textContent = errorText(item.error); // a file that could not be read
      return;
    }
    // loaded straight away: a dialog opened for it would hide the board (it is modal) meanwhile
    const answer = await this.load(item.text);
    if (answer.ok) return;
    this.showImport();
    $("import-text").value = item.text;
    this.refused(answer.error);
  }

  showImport() {
    const dialog = $("import-dialog");
    $("import-error").textContent = "";
    $("import-set").hidden = true;
    if (!dialog.open) dialog.showModal();
    $("import-text").focus();
  }

  /** The Import dialog's Load: one puzzle loads and the dialog closes; several offer "Play as a set". */
  async loadDialogText() {
    const dialog = $("import-dialog");
    const error = $("import-error");
    error.textContent = "";
    const answer = await this.load($("import-text").value);
    if (answer.ok) {
      dialog.close();
    } else {
      this.refused(answer.error);
    }
  }

  /** Say in the Import dialog why its text did not load (several puzzles: offer them as a set). */
  refused(err) {
    const error = $("import-error");
    if (err.code === "several_puzzles") {
      error.textContent = i18n.t("msg.severalPuzzles", err.params);
      $("import-set").hidden = false; // one text, several puzzles: offered as a set
      $("import-set").focus();
    } else {
      error.textContent = i18n.t("error.bad_text", { message: err.message });
    }
  }

  wireImport() {
    const dialog = $("import-dialog");
    const error = $("import-error");
    $("import").addEventListener("click", () => this.showImport());
    $("import-close").addEventListener("click", () => dialog.close());
    dialog.addEventListener("close", () => this.ctx.focusBoard());
    $("import-open").addEventListener("click", async () => {
      const answer = await api.openFile();
      if (answer.ok && answer.text !== null) $("import-text").value = answer.text;
    });
    $("import-text").addEventListener("input", () => ($("import-set").hidden = true));
    $("import-load").addEventListener("click", () => this.loadDialogText());
    $("import-set").addEventListener("click", async () => {
      error.textContent = "";
      const { answer, state } = await store.act(() => api.importSet($("import-text").value));
      if (answer.ok) {
        this.ctx.say(() => i18n.t("msg.importedSet", { count: state.set.count }));
        dialog.close();
      } else {
        error.textContent = i18n.t("error.bad_text", { message: answer.error.message });
      }
    });
  }

  wireExport() {
    const dialog = $("export-dialog");
    const content = () => document.querySelector('input[name="export-content"]:checked').value;
    const show = async () => {
      const answer = await api.exportText($("export-format").value, content());
      if (answer.ok) $("export-text").value = answer.text;
    };
    $("export").addEventListener("click", async () => {
      await show();
      dialog.showModal();
      $("export-format").focus();
    });
    $("export-format").addEventListener("change", show);
    for (const radio of document.querySelectorAll('input[name="export-content"]')) {
      radio.addEventListener("change", show);
    }
    $("export-close").addEventListener("click", () => dialog.close());
    dialog.addEventListener("close", () => this.ctx.focusBoard());
    $("export-copy").addEventListener("click", async () => {
      await copyText($("export-text").value); // never the Clipboard API first: QtWebEngine aborts on it
      this.ctx.say(() => i18n.t("msg.copied"));
    });
    $("export-save").addEventListener("click", async () => {
      const answer = await api.saveFile($("export-format").value, content());
      if (answer.ok && answer.saved) this.ctx.say(() => i18n.t("msg.savedFile", { name: answer.saved }));
    });
  }
}
