// Wiring shared by the panels: a simple dialog with an opener and a Close button, and a slider that
// sends its value while it is dragged.

const $ = (id) => document.getElementById(id);

/** The button `opener` shows the modal dialog `dialog`, focusing `close`, which closes it; `closed()`
 * runs when it closes (focus goes back to the board). */
export function wireDialog(opener, dialog, close, closed) {
  const shown = $(dialog);
  $(opener).addEventListener("click", () => {
    shown.showModal();
    $(close).focus();
  });
  $(close).addEventListener("click", () => shown.close());
  shown.addEventListener("close", closed);
}

/** The range input `slider`: while dragged, `dragging(true)`, `show(value)` and `send(value)`; let go,
 * `dragging(false)` and `send(value)` once more; left, `dragging(false)`. */
export function wireSlider(slider, { dragging, show, send }) {
  const input = $(slider);
  input.addEventListener("input", () => {
    dragging(true);
    show(Number(input.value), Number(input.max));
    send(Number(input.value));
  });
  input.addEventListener("change", () => {
    dragging(false);
    send(Number(input.value));
  });
  input.addEventListener("blur", () => dragging(false));
}

/** Return send(value), which makes `call(value, last)` for the newest value only: values given while a
 * call is in flight wait, and only the last of them goes out when it returns (`last()` is true while no
 * newer value waits); `done()` runs once nothing is left to send; `send.busy()` is true meanwhile. */
export function newestOnly(call, done = () => {}) {
  let wanted = null;
  let busy = false;
  const send = async (value) => {
    wanted = value;
    if (busy) return;
    busy = true;
    while (wanted !== null) {
      const next = wanted;
      wanted = null;
      await call(next, () => wanted === null);
    }
    busy = false;
    done();
  };
  send.busy = () => busy;
  return send;
}
