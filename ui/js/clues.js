// Words for a variant's constraints (the shape's records, engine/puzzle/model.py): what constrains each
// cell, for its label ("cage of 3 cells summing to 15, thermometer bulb"), and the rules list under the
// board (global rules and the clues written outside the grid). Pure: shape in, words out.

import * as i18n from "./i18n.js";
import { cellNameIn } from "./texts.js";
import "./words/variants.js";

const RULE_NAMES = ["antiknight", "antiking", "nonconsecutive", "disjointgroups", "negative_white",
  "negative_black", "negative_xv"];

// each record kind -> [[cell, key, params], ...]: the phrases it adds to its cells' labels
const PHRASES = {
  cage: (k) => k.cells.map((c) => [c, k.total == null ? "clue.cageNoSum" : "clue.cage",
    { count: k.cells.length, total: k.total }]),
  region: (k) => k.cells.map((c) => [c, "clue.region", {}]),
  diagonal: (k, n) => diagonalCells(n, k.anti).map((c) => [c, "clue.diagonal", {}]),
  thermo: (k) => k.cells.map((c, i) => [c, i === 0 ? "clue.thermoBulb" : "clue.thermo", { place: i + 1 }]),
  arrow: (k) => [...k.circle.map((c) => [c, "clue.arrowCircle", {}]), ...k.line.map((c) => [c, "clue.arrow", {}])],
  littlekiller: (k) => k.cells.map((c) => [c, "clue.littleKiller", { total: k.total }]),
  dot: (k, n) => pairPhrases(k.cells, n, dotKey(k), { value: k.value }),
  xv: (k, n) => pairPhrases(k.cells, n, k.total === 10 ? "clue.x" : k.total === 5 ? "clue.v" : "clue.xvTotal",
    { total: k.total }),
  parity: (k) => [[k.cell, k.even ? "clue.even" : "clue.odd", {}]],
  greater: (k, n) => [[k.cells[0], "clue.greater", { cell: cellNameIn(k.cells[1], n) }],
    [k.cells[1], "clue.less", { cell: cellNameIn(k.cells[0], n) }]],
};

function dotKey(dot) {
  const usual = dot.value === 0 || dot.value === (dot.colour === "white" ? 1 : 2);
  const colour = dot.colour === "black" ? "Black" : "White";
  return `clue.dot${colour}${usual ? "" : "Value"}`;
}

function pairPhrases([a, b], n, key, params) {
  return [[a, key, { ...params, cell: cellNameIn(b, n) }], [b, key, { ...params, cell: cellNameIn(a, n) }]];
}

/** The cells of an X diagonal: bottom left to top right (anti false), else top left to bottom right. */
export function diagonalCells(n, anti) {
  return Array.from({ length: n }, (_, i) => (anti ? i * n + i : (n - 1 - i) * n + i));
}

/** Per cell, the words of what constrains it (N*N strings, "" where nothing does), in the language shown. */
export function cellClues(shape) {
  const phrases = Array.from({ length: shape.cells }, () => []);
  for (const record of shape.constraints) {
    const make = PHRASES[record.kind];
    if (!make) continue; // a rule (the list under the board) or a kind this page does not know
    for (const [cell, key, params] of make(record, shape.size)) {
      if (cell >= 0 && cell < shape.cells) phrases[cell].push(i18n.t(key, params));
    }
  }
  return phrases.map((list) => list.join(i18n.t("clue.join")));
}

/** The rules list: the global rules' sentences, then the clues outside the grid (sandwiches, little
 * killers), in the language shown. */
export function ruleLines(shape) {
  const lines = [];
  const n = shape.size;
  for (const record of shape.constraints) {
    if (record.kind === "rule" && RULE_NAMES.includes(record.name)) {
      const line = i18n.t(`rule.${record.name}`);
      if (!lines.includes(line)) lines.push(line);
    } else if (record.kind === "sandwich") {
      const key = record.axis === "col" ? "rule.sandwichCol" : "rule.sandwichRow";
      lines.push(i18n.t(key, { index: record.index + 1, size: n, total: record.total }));
    } else if (record.kind === "littlekiller") {
      lines.push(i18n.t("rule.littleKiller", {
        cell: cellNameIn(record.cells[0], n), direction: i18n.t(`dir.${record.direction}`), total: record.total,
      }));
    }
  }
  return lines;
}

/** A constraint's name, for the editor's list ("cage of 3 cells summing to 15 at r1c1"). */
export function recordName(record, n) {
  const cells = record.kind === "arrow" ? record.circle : record.cells || [record.cell];
  const at = cellNameIn(Math.min(...cells), n);
  if (record.kind === "cage") {
    const key = record.total == null ? "clue.cageNoSum" : "clue.cage";
    return i18n.t("name.at", { what: i18n.t(key, { count: record.cells.length, total: record.total }), cell: at });
  }
  return i18n.t("name.at", { what: i18n.t(`name.${record.kind}`), cell: at });
}
