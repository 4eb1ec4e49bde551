/**
 * The board of the side to move in a game, practice or live: the server's
 * destinations for every partial play, and «Confirmar» only for a play the
 * server listed as complete, or one typed by hand (the server then says
 * what is wrong with it, if anything: a typed play, even one the board
 * shows, is always the server's to judge).
 *
 * Nothing here knows a rule.  The server sends, in a JSON script,
 *   {"moves": {change: {source: [destinations]}}, "complete": [change, ...]}
 * where a change names how the mover's checkers moved so far, as
 * moves.js changeKey writes it ("13:-1,7:1"; 25 is the bar, 0 off).
 */

import { createBoard } from './index.js';
import { changeKey } from './moves.js';

/** The destinations the server sent in `script` (a <script type="application/json">), or null. */
export function readDestinations(script) {
  if (!script) return null;
  try {
    const data = JSON.parse(script.textContent);
    return data && typeof data === 'object' && data.moves ? data : null;
  } catch (error) {
    return null;
  }
}

/** Enhance `widget` (the board of the side to move) with `map` (or no destinations); returns its «Confirmar». */
export function enhanceTurnBoard(widget, map) {
  const form = widget.querySelector('form.board-form');
  const input = widget.querySelector('[name="play"]');
  // «Confirmar» sits in the board's action bar, tied to its form by form="…".
  const button = widget.querySelector('button[type="submit"]');
  const complete = new Set(map ? map.complete || [] : []);
  let board = null;
  const refresh = () => {
    if (!map || !button || !input || !board) return;
    const typed = input.value.trim();
    const byHand = board.typedByHand || typed !== board.notation.trim();
    button.disabled = !(byHand ? typed !== '' : complete.has(changeKey(board.moves)));
  };
  board = createBoard(widget, { destinations: map, onChange: refresh });
  if (input) input.addEventListener('input', refresh);
  if (form) {
    form.addEventListener('submit', (event) => {
      if (button && button.disabled) event.preventDefault();
    });
  }
  refresh();
  return button;
}
