// Wires the page: turns keys and clicks into API calls, and API answers and events into drawing.
// The rules live in Python; this file keeps only view state (selection, the solve being shown).

import { api, onError } from "./api.js";
import { BoardView } from "./board.js";
import { on } from "./events.js";
import * as i18n from "./i18n.js";
import { LearnPanel } from "./learn.js";
import { PlayPanel } from "./play.js";
import * as store from "./store.js";
import { applyTheme } from "./theme.js";
import { Transfer } from "./transfer.js";

const $ = (id) => document.getElementById(id);
const ACTIVE = new Set(["running", "paused"]);
const ENDED = new Set(["solved", "failed", "stopped"]);

const view = {
  state: null, // the last game state from Python
  selected: 0,
  solve: null, // the last solve message, while its board is on screen
  session: null, // the freshest session info from any source
  sessionAt: 0, // performance.now() when session arrived (for the ticking clock)
  endedId: 0, // the newest session whose end (and result) the page has seen in a state
  shownNotices: new Set(),
  delayDragging: false,
  notesMode: false, // view state: digits toggle notes (N)
};

let board = null;
let play = null;
let learn = null;
let renderQueued = false;
let toastTimer = 0;

// -- helpers ------------------------------------------------------------------------------------

function cellLabel(cell, digit, notes = 0) {
  const params = { row: Math.floor(cell / 9) + 1, col: (cell % 9) + 1, digit };
  const label = i18n.t(digit ? "cell.filled" : "cell.empty", params);
  if (digit || !notes) return label;
  const list = [1, 2, 3, 4, 5, 6, 7, 8, 9].filter((d) => notes & (1 << (d - 1))).join(" ");
  return i18n.t("cell.notes", { label, notes: list });
}

function announce(text) {
  const el = $("announcer");
  el.textContent = "";
  // a fresh text node in the next frame makes screen readers speak even a repeated message
  setTimeout(() => {
    el.textContent = text;
  }, 30);
}

// A message is kept as the function that words it, so a language switch can word it again; it is
// shown (and spoken) each time it is said, even in the same words as the last one.
function say(words) {
  view.lastMessage = words;
  const text = words();
  $("message").textContent = text;
  announce(text);
}

function toast(words, level = "error") {
  const el = $("toast");
  view.lastToast = words;
  el.textContent = words();
  el.className = `toast ${level}`;
  el.hidden = false;
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => {
    el.hidden = true;
  }, 6000);
}

function errorText(error) {
  const key = `error.${error.code}`;
  const cell = (String(error.message).match(/r[1-9]c[1-9]/) || [""])[0]; // the cell a refusal names
  return i18n.has(key) ? i18n.t(key, { message: error.message, cell, ...error.params }) : error.message;
}

function sessionActive() {
  return Boolean(view.session && ACTIVE.has(view.session.status));
}

function statusText(status) {
  switch (status.kind) {
    case "solved":
      return i18n.t("state.solved");
    case "invalid": {
      const first = i18n.describeConflict(status.conflicts[0]);
      const more = status.conflicts.length - 1;
      const conflicts = more > 0 ? i18n.t("state.more", { first, count: more }) : first;
      return i18n.t("state.invalid", { conflicts });
    }
    case "unsolvable":
      return i18n.t("state.unsolvable");
    case "empty":
      return i18n.t("state.empty");
    default:
      if (status.solutions === 1) return i18n.t("state.validUnique", { filled: status.filled });
      if (status.solutions === 2) return i18n.t("state.validMultiple", { filled: status.filled });
      return i18n.t("state.valid", { filled: status.filled });
  }
}

function checkText(check) {
  switch (check.kind) {
    case "invalid":
      return i18n.t("check.invalid", { conflicts: i18n.describeConflicts(check.conflicts) });
    case "none":
      return i18n.t("check.none");
    case "unique":
      return i18n.t("check.unique");
    default:
      return i18n.t(check.capped ? "check.multipleCapped" : "check.multiple", { count: check.count });
  }
}

// -- state coming in ----------------------------------------------------------------------------

function acceptSession(info) {
  if (!info) return;
  const current = view.session;
  // answers and events race; a stale copy of the same session never rolls the counters back
  if (current && info.id === current.id && info.tick < current.tick) return;
  if (current && info.id < current.id && info.id !== 0) return;
  view.session = info;
  view.sessionAt = performance.now();
}

// settings sent and not yet answered: a state that arrives meanwhile (a timer tick, another call's
// answer) was made before the change and must not undo it on screen
const pendingSettings = {};

