/**
 * The live board: `createBoard(element, config)` enhances a board widget
 * rendered by the server (templates/board/widget.html).
 *
 * The board knows no backgammon rules.  The learner moves any checker of
 * the side on roll anywhere; the board writes the notation into the play
 * box and the server judges the play when the form is sent (check.js).
 *
 * config (every key optional; the element's data-* attributes are the defaults):
 *   xgid          position (data-xgid)
 *   turn          'white' | 'black' (data-turn)
 *   dice          [6, 3] (data-dice="6,3")
 *   destinations  function (from, {moves, change}) -> [to, ...]; or an object
 *                 (data-destinations): {"13": [7, 10], "bar": [22]} for the first
 *                 move only, or {"moves": {change: {"13": [7, 10]}}} for every
 *                 partial play, where change names what moved so far (moves.js
 *                 changeKey: "7:1,13:-1", "" at first).  Points are in the mover's
 *                 numbering, with "bar" and "off".
 *   onChange      function (board) called after every change
 *
 * Every element with [data-board] is enhanced when this module loads,
 * except [data-board="manual"], which a page enhances itself.
 */

import { bindEvents } from './events.js';
import {
  addMove,
  changeKey,
  checkersAt,
  moverPlace,
  notation,
  placeKey,
  pointName,
  readPoint,
  replay,
  resetMoves,
  undoMove,
} from './moves.js';
import { countsAt, renderBoard } from './render.js';
import {
  MESSAGES,
  describeMove,
  describeNoChecker,
  describeSelection,
  describeTrayPick,
  describeUndo,
} from './speech.js';
import { BAR, OFF, createState, parseDice, positionFromXgid } from './state.js';

const boards = new WeakMap();

export function createBoard(element, config = {}) {
  if (boards.has(element)) boards.get(element).destroy();
  const options = readOptions(element, config);
  const view = collectView(element);
  const controller = new AbortController();
  let state = createState({
    position: positionFromXgid(options.xgid),
    side: options.turn,
    dice: options.dice,
  });
  let snapshot = replay(state);
  const firstMovable = view.places.find(
    (place) => place.dataset.kind !== 'tray' && countsAt(snapshot.position, place.dataset.point)[state.side] > 0,
  );
  const ui = { side: state.side, selected: null, targets: new Set(), focus: (firstMovable || view.places[0]).dataset.point };

  /** Redraw and announce; after a change of moves, rewrite the play box and drop the old verdict. */
  function update(message, { movesChanged = false } = {}) {
    snapshot = replay(state);
    if (movesChanged && view.input) view.input.value = notation(snapshot.moves);
    renderBoard(view, snapshot, ui);
    if (message) announce(view, message);
    if (movesChanged && view.verdict) view.verdict.replaceChildren();
    if (movesChanged && options.onChange) options.onChange(board);
  }

  function changeMoves(nextState, message) {
    state = nextState;
    ui.selected = null;
    ui.targets = new Set();
    update(message, { movesChanged: true });
  }

  function select(key) {
    const from = moverPlace(key, state.side);
    if (from === OFF) {
      update(describeTrayPick(state.side));
      return;
    }
    if (from === null || checkersAt(snapshot.position, state.side, from) === 0) {
      update(describeNoChecker(state.side, from ?? BAR));
      return;
    }
    ui.selected = key;
    ui.targets = new Set(destinationsFor(options, from, snapshot).map((to) => placeKey(to, state.side)));
    update(describeSelection(from));
  }

  function move(from, to) {
    const next = addMove(state, from, to);
    if (!next) return false;
    const moves = replay(next).moves;
    changeMoves(next, describeMove(moves[moves.length - 1]));
    return true;
  }

  const actions = {
    activate(key) {
      ui.focus = key;
      if (ui.selected === null) {
        select(key);
        return;
      }
      if (key === ui.selected) {
        actions.cancel();
        return;
      }
      const to = moverPlace(key, state.side);
      if (to === null || to === BAR) {
        update(MESSAGES.notADestination);
        return;
      }
      move(moverPlace(ui.selected, state.side), to);
    },
    drop(fromKey, toKey) {
      ui.selected = null;
      actions.activate(fromKey);
      if (ui.selected === fromKey) actions.activate(toKey);
    },
    cancel() {
      if (ui.selected === null) return;
      ui.selected = null;
      ui.targets = new Set();
      update(MESSAGES.cancelled);
    },
    focus(key) {
      ui.focus = key;
      renderBoard(view, snapshot, ui);
      view.places.find((place) => place.dataset.point === key).focus();
    },
    undo() {
      const last = snapshot.moves[snapshot.moves.length - 1];
      if (!last) {
        update(MESSAGES.nothingToUndo);
        return;
      }
      changeMoves(undoMove(state), describeUndo(last));
    },
    reset() {
      changeMoves(resetMoves(state), MESSAGES.reset);
    },
    typed() {
      renderBoard(view, snapshot, ui);
    },
    dragSide: () => state.side,
  };

  const board = {
    element,
    get state() {
      return state;
    },
    get notation() {
      return notation(snapshot.moves);
    },
    get moves() {
      return snapshot.moves;
    },
    move,
    undo: actions.undo,
    reset: actions.reset,
    destroy() {
      controller.abort();
      boards.delete(element);
    },
  };

  prepareView(view);
  bindEvents(view, actions, controller.signal);
  renderBoard(view, snapshot, ui);
  boards.set(element, board);
  return board;
}

function readOptions(element, config) {
  const data = element.dataset;
  const destinations = config.destinations ?? (data.destinations ? JSON.parse(data.destinations) : null);
  return {
    xgid: config.xgid ?? data.xgid,
    turn: config.turn ?? data.turn ?? 'white',
    dice: config.dice ?? parseDice(data.dice),
    destinations,
    onChange: config.onChange ?? null,
  };
}

/** Destinations to highlight for a source, as the server sent them: never computed here. */
function destinationsFor(options, from, snapshot) {
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

function collectView(element) {
  const form = element.querySelector('form');
  return {
    element,
    svg: element.querySelector('svg.board-svg'),
    places: [...element.querySelectorAll('[data-point]')],
    dice: [...element.querySelectorAll('.die[data-die]')],
    input: form ? form.querySelector('[name="play"]') : null,
    undo: element.querySelector('[data-action="undo"]'),
    reset: element.querySelector('[data-action="reset"]'),
    controls: element.querySelector('[data-board-controls]'),
    announcer: element.querySelector('[data-board-announce]'),
    verdict: form ? form.querySelector('[role="status"]') : null,
  };
}

/** Turn the picture into a control: focusable places, a group role, visible buttons. */
function prepareView(view) {
  view.svg.setAttribute('role', 'group');
  view.element.classList.add('is-enhanced');
  for (const place of view.places) place.setAttribute('role', 'button');
  if (view.controls) view.controls.hidden = false;
}

function announce(view, message) {
  if (!view.announcer) return;
  // The same words twice must still be heard: change the text even then.
  view.announcer.textContent = view.announcer.textContent === message ? `${message}\u00a0` : message;
}

export function enhanceAll(root = document) {
  root.querySelectorAll('[data-board]:not([data-board="manual"])').forEach((element) => {
    if (!boards.has(element)) createBoard(element);
  });
}

export function boardFor(element) {
  return boards.get(element) || null;
}

enhanceAll();
