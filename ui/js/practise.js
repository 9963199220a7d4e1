// The technique trainer ("Practise" in the Learn tab): a dialog with its own board, so the game is
// never touched. The state's `practice` (desktop/midend/trainer.py) says what is shown; this file draws it
// and turns clicks and keys into calls: strike a candidate, place a digit, check, show, next.

import { api } from "./api.js";
import { BoardView, highlightOf } from "./board.js";
import * as i18n from "./i18n.js";
import { drawLinks } from "./links.js";
import * as store from "./store.js";
import { cellLabel, cellName } from "./texts.js";
import "./words/practise.js";

const $ = (id) => document.getElementById(id);

function element(tag, attrs = {}, children = []) {
  const el = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) el.setAttribute(name, value);
  el.append(...children);
  return el;
}

function button(id, key, extra = {}) {
  return element("button", { type: "button", id, "data-i18n": key, ...extra }, [i18n.t(key)]);
}

/** Build the dialog (its words are marked for i18n.setLanguage) and the Learn tab's button. */
function build() {
  const link = element("link", { rel: "stylesheet", href: "css/practise.css" });
  document.head.appendChild(link);
  const svg = document.createElementNS("http://www.w3.org/2000/svg", "svg");
  svg.id = "practise-links";
  svg.setAttribute("class", "links");
  svg.setAttribute("aria-hidden", "true");
  svg.setAttribute("hidden", "");
  svg.append(document.createElementNS(svg.namespaceURI, "desc"), document.createElementNS(svg.namespaceURI, "g"));
  const select = element("select", { id: "practise-technique" });
  const dialog = element("dialog", { id: "practise-dialog", class: "practise", "aria-labelledby": "practise-title" }, [
    element("h2", { id: "practise-title", "data-i18n": "practise.title" }, [i18n.t("practise.title")]),
    element("div", { class: "field inline" }, [
      element("label", { for: "practise-technique", "data-i18n": "label.technique" }, [i18n.t("label.technique")]),
      select,
    ]),
    element("p", { id: "practise-help", class: "practise-help", "data-i18n": "practise.help" }, [i18n.t("practise.help")]),
    element("div", { class: "board-wrap practise-wrap" }, [
      element("div", { id: "practise-board", class: "board", role: "grid", "aria-label": i18n.t("label.practiceBoard"),
        "data-i18n-aria-label": "label.practiceBoard", "aria-describedby": "practise-help" }),
      svg,
    ]),
    element("div", { class: "buttons" }, [
      button("practise-check", "btn.checkAnswer", { class: "primary", "aria-keyshortcuts": "Enter" }),
      button("practise-place", "btn.placeMode", { "aria-pressed": "false" }),
      button("practise-show", "btn.showAnswer"),
      button("practise-next", "btn.nextState"),
      button("practise-close", "btn.close"),
    ]),
    element("div", { id: "practise-result", class: "check-result", role: "status",
      "aria-label": i18n.t("label.practiceResult"), "data-i18n-aria-label": "label.practiceResult" }),
    element("div", { id: "practise-explanation", class: "practise-explanation", role: "status",
      "aria-label": i18n.t("label.practiceExplanation"), "data-i18n-aria-label": "label.practiceExplanation" }),
  ]);
  document.body.appendChild(dialog);
  const opener = button("practise", "btn.practise", { "aria-haspopup": "dialog" });
  document.querySelector("#panel-learn .buttons").appendChild(opener);
}

class Trainer {
  constructor(ctx) {
    this.ctx = ctx;
    this.selected = 0;
    this.placeMode = false;
    this.optionsKey = "";
    this.board = new BoardView($("practise-board"), { onSelect: (cell) => this.select(cell) });
    $("practise").addEventListener("click", () => api.practiseOpen(""));
    $("practise-close").addEventListener("click", () => $("practise-dialog").close());
    $("practise-dialog").addEventListener("close", () => {
      if (this.practice.open) api.practiseClose();
      ctx.focusBoard();
    });
    $("practise-technique").addEventListener("change", (event) => api.practiseOpen(event.target.value));
    $("practise-check").addEventListener("click", () => api.practiseCheck());
    $("practise-show").addEventListener("click", () => api.practiseShow());
    $("practise-next").addEventListener("click", () => api.practiseNext());
    $("practise-place").addEventListener("click", () => {
      this.placeMode = !this.placeMode;
      this.draw();
    });
    // a click on a candidate marks it: where in the cell says which digit
    $("practise-board").addEventListener("mousedown", (event) => {
      const el = event.target.closest("[data-cell]");
      if (!el || event.button !== 0) return;
      const rect = el.getBoundingClientRect();
      const col = Math.min(2, Math.floor(((event.clientX - rect.left) / rect.width) * 3));
      const row = Math.min(2, Math.floor(((event.clientY - rect.top) / rect.height) * 3));
      this.mark(Number(el.dataset.cell), row * 3 + col + 1, event.shiftKey);
    });
    $("practise-board").addEventListener("keydown", (event) => this.key(event));
    window.addEventListener("resize", () => this.drawLinks(true));
  }

  select(cell) {
    this.selected = cell;
    this.draw();
    this.board.focus(cell);
  }

  /** Strike candidate digit of cell (or place it: shift held, or Place digits on). */
  mark(cell, digit, shift) {
    const p = this.practice;
    if (!p.digits || p.digits[cell] || !(p.cands[cell] & (1 << (digit - 1)))) return;
    api.practiseMark(cell, digit, shift || this.placeMode ? "place" : "strike");
  }

