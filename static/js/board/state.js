/**
 * Board state: plain data, no DOM.
 *
 * A position holds the checkers as counts per place in White's numbering:
 * `points[1..24]` are `{white, black}`, and `bar` and `off` hold one count
 * per side.  The state adds the side on roll, the dice (four for doubles)
 * and the moves made so far, each `{from, to}` in the mover's numbering
 * (25 is the bar, 0 is off).  Everything else is derived by moves.js.
 */

export const WHITE = 'white';
export const BLACK = 'black';
export const BAR = 25;
export const OFF = 0;
export const CHECKERS_PER_SIDE = 15;

export function opponent(side) {
  return side === WHITE ? BLACK : WHITE;
}

export function emptyPosition() {
  const points = [];
  for (let point = 0; point <= 24; point += 1) points.push({ white: 0, black: 0 });
  return { points, bar: { white: 0, black: 0 }, off: { white: 0, black: 0 } };
}

export function clonePosition(position) {
  return {
    points: position.points.map((cell) => ({ ...cell })),
    bar: { ...position.bar },
    off: { ...position.off },
  };
}

/**
 * The checkers of an XGID's first field: 26 characters, `-` empty, `A`..`O`
 * White's checkers, `a`..`o` Black's; character 0 is Black's bar, 1..24 the
 * points in White's numbering, 25 White's bar.  What is not on the board is
 * borne off.
 */
export function positionFromXgid(xgid) {
  const field = String(xgid).replace(/^XGID=/i, '').split(':')[0];
  if (field.length !== 26) throw new Error(`XGID position field must have 26 characters: ${field}`);
  const position = emptyPosition();
  [...field].forEach((char, index) => {
    if (char === '-') return;
    const side = char === char.toUpperCase() ? WHITE : BLACK;
    const count = char.toUpperCase().charCodeAt(0) - 64;
    if (index === 0) position.bar.black = count;
    else if (index === 25) position.bar.white = count;
    else position.points[index][side] = count;
  });
  for (const side of [WHITE, BLACK]) {
    const onBoard = position.points.reduce((sum, cell) => sum + cell[side], 0) + position.bar[side];
    position.off[side] = CHECKERS_PER_SIDE - onBoard;
  }
  return position;
}

/** `"6,3"` → `[6, 3]`; `""` → `[]`. */
export function parseDice(text) {
  return String(text || '')
    .split(/[^1-6]+/)
    .filter(Boolean)
    .map(Number);
}

/** ``dice`` are the single moves the server sends: two dice, or four of a double (the engine says so, not this file). */
export function createState({ position, side, dice = [] }) {
  return { initial: position, side, dice: [...dice], moves: [] };
}
