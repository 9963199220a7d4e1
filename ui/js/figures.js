// Draws a variant's constraints as SVG over the board (pure: a shape in, SVG elements out), in cell
// units: the viewBox is 0 0 N N, so the figures scale with the board and stay crisp at any size; clues
// outside the grid (little killers, sandwiches) go in the band of one cell around it.
//
// Two layers: `fills` (extra regions, odd/even shapes, thermometers), blended so the digits over them
// stay readable in both themes, and `lines` (diagonals, arrows, cages, dots, XV, >, outside clues).
// Jigsaw borders are the board's own region lines (board.js). The colours are the stylesheet's.

const SVG = "http://www.w3.org/2000/svg";
const STEPS = { UR: [-1, 1], DR: [1, 1], DL: [1, -1], UL: [-1, -1] };

function add(parent, tag, attrs = {}, text = "") {
  const el = document.createElementNS(SVG, tag);
  for (const [name, value] of Object.entries(attrs)) el.setAttribute(name, String(value));
  if (text) el.textContent = text;
  parent.appendChild(el);
  return el;
}

const centre = (cell, n) => [(cell % n) + 0.5, Math.floor(cell / n) + 0.5];
const round = (v) => Math.round(v * 1000) / 1000;
const points = (list) => list.map(([x, y]) => `${round(x)},${round(y)}`).join(" ");

/** Where a little killer's sum is written: one step before its diagonal's first cell, outside the grid. */
function killerClue(k, n) {
  const [dr, dc] = STEPS[k.direction] || [1, 1];
  const first = k.cells[0];
  const at = [Math.floor(first / n) - dr, (first % n) - dc];
  return at[0] >= 0 && at[0] < n && at[1] >= 0 && at[1] < n ? k.clue : at;
}

/** The sides of the grid with clues outside it (little killers, sandwiches), each {top, right, bottom,
 * left} true where the board keeps a band of one cell for them. */
export function outsideSides(shape) {
  const n = shape.size;
  const sides = { top: false, right: false, bottom: false, left: false };
  for (const k of shape.constraints) {
    let row = 0;
    let col = 0;
    if (k.kind === "sandwich") [row, col] = k.axis === "col" ? [-1, k.index] : [k.index, -1];
    else if (k.kind === "littlekiller") [row, col] = killerClue(k, n);
    else continue;
    sides.top ||= row < 0;
    sides.bottom ||= row >= n;
    sides.left ||= col < 0;
    sides.right ||= col >= n;
  }
  return sides;
}

const DRAW = { // kind -> [layer, drawer], bottom to top
  region: ["fills", (g, k, n) => k.cells.forEach((c) => cellRect(g, c, n, "fig-region"))],
  parity: ["fills", parity],
  thermo: ["fills", thermometer],
  diagonal: ["lines", diagonal],
  arrow: ["lines", arrow],
  cage: ["lines", cage],
  dot: ["lines", dot],
  xv: ["lines", xv],
  greater: ["lines", greater],
  littlekiller: ["lines", littleKiller],
  sandwich: ["lines", sandwich],
};

/** Draw the shape's constraints into svg (emptied first); pending: a record being drawn (Enter puzzle),
 * its cells shaded, or null; focus: the indices of the constraints a hint's step uses, drawn in the
 * accent colour (group `fig-focus`). */
export function drawFigures(svg, shape, pending = null, focus = []) {
  const n = shape.size;
  svg.replaceChildren();
  svg.setAttribute("viewBox", `0 0 ${n} ${n}`);
  const layers = { fills: add(svg, "g", { class: "fig-fills" }), lines: add(svg, "g", { class: "fig-lines" }) };
  if (pending) for (const c of recordCells(pending)) cellRect(layers.fills, c, n, "fig-pending");
  const records = pending ? [...shape.constraints, pending] : shape.constraints;
  const focused = new Set(focus);
  for (const [kind, [layer, draw]] of Object.entries(DRAW)) {
    records.forEach((record, index) => {
      if (record.kind !== kind) return;
      draw(focused.has(index) ? add(layers[layer], "g", { class: "fig-focus" }) : layers[layer], record, n);
    });
  }
}

