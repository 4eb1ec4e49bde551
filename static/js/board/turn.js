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
 *
 * Options (a live game's page sets them; practice keeps the defaults):
 *   judgeTyped   a typed play is judged as soon as it is read: an illegal
 *                one is refused at once and «Confirmar» stays disabled
 *   autoConfirm  function () -> bool: whether a play completed on the board
 *                is sent at once, without «Confirmar» (asked at each change)
 */

import { createBoard } from './index.js';
import { changeKey } from './moves.js';
import { readPlay } from './server.js';

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
export function enhanceTurnBoard(widget, map, { judgeTyped = false, autoConfirm = null } = {}) {
  const form = widget.querySelector('form.board-form');
  const input = widget.querySelector('[name="play"]');
  // «Confirmar» sits in the board's action bar, tied to its form by form="…".
  const button = widget.querySelector('button[type="submit"]');
  const complete = new Set(map ? map.complete || [] : []);
  let board = null;
  let sent = false;

  /** Send the play the board shows, as «Confirmar» would, once. */
  const send = () => {
    if (sent || !form || !button || button.disabled) return;
    sent = true;
    form.requestSubmit(button);
  };

  /**
   * A play made on the board (not typed) and complete: sent at once when the
   * player asked for it.  Without destinations the server says whether it is complete.
   */
  const confirmIfComplete = (byHand) => {
    if (byHand || !autoConfirm || !autoConfirm() || !board.moves.length) return;
    if (map) {
      if (complete.has(changeKey(board.moves))) send();
      return;
    }
    const shown = board.notation;
    readPlay(widget.dataset.playUrl, shown, widget.dataset.xgid).then((answer) => {
      if (answer.legal === true && board.notation === shown && !board.typedByHand) send();
    });
  };

  const refresh = (changed = false) => {
    if (!button || !input || !board) return;
    const typed = input.value.trim();
    const byHand = board.typedByHand || typed !== board.notation.trim();
    if (board.typedRefused) {
      button.disabled = true;
      return;
    }
    if (map) button.disabled = !(byHand ? typed !== '' : complete.has(changeKey(board.moves)));
    else if (judgeTyped) button.disabled = false;
    if (changed) confirmIfComplete(byHand);
  };
  board = createBoard(widget, { destinations: map, judgeTyped, onChange: () => refresh(true) });
  if (input) input.addEventListener('input', () => refresh());
  if (form) {
    form.addEventListener('submit', (event) => {
      if (button && button.disabled) event.preventDefault();
    });
  }
  refresh();
  return button;
}
