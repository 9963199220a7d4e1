// The Enter-puzzle editor of variants (issue 40, item 2): in Enter puzzle, the comboboxes "Puzzle kind"
// and "Size" (enter_shape), the tools that draw a cage, a thermometer or an arrow on the board (clicks
// and drags add cells to the constraint being drawn, kept in the store's view state until "Finish …"
// sends it with add_constraint; dots, X, V, > and odd/even go at once), the global rules' checkboxes
// (add_constraint / remove_constraint) and the list of what was drawn, each with its Remove button.

import { api } from "./api.js";
import { recordName } from "./clues.js";
import { AT_ONCE_TOOLS, CELL_TOOLS, EDGE_TOOLS, TOOLS, drawingRecord, edgeCells, neighbours } from "./drawing.js";
import * as i18n from "./i18n.js";
import { shapeOf } from "./shape.js";
import * as store from "./store.js";
import "./words/editor.js";

const $ = (id) => document.getElementById(id);

const KINDS = ["classic", "killer", "jigsaw", "x", "windoku", "thermo"];
const SIZES = [4, 6, 8, 9, 12, 16];
const RULES = ["antiknight", "antiking", "nonconsecutive"];

function element(tag, attrs = {}, children = []) {
  const el = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) el.setAttribute(name, value);
  el.append(...children);
  return el;
}

function labelled(id, key, control) {
  return element("div", { class: "editor-field" }, [element("label", { for: id, "data-i18n": key }, [i18n.t(key)]), control]);
}

function options(values, prefix) {
  return values.map((v) => element("option", { value: String(v), "data-i18n": `${prefix}${v}` }, [i18n.t(`${prefix}${v}`)]));
}

function build() {
  const tools = TOOLS.map((tool) => element("button", {
    type: "button", id: `draw-${tool}`, "aria-pressed": "false", "data-i18n": `editor.draw.${tool}`,
  }, [i18n.t(`editor.draw.${tool}`)]));
  const edges = AT_ONCE_TOOLS.map((tool) => element("button", {
    type: "button", id: `draw-${tool}`, "aria-pressed": "false", "data-i18n": `editor.draw.${tool}`,
  }, [i18n.t(`editor.draw.${tool}`)]));
  const finishes = TOOLS.map((tool) => element("button", {
    type: "button", id: `finish-${tool}`, "data-i18n": `editor.finish.${tool}`, hidden: "",
  }, [i18n.t(`editor.finish.${tool}`)]));
  const rules = RULES.map((rule) => element("label", { class: "editor-check" }, [
    element("input", { type: "checkbox", id: `rule-${rule}`, "data-rule": rule }), " ",
    element("span", { "data-i18n": `editor.rule.${rule}` }, [i18n.t(`editor.rule.${rule}`)]),
  ]));
  const group = element("div", { id: "enter-tools", class: "enter-tools", role: "group", hidden: "",
    "aria-label": i18n.t("editor.group"), "data-i18n-aria-label": "editor.group" }, [
    element("div", { class: "editor-row" }, [
      labelled("puzzle-kind", "editor.kind", element("select", { id: "puzzle-kind" }, options(KINDS, "kind."))),
      labelled("puzzle-size", "editor.size", element("select", { id: "puzzle-size" }, options(SIZES, "size."))),
    ]),
    element("div", { class: "editor-row" }, tools),
    element("div", { class: "editor-row" }, edges),
    element("div", { class: "editor-row" }, [
      element("button", { type: "button", id: "paint-region", "aria-pressed": "false", "data-i18n": "editor.paint" },
        [i18n.t("editor.paint")]),
      labelled("region-number", "editor.region", element("input", { type: "number", id: "region-number", min: "1",
        max: "16", step: "1", value: "1", inputmode: "numeric" })),
    ]),
    element("div", { id: "region-sizes", class: "region-sizes", role: "status", "aria-label": i18n.t("editor.regionSizes"),
      "data-i18n-aria-label": "editor.regionSizes" }),
    element("div", { class: "editor-row" }, [
      labelled("cage-sum", "editor.cageSum", element("input", { type: "number", id: "cage-sum", min: "1", max: "136",
        step: "1", inputmode: "numeric" })),
      ...finishes,
    ]),
    element("div", { class: "editor-row" }, rules),
    element("ul", { id: "editor-constraints", class: "editor-constraints", "aria-label": i18n.t("editor.constraints"),
      "data-i18n-aria-label": "editor.constraints" }),
  ]);
  document.querySelector(".panel .state-line").after(group);
}