// every state the store accepts (from the `state` event only) is drawn here
function acceptState(state) {
  state.settings = { ...state.settings, ...pendingSettings };
  const languageChanged = !view.state || view.state.settings.language !== state.settings.language;
  const wasBusy = view.state && view.state.busy;
  view.state = state;
  play.accepted();
  if (wasBusy && !state.busy && view.makingMessage === $("message").textContent) $("message").textContent = "";
  if (ENDED.has(state.session.status)) view.endedId = Math.max(view.endedId, state.session.id);
  if (view.solve && (state.session.id !== view.solve.session.id || view.solve.session.id <= view.endedId)) {
    view.solve = null; // the run is over and its result (if any) is now part of the game
  }
  if (state.session.id !== 0 || !sessionActive()) acceptSession(state.session);
  applyTheme(state.settings.theme);
  if (languageChanged) {
    i18n.setLanguage(state.settings.language);
    retell();
  }
  for (const notice of state.notices || []) showNotice(notice, true);
  render();
}

// after a language switch, the message and the alert on screen are worded again in the new language
// (the Explanation is drawn by render() from the texts in both languages)
function retell() {
  const message = $("message");
  if (view.lastMessage && message.textContent) {
    const text = view.lastMessage();
    if (view.makingMessage === message.textContent) view.makingMessage = text;
    message.textContent = text;
  }
  if (view.lastToast && !$("toast").hidden) $("toast").textContent = view.lastToast();
}

function noticeWords(notice) {
  const params = notice.params || {};
  switch (notice.code) {
    case "damaged_save":
      return () => i18n.t("notice.damaged_save", { what: i18n.t(`what.${params.what || "game"}`) });
    case "new_puzzle":
      if (params.difficulty && params.difficulty !== "any") {
        return () => i18n.t("msg.newPuzzleLevel", { clues: params.clues, level: i18n.t(`level.${params.difficulty}`) });
      }
      return () => i18n.t("msg.newPuzzle", { clues: params.clues });
    case "solve_failed":
      return () => i18n.t("notice.solve_failed");
    default:
      return () => (i18n.has(`notice.${notice.code}`)
        ? i18n.t(`notice.${notice.code}`, { message: notice.message, ...params })
        : notice.message);
  }
}

// notices kept in the state (a damaged save) are shown once; an event's notice each time it comes
function showNotice(notice, kept = false) {
  if (kept) {
    const id = `${notice.code}:${notice.message}`;
    if (view.shownNotices.has(id)) return;
    view.shownNotices.add(id);
  }
  const words = noticeWords(notice);
  if (notice.level === "info") say(words);
  else toast(words, notice.level === "warning" ? "warning" : "error");
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
  const s = view.state;
  const model = {
    digits: s.digits,
    origins: s.origins,
    conflicts: new Set(s.conflicts),
    wrong: new Set([...s.wrong, ...(s.check && s.check.kind === "wrong" ? s.check.cells : [])]),
    notes: s.notes,
    selected: view.selected,
    candidates: s.settings.candidates ? s.candidates : null,
    current: null,
    label: cellLabel,
    highlight: null, // set by the Learn panel
  };
  if (view.solve) {
    const { board: digits, start, event, candidates } = view.solve;
    model.digits = digits;
    model.origins = digits.map((d, c) => (start[c] ? s.origins[c] || "given" : d ? "trace" : ""));
    model.conflicts = new Set();
    model.wrong = new Set();
    model.notes = null;
    model.candidates = s.settings.candidates && candidates ? candidates : null;
    model.current = event && event.cell >= 0 ? { cell: event.cell, kind: event.kind } : null;
  }
  return model;
}

