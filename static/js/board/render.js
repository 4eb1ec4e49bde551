/**
 * Drawing the state into the server's SVG: stacks, labels, selection, dice.
 *
 * This module knows no layout: each place carries its geometry as data
 * attributes written by the server (data-cx, data-base, data-dir, data-step,
 * data-max, data-text-y), and checkers, slabs and counts are clones of the
 * prototypes the server put in <defs>, colours included.  The pip counts
 * are sums of the weights each place carries (data-pips, written by the
 * server from the engine's count): arithmetic, no rule.
 */

import { opponent } from './state.js';
import { MARK_WORDS, MESSAGES, placeLabel } from './speech.js';

/** `{white, black}` at a place key: a point, `bar-white`, `off-black` … */
export function countsAt(position, key) {
  const [kind, side] = key.split('-');
  if (kind === 'bar' || kind === 'off') {
    const store = kind === 'bar' ? position.bar : position.off;
    return { white: side === 'white' ? store.white : 0, black: side === 'black' ? store.black : 0 };
  }
  return position.points[Number(key)];
}

/** The side a bar or tray belongs to; null for points. */
export function placeSide(element) {
  const [kind, side] = element.dataset.point.split('-');
  return kind === 'bar' || kind === 'off' ? side : null;
}

function clonePrototype(svg, name) {
  const node = svg.querySelector(`[data-proto="${name}"]`).cloneNode(true);
  node.removeAttribute('data-proto');
  return node;
}

/** Redraw the checkers of one place: the opponent's first, the mover's on top. */
export function drawStack(svg, place, counts, mover) {
  place.querySelectorAll('[data-side], .board-count').forEach((node) => node.remove());
  const { cx, base, dir, step, max, textY } = Object.fromEntries(
    Object.entries(place.dataset).map(([name, value]) => [name, Number(value)]),
  );
  const tray = place.dataset.kind === 'tray';
  const radius = Number(svg.dataset.r);
  const hitArea = place.querySelector('.board-hit');
  let drawn = 0;
  let topSide = null;
  let topY = 0;
  for (const side of [opponent(mover), mover]) {
    for (let index = 0; index < counts[side] && drawn < max; index += 1) {
      const node = clonePrototype(svg, `${tray ? 'slab' : 'checker'}-${side}`);
      node.setAttribute('data-side', side);
      if (tray) {
        const height = Number(node.getAttribute('height'));
        node.setAttribute('x', cx - Number(node.getAttribute('width')) / 2);
        node.setAttribute('y', base + dir * drawn * step - (dir < 0 ? height : 0));
      } else {
        topY = base + dir * (radius + drawn * step);
        node.setAttribute('cx', cx);
        node.setAttribute('cy', topY);
      }
      place.insertBefore(node, hitArea);
      drawn += 1;
      topSide = side;
    }
  }
  const total = counts.white + counts.black;
  if (tray && total) place.insertBefore(countText(svg, 'tray', cx, textY, total), hitArea);
  else if (!tray && total > max) place.insertBefore(countText(svg, topSide, cx, topY, total), hitArea);
}

function countText(svg, colour, x, y, count) {
  const text = clonePrototype(svg, `count-${colour}`);
  text.setAttribute('x', x);
  text.setAttribute('y', y);
  text.textContent = String(count);
  return text;
}

/**
 * Bring every place, die and button in line with a snapshot (from
 * moves.replay) and the interface state `ui`: {side, selected, targets,
 * focus, marks}, where marks maps a place key to the kinds marked there.
 */
export function renderBoard(view, snapshot, ui) {
  for (const place of view.places) {
    const key = place.dataset.point;
    const counts = countsAt(snapshot.position, key);
    const drawnAs = `${counts.white},${counts.black}`;
    if (place.dataset.drawn !== drawnAs) {
      drawStack(view.svg, place, counts, ui.side);
      place.dataset.drawn = drawnAs;
      place.dataset.count = String(counts.white + counts.black);
      place.dataset.owner = ownerOf(counts);
    }
    const selected = key === ui.selected;
    const target = ui.targets.has(key);
    place.classList.toggle('is-selected', selected);
    place.classList.toggle('is-target', target);
    place.toggleAttribute('data-movable', counts[ui.side] > 0 && place.dataset.kind !== 'tray');
    place.setAttribute('tabindex', key === ui.focus ? '0' : '-1');
    const side = placeSide(place) || ui.side;
    const kinds = (ui.marks && ui.marks.get(key)) || [];
    if (kinds.length) place.setAttribute('data-mark', kinds.join(' '));
    else place.removeAttribute('data-mark');
    const hints = [selected && MESSAGES.selectedHint, target && MESSAGES.targetHint, ...kinds.map((kind) => MARK_WORDS[kind] || kind)].filter(Boolean);
    const label = placeLabel(place.dataset.kind, side, place.dataset.label, counts);
    place.setAttribute('aria-label', [label, ...hints].join(', '));
  }
  // Arrows the server drew from the starting position mean nothing once a checker has moved.
  view.svg.querySelectorAll('[data-arrow]').forEach((arrow) => {
    arrow.style.display = snapshot.moves.length ? 'none' : '';
  });
  renderDice(view.dice, snapshot.used);
  renderPips(view, snapshot.position);
  if (view.undo) view.undo.disabled = ui.finished || snapshot.moves.length === 0;
  if (view.reset) view.reset.disabled = ui.finished || (snapshot.moves.length === 0 && !(view.input && view.input.value));
}

/** Each side's pip count: the checkers at every place times the weight the server gave that place. */
export function pipCounts(places, position) {
  const totals = { white: 0, black: 0 };
  for (const place of places) {
    if (!place.dataset.pips) continue;
    const [white, black] = place.dataset.pips.split(' ').map(Number);
    const counts = countsAt(position, place.dataset.point);
    totals.white += counts.white * white;
    totals.black += counts.black * black;
  }
  return totals;
}

function renderPips(view, position) {
  if (!view.pips || !view.pips.length) return;
  const totals = pipCounts(view.places, position);
  for (const node of view.pips) node.textContent = String(totals[node.dataset.pipsSide]);
}

function ownerOf(counts) {
  if (counts.white && counts.black) return 'mixed';
  if (counts.white) return 'white';
  return counts.black ? 'black' : '';
}

export function renderDice(dice, used) {
  dice.forEach((die, index) => {
    const isUsed = Boolean(used[index]);
    die.classList.toggle('is-used', isUsed);
    die.dataset.used = String(isUsed);
    die.setAttribute('aria-label', `dado ${die.dataset.die}${isUsed ? ', usado' : ''}`);
  });
}

/** A checker that follows the pointer while dragging; it ignores the pointer itself. */
export function createGhost(svg, side) {
  const ghost = clonePrototype(svg, `checker-${side}`);
  ghost.classList.add('board-ghost');
  ghost.setAttribute('pointer-events', 'none');
  ghost.setAttribute('aria-hidden', 'true');
  svg.append(ghost);
  return ghost;
}

export function moveGhost(svg, ghost, clientX, clientY) {
  const point = new DOMPoint(clientX, clientY).matrixTransform(svg.getScreenCTM().inverse());
  ghost.setAttribute('cx', point.x);
  ghost.setAttribute('cy', point.y);
}
