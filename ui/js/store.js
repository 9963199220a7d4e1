// The page's one store, and the only module that writes it. It holds:
// - the state, from Python's `state` events only (each carries a sequence number: one older than the
//   state held is dropped), with the settings the page has sent and not yet seen in a state laid over;
// - the newest frame of a solve run, from `frame` events: a view of the run's board at a position, keyed
//   by the run's id, carrying no status (a run's status is the state's `session`);
// - the page's own view state: the selected cell, what digits write (digits, notes, corner or centre
//   marks: one at a time), the mode asked for, and in Enter puzzle the constraint being drawn (its tool
//   and cells, not yet sent).
// Panels read it and send intents (API calls, or the setters below); calls answer only {ok} (plus a
// question's value): a caller that wants the state its call made waits for it here.

const ACTIVE = new Set(["running", "paused"]);

let current = null; // the state as Python sent it
let shown = null; // current, with the settings on their way laid over
let stateAt = 0; // performance.now() when the state came
let latestFrame = null;
let frameAt = 0;
const pending = {}; // settings sent and not yet in a state
const ENTRIES = new Set(["digit", "notes", "corner", "centre"]);
const view = { selected: 0, entry: "digit", modeWanted: null, drawing: null };
const stateListeners = [];
const changeListeners = [];
const waiting = [];

function overlay() {
  shown = current && { ...current, settings: { ...current.settings, ...pending } };
}

function changed() {
  for (const fn of changeListeners) fn();
}

/** The state held (with the settings on their way), or null before the first one. */
export function state() {
  return shown;
}

/** The page's view state: {selected, entry ("digit", "notes", "corner" or "centre": what a digit key
 * writes), notesMode (entry is "notes"), modeWanted, drawing (the constraint being drawn in Enter puzzle)}
 * (read only: use the setters). */
export function ui() {
  return { ...view, notesMode: view.entry === "notes" };
}

/** Call fn(state, before) for every newer state Python sends (the listener draws it). */
export function onState(fn) {
  stateListeners.push(fn);
}

/** Call fn() after any other change of the store (a frame, the view state, a setting sent). */
export function onChange(fn) {
  changeListeners.push(fn);
}

/** Take a state from Python; an older one than the state held is dropped. */
export function accept(next) {
  if (!next || (current && next.seq <= current.seq)) return;
  const before = shown;
  current = next;
  stateAt = performance.now();
  overlay();
  // waiters see the state as Python sent it, before a setting still on its way is laid over
  for (let i = waiting.length - 1; i >= 0; i -= 1) {
    if (waiting[i].test(next)) waiting.splice(i, 1)[0].resolve(next);
  }
  for (const fn of stateListeners) fn(shown, before); // they draw it
}

/** Take a run's frame from Python: the newest of the newest run is kept. */
export function acceptFrame(next) {
  if (!next) return;
  if (latestFrame && (next.run < latestFrame.run || (next.run === latestFrame.run && next.tick < latestFrame.tick))) {
    return;
  }
  latestFrame = next;
  frameAt = performance.now();
  changed();
}

/** True while the state shows a run going or paused. */
export function running() {
  return Boolean(shown && ACTIVE.has(shown.session.status));
}

/** The frame to draw over the game's board: the newest of the run the state shows going or paused, else
 * null (an ended run's result is part of the game's state). */
export function frame() {
  return running() && latestFrame && latestFrame.run === shown.session.id ? latestFrame : null;
}

/** The run's info as shown: the state's `session`, with the counters of a newer frame of that run, and
 * `at`, when those counters were true (performance.now()). */
export function session() {
  const info = shown.session;
  const f = latestFrame;
  if (!f || f.run !== info.id || f.tick <= info.tick) return { ...info, at: stateAt };
  return {
    ...info, position: f.position, steps: f.position, length: f.length, backtracks: f.backtracks,
    elapsed_ms: f.elapsed_ms, at: frameAt,
  };
}

/** Select a cell (0 to N*N-1 of the state's board; 0-80 before the first state). */
export function select(cell) {
  const size = shown && shown.shape ? shown.shape.size : 9;
  view.selected = Math.max(0, Math.min(size * size - 1, cell));
  changed();
}

/** Turn the notes mode (digits toggle notes) on or off (off: digits). */
export function setNotesMode(on) {
  setEntry(on ? "notes" : "digit");
}

/** Say what a digit key writes: "digit", "notes", "corner" or "centre" (one at a time). */
export function setEntry(entry) {
  if (!ENTRIES.has(entry)) throw new Error(`unknown entry mode ${entry}`);
  view.entry = entry;
  changed();
}

/** The constraint being drawn in Enter puzzle: {tool: "cage"|"thermo"|"arrow", cells: [...]} or null. */
export function setDrawing(drawing) {
  view.drawing = drawing ? { tool: drawing.tool, cells: [...drawing.cells] } : null;
  changed();
}

/** The mode asked for while its state is on its way (null once it has come). */
export function wantMode(mode) {
  view.modeWanted = mode;
}

/** A setting sent to Python: shown at once, until a state has it (`settle`). */
export function want(name, value) {
  pending[name] = value;
  overlay();
  changed();
}

/** The setting sent has come back in a state, or was refused: the state's value shows again. */
export function settle(name, value) {
  if (pending[name] === value) delete pending[name];
  overlay();
  changed();
}

/** Resolve with the first state for which test(state) holds, the state held included (the state held
 * if none comes in a while). */
export function until(test, timeoutMs = 3000) {
  return new Promise((resolve) => {
    if (current && test(current)) {
      resolve(current); // it came before the answer of the call that made it
      return;
    }
    const entry = { test, resolve };
    waiting.push(entry);
    setTimeout(() => {
      const at = waiting.indexOf(entry);
      if (at >= 0) waiting.splice(at, 1)[0].resolve(current);
    }, timeoutMs);
  });
}

/** Make a call; resolve with {answer, state}: the state published after it (when it succeeded). */
export async function act(call) {
  const before = current ? current.seq : 0;
  const answer = await call();
  if (!answer.ok) return { answer, state: current };
  const state = current && current.seq > before ? current : await until((s) => s.seq > before);
  return { answer, state };
}