function render() {
  if (!view.state) return;
  const s = view.state;
  const model = boardModel();
  learn.render(sessionActive(), model);
  board.render(model);
  learn.drawLinks();

  const kind = s.status.kind;
  const stateEl = $("board-state");
  const text = statusText(s.status);
  if (stateEl.textContent !== text) stateEl.textContent = text;
  $("state-icon").dataset.kind = kind === "solved" ? "solved" : kind === "invalid" || kind === "unsolvable" ? "bad" : "valid";
  $("mode-badge").hidden = s.mode !== "enter";

  const active = sessionActive();
  const busy = s.busy === "generating";
  const session = view.session || s.session;
  const paused = session.status === "paused";

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
  $("solve").disabled = (active && !paused) || busy; // on a paused run, Solve goes on from there
  $("step").disabled = busy;
  $("stop").disabled = !active;
  const pause = $("pause");
  pause.disabled = !active;
  pause.dataset.i18n = paused ? "btn.resume" : "btn.pause";
  pause.textContent = i18n.t(pause.dataset.i18n);

  const algorithm = $("algorithm");
  for (const option of algorithm.options) option.hidden = !s.algorithms.includes(option.value);
  if (!active && algorithm.value !== s.settings.algorithm) algorithm.value = s.settings.algorithm;
  algorithm.disabled = active;
  // not while a delay is on its way to Python: its older answer would pull the slider back
  if (!view.delayDragging && !delayInFlight) showDelay(s.settings.delay);

  play.render(active);
  $("steps").textContent = String(session.steps);
  $("backtracks").textContent = String(session.backtracks);
  showElapsed();
  const solveStatus = {
    running: () => i18n.t("solve.running", { algorithm: algorithmName(session.algorithm) }),
    paused: () => i18n.t("solve.paused"),
    solved: () => solvedText(session),
    failed: () => i18n.t("solve.failed"),
    stopped: () => i18n.t("solve.stopped"),
  }[session.status];
  $("solve-status").textContent = solveStatus ? solveStatus() : "";
  syncSelects();
}

function solvedText(session) {
  if (session.steps <= 1) return i18n.t("solve.solvedAtOnce");
  return i18n.t("solve.solved", { steps: session.steps, backtracks: session.backtracks });
}

// an algorithm's name inside a sentence ("Solving with smart search…"); Chinese has no case
function algorithmName(algorithm) {
  return i18n.t(`algo.${algorithm}`).toLowerCase();
}

function setPressed(button, pressed) {
  button.setAttribute("aria-pressed", pressed ? "true" : "false");
}

function showDelay(ms) {
  const slider = $("delay");
  if (Number(slider.value) !== ms) slider.value = String(ms);
  const text = i18n.t("delay.ms", { ms });
  slider.setAttribute("aria-valuetext", text);
  $("delay-value").textContent = text;
}

function showElapsed() {
  const session = view.session || (view.state && view.state.session);
  if (!session) return;
  let ms = session.elapsed_ms;
  if (session.status === "running") ms += performance.now() - view.sessionAt;
  $("elapsed").textContent = i18n.t("time.seconds", { s: (ms / 1000).toFixed(1) });
}

// -- actions ------------------------------------------------------------------------------------

function select(cell, focus = true) {
  view.selected = Math.max(0, Math.min(80, cell));
  render();
  if (focus) board.focus(view.selected);
}

async function toggleNote(digit) {
  await api.toggleNote(view.selected, digit);
}

async function enterDigit(digit) {
  const cell = view.selected;
  if (digit && view.notesMode && !view.state.digits[cell]) {
    toggleNote(digit);
    return;
  }
  // typing a puzzle in moves on to the next cell at once (a later click must not be undone by it)
  if (view.state.mode === "enter" && digit && cell < 80) select(cell + 1);
  const { answer, state } = await store.act(() => api.setCell(cell, digit));
  if (!answer.ok) return;
  const where = { row: Math.floor(cell / 9) + 1, col: (cell % 9) + 1, digit };
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
  if (!view.state) return; // clicked before the first state arrived: nothing to toggle yet
  const entering = view.state.mode === "enter";
  if (entering) say(() => i18n.t("msg.checking"));
  const answer = await api.setMode(entering ? "play" : "enter");
  if (!answer.ok) return;
  if (!entering) select(0); // a new blank puzzle is typed in from the first cell
  say(() => answer.check ? checkText(answer.check) : i18n.t("check.entering"));
}

async function startSolve() {
  const { answer, state } = await store.act(() => api.solve($("algorithm").value));
  if (answer.ok) beginShowing(state.session);
}

function beginShowing(info) {
  if (info.id <= view.endedId) {
    render(); // the run ended before its answer came back: its result is already on the board
    return;
  }
  if (!view.solve || view.solve.session.id !== info.id) {
    const s = view.state;
    view.solve = { session: info, board: s.digits.slice(), start: s.digits.slice(), event: null, count: 0 };
  }
  acceptSession(info);
  render();
  announce(i18n.t(info.status === "paused" ? "solve.paused" : "solve.running", {
    algorithm: algorithmName(info.algorithm),
  }));
}

// a seek or Step back answered: the run is shown again at that moment, even one that had ended
function reopen(info) {
  view.endedId = Math.min(view.endedId, info.id - 1);
  acceptSession(info);
  render();
}

async function sessionCall(which) {
  const { answer, state } = await store.act(() => api[which]());
  if (!answer.ok) return;
  if (which === "step") beginShowing(state.session);
  else acceptSession(state.session);
  render();
  if (which === "pause") announce(i18n.t("solve.paused"));
}

