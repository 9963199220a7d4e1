// The only file that talks to pywebview. Every call waits until pywebview is ready, then answers the
// Python method's JSON object; a failed bridge call becomes {ok: false} like any refusal, so callers
// never see an exception. Calls go through pywebview's own entry point, _jsApiCallback, by name:
// pywebview lists no functions for this page (desktop/exposed.py), because the stubs it would
// generate for window.pywebview.api are made with new Function, which the page's CSP forbids.

let ready = null;
let errorHandler = () => {};

function apiPresent() {
  const pw = window.pywebview;
  // on Qt the api functions exist before their QWebChannel; a call made then is lost by pywebview
  const channelReady = pw && (pw.platform !== "qtwebengine" || pw._QWebChannel);
  return Boolean(channelReady && typeof pw._jsApiCallback === "function" && pw._returnValuesCallbacks);
}

/** Resolve once window.pywebview.api exists (pywebviewready, or found by polling as a fallback). */
export function whenReady() {
  if (!ready) {
    ready = new Promise((resolve) => {
      if (apiPresent()) {
        resolve();
        return;
      }
      const check = () => {
        if (apiPresent()) {
          window.removeEventListener("pywebviewready", check);
          clearInterval(timer);
          resolve();
        }
      };
      window.addEventListener("pywebviewready", check);
      const timer = setInterval(check, 25);
    });
  }
  return ready;
}

/** Return a Promise of the JSON answer of Python method ``name``, as pywebview's own stubs do it. */
function bridgeCall(name, args) {
  const pw = window.pywebview;
  const id = `${Date.now()}-${Math.random().toString().slice(2)}`;
  return new Promise((resolve, reject) => {
    const callbacks = (pw._returnValuesCallbacks[name] = pw._returnValuesCallbacks[name] || {});
    callbacks[id] = (returned) => {
      delete callbacks[id];
      try {
        const value = JSON.parse(returned.value);
        if (returned.isError) {
          const err = new Error(value.message);
          err.name = value.name;
          reject(err);
        } else {
          resolve(value);
        }
      } catch (err) {
        reject(err);
      }
    };
    pw._jsApiCallback(name, args, id);
  });
}

/** Set the function shown every refused call's error ({code, message}). */
export function onError(handler) {
  errorHandler = handler;
}

/** Call a Python API method; always resolves to {ok: true, ...} or {ok: false, error}. */
export async function call(name, ...args) {
  await whenReady();
  let answer;
  try {
    answer = await bridgeCall(name, args);
  } catch (err) {
    answer = { ok: false, error: { code: "bridge", message: String((err && err.message) || err) } };
  }
  if (!answer || typeof answer !== "object") {
    answer = { ok: false, error: { code: "bridge", message: "no answer" } };
  }
  if (!answer.ok) errorHandler(answer.error || { code: "bridge", message: "unknown error" });
  return answer;
}

// The contract's methods (desktop/CONTRACT.md), named for the page.
export const api = {
  getState: () => call("get_state"),
  setCell: (cell, digit) => call("set_cell", cell, digit),
  undo: () => call("undo"),
  redo: () => call("redo"),
  clear: () => call("clear"),
  newPuzzle: () => call("new_puzzle"),
  setMode: (mode) => call("set_mode", mode),
  checkPuzzle: () => call("check_puzzle"),
  fillSingles: () => call("fill_singles"),
  hint: () => call("hint"),
  applyHint: () => call("apply_hint"),
  seek: (position) => call("seek", position),
  stepBack: () => call("step_back"),
  solve: (algorithm) => call("solve", algorithm),
  pause: () => call("pause"),
  resume: () => call("resume"),
  step: () => call("step"),
  stop: () => call("stop"),
  setDelay: (ms) => call("set_delay", ms),
  setSetting: (name, value) => call("set_setting", name, value),
  toggleNote: (cell, digit) => call("toggle_note", cell, digit),
  fillCandidates: () => call("fill_candidates"),
  restart: () => call("restart"),
  check: () => call("check"),
  setPaused: (paused) => call("set_paused", paused),
  startSet: (count, difficulty) => call("start_set", count, difficulty),
  cancelSet: () => call("cancel_set"),
  goPuzzle: (which) => call("go_puzzle", which),
  importText: (text) => call("import_text", text),
  importSet: (text) => call("import_set", text),
  exportText: (format, content) => call("export_text", format, content),
  openFile: () => call("open_file"),
  takeOpened: () => call("take_opened"),
  saveFile: (format, content) => call("save_file", format, content),
  quit: () => call("quit"),
  openImage: () => call("open_image"),
  readImageData: (data) => call("read_image_data", data),
  checkGrid: (puzzle) => call("check_grid", puzzle),
  loadPhoto: (puzzle) => call("load_photo", puzzle),
  closePhoto: () => call("close_photo"),
  whyWrong: () => call("why_wrong"),
  undoToMistake: () => call("undo_to_mistake"),
  ratePuzzle: () => call("rate_puzzle"),
  openStep: (index) => call("open_step", index),
  techniques: () => call("techniques"),
  practiseOpen: (technique) => call("practise_open", technique),
  practiseNext: () => call("practise_next"),
  practiseMark: (cell, digit, kind) => call("practise_mark", cell, digit, kind),
  practiseCheck: () => call("practise_check"),
  practiseShow: () => call("practise_show"),
  practiseClose: () => call("practise_close"),
  paint: (cell, colour) => call("paint", cell, colour),
  paintNote: (cell, digit, colour) => call("paint_note", cell, digit, colour),
  clearColours: () => call("clear_colours"),
  shareLink: () => call("share_link"),
  openSudokuwiki: () => call("open_sudokuwiki"),
  dailyPuzzle: (date) => call("daily_puzzle", date),
  printPdf: (what, perPage, solutions, title, paper) => call("print_pdf", what, perPage, solutions, title, paper),
};
