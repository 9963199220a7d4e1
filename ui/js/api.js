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

// The contract's calls (desktop/CONTRACT.md, which gives each one's arguments), each named for the page
// in camelCase: api.setCell(cell, digit) calls set_cell(cell, digit).
const CALLS = [
  "get_state", "set_cell", "undo", "redo", "clear", "new_puzzle", "set_mode", "check_puzzle", "fill_singles",
  "hint", "apply_hint", "seek", "step_back", "solve", "pause", "resume", "step", "stop", "set_delay",
  "set_setting", "toggle_note", "fill_candidates", "restart", "check", "set_paused", "start_set", "cancel_set",
  "go_puzzle", "import_text", "import_set", "export_text", "open_file", "take_opened", "save_file", "quit",
  "open_image", "read_image_data", "check_grid", "load_photo", "close_photo", "why_wrong", "undo_to_mistake",
  "rate_puzzle", "open_step", "techniques", "practise_open", "practise_next", "practise_mark",
  "practise_check", "practise_show", "practise_close", "paint", "paint_note", "clear_colours", "share_link",
  "open_sudokuwiki", "daily_puzzle", "print_pdf", "toggle_mark", "clear_marks", "fill_cage_marks",
  "enter_shape", "add_constraint", "remove_constraint", "set_region", "new_variant",  // issue 40: variants
];

const camel = (name) => name.replace(/_(\w)/g, (_, letter) => letter.toUpperCase());

export const api = Object.fromEntries(CALLS.map((name) => [camel(name), (...args) => call(name, ...args)]));
