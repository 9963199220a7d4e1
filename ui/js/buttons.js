// The header's and the panels' plain buttons and selects: each becomes one API call or setting.

import { api } from "./api.js";
import * as i18n from "./i18n.js";
import { changeSetting } from "./settings.js";
import * as store from "./store.js";

const $ = (id) => document.getElementById(id);

/** Wire the buttons that need no panel of their own (New puzzle, Clear, Undo, Redo, the selects). */
export function wireButtons({ say, sayMaking, toggleEnterMode, undoRedo }) {
  $("new-puzzle").addEventListener("click", async () => {
    // the puzzle can be made before the answer comes back: say "making" only while it still is
    // the kind picked beside it ("classic 9" is today's New puzzle; the rest the variant engine makes)
    const [kind, size] = $("new-kind").value.split(" ");
    const classic = kind === "classic" && size === "9";
    const { answer, state } = await store.act(() => (classic ? api.newPuzzle() : api.newVariant(kind, Number(size))));
    if (answer.ok && state.busy) sayMaking(() => i18n.t("msg.generating"));
  });
  $("clear").addEventListener("click", async () => {
    const answer = await api.clear();
    if (answer.ok) say(() => `${i18n.t("msg.cleared")} ${i18n.t("msg.undoHint")}`);
  });
  $("enter-mode").addEventListener("click", toggleEnterMode);
  $("undo").addEventListener("click", () => undoRedo("undo"));
  $("redo").addEventListener("click", () => undoRedo("redo"));
  $("candidates").addEventListener("click", () => changeSetting("candidates", !store.state().settings.candidates));
  $("fill-singles").addEventListener("click", async () => {
    const answer = await api.fillSingles();
    if (!answer.ok) return;
    say(() => (answer.placed ? i18n.plural("msg.filled", answer.placed) : i18n.t("msg.nothingFilled")));
  });
  $("algorithm").addEventListener("change", (e) => changeSetting("algorithm", e.target.value));
  $("language").addEventListener("change", (e) => changeSetting("language", e.target.value));
  $("theme").addEventListener("change", (e) => changeSetting("theme", e.target.value));
  $("difficulty").addEventListener("change", (e) => changeSetting("difficulty", e.target.value));
}