class Editor {
  mount(ctx) {
    this.ctx = ctx;
    build();
    $("puzzle-kind").addEventListener("change", () => this.sendShape());
    $("puzzle-size").addEventListener("change", () => this.sendShape());
    for (const tool of TOOLS) {
      $(`draw-${tool}`).addEventListener("click", () => this.toggleTool(tool));
      $(`finish-${tool}`).addEventListener("click", () => this.finish());
    }
    for (const tool of AT_ONCE_TOOLS) {
      $(`draw-${tool}`).addEventListener("click", () => this.toggleTool(tool));
    }
    $("paint-region").addEventListener("click", () => this.toggleTool("region"));
    $("editor-constraints").addEventListener("click", (event) => {
      const button = event.target.closest("button[data-index]");
      if (button) api.removeConstraint(Number(button.dataset.index));
    });
    for (const rule of RULES) $(`rule-${rule}`).addEventListener("change", (e) => this.setRule(rule, e.target.checked));
    $("cage-sum").addEventListener("keydown", (event) => {
      if (event.key === "Enter") {
        event.preventDefault();
        this.finish();
      }
    });
    // a press on a cell, and the cells the pointer passes with the button held, go into the drawing
    const board = $("board");
    board.addEventListener("mousedown", (event) => this.press(event, false), true);
    board.addEventListener("mouseover", (event) => {
      if (event.buttons & 1) this.press(event, true);
    });
    board.addEventListener("keydown", (event) => this.key(event), true);
  }

  entering() {
    const s = store.state();
    return Boolean(s) && (store.ui().modeWanted || s.mode) === "enter";
  }

  cellOf(event) {
    const el = event.target.closest("[data-cell]");
    return el ? Number(el.dataset.cell) : -1;
  }

  press(event, dragging) {
    const drawing = store.ui().drawing;
    const cell = this.cellOf(event);
    if (!drawing || !this.entering() || cell < 0) return;
    if (drawing.tool === "region") {
      this.paint(cell);
      return;
    }
    if (drawing.tool in EDGE_TOOLS) {
      if (!dragging) this.edgeClick(drawing, cell, event);
      return;
    }
    if (drawing.tool in CELL_TOOLS) {
      if (!dragging) this.sendAtOnce(drawing.tool, [cell]);
      return;
    }
    this.addCell(drawing, cell, dragging);
  }

  // a dot, X or V goes on the edge of the cell nearest the press, between the cell and that neighbour
  edgeClick(drawing, cell, event) {
    const n = shapeOf(store.state()).size;
    const rect = event.target.closest("[data-cell]").getBoundingClientRect();
    const x = (event.clientX - rect.left) / rect.width;
    const y = (event.clientY - rect.top) / rect.height;
    const [row, col] = [Math.floor(cell / n), cell % n];
    const sides = [[y, row > 0, cell - n], [1 - y, row < n - 1, cell + n], [x, col > 0, cell - 1],
      [1 - x, col < n - 1, cell + 1]].filter(([, inside]) => inside).sort((a, b) => a[0] - b[0]);
    if (sides.length) this.sendAtOnce(drawing.tool, edgeCells(drawing.tool, cell, sides[0][2]));
  }

  // a jigsaw's region: the cell goes into the region numbered in "Region" (1..N)
  paint(cell) {
    const shape = shapeOf(store.state());
    const region = Math.max(1, Math.min(shape.size, Math.round(Number($("region-number").value) || 1))) - 1;
    if (shape.regions[cell] !== region) api.setRegion(cell, region);
  }

  async sendAtOnce(tool, cells) {
    store.setDrawing({ tool, cells: [] });
    const record = drawingRecord({ tool, cells });
    const answer = await api.addConstraint(record);
    if (answer.ok) this.ctx.say(() => i18n.t(`editor.added.${tool}`));
  }

  // Enter (or Space) on the board puts the selected cell in the drawing, or takes it out again
  key(event) {
    const drawing = store.ui().drawing;
    if (!drawing || !this.entering() || (event.key !== "Enter" && event.key !== " ") || event.ctrlKey) return;
    event.preventDefault();
    event.stopPropagation();
    if (drawing.tool === "region") this.paint(store.ui().selected);
    else if (drawing.tool in CELL_TOOLS) this.sendAtOnce(drawing.tool, [store.ui().selected]);
    else this.addCell(drawing, store.ui().selected, false);
  }

  addCell(drawing, cell, dragging) {
    const cells = [...drawing.cells];
    if (drawing.tool in EDGE_TOOLS && cells.length === 1 && cells[0] !== cell) { // the keyboard's second cell
      if (neighbours(cells[0], cell, shapeOf(store.state()).size)) {
        this.sendAtOnce(drawing.tool, edgeCells(drawing.tool, cells[0], cell));
      } else {
        this.ctx.say(() => i18n.t("editor.neighbours"));
      }
      return;
    }
    const at = cells.indexOf(cell);
    if (at >= 0 && dragging) return;
    if (at >= 0 && (drawing.tool === "cage" || at === cells.length - 1)) cells.splice(at, 1); // a click takes it out
    else if (at < 0) cells.push(cell);
    else return;
    store.setDrawing({ tool: drawing.tool, cells });
    this.ctx.announce(i18n.t("editor.cells", { count: cells.length }));
  }