/** The cells a record covers (a cage's, a thermometer's, an arrow's circle and line, …). */
export function recordCells(record) {
  if (record.kind === "arrow") return [...record.circle, ...record.line];
  if (record.kind === "parity") return [record.cell];
  return record.cells || [];
}

function cellRect(g, cell, n, cls) {
  add(g, "rect", { class: cls, x: cell % n, y: Math.floor(cell / n), width: 1, height: 1 });
}

function parity(g, k, n) {
  const [x, y] = centre(k.cell, n);
  if (k.even) add(g, "rect", { class: "fig-shape", x: x - 0.36, y: y - 0.36, width: 0.72, height: 0.72 });
  else add(g, "circle", { class: "fig-shape", cx: x, cy: y, r: 0.38 });
}

function thermometer(g, k, n) {
  const [x, y] = centre(k.cells[0], n);
  add(g, "circle", { class: "fig-thermo", cx: x, cy: y, r: 0.36 });
  if (k.cells.length > 1) {
    add(g, "polyline", { class: "fig-thermo-line", points: points(k.cells.map((c) => centre(c, n))) });
  }
}

function diagonal(g, k, n) {
  const [y0, y1] = k.anti ? [0, n] : [n, 0];
  add(g, "line", { class: "fig-diagonal", x1: 0, y1: y0, x2: n, y2: y1 });
}

function arrow(g, k, n) {
  const rows = k.circle.map((c) => Math.floor(c / n));
  const cols = k.circle.map((c) => c % n);
  const [r0, r1, c0, c1] = [Math.min(...rows), Math.max(...rows), Math.min(...cols), Math.max(...cols)];
  const straight = (r0 === r1 || c0 === c1) && k.circle.length === (r1 - r0 + 1) * (c1 - c0 + 1);
  const radius = 0.4;
  if (k.circle.length > 1 && straight) { // a pill over a straight run of cells
    add(g, "rect", { class: "fig-arrow", x: c0 + 0.1, y: r0 + 0.1, width: c1 - c0 + 0.8, height: r1 - r0 + 0.8,
      rx: radius, ry: radius });
  } else {
    for (const c of k.circle) add(g, "circle", { class: "fig-arrow", cx: centre(c, n)[0], cy: centre(c, n)[1], r: radius });
  }
  if (!k.line.length) return;
  const [hr, hc] = [Math.floor(k.line[0] / n), k.line[0] % n];
  const start = k.circle.reduce((best, c) => {
    const d = Math.max(Math.abs(Math.floor(c / n) - hr), Math.abs((c % n) - hc));
    return d < best[0] ? [d, c] : best;
  }, [Infinity, k.circle[0]])[1];
  const path = [centre(start, n), ...k.line.map((c) => centre(c, n))];
  const [[x0, y0], [x1, y1]] = path;
  const length = Math.hypot(x1 - x0, y1 - y0) || 1;
  path[0] = [x0 + ((x1 - x0) * radius) / length, y0 + ((y1 - y0) * radius) / length]; // from the circle's edge
  const [xa, ya] = path[path.length - 2];
  const [xb, yb] = path[path.length - 1];
  const angle = Math.atan2(yb - ya, xb - xa);
  const barb = (turn) => [xb + 0.22 * Math.cos(angle + turn), yb + 0.22 * Math.sin(angle + turn)];
  add(g, "polyline", { class: "fig-arrow-line", points: points(path) });
  add(g, "polyline", { class: "fig-arrow-line", points: points([barb(2.6), [xb, yb], barb(-2.6)]) });
}