async function changeSetting(name, value) {
  pendingSettings[name] = value;
  // shown at once: a render before the answer (an analysis or a timer tick) must not undo the change
  const before = view.state && view.state.settings;
  if (before) view.state.settings = { ...before, [name]: value };
  let answer;
  try {
    answer = await api.setSetting(name, value);
  } finally {
    if (pendingSettings[name] === value) delete pendingSettings[name];
  }
  if (!view.state) return;
  if (!answer.ok) {
    if (before) view.state.settings = { ...view.state.settings, [name]: before[name] };
    render();
    return;
  }
  applyTheme(view.state.settings.theme); // the state event that follows confirms the change
  if (name === "language" && i18n.language() !== value) {
    i18n.setLanguage(value);
    retell();
  }
  render();
}

let delayInFlight = false;
let delayWanted = null;

async function sendDelay(ms) {
  delayWanted = ms;
  if (delayInFlight) return; // the latest value goes out when the call in flight returns
  delayInFlight = true;
  while (delayWanted !== null) {
    const value = delayWanted;
    delayWanted = null;
    await api.setDelay(value);
  }
  delayInFlight = false;
  render();
}

// -- input --------------------------------------------------------------------------------------

function onBoardKey(event) {
  // Shift+digit or Ctrl+digit: a one-off note (the code, not the key: Shift+1 types "!")
  const noteKey = /^(?:Digit|Numpad)([1-9])$/.exec(event.code);
  if (noteKey && (event.shiftKey || event.ctrlKey) && !event.altKey) {
    event.preventDefault();
    toggleNote(Number(noteKey[1]));
    return;
  }
  if (event.ctrlKey || event.metaKey || event.altKey) return;
  const key = event.key;
  const cell = view.selected;
  const row = Math.floor(cell / 9);
  const col = cell % 9;
  const moves = {
    ArrowUp: row > 0 ? cell - 9 : cell,
    ArrowDown: row < 8 ? cell + 9 : cell,
    ArrowLeft: col > 0 ? cell - 1 : cell,
    ArrowRight: col < 8 ? cell + 1 : cell,
    Home: row * 9,
    End: row * 9 + 8,
  };
  if (/^[1-9]$/.test(key)) {
    enterDigit(Number(key));
  } else if (key === "Backspace" || key === "Delete" || key === "0" || key === "Escape") {
    enterDigit(0);
  } else if (key in moves) {
    select(moves[key]);
  } else if (key === "Tab") {
    // Tab moves on through the cells; past the last (or before the first) it leaves the board
    const next = event.shiftKey ? cell - 1 : cell + 1;
    if (next < 0 || next > 80) return;
    select(next);
  } else {
    return;
  }
  event.preventDefault();
}

function typing(event) {
  const tag = event.target.tagName;
  return tag === "INPUT" || tag === "SELECT" || tag === "TEXTAREA" || event.target.closest("dialog");
}

function onGlobalKey(event) {
  const mod = event.ctrlKey || event.metaKey;
  const key = event.key.toLowerCase();
  if (!view.state) return;
  if (mod && key === "n") {
    event.preventDefault();
    $("new-puzzle").click();
  } else if (mod && key === "enter") {
    event.preventDefault();
    play.check();
  } else if (key === "?" && !typing(event)) {
    event.preventDefault();
    $("shortcuts").click();
  } else if (!mod && !event.altKey && !typing(event) && "nhpa[]".includes(key) && key.length === 1) {
    event.preventDefault();
    if (key === "n") play.toggleNotes();
    else if (key === "h") $("hint").click();
    else if (key === "a") $("apply-hint").click();
    else if (key === "[") $("step-back").click();
    else if (key === "]") $("step").click();
    else play.togglePause();
  } else if (mod && key === "z" && !event.shiftKey) {
    event.preventDefault();
    undoRedo("undo");
  } else if (mod && (key === "y" || (key === "z" && event.shiftKey))) {
    event.preventDefault();
    undoRedo("redo");
  } else if (key === " " && sessionActive()) {
    const tag = event.target.tagName;
    if (tag === "BUTTON" || tag === "SELECT" || tag === "INPUT") return;
    event.preventDefault();
    sessionCall(view.session.status === "paused" ? "resume" : "pause");
  }
}