  toggleTool(tool) {
    const drawing = store.ui().drawing;
    store.setDrawing(drawing && drawing.tool === tool ? null : { tool, cells: [] });
    if (store.ui().drawing) this.ctx.say(() => i18n.t(`editor.drawing.${tool}`));
  }

  async sendShape() {
    store.setDrawing(null);
    await api.enterShape($("puzzle-kind").value, Number($("puzzle-size").value));
  }

  async finish() {
    const drawing = store.ui().drawing;
    const text = $("cage-sum").value.trim();
    const total = text === "" ? null : Number(text);
    const record = drawingRecord(drawing, total);
    if (!record) {
      this.ctx.say(() => i18n.t("editor.noCells"));
      return;
    }
    if (record.kind === "arrow" && !record.line.length) {
      this.ctx.say(() => i18n.t("editor.arrowLine"));
      return;
    }
    if (total !== null && !(Number.isInteger(total) && total > 0)) {
      this.ctx.say(() => i18n.t("editor.badSum"));
      return;
    }
    store.setDrawing({ tool: drawing.tool, cells: [] });
    if (record.kind === "cage") $("cage-sum").value = "";
    const answer = await api.addConstraint(record);
    if (answer.ok) this.ctx.say(() => i18n.t(`editor.added.${record.kind}`, { count: record.cells ? record.cells.length : 0, total }));
  }

  async setRule(rule, on) {
    const constraints = shapeOf(store.state()).constraints;
    const index = constraints.findIndex((k) => k.kind === "rule" && k.name === rule);
    if (on && index < 0) await api.addConstraint({ kind: "rule", name: rule });
    else if (!on && index >= 0) await api.removeConstraint(index);
  }

  /** The constraints drawn so far (not the rules: their checkboxes), each with a button that removes it. */
  listConstraints(shape) {
    const list = $("editor-constraints");
    if (this.listed && this.listed[0] === shape && this.listed[1] === i18n.language()) return;
    this.listed = [shape, i18n.language()]; // shape.js keeps one object per distinct shape
    const items = [];
    shape.constraints.forEach((record, index) => {
      if (record.kind === "rule") return;
      const name = recordName(record, shape.size);
      const remove = element("button", { type: "button", "data-index": String(index),
        "aria-label": i18n.t("editor.remove", { name }) }, [i18n.t("editor.removeShort")]);
      items.push(element("li", {}, [element("span", {}, [name]), " ", remove]));
    });
    list.replaceChildren(...items);
    list.hidden = !items.length;
  }

  render(state, active) {
    const entering = state.mode === "enter" && !active;
    const shape = shapeOf(state);
    $("enter-tools").hidden = !entering;
    if (!entering && store.ui().drawing) store.setDrawing(null);
    if (document.activeElement !== $("puzzle-kind")) $("puzzle-kind").value = KINDS.includes(shape.kind) ? shape.kind : "classic";
    if (document.activeElement !== $("puzzle-size")) $("puzzle-size").value = String(shape.size);
    const drawing = store.ui().drawing;
    for (const tool of AT_ONCE_TOOLS) {
      $(`draw-${tool}`).setAttribute("aria-pressed", drawing && drawing.tool === tool ? "true" : "false");
    }
    this.listConstraints(shape);
    $("paint-region").setAttribute("aria-pressed", drawing && drawing.tool === "region" ? "true" : "false");
    $("region-number").closest(".editor-field").hidden = !(drawing && drawing.tool === "region");
    $("region-number").max = String(shape.size);
    const sizes = regionSizesText(shape);
    if ($("region-sizes").textContent !== sizes) $("region-sizes").textContent = sizes;
    $("region-sizes").hidden = !sizes;
    for (const tool of TOOLS) {
      const on = Boolean(drawing && drawing.tool === tool);
      $(`draw-${tool}`).setAttribute("aria-pressed", on ? "true" : "false");
      $(`finish-${tool}`).hidden = !on;
      $(`finish-${tool}`).disabled = !drawing || !drawing.cells.length;
    }
    $("cage-sum").closest(".editor-field").hidden = !(drawing && drawing.tool === "cage");
    for (const rule of RULES) {
      $(`rule-${rule}`).checked = shape.constraints.some((k) => k.kind === "rule" && k.name === rule);
    }
  }
}

/** What the editor says of a jigsaw's regions of the wrong size ("" when every one has N cells). */
export function regionSizesText(shape) {
  const counts = new Array(shape.size).fill(0);
  for (const r of shape.regions) counts[r] += 1;
  const wrong = counts.map((count, r) => [r + 1, count]).filter(([, count]) => count !== shape.size);
  if (!wrong.length) return "";
  const list = wrong.map(([region, count]) => i18n.t("editor.regionCount", { region, count }));
  return i18n.t("editor.regionsWrong", { list: list.join(i18n.t("clue.join")), size: shape.size });
}

export const editor = new Editor();
