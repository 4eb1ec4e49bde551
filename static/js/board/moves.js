/**
 * Pure transitions of the board: moving checkers, dice bookkeeping, notation.
 *
 * Nothing here checks backgammon rules.  Any move the learner makes is
 * shown; the server judges the whole play.  A move onto a single opposing
 * checker shows that checker on the bar, because that is what a player's
 * hand would do; which die a move spends is only bookkeeping for the dice
 * display.
 */

import { BAR, OFF, WHITE, clonePosition, opponent } from './state.js';

/** A point 1..24 in the other numbering: White's 6 is Black's 19 (its own inverse). */
export function whitePoint(point, side) {
  return side === WHITE ? point : 25 - point;
}

/** The mover's point for a board place key (`"6"`, `"bar-white"`, `"off-black"`), or null. */
export function moverPlace(key, side) {
  if (key.startsWith('bar-')) return key === `bar-${side}` ? BAR : null;
  if (key.startsWith('off-')) return OFF;
  return whitePoint(Number(key), side);
}

/** The board place key of the mover's point. */
export function placeKey(point, side) {
  if (point === BAR) return `bar-${side}`;
  if (point === OFF) return `off-${side}`;
  return String(whitePoint(point, side));
}

export function checkersAt(position, side, point) {
  if (point === BAR) return position.bar[side];
  if (point === OFF) return position.off[side];
  return position.points[whitePoint(point, side)][side];
}

/**
 * Move one checker of `side` from `from` to `to` (mover's numbering).
 * Returns `{position, hit}`, or null when `side` has no checker on `from`.
 */
export function applyMove(position, side, from, to) {
  if (from === OFF || to === BAR || checkersAt(position, side, from) === 0) return null;
  const next = clonePosition(position);
  if (from === BAR) next.bar[side] -= 1;
  else next.points[whitePoint(from, side)][side] -= 1;
  if (to === OFF) {
    next.off[side] += 1;
    return { position: next, hit: false };
  }
  const cell = next.points[whitePoint(to, side)];
  const other = opponent(side);
  const hit = cell[other] === 1;
  if (hit) {
    cell[other] = 0;
    next.bar[other] += 1;
  }
  cell[side] += 1;
  return { position: next, hit };
}

/**
 * Which unused dice (indices into `dice`) a move from `from` to `to` spends,
 * for the display only: one die of the distance, a larger die to bear off,
 * or several dice adding up to it.  An empty list when none fits.
 */
export function diceForMove(dice, used, from, to) {
  const distance = from - to;
  const free = dice.map((value, index) => index).filter((index) => !used[index]);
  const sum = (indices) => indices.reduce((total, index) => total + dice[index], 0);
  const groups = subsets(free).sort((a, b) => a.length - b.length || sum(a) - sum(b));
  const exact = groups.find((group) => sum(group) === distance);
  if (exact) return exact;
  if (to === OFF) return groups.find((group) => sum(group) > distance) || [];
  return [];
}

function subsets(items) {
  const found = [];
  for (let mask = 1; mask < 1 << items.length; mask += 1) {
    found.push(items.filter((item, bit) => mask & (1 << bit)));
  }
  return found;
}

/** Everything derived from a state: the position now, each move with its hit and dice, the dice used. */
export function replay(state) {
  let position = state.initial;
  const used = state.dice.map(() => false);
  const moves = [];
  for (const { from, to } of state.moves) {
    const result = applyMove(position, state.side, from, to);
    if (!result) continue;
    const dice = diceForMove(state.dice, used, from, to);
    dice.forEach((index) => {
      used[index] = true;
    });
    position = result.position;
    moves.push({ from, to, hit: result.hit, dice });
  }
  return { position, moves, used };
}

/** The state with one more move, or null when the mover has no checker on `from`. */
export function addMove(state, from, to) {
  if (!applyMove(replay(state).position, state.side, from, to)) return null;
  return { ...state, moves: [...state.moves, { from, to }] };
}

export function undoMove(state) {
  return { ...state, moves: state.moves.slice(0, -1) };
}

export function resetMoves(state) {
  return { ...state, moves: [] };
}

export function pointName(point) {
  if (point === BAR) return 'bar';
  if (point === OFF) return 'off';
  return String(point);
}

/** `13/7 8/5*`: one move after another, in the mover's numbering. */
export function notation(moves) {
  return moves.map(({ from, to, hit }) => `${pointName(from)}/${pointName(to)}${hit ? '*' : ''}`).join(' ');
}

/**
 * How the mover's checkers changed so far, named as the server names a
 * partial play: `"7:1,13:-1"` (point:difference, ascending; bar 25, off 0),
 * `""` before any move.
 */
export function changeKey(moves) {
  const change = new Map();
  for (const { from, to } of moves) {
    change.set(from, (change.get(from) || 0) - 1);
    change.set(to, (change.get(to) || 0) + 1);
  }
  return [...change]
    .filter(([, difference]) => difference !== 0)
    .sort(([a], [b]) => a - b)
    .map(([point, difference]) => `${point}:${difference}`)
    .join(',');
}

/** `"bar"` → 25, `"off"` → 0, `"7"` → 7: places as the server writes them. */
export function readPoint(name) {
  const text = String(name).trim().toLowerCase();
  if (text === 'bar') return BAR;
  if (text === 'off') return OFF;
  return Number(text);
}