  key(event) {
    const digitKey = /^(?:Digit|Numpad)([1-9])$/.exec(event.code);
    const cell = this.selected;
    const moves = { ArrowUp: -9, ArrowDown: 9, ArrowLeft: -1, ArrowRight: 1 };
    if (digitKey && !event.ctrlKey && !event.altKey && !event.metaKey) {
      event.preventDefault();
      this.mark(cell, Number(digitKey[1]), event.shiftKey);
    } else if (event.key in moves) {
      event.preventDefault();
      const next = cell + moves[event.key];
      const sameRow = Math.abs(moves[event.key]) === 9 || Math.floor(next / 9) === Math.floor(cell / 9);
      if (next >= 0 && next < 81 && sameRow) this.select(next);
    } else if (event.key === "Enter") {
      event.preventDefault();
      api.practiseCheck();
    }
  }

  /** The trainer's part of the state held (closed before the first state). */
  get practice() {
    const state = store.state();
    return (state && state.practice) || { open: false };
  }

  /** A new state from Python: open or close the dialog, then draw. */
  accepted(state, old) {
    const before = (old && old.practice) || { open: false };
    const dialog = $("practise-dialog");
    if (this.practice.open && !dialog.open) {
      dialog.showModal();
      this.board.focus(this.selected);
    } else if (!this.practice.open && dialog.open) {
      dialog.close();
    }
    if (this.practice.number !== before.number) this.placeMode = false;
    this.draw();
  }

  draw() {
    const p = this.practice;
    if (!p.open) return;
    this.drawOptions();
    $("practise-place").setAttribute("aria-pressed", this.placeMode ? "true" : "false");
    const shown = Boolean(p.digits);
    for (const id of ["practise-check", "practise-show", "practise-next"]) $(id).disabled = !shown;
    if (!shown) return;
    const step = p.answer ? p.answer.step : null;
    const struck = new Map();
    for (const [cell, digit] of p.struck) struck.set(cell, [...(struck.get(cell) || []), digit]);
    const placed = new Map(p.placed);
    this.board.render({
      digits: p.digits,
      origins: p.digits.map((d, c) => (d ? (p.givens[c] ? "given" : "inferred") : "")),
      conflicts: new Set(),
      wrong: new Set(p.wrong.map(([cell]) => cell)),
      selected: this.selected,
      candidates: p.cands,
      notes: null,
      current: null,
      highlight: highlightOf(step || { eliminations: p.struck, placements: p.placed }),
      label: (cell, digit) => {
        let label = cellLabel(cell, digit, p.cands[cell]);
        if (struck.has(cell)) label = i18n.t("practise.struckCell", { label, digits: struck.get(cell).join(" ") });
        if (placed.has(cell)) label = i18n.t("practise.placedCell", { label, digit: placed.get(cell) });
        return label;
      },
    });
    this.setText("practise-result", this.resultText());
    this.setText("practise-explanation", p.answer ? p.answer.step.words[i18n.language()] || p.answer.step.words.en : "");
    this.links = step && step.links.length ? step.links : null;
    this.drawLinks();
  }

  setText(id, text) {
    if ($(id).textContent !== text) $(id).textContent = text;
  }

  resultText() {
    const p = this.practice;
    const list = (pairs, placedOnes) => pairs.map(([cell, digit]) => i18n.t(
      placedOnes.has(`${cell}:${digit}`) ? "practise.place" : "practise.strike", { cell: cellName(cell), digit },
    )).join(", ");
    const placements = new Set([...(p.answer ? p.answer.step.placements : []), ...p.placed].map(([c, d]) => `${c}:${d}`));
    if (p.verdict === "right") return i18n.t("practise.right");
    if (p.verdict === "missing") {
      return p.missing.length ? i18n.t("practise.missing", { list: list(p.missing, placements) })
        : i18n.t("practise.missingNothing");
    }
    if (p.verdict === "wrong") {
      return p.wrong.length ? i18n.t("practise.wrong", { list: list(p.wrong, placements) }) : i18n.t("practise.wrongNothing");
    }
    return p.answer ? i18n.t("practise.shown") : "";
  }

  /** The picker: every technique by family, with its level and score; those with few states say so. */
  drawOptions() {
    const p = this.practice;
    const lang = i18n.language();
    const key = `${lang}:${p.technique}:${JSON.stringify(p.techniques)}`;
    if (key === this.optionsKey) return;
    this.optionsKey = key;
    const select = $("practise-technique");
    const groups = new Map();
    for (const entry of p.techniques) {
      if (!groups.has(entry.family)) {
        const label = i18n.t(`family.${entry.family}`);
        groups.set(entry.family, element("optgroup", { label }));
      }
      const score = entry.tries ? i18n.t("practise.score", { right: entry.right, tries: entry.tries })
        : i18n.t("practise.unscored");
      let text = i18n.t("practise.option", {
        name: entry.name[lang] || entry.name.en, level: i18n.t(`practise.level.${entry.level}`), score,
      });
      if (entry.few) {
        text += ` (${entry.states ? i18n.t("practise.few", { count: entry.states }) : i18n.t("practise.none")})`;
      }
      const option = element("option", { value: entry.id }, [text]);
      option.disabled = entry.states === 0;
      groups.get(entry.family).appendChild(option);
    }
    select.replaceChildren(...groups.values());
    select.value = p.technique;
  }

  drawLinks(force = false) {
    const links = this.links || null;
    const key = `${i18n.language()}:${JSON.stringify(links)}`;
    if (!force && key === this.drawnKey) return;
    this.drawnKey = key;
    drawLinks($("practise-links"), $("practise-board"), links, () => "");
  }
}

let trainer = null;

export const practise = {
  mount(ctx) {
    build();
    trainer = new Trainer(ctx);
  },
  accepted(state, old) {
    trainer.accepted(state, old);
  },
  render() {
    trainer.draw(); // a language switch redraws the words
  },
};
