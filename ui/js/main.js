// Wires the page: the store's state is drawn by the board and the panels; keys and clicks become
// API calls. The rules live in Python; the page's own view state (selection, notes mode) is the store's.

import { api, onError } from "./api.js";
import { BoardView } from "./board.js";
import { wireButtons } from "./buttons.js";
import { Chrome } from "./chrome.js";
import { FEATURES } from "./features.js";
import { on } from "./events.js";
import { Finish } from "./finish.js";
import * as i18n from "./i18n.js";
import { boardKeys, globalKeys } from "./keys.js";
import { LearnPanel } from "./learn.js";
import { announce, errorText, madeIt, retell, say, sayMaking, tellNotices, toast } from "./messages.js";
import { buildPad, drawPad } from "./pad.js";
import { PlayPanel, setPressed } from "./play.js";
import { shapeOf } from "./shape.js";
import { changeSetting } from "./settings.js";
import { SolvePanel } from "./solve.js";
import * as store from "./store.js";
import { cellLabel, checkText, statusText } from "./texts.js";
import { applyTheme } from "./theme.js";
import { Transfer } from "./transfer.js";

const $ = (id) => document.getElementById(id);

let board = null;
let play = null;
let learn = null;
let solve = null;
let chrome = null;
let finish = null;
let transfer = null;
let renderQueued = false;

// every state the store accepts (from the `state` event only) is drawn here
function acceptState(state, before) {
  const wasBusy = before && (before.busy || before.making_set);
  play.accepted();
  if (wasBusy && !state.busy && !state.making_set) madeIt();
  solve.accepted(state, before);
  syncLanguage(state);
  tellNotices(state.notices); // each notice once, by its id
  if (state.opened > 0) transfer.takeOpened(); // puzzle files or links opened from outside the window
  for (const feature of FEATURES) feature.accepted?.(state, before);
  render();
  finish.accepted(before, state);
}

// the theme and the language as the state (or a setting on its way) says
function syncLanguage(state) {
  applyTheme(state.settings.theme);
  if (i18n.language() !== state.settings.language) {
    i18n.setLanguage(state.settings.language);
    retell();
  }
}

function queueRender() {
  if (renderQueued) return;
  renderQueued = true;
  const run = () => {
    if (!renderQueued) return;
    renderQueued = false;
    render();
  };
  requestAnimationFrame(run);
  setTimeout(run, 50); // rAF stalls in a hidden window; the counters must still move
}

// -- drawing ------------------------------------------------------------------------------------

function boardModel() {
  const s = store.state();
  const { selected } = store.ui();
  const shape = shapeOf(s);
  const model = {
    shape,
    digits: s.digits,
    origins: s.origins,
    conflicts: new Set(s.conflicts),
    wrong: new Set([...s.wrong, ...(s.check && s.check.kind === "wrong" ? s.check.cells : [])]),
    notes: s.notes,
    selected,
    candidates: s.settings.candidates ? s.candidates : null,
    current: null,
    label: (cell, digit, notes) => cellLabel(cell, digit, notes, shape.size),
    highlight: null, // set by the Learn panel
  };
  const frame = store.frame();
  if (frame) {
    const { board: digits, start, event, candidates } = frame;
    model.digits = digits;
    model.origins = digits.map((d, c) => (start[c] ? s.origins[c] || "given" : d ? "trace" : ""));
    model.conflicts = new Set();
    model.wrong = new Set();
    model.notes = null;
    model.candidates = s.settings.candidates && candidates ? candidates : null;
    model.current = event && event.cell >= 0 ? { cell: event.cell, kind: event.kind } : null;
  }
  for (const feature of FEATURES) feature.model?.(model, s);
  return model;
}

function render() {
  const s = store.state();
  if (!s) return;
  renderQueued = false; // drawn now: a render still queued has nothing left to do
  syncLanguage(s);
  const active = store.running();
  const model = boardModel();
  learn.render(active, model);
  board.render(model);
  learn.drawLinks();
  chrome.render();
  drawPad(model.digits, store.ui().notesMode && !active, s.paused, model.shape.size);

  const kind = s.status.kind;
  const text = statusText(s.status, shapeOf(s).cells);
  if ($("board-state").textContent !== text) $("board-state").textContent = text;
  $("state-icon").dataset.kind = kind === "solved" ? "solved" : kind === "invalid" || kind === "unsolvable" ? "bad" : "valid";
  $("mode-badge").hidden = s.mode !== "enter";

  const busy = s.busy === "generating";
  setPressed($("enter-mode"), s.mode === "enter");
  setPressed($("candidates"), Boolean(s.settings.candidates));
  $("enter-mode").disabled = active;
  $("undo").disabled = active || !s.can_undo;
  $("redo").disabled = active || !s.can_redo;
  $("fill-singles").disabled = active;
  $("hint").disabled = active;
  $("new-puzzle").disabled = busy;
  $("difficulty").disabled = busy;
  $("new-puzzle").setAttribute("aria-busy", busy ? "true" : "false");
  solve.render(s, busy);
  play.render(active);
  syncSelects();
  for (const feature of FEATURES) feature.render?.(s, active);
}

// keep the selects showing the settings after a language switch rewrote their options
function syncSelects() {
  const { settings } = store.state();
  $("language").value = settings.language;
  $("difficulty").value = settings.difficulty || "any";
  $("theme").value = settings.theme;
}