// a dashed outline inset in the cage's cells (each cell side on the cage's edge, stopped short at a
// convex corner and run on to meet the next side at a concave one), the sum in the top-left corner
function cage(g, k, n, cls = "fig-cage") {
  const inside = new Set(k.cells.map((c) => `${Math.floor(c / n)},${c % n}`));
  const has = (r, c) => inside.has(`${r},${c}`);
  const d = 0.09;
  const segments = [];
  for (const cell of k.cells) {
    const [r, c] = [Math.floor(cell / n), cell % n];
    for (const [dr, dc, ar, ac] of [[-1, 0, 0, 1], [1, 0, 0, 1], [0, -1, 1, 0], [0, 1, 1, 0]]) {
      if (has(r + dr, c + dc)) continue;
      const ends = [-1, 1].map((sign) => {
        const [alr, alc] = [r + sign * ar, c + sign * ac];
        const reach = !has(alr, alc) ? 0.5 - d : has(alr + dr, alc + dc) ? 0.5 + d : 0.5;
        return sign * reach;
      });
      const off = 0.5 - d;
      const y0 = r + 0.5 + dr * off + ar * ends[0];
      const x0 = c + 0.5 + dc * off + ac * ends[0];
      const y1 = r + 0.5 + dr * off + ar * ends[1];
      const x1 = c + 0.5 + dc * off + ac * ends[1];
      segments.push(`M${round(x0)} ${round(y0)}L${round(x1)} ${round(y1)}`);
    }
  }
  add(g, "path", { class: cls, d: segments.join("") });
  if (k.total == null) return;
  const first = Math.min(...k.cells);
  add(g, "text", { class: "fig-cage-sum", x: (first % n) + 0.06, y: Math.floor(first / n) + 0.05 }, String(k.total));
}

function edgeMiddle([a, b], n) {
  const [xa, ya] = centre(a, n);
  const [xb, yb] = centre(b, n);
  return [(xa + xb) / 2, (ya + yb) / 2];
}

function dot(g, k, n) {
  const [x, y] = edgeMiddle(k.cells, n);
  const usual = k.value === 0 || k.value === (k.colour === "white" ? 1 : 2);
  const r = usual ? 0.11 : 0.16;
  add(g, "circle", { class: `fig-dot ${k.colour === "black" ? "black" : "white"}`, cx: x, cy: y, r });
  if (!usual) add(g, "text", { class: `fig-dot-value ${k.colour}`, x, y }, String(k.value));
}

function xv(g, k, n) {
  const [x, y] = edgeMiddle(k.cells, n);
  const letter = k.total === 10 ? "X" : k.total === 5 ? "V" : String(k.total);
  add(g, "text", { class: "fig-xv", x, y }, letter);
}

function greater(g, k, n) {
  const [xa, ya] = centre(k.cells[0], n);
  const [xb, yb] = centre(k.cells[1], n);
  const [x, y] = edgeMiddle(k.cells, n);
  const [ux, uy] = [xb - xa, yb - ya]; // towards the smaller digit: the chevron's tip
  const s = 0.1;
  add(g, "polyline", { class: "fig-greater", points: points([[x - ux * s - uy * 1.6 * s, y - uy * s - ux * 1.6 * s],
    [x + ux * s, y + uy * s], [x - ux * s + uy * 1.6 * s, y - uy * s + ux * 1.6 * s]]) });
}

function littleKiller(g, k, n) {
  const [dr, dc] = STEPS[k.direction] || [1, 1];
  const [row, col] = killerClue(k, n);
  const [cx, cy] = [col + 0.5, row + 0.5];
  add(g, "text", { class: "fig-outside", x: cx - dc * 0.12, y: cy - dr * 0.12 }, String(k.total));
  const tip = [cx + dc * 0.45, cy + dr * 0.45];
  add(g, "line", { class: "fig-outside-line", x1: cx + dc * 0.2, y1: cy + dr * 0.2, x2: tip[0], y2: tip[1] });
  add(g, "polyline", { class: "fig-outside-line",
    points: points([[tip[0] - dc * 0.12, tip[1]], tip, [tip[0], tip[1] - dr * 0.12]]) });
}

function sandwich(g, k, n) {
  const [row, col] = k.axis === "col" ? [-1, k.index] : [k.index, -1];
  add(g, "text", { class: "fig-outside fig-sandwich", x: col + 0.5, y: row + 0.5 }, String(k.total));
}
