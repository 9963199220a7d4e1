// Puzzles from photos and screenshots: Import's "Open image…", Ctrl+V with an image on the clipboard,
// an image file dropped on the window (any other file dropped is puzzle text: ctx.loadText, as a paste). Python reads the picture on a worker; the state's `photo`
// says reading / read / failed, and this feature shows it in the "Review photo" dialog: the picture
// with the grid found outlined beside the read puzzle, which the player fixes and then loads.

import { api } from "./api.js";
import * as i18n from "./i18n.js";
import { errorText } from "./messages.js";
import { PhotoGrid } from "./photogrid.js";
import * as store from "./store.js";
import { checkText } from "./texts.js";
import "./words/photo.js";

const $ = (id) => document.getElementById(id);
const MAX_BYTES = 30 * 1024 * 1024; // desktop/io/photos.py MAX_BYTES
const SVG = "http://www.w3.org/2000/svg";

/** Resolve to the data URL of a File (or Blob). */
function dataUrl(file) {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result);
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });
}

/** The first image file among a DataTransfer's items, or null (``untyped``: a file of no type counts). */
function imageIn(transfer, untyped = true) {
  if (!transfer) return null;
  for (const item of transfer.items || []) {
    if (item.kind === "file" && item.type.startsWith("image/")) return item.getAsFile();
  }
  for (const file of transfer.files || []) {
    if (file.type.startsWith("image/") || (untyped && !file.type)) return file;
  }
  return null;
}

// the first bytes of the picture formats the reader opens (desktop/io/photos.py): PNG, JPEG, GIF, BMP, WebP, TIFF
const MAGIC = [[0x89, 0x50, 0x4e, 0x47], [0xff, 0xd8, 0xff], [0x47, 0x49, 0x46], [0x42, 0x4d],
  [0x52, 0x49, 0x46, 0x46], [0x49, 0x49, 0x2a, 0x00], [0x4d, 0x4d, 0x00, 0x2a]];
const MAX_TEXT = 20000; // desktop/io/transfer.py MAX_TEXT: a longer file is no puzzle we read

/** True if a dropped file of no type starts as a picture does (a .sdk or .json file has no type too). */
async function looksLikeImage(file) {
  const head = new Uint8Array(await file.slice(0, 4).arrayBuffer());
  return MAGIC.some((magic) => magic.every((byte, i) => head[i] === byte));
}

function hasFiles(transfer) {
  return Boolean(transfer && [...(transfer.types || [])].includes("Files"));
}

class Photo {
  mount(ctx) {
    this.ctx = ctx;
    this.token = 0; // the reading shown in the grid
    this.checks = 0; // answers of older checks are dropped
    this.grid = new PhotoGrid($("photo-grid"), () => this.check());
    const dialog = $("photo-dialog");
    $("import-image").addEventListener("click", () => this.openImage());
    $("photo-load").addEventListener("click", () => this.load());
    $("photo-cancel").addEventListener("click", () => api.closePhoto());
    dialog.addEventListener("cancel", (event) => {
      event.preventDefault(); // Escape is Cancel: the state closes the dialog
      api.closePhoto();
    });
    dialog.addEventListener("close", () => {
      this.grid.clear();
      this.token = 0;
      ctx.focusBoard();
    });
    // capture: an image on the clipboard wins over its text (the board's paste reads puzzle text)
    document.addEventListener("paste", (event) => this.paste(event), true);
    this.wireDrop();
  }

  async openImage() {
    const answer = await api.openImage();
    if (answer.ok && answer.pending) $("import-dialog").close();
  }

  paste(event) {
    const file = imageIn(event.clipboardData);
    if (!file) return;
    event.preventDefault();
    event.stopPropagation();
    this.send(file);
  }

  wireDrop() {
    const overlay = $("photo-drop");
    let depth = 0; // dragenter/dragleave pairs of nested elements
    window.addEventListener("dragenter", (event) => {
      if (!hasFiles(event.dataTransfer)) return;
      depth += 1;
      overlay.hidden = false;
    });
    window.addEventListener("dragleave", () => {
      depth = Math.max(0, depth - 1);
      if (!depth) overlay.hidden = true;
    });
    window.addEventListener("dragover", (event) => {
      if (!hasFiles(event.dataTransfer)) return;
      event.preventDefault(); // a file dropped anywhere is ours, never a navigation
      event.dataTransfer.dropEffect = "copy";
    });
    window.addEventListener("drop", (event) => {
      depth = 0;
      overlay.hidden = true;
      if (!hasFiles(event.dataTransfer)) return;
      event.preventDefault();
      this.dropped(imageIn(event.dataTransfer, false), (event.dataTransfer.files || [])[0]);
    });
  }