// -- actions ------------------------------------------------------------------------------------

function select(cell, focus = true) {
  store.select(cell);
  render();
  if (focus) board.focus(store.ui().selected);
}

async function toggleNote(digit) {
  await api.toggleNote(store.ui().selected, digit);
}

async function enterDigit(digit) {
  const { selected: cell, notesMode, modeWanted } = store.ui();
  const size = shapeOf(store.state()).size;
  if (digit && notesMode && !store.state().digits[cell]) {
    toggleNote(digit);
    return;
  }
  // typing a puzzle in moves on to the next cell at once (the mode asked for counts, not a late state)
  if ((modeWanted || store.state().mode) === "enter" && digit && cell < size * size - 1) select(cell + 1);
  const { answer, state } = await store.act(() => api.setCell(cell, digit));
  if (!answer.ok) return;
  const where = { row: Math.floor(cell / size) + 1, col: (cell % size) + 1, digit };
  let text = i18n.t(digit ? "msg.entered" : "msg.erased", where);
  if (state.conflicts.includes(cell)) {
    const mine = state.status.conflicts.filter((c) => c.cells.includes(cell));
    text += " " + i18n.t("msg.conflict", { conflicts: i18n.describeConflicts(mine) });
  }
  announce(text);
}

async function undoRedo(which) {
  const answer = await (which === "undo" ? api.undo() : api.redo());
  if (!answer.ok) return;
  const key = answer.changed ? `msg.${which}` : which === "undo" ? "msg.nothingUndo" : "msg.nothingRedo";
  announce(i18n.t(key));
}

async function toggleEnterMode() {
  const entering = (store.ui().modeWanted || store.state().mode) === "enter";
  const wanted = entering ? "play" : "enter";
  if (entering) say(() => i18n.t("msg.checking"));
  store.wantMode(wanted); // keys typed before the state of the switch comes follow the new mode
  const answer = await api.setMode(wanted);
  if (answer.ok) await store.until((s) => s.mode === wanted);
  if (store.ui().modeWanted === wanted) store.wantMode(null);
  if (!answer.ok) return;
  if (!entering) select(0); // a new blank puzzle is typed in from the first cell
  say(() => (answer.check ? checkText(answer.check) : i18n.t("check.entering")));
}

// -- wiring -------------------------------------------------------------------------------------

function wire() {
  // Until the first state arrives there is nothing for a control to act on: swallow early clicks
  // and changes rather than let each handler meet an empty state.
  for (const type of ["click", "change"]) {
    document.addEventListener(type, (event) => {
      if (!store.state() && event.target.closest("button, select, input")) {
        event.stopImmediatePropagation();
        event.preventDefault();
      }
    }, true);
  }
  const focusBoard = () => board.focus(store.ui().selected);
  board = new BoardView($("board"), { onSelect: (cell) => select(cell) });
  buildPad();
  chrome = new Chrome({ changeSetting, focusBoard });
  finish = new Finish({ say, focusBoard });
  play = new PlayPanel({ say, sayMaking, changeSetting, focusBoard });
  solve = new SolvePanel({ render });
  learn = new LearnPanel({ render, announce, say });
  transfer = new Transfer({ say, focusBoard });
  $("board").addEventListener("paste", (event) => transfer.paste(event));
  $("board").addEventListener("keydown", boardKeys({
    selected: () => store.ui().selected, select, enterDigit, toggleNote,
    size: () => (store.state() ? shapeOf(store.state()).size : 9),
  }));
  document.addEventListener("keydown", globalKeys({
    ready: () => Boolean(store.state()), check: () => play.check(), toggleNotes: () => play.toggleNotes(),
    togglePause: () => play.togglePause(), undoRedo, solving: () => store.running(),
    toggleRun: () => solve.togglePause(),
  }));
  // after any button of the panel or the header, focus goes back to the board so digits keep working
  // (dialog and menu openers and the tabs excepted: what they open takes focus, and gives it back)
  for (const area of document.querySelectorAll(".panel, .headerbar")) {
    area.addEventListener("click", (event) => {
      const button = event.target.closest("button");
      if (button && !button.hasAttribute("aria-haspopup") && button.getAttribute("role") !== "tab") {
        setTimeout(focusBoard, 0);
      }
    });
  }
  for (const key of document.querySelectorAll(".pad-key")) {
    key.addEventListener("click", () => {
      enterDigit(Number(key.dataset.digit));
      focusBoard();
    });
  }
  wireButtons({ say, sayMaking, toggleEnterMode, undoRedo });
  const ctx = { render, say, announce, focusBoard, select, loadText: (text) => transfer.load(text) };
  for (const feature of FEATURES) feature.mount?.(ctx);
  onError((error) => toast(() => errorText(error)));
  store.onState(acceptState);
  store.onChange(queueRender);
  // the page's only two roads from Python: the state, and a run's board at a position
  on("state", (payload) => store.accept(payload.state));
  on("frame", (frame) => store.acceptFrame(frame));
}

async function start() {
  i18n.setLanguage((navigator.language || "en").toLowerCase().startsWith("zh") ? "zh" : "en");
  wire();
  // the first state comes as every state does, in a `state` event (the call's answer is not drawn)
  const { answer } = await store.act(() => api.getState());
  if (answer.ok) board.focus(store.ui().selected);
}

start();
