/**
 * Input: click or tap, drag with pointer events, and the keyboard.
 *
 * Events are turned into calls on `actions` (activate, tap, useful, cancel,
 * drop, focus, undo, reset, dragSide); this module decides nothing about
 * the game.  On a phone a point is drawn about 24 px wide, too narrow for a
 * finger: every place answers taps at least MIN_TARGET px wide, and where
 * two such targets overlap the tap goes to the place where it would do
 * something (actions.useful), else to the nearest.
 * Keyboard: arrows move between places as they are drawn (left and right
 * along a row, up and down across), Home and End go to the ends of a row,
 * Enter or Space picks a checker and then its destination, Escape cancels.
 */

import { createGhost, moveGhost } from './render.js';

const DRAG_THRESHOLD = 6; // pixels before a press becomes a drag
export const MIN_TARGET = 44; // CSS pixels: the narrowest target a finger hits reliably

/**
 * The place a tap at (x, y) means: among the places whose target, widened
 * to MIN_TARGET px, holds the point, one where the tap is useful, nearest
 * first; else the nearest of them.  Null outside every target.
 */
export function placeNear(places, x, y, useful) {
  let best = null;
  for (const place of places) {
    const box = (place.querySelector('.board-hit') || place).getBoundingClientRect();
    const dx = Math.max(box.left - x, 0, x - box.right);
    const dy = Math.max(box.top - y, 0, y - box.bottom);
    if (dx > Math.max(0, (MIN_TARGET - box.width) / 2) || dy > Math.max(0, (MIN_TARGET - box.height) / 2)) continue;
    const rank = (useful(place.dataset.point) ? 0 : 1) * 1e6 + Math.hypot(dx, dy);
    if (!best || rank < best.rank) best = { place, rank };
  }
  return best ? best.place : null;
}

export function bindEvents(view, actions, signal) {
  const { svg } = view;
  const placeOf = (node) => (node && node.closest ? node.closest('[data-point]') : null);
  let suppressClick = false;

  svg.addEventListener(
    'click',
    (event) => {
      const direct = placeOf(event.target);
      // A click made by a script has no position: it means the element clicked.
      const located = event.clientX || event.clientY;
      const place = located ? placeNear(view.places, event.clientX, event.clientY, actions.useful) || direct : direct;
      if (!place) return;
      if (suppressClick) {
        suppressClick = false;
        return;
      }
      actions.tap(place.dataset.point);
    },
    { signal },
  );

  svg.addEventListener('keydown', (event) => onKey(event, view, actions, placeOf), { signal });

  let press = null;
  svg.addEventListener(
    'pointerdown',
    (event) => {
      const place = placeOf(event.target);
      if (!place || !place.hasAttribute('data-movable') || event.button !== 0) return;
      press = { key: place.dataset.point, x: event.clientX, y: event.clientY, id: event.pointerId, ghost: null };
    },
    { signal },
  );
  svg.addEventListener(
    'pointermove',
    (event) => {
      if (!press || event.pointerId !== press.id) return;
      if (!press.ghost) {
        if (Math.hypot(event.clientX - press.x, event.clientY - press.y) < DRAG_THRESHOLD) return;
        press.ghost = createGhost(svg, actions.dragSide());
        svg.setPointerCapture(event.pointerId);
        svg.classList.add('is-dragging');
      }
      event.preventDefault();
      moveGhost(svg, press.ghost, event.clientX, event.clientY);
    },
    { signal },
  );
  const finish = (event, dropped) => {
    if (!press || event.pointerId !== press.id) return;
    const { key, ghost } = press;
    press = null;
    if (!ghost) return;
    ghost.remove();
    svg.classList.remove('is-dragging');
    suppressClick = true;
    setTimeout(() => {
      suppressClick = false;
    }, 0);
    const target = dropped ? placeNear(view.places, event.clientX, event.clientY, () => false) : null;
    if (target && svg.contains(target) && target.dataset.point !== key) actions.drop(key, target.dataset.point);
  };
  svg.addEventListener('pointerup', (event) => finish(event, true), { signal });
  svg.addEventListener('pointercancel', (event) => finish(event, false), { signal });

  if (view.undo) view.undo.addEventListener('click', () => actions.undo(), { signal });
  if (view.reset) view.reset.addEventListener('click', () => actions.reset(), { signal });
  if (view.input) view.input.addEventListener('input', () => actions.typed(), { signal });
}

function onKey(event, view, actions, placeOf) {
  const place = placeOf(event.target);
  if (!place) return;
  const key = event.key;
  if (key === 'Enter' || key === ' ') {
    event.preventDefault();
    actions.activate(place.dataset.point);
    return;
  }
  if (key === 'Escape') {
    event.preventDefault();
    actions.cancel();
    return;
  }
  const next = neighbour(view.places, place, key);
  if (next) {
    event.preventDefault();
    actions.focus(next.dataset.point);
  }
}

/** The place an arrow, Home or End key leads to, from the rows and columns the server wrote. */
export function neighbour(places, place, key) {
  const row = place.dataset.row;
  const col = Number(place.dataset.col);
  const inRow = (name) =>
    places.filter((p) => p.dataset.row === name).sort((a, b) => Number(a.dataset.col) - Number(b.dataset.col));
  const same = inRow(row);
  const index = same.indexOf(place);
  switch (key) {
    case 'ArrowLeft':
      return same[index - 1] || null;
    case 'ArrowRight':
      return same[index + 1] || null;
    case 'Home':
      return same[0];
    case 'End':
      return same[same.length - 1];
    case 'ArrowUp':
    case 'ArrowDown': {
      const other = inRow(row === 'top' ? 'bottom' : 'top');
      const wanted = (key === 'ArrowUp') === (row === 'bottom');
      if (!wanted) return null;
      return other.find((p) => Number(p.dataset.col) === col) || null;
    }
    default:
      return null;
  }
}
