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
 * The position the server drew: every place of its SVG carries its checkers
 * (data-count, data-owner), so nothing is decoded here.  Keys are the
 * places' data-point: `1`..`24` (White's numbering), `bar-white`, `off-black` …
 */
export function positionFromPlaces(places) {
  const position = emptyPosition();
  for (const place of places) {
    const count = Number(place.dataset.count || 0);
    const owner = place.dataset.owner;
    if (!count || (owner !== WHITE && owner !== BLACK)) continue;
    const [kind, side] = place.dataset.point.split('-');
    if (kind === 'bar') position.bar[side] = count;
    else if (kind === 'off') position.off[side] = count;
    else position.points[Number(kind)][owner] = count;
  }
  return position;
}

/** A position the server sent as JSON (tutor/board/widget.py position_json), copied into the board's shape. */
export function positionFromJson(data) {
  const position = emptyPosition();
  (data.points || []).forEach((cell, point) => {
    if (point >= 1 && point <= 24) position.points[point] = { white: Number(cell.white) || 0, black: Number(cell.black) || 0 };
  });
  for (const store of ['bar', 'off']) {
    position[store] = { white: Number((data[store] || {}).white) || 0, black: Number((data[store] || {}).black) || 0 };
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