  /** A dropped picture is read; any other file is puzzle text (f-puzzles JSON, a link, a grid), loaded as a
   * paste is (an unsupported constraint is said in the alert, the board unchanged). */
  async dropped(image, file) {
    if (image) {
      this.send(image);
    } else if (file && !file.type && (await looksLikeImage(file))) {
      this.send(file);
    } else if (file && file.size <= MAX_TEXT * 4) {
      this.ctx.loadText(await file.text());
    } else if (file) {
      this.ctx.say(() => errorText({ code: "bad_text", params: {}, message: `a file of ${file.size} bytes is no puzzle` }));
    }
  }

  /** Send an image's bytes to be read (refused here at once when it is over the size limit). */
  async send(file) {
    if (file.size > MAX_BYTES) {
      this.ctx.say(() => errorText({ code: "photo_too_large", params: {} }));
      return;
    }
    await api.readImageData(await dataUrl(file));
  }

  /** Every state: open, update or close the dialog from `photo`. */
  accepted(state) {
    const photo = state.photo;
    const dialog = $("photo-dialog");
    if (!photo) {
      if (dialog.open) dialog.close();
      return;
    }
    if (!dialog.open) {
      if ($("import-dialog").open) $("import-dialog").close();
      dialog.showModal();
    }
    this.show(photo);
  }

  show(photo) {
    const read = photo.status === "read";
    $("photo-busy").textContent = photo.status === "reading" ? i18n.t("photo.reading") : "";
    $("photo-error").textContent = photo.status === "failed" ? errorText(photo.error) : "";
    $("photo-review").hidden = !read;
    $("photo-help").hidden = !read;
    $("photo-load").disabled = !read;
    $("photo-image").alt = i18n.t("photo.picture");
    if (!read) {
      this.grid.clear();
      this.token = 0;
      $("photo-status").textContent = "";
      const shown = `${photo.token}:${photo.status}`;
      if (shown !== this.waiting) $("photo-cancel").focus(); // once: a later state leaves focus alone
      this.waiting = shown;
      return;
    }
    if (photo.token === this.token) {
      this.grid.draw(); // the same reading: only the words may have changed
      this.sayStatus();
      return;
    }
    this.token = photo.token;
    this.lastCheck = null;
    const reading = photo.reading;
    $("photo-image").src = photo.preview;
    this.outline(photo);
    this.grid.show(reading.puzzle, reading.unsure, reading.corrections);
    this.check();
    this.grid.focusFirst();
  }

  /** Outline the grid found: its corners, in the picture's pixels, over the shown picture. */
  outline(photo) {
    const svg = $("photo-outline");
    svg.setAttribute("viewBox", `0 0 ${photo.width} ${photo.height}`);
    svg.setAttribute("preserveAspectRatio", "none");
    const polygon = svg.querySelector("polygon") || svg.appendChild(document.createElementNS(SVG, "polygon"));
    polygon.setAttribute("points", photo.reading.corners.map(([x, y]) => `${x},${y}`).join(" "));
  }

  /** Say what the puzzle shown is (unique, none, several, repeats) and how many cells are unsure. */
  async check() {
    const seq = (this.checks += 1);
    const answer = await api.checkGrid(this.grid.puzzle());
    if (seq !== this.checks || !answer.ok) return;
    this.lastCheck = answer.check;
    this.sayStatus();
  }

  sayStatus() {
    if (!this.lastCheck) return;
    const unsure = this.grid.unsure.size;
    const parts = [checkText(this.lastCheck)];
    if (unsure) parts.push(i18n.plural("photo.unsureCount", unsure));
    $("photo-status").textContent = parts.join(i18n.language() === "zh" ? "" : " ");
    $("photo-status").dataset.kind = this.lastCheck.kind;
  }

  async load() {
    $("photo-error").textContent = "";
    const { answer, state } = await store.act(() => api.loadPhoto(this.grid.puzzle()));
    if (!answer.ok) {
      $("photo-error").textContent = errorText(answer.error);
      return;
    }
    const clues = state.digits.filter((d) => d).length;
    this.ctx.say(() => i18n.t("msg.photoLoaded", { clues }));
  }
}

export const photo = new Photo();
