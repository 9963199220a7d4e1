// The clipboard, written the one way every web view takes: a copied selection, then the Clipboard API.

/** Put ``text`` on the clipboard; false when neither a copied selection nor the Clipboard API could.
 * The selection first: QtWebEngine aborts the whole app when the Clipboard API asks it for the
 * clipboard-write permission (seen under Xvfb), while a copied selection works in every web view. */
export async function copyText(text) {
  const area = document.createElement("textarea");
  area.value = text;
  area.setAttribute("readonly", "");
  area.className = "visually-hidden";
  const focused = document.activeElement;
  // inside an open modal dialog, if any: the rest of the page is inert and its selection copies nothing
  (document.querySelector("dialog[open]") || document.body).appendChild(area);
  area.select();
  let done = false;
  try {
    done = document.execCommand("copy");
  } catch {
    done = false;
  }
  area.remove();
  if (focused && focused !== document.body) focused.focus({ preventScroll: true });
  if (done) return true;
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}
