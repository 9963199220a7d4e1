// The words for what the state says: a cell's name, the Board state line, a check's answer, a run's end.

import * as i18n from "./i18n.js";

/** Return a cell's short name, "r4c7" (rows and columns from 1), on a board of size N. */
export function cellNameIn(cell, size) {
  return `r${Math.floor(cell / size) + 1}c${(cell % size) + 1}`;
}

/** Return a cell's short name on a 9x9 board (one argument: it is handed to map()). */
export function cellName(cell) {
  return cellNameIn(cell, 9);
}

/** "row R, column C, D" / "…, empty" (with its notes); digits 10-16 as numbers; size N (9 unless said). */
export function cellLabel(cell, digit, notes = 0, size = 9) {
  const params = { row: Math.floor(cell / size) + 1, col: (cell % size) + 1, digit };
  const label = i18n.t(digit ? "cell.filled" : "cell.empty", params);
  if (digit || !notes) return label;
  const list = [];
  for (let d = 1; d <= Math.max(9, size); d++) if (notes & (1 << (d - 1))) list.push(d);
  return i18n.t("cell.notes", { label, notes: list.join(" ") });
}

/** The Board state line for a status, on a board of `cells` cells (81 unless said). */
export function statusText(status, cells = 81) {
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
      if (status.solutions === 1) return i18n.t("state.validUnique", { filled: status.filled, cells });
      if (status.solutions === 2) return i18n.t("state.validMultiple", { filled: status.filled, cells });
      return i18n.t("state.valid", { filled: status.filled, cells });
  }
}

/** What a typed puzzle is (leaving Enter puzzle). */
export function checkText(check) {
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

/** How a run ended with a solution. */
export function solvedText(session) {
  if (session.steps <= 1) return i18n.t("solve.solvedAtOnce");
  return i18n.t("solve.solved", { steps: session.steps, backtracks: session.backtracks });
}

/** An algorithm's name inside a sentence ("Solving with smart search…"); Chinese has no case. */
export function algorithmName(algorithm) {
  return i18n.t(`algo.${algorithm}`).toLowerCase();
}
