/**
 * Arrows drawn over the board: a hint's moves, from the top checker of each
 * source to where it would land.  They are a picture only (aria-hidden):
 * the page says the same moves in words.  The moves come from the server;
 * nothing here knows which moves are good or legal.
 */

import { stackTop } from './motion.js';
import { countsAt } from './render.js';

const SVG = 'http://www.w3.org/2000/svg';
const HEAD = 22; // arrowhead length, in SVG units

export function clearArrows(svg) {
  svg.querySelectorAll('.board-arrows').forEach((layer) => layer.remove());
}

function shape(name, attributes) {
  const node = document.createElementNS(SVG, name);
  for (const [key, value] of Object.entries(attributes)) node.setAttribute(key, value);
  return node;
}

/** One arrow from `a` to `b` ({x, y}): a shaft and a head, both outlined so they show on any colour. */
function arrow(a, b) {
  const length = Math.hypot(b.x - a.x, b.y - a.y) || 1;
  const ux = (b.x - a.x) / length;
  const uy = (b.y - a.y) / length;
  const base = { x: b.x - ux * HEAD, y: b.y - uy * HEAD };
  const side = { x: -uy * (HEAD * 0.6), y: ux * (HEAD * 0.6) };
  const head = `${b.x},${b.y} ${base.x + side.x},${base.y + side.y} ${base.x - side.x},${base.y - side.y}`;
  const group = shape('g', { class: 'board-arrow' });
  group.append(
    shape('line', { x1: a.x, y1: a.y, x2: base.x, y2: base.y, class: 'board-arrow__shaft' }),
    shape('polygon', { points: head, class: 'board-arrow__head' }),
  );
  return group;
}

/**
 * Draw `moves` ([{from, to}] as place keys) for `side` over the board in
 * `view`, replacing earlier arrows; each arrow starts where the checker
 * stands and ends where it would land, stacks counted move after move.
 */
export function drawArrows(view, position, side, moves) {
  clearArrows(view.svg);
  if (!moves.length) return;
  const layer = shape('g', { class: 'board-arrows', 'aria-hidden': 'true', 'pointer-events': 'none' });
  const counts = new Map();
  const count = (key) => (counts.has(key) ? counts.get(key) : countsAt(position, key)[side]);
  for (const { from, to } of moves) {
    const fromPlace = view.places.find((place) => place.dataset.point === from);
    const toPlace = view.places.find((place) => place.dataset.point === to);
    if (!fromPlace || !toPlace) continue;
    const start = stackTop(view.svg, fromPlace, count(from));
    const end = stackTop(view.svg, toPlace, count(to) + 1);
    counts.set(from, count(from) - 1);
    counts.set(to, count(to) + 1);
    layer.append(arrow(start, end));
  }
  view.svg.append(layer);
}
