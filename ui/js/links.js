// Draws a step's chain links as arrows between candidates, on an SVG layer over the board: strong
// links solid, weak links dashed (app.css). The layer is decoration for the eye; its <desc> lists the
// links in words for a screen reader, and the explanation says them in sentences.

const SVG = "http://www.w3.org/2000/svg";

function candidatePoint(board, origin, cell, digit) {
  const rect = board.querySelector(`[data-cell="${cell}"]`).getBoundingClientRect();
  return {
    x: rect.left - origin.left + (((digit - 1) % 3) + 0.5) * (rect.width / 3),
    y: rect.top - origin.top + (Math.floor((digit - 1) / 3) + 0.5) * (rect.height / 3),
    r: rect.width / 7,
  };
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
  for (const [[c1, d1], [c2, d2], strong] of links) {
    const a = candidatePoint(board, origin, c1, d1);
    const b = candidatePoint(board, origin, c2, d2);
    const length = Math.hypot(b.x - a.x, b.y - a.y) || 1;
    const ux = (b.x - a.x) / length;
    const uy = (b.y - a.y) / length;
    const line = document.createElementNS(SVG, "line");
    // from the edge of one candidate to the edge of the other, so both digits stay readable
    line.setAttribute("x1", String(a.x + ux * a.r));
    line.setAttribute("y1", String(a.y + uy * a.r));
    line.setAttribute("x2", String(b.x - ux * b.r));
    line.setAttribute("y2", String(b.y - uy * b.r));
    line.setAttribute("class", strong ? "link strong" : "link weak");
    line.setAttribute("marker-end", "url(#arrow)");
    line.dataset.from = `${c1}:${d1}`;
    line.dataset.to = `${c2}:${d2}`;
    group.appendChild(line);
  }
  desc.textContent = links.map(describe).join("; ");
  svg.removeAttribute("hidden");
}
