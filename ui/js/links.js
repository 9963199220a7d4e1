// Draws a step's chain links as arrows between candidates, on an SVG layer over the board: strong
// links solid, weak links dashed (app.css); each starts and ends at a candidate's circle edge and
// curves around the digits a straight arrow would cross. The layer is decoration for the eye; its <desc>
// lists the links in words for a screen reader, and the explanation says them in sentences.

const SVG = "http://www.w3.org/2000/svg";

// a cell's candidates lie on the board's grid of --cand-cols x --cand-rows (3 x 3 on 9x9, 4 x 4 on 16x16)
function candidatePoint(board, origin, cell, digit) {
  const rect = board.querySelector(`[data-cell="${cell}"]`).getBoundingClientRect();
  const cols = Number(board.style.getPropertyValue("--cand-cols")) || 3;
  const rows = Number(board.style.getPropertyValue("--cand-rows")) || 3;
  return {
    x: rect.left - origin.left + (((digit - 1) % cols) + 0.5) * (rect.width / cols),
    y: rect.top - origin.top + (Math.floor((digit - 1) / cols) + 0.5) * (rect.height / rows),
    r: rect.width / (2 * cols + 1),
  };
}

/** The centre and clearance of every cell showing a digit (an arrow must not cross it). */
function digitCentres(board, origin) {
  const out = [];
  for (const el of board.querySelectorAll("[data-cell]")) {
    const digit = el.querySelector(".digit");
    if (!digit || !digit.textContent.trim()) continue;
    const rect = el.getBoundingClientRect();
    out.push({ cell: Number(el.dataset.cell), x: rect.left - origin.left + rect.width / 2,
      y: rect.top - origin.top + rect.height / 2, r: rect.width * 0.3 });
  }
  return out;
}

function bezier(a, c1, c2, b, t) {
  const u = 1 - t;
  const w = [u * u * u, 3 * u * u * t, 3 * u * t * t, t * t * t];
  const mix = (k) => w[0] * a[k] + w[1] * c1[k] + w[2] * c2[k] + w[3] * b[k];
  return { x: mix("x"), y: mix("y") };
}

function clear(a, c1, c2, b, digits) {
  for (let i = 1; i < 40; i += 1) {
    const p = bezier(a, c1, c2, b, i / 40);
    if (digits.some((d) => Math.hypot(p.x - d.x, p.y - d.y) < d.r)) return false;
  }
  return true;
}

/** The path from the edge of candidate a's circle to the edge of b's: straight when that crosses no
 * digit, else the first of a few curves (either side, bending more: along the lines between cells)
 * that crosses none. */
function route(a, b, digits) {
  const length = Math.hypot(b.x - a.x, b.y - a.y) || 1;
  const nx = -(b.y - a.y) / length;
  const ny = (b.x - a.x) / length;
  const cell = a.r * 7; // a candidate's radius is a seventh of its cell
  let c1 = a;
  let c2 = b;
  for (const bend of [0, 0.6, -0.6, 0.9, -0.9, 1.2, -1.2, 1.6, -1.6]) {
    const k1 = { x: a.x + nx * bend * cell, y: a.y + ny * bend * cell };
    const k2 = { x: b.x + nx * bend * cell, y: b.y + ny * bend * cell };
    if (clear(a, k1, k2, b, digits)) {
      if (bend !== 0) [c1, c2] = [k1, k2];
      break;
    }
  }
  // leave and arrive along the curve's tangents, at the circles' edges
  const from = edge(a, c1 === a ? b : c1);
  const to = edge(b, c2 === b ? a : c2);
  return `M ${from.x} ${from.y} C ${c1 === a ? from.x : c1.x} ${c1 === a ? from.y : c1.y} `
    + `${c2 === b ? to.x : c2.x} ${c2 === b ? to.y : c2.y} ${to.x} ${to.y}`;
}

function edge(p, toward) {
  const length = Math.hypot(toward.x - p.x, toward.y - p.y) || 1;
  return { x: p.x + ((toward.x - p.x) / length) * p.r, y: p.y + ((toward.y - p.y) / length) * p.r };
}

/**
 * Draw links ([[cell, digit], [cell, digit], strong] lists, or null for none) over board inside svg;
 * describe(link) gives each link's words for the layer's description.
 */
export function drawLinks(svg, board, links, describe) {
  const group = svg.querySelector("g");
  group.replaceChildren();
  const desc = svg.querySelector("desc");
  if (!links || links.length === 0) {
    svg.setAttribute("hidden", ""); // an SVG element has no .hidden property
    desc.textContent = "";
    return;
  }
  const origin = board.getBoundingClientRect();
  svg.setAttribute("width", String(origin.width));
  svg.setAttribute("height", String(origin.height));
  svg.setAttribute("viewBox", `0 0 ${origin.width} ${origin.height}`);
  const digits = digitCentres(board, origin);
  for (const [[c1, d1], [c2, d2], strong] of links) {
    const a = candidatePoint(board, origin, c1, d1);
    const b = candidatePoint(board, origin, c2, d2);
    const path = document.createElementNS(SVG, "path");
    path.setAttribute("d", route(a, b, digits.filter((p) => p.cell !== c1 && p.cell !== c2)));
    path.setAttribute("class", strong ? "link strong" : "link weak");
    path.setAttribute("marker-end", "url(#arrow)");
    path.dataset.from = `${c1}:${d1}`;
    path.dataset.to = `${c2}:${d2}`;
    group.appendChild(path);
  }
  desc.textContent = links.map(describe).join("; ");
  svg.removeAttribute("hidden");
}
