/**
 * Where a pick or a tap leads: the destinations the server sent for a
 * checker, where the dice left let it be dropped, and the stack a tap just
 * beside it means.  No rule is computed here: destinations are read, never
 * worked out.
 */

import { changeKey, pointName, readPoint } from './moves.js';

/**
 * For a tap on an empty place: the key of the one neighbouring place in the
 * same row (left or right) that holds checkers to pick up, or null.  Points
 * are narrow on a phone; a tap just beside a stack still picks it up.
 */
export function nearestMovable(places, key, movable) {
  if (movable(key)) return null;
  const place = places.find((candidate) => candidate.dataset.point === key);
  if (!place || place.dataset.kind !== 'point') return null;
  const col = Number(place.dataset.col);
  const near = places.filter(
    (candidate) =>
      candidate.dataset.kind === 'point' &&
      candidate.dataset.row === place.dataset.row &&
      Math.abs(Number(candidate.dataset.col) - col) === 1 &&
      movable(candidate.dataset.point),
  );
  return near.length === 1 ? near[0].dataset.point : null;
}

/** Destinations to highlight for a source, as the server sent them: never computed here. */
export function destinationsFor(options, from, snapshot) {
  const { destinations } = options;
  if (!destinations) return [];
  const change = changeKey(snapshot.moves);
  if (typeof destinations === 'function') {
    return (destinations(from, { moves: snapshot.moves, change }) || []).map(readPoint);
  }
  let sources = destinations;
  if (destinations.moves) sources = destinations.moves[change] || {};
  else if (snapshot.moves.length) return [];
  return (sources[pointName(from)] || []).map(readPoint);
}

/** The dice not used yet, as the server names a set of them: larger first. */
export function diceLeft(dice, used) {
  return dice.filter((die, index) => !used[index]).sort((a, b) => b - a);
}

/**
 * Where the server's data lets the checker on `from` be dropped with the
 * dice left (refusals.reach, tutor/board/refusals.py); null when the server
 * sent no such data (the board then lets every drop through).
 */
export function reachFor(options, from, dice, used) {
  const { refusals } = options;
  if (!refusals || !refusals.reach) return null;
  const byDice = refusals.reach[diceLeft(dice, used).join(',')] || {};
  return (byDice[pointName(from)] || []).map(readPoint);
}