function wire() {
  // Until the first state arrives there is nothing for a control to act on: swallow early clicks
  // and changes rather than let each handler meet an empty state.
  for (const type of ["click", "change"]) {
    document.addEventListener(type, (event) => {
      if (!view.state && event.target.closest("button, select, input")) {
        event.stopImmediatePropagation();
        event.preventDefault();
      }
    }, true);
  }
  board = new BoardView($("board"), { onSelect: (cell) => select(cell) });
  play = new PlayPanel({
    view, say, changeSetting, focusBoard: () => board.focus(view.selected),
  });
  learn = new LearnPanel({ view, render, announce, say, reopen });
  const transfer = new Transfer({ say, focusBoard: () => board.focus(view.selected) });
  $("board").addEventListener("paste", (event) => transfer.paste(event));
  $("board").addEventListener("keydown", onBoardKey);
  // after any button of the panel, focus goes back to the board so digits keep working (dialog
  // openers excepted: their dialog takes focus, and gives it back to the board when it closes)
  document.querySelector(".panel").addEventListener("click", (event) => {
    const button = event.target.closest("button");
    if (button && !button.hasAttribute("aria-haspopup")) setTimeout(() => board.focus(view.selected), 0);
  });
  document.addEventListener("keydown", onGlobalKey);

  for (const key of document.querySelectorAll(".pad-key")) {
    key.addEventListener("click", () => {
      enterDigit(Number(key.dataset.digit));
      board.focus(view.selected);
    });
  }
  $("new-puzzle").addEventListener("click", async () => {
    const answer = await api.newPuzzle();
    if (answer.ok) {
      view.state.busy = "generating";
      render();
      say(() => i18n.t("msg.generating"));
      view.makingMessage = $("message").textContent;
    }
  });
  $("clear").addEventListener("click", async () => {
    const answer = await api.clear();
    if (answer.ok) say(() => i18n.t("msg.cleared"));
  });
  $("enter-mode").addEventListener("click", toggleEnterMode);
  $("undo").addEventListener("click", () => undoRedo("undo"));
  $("redo").addEventListener("click", () => undoRedo("redo"));
  $("candidates").addEventListener("click", () => changeSetting("candidates", !view.state.settings.candidates));
  $("fill-singles").addEventListener("click", async () => {
    const answer = await api.fillSingles();
    if (!answer.ok) return;
    say(() => answer.placed ? i18n.plural("msg.filled", answer.placed) : i18n.t("msg.nothingFilled"));
  });
  $("solve").addEventListener("click", startSolve);
  $("pause").addEventListener("click", () => sessionCall(view.session.status === "paused" ? "resume" : "pause"));
  $("step").addEventListener("click", () => sessionCall("step"));
  $("stop").addEventListener("click", () => sessionCall("stop"));
  $("algorithm").addEventListener("change", (e) => changeSetting("algorithm", e.target.value));
  const delay = $("delay");
  delay.addEventListener("input", () => {
    view.delayDragging = true;
    showDelay(Number(delay.value));
    sendDelay(Number(delay.value));
  });
  delay.addEventListener("change", () => {
    view.delayDragging = false;
    sendDelay(Number(delay.value));
  });
  delay.addEventListener("blur", () => {
    view.delayDragging = false;
  });
  $("language").addEventListener("change", (e) => changeSetting("language", e.target.value));
  $("theme").addEventListener("change", (e) => changeSetting("theme", e.target.value));
  $("difficulty").addEventListener("change", (e) => changeSetting("difficulty", e.target.value));

  onError((error) => toast(() => errorText(error)));
  store.onState(acceptState);
  on("state", (payload) => store.accept(payload.state));
  on("solve", (payload) => {
    if (!view.state || payload.session.id <= view.endedId) return;
    if (view.solve && payload.session.id < view.solve.session.id) return;
    view.solve = payload;
    acceptSession(payload.session);
    if (payload.session.status === "solved") announce(solvedText(payload.session));
    if (payload.session.status === "failed") announce(i18n.t("solve.failed"));
    const explain = payload.event && payload.event.explain;
    if (explain && payload.session.status === "paused") announce(explain[i18n.language()] || explain.en);
    queueRender();
  });
  on("notice", (notice) => showNotice(notice));
  setInterval(() => {
    if (view.session && view.session.status === "running") showElapsed();
  }, 100);
}

// keep the selects showing the settings after a language switch rewrote their options
function syncSelects() {
  if (!view.state) return;
  $("language").value = view.state.settings.language;
  $("difficulty").value = view.state.settings.difficulty || "any";
  $("theme").value = view.state.settings.theme;
}

async function start() {
  i18n.setLanguage((navigator.language || "en").toLowerCase().startsWith("zh") ? "zh" : "en");
  wire();
  const answer = await api.getState();
  if (!answer.ok) return;
  store.accept(answer.state);
  board.focus(view.selected);
}

start();
