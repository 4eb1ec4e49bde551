/**
 * The live board: `createBoard(element, config)` enhances a board widget
 * rendered by the server (templates/board/widget.html) and returns its API.
 *
 * The board knows no backgammon rules, and reads no notation or position
 * format.  Arrows the server drew over the board (a hint's play) show
 * while no checker has moved.  It starts from the checkers the server drew in its SVG; the
 * learner moves checkers of the side on roll; the board writes the
 * notation into the play box, and a play typed there is read by the server
 * (data-play-url) and shown.  The server judges the play when the form is
 * sent (check.js).  A move the dice cannot make, or onto a made point, is
 * refused at once from data the server sent (data-refusals,
 * tutor/board/refusals.py, or the destinations below), the selection is
 * dropped, and the board asks the server why (data-refusal-url) and says it.
 *
 * config (every key optional; the element's data-* attributes are the defaults):
 *   xgid          position, passed back to the server as it came (data-xgid)
 *   turn          'white' | 'black' (data-turn)
 *   dice          the single moves: [6, 3], or [4, 4, 4, 4] for a double (data-dice, expanded by the server)
 *   destinations  function (from, {moves, change}) -> [to, ...]; or an object
 *                 (data-destinations): {"13": [7, 10], "bar": [22]} for the first
 *                 move only, or {"moves": {change: {"13": [7, 10]}}} for every
 *                 partial play, where change names what moved so far (moves.js
 *                 changeKey: "7:1,13:-1", "" at first).  Points are in the mover's
 *                 numbering, with "bar" and "off".  A drop elsewhere is refused.
 *   judgeTyped    true: a typed play is judged by the server as soon as it is read
 *                 (a game's board): an illegal one is not drawn, its refusal is
 *                 shown at once and board.typedRefused is true until the box changes
 *   refusals      {"bar_first": bool, "reach": {dice left: {source: [to, ...]}}}
 *                 (data-refusals): without destinations, a drop outside reach is refused
 *   onChange      function (board) called after every change
 *
 * The returned board:
 *   board.notation, board.moves, board.state    what has been moved so far
 *   board.typedByHand                            true while the moves shown were typed
 *   board.typedRefused                           true while the typed play is refused (judgeTyped)
 *   board.move(from, to), board.undo(), board.reset()
 *   board.setMoves([{from, to}])                 show these moves (mover's numbering)
 *   board.setMarks([{point, kind}])              draw the server's marks: kinds from,
 *                                                to, blocked, bar, highest, outside,
 *                                                hit, example (see tutor/lessons/marks.py)
 *   board.clearMarks()
 *   board.playOut(steps, {stepMs})               slide [{from, to}] one by one from the
 *                                                start (instant with reduced motion);
 *                                                resolves when done
 *   board.announce(text)                         say something in the board's live region
 *   board.finish()                               the puzzle is solved: «Deshacer», «Reiniciar»
 *                                                and the submit button are disabled, checkers
 *                                                stay where they are (a solution may still be played out)
 *
 * Every element with [data-board] is enhanced when this module loads,
 * except [data-board="manual"], which a page enhances itself.
 */

import { bindEvents } from './events.js';
import {
  addMove,
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
import { prefersReducedMotion, slide, stackTop, wait } from './motion.js';
import { askRefusal, readPlay } from './server.js';
import { destinationsFor, diceLeft, nearestMovable, reachFor } from './targets.js';
import { countsAt, renderBoard } from './render.js';
import {
  MESSAGES,
  describeMove,
  describeNoChecker,
  describeSelection,
  describeTrayPick,
  describeUndo,
} from './speech.js';
import { addSkipLink } from './skip.js';
import { verdictElement } from '../verdict.js';
import { BAR, OFF, createState, parseDice, positionFromPlaces } from './state.js';

const boards = new WeakMap();
const startingPositions = new WeakMap(); // what the server drew, read once per widget
const TYPING_PAUSE_MS = 250; // a typed play is read once the typing pauses

export function createBoard(element, config = {}) {
  if (boards.has(element)) boards.get(element).destroy();
  const options = readOptions(element, config);
  const view = collectView(element);
  const controller = new AbortController();
  if (!startingPositions.has(element)) startingPositions.set(element, positionFromPlaces(view.places));
  let state = createState({
    position: startingPositions.get(element),
    side: options.turn,
    dice: options.dice,
  });
  let snapshot = replay(state);
  const firstMovable = view.places.find(
    (place) => place.dataset.kind !== 'tray' && countsAt(snapshot.position, place.dataset.point)[state.side] > 0,
  );
  let playing = false; // a solution being played out keeps the verdict region as it is
  let typedByHand = false; // the moves shown were typed in the play box
  let typedRefused = false; // the typed play is one the server refused (judgeTyped)
  let asked = 0; // the latest question to the server; older answers are dropped
  let typingTimer = null;
  const ui = {
    side: state.side,
    selected: null,
    targets: new Set(),
    marks: new Map(),
    focus: (firstMovable || view.places[0]).dataset.point,
    finished: false,
  };

  /**
   * Redraw and announce; after a change of moves, rewrite the play box (unless
   * the learner is typing in it), drop the old verdict, its marks and arrows.
   */
  function update(message, { movesChanged = false, typed = false } = {}) {
    hideToast(view);
    snapshot = replay(state);
    if (movesChanged && view.input && !typed) view.input.value = notation(snapshot.moves);
    // A typed play dropped the verdict when the text changed (typed()), not when the server read it.
    if (movesChanged && !typed) dropVerdict();
    renderBoard(view, snapshot, ui);
    if (message) announce(view, message);
    if (movesChanged) element.dispatchEvent(new CustomEvent('board:change', { bubbles: true }));
    if (movesChanged && options.onChange) options.onChange(board);
  }

  /** The verdict and its marks belong to the play they were drawn for. */
  function dropVerdict() {
    ui.marks = new Map();
    if (view.verdict && !playing) view.verdict.replaceChildren();
  }

  /** Flash the place a refused pick or drop concerns. */
  function flash(key) {
    const place = view.places.find((candidate) => candidate.dataset.point === key);
    if (!place) return;
    place.classList.remove('is-refused');
    // Reading the size restarts the flash when the same place is refused twice.
    place.getBoundingClientRect();
    place.classList.add('is-refused');
    window.setTimeout(() => place.classList.remove('is-refused'), 900);
  }

  /**
   * Refuse a pick (to null) or a drop at once: the checker stays where it
   * was, nothing is selected any more, and the server says why.
   */
  function refuse(key, from, to, fallback = MESSAGES.cannotGo) {
    ui.selected = null;
    ui.targets = new Set();
    flash(key);
    update('');
    const question = ++asked;
    askRefusal(options.refusalUrl, {
      xgid: options.xgid,
      moves: notation(snapshot.moves),
      left: diceLeft(state.dice, snapshot.used).join(','),
      from: pointName(from),
      to: to === null ? '' : pointName(to),
    }).then((answer) => {
      if (question !== asked) return;
      announce(view, answer.message || fallback);
      // Said on the board too, where the eye is: on a phone the live region may be below the screen.
      showToast(view, answer.message || fallback);
    });
  }

  /**
   * Refuse a typed play as a click is refused: nothing of it is drawn (the
   * checkers stay where the turn began), the server's reasons are said and
   * shown over the board and in the verdict, as a sent play's would be.
   */
  function refuseTyped(verdict) {
    state = resetMoves(state);
    typedByHand = true;
    typedRefused = true;
    ui.selected = null;
    ui.targets = new Set();
    update('', { movesChanged: true, typed: true });
    const reasons = (Array.isArray(verdict.reasons) ? verdict.reasons : []).map((reason) => String(reason.message || ''));
    const said = reasons.filter(Boolean).join(' ') || MESSAGES.cannotGo;
    // The verdict's region is a live one: it says the reasons; a board without one says them itself.
    if (view.verdict) view.verdict.replaceChildren(verdictElement(verdict));
    else announce(view, said);
    showToast(view, reasons[0] || MESSAGES.cannotGo);
  }

  /** A checker picked up or moved on the board wins over a typed play not read yet, and over older answers. */
  function forgetPending() {
    window.clearTimeout(typingTimer);
    asked += 1;
  }

  function changeMoves(nextState, message) {
    forgetPending();
    state = nextState;
    typedByHand = false;
    typedRefused = false;
    ui.selected = null;
    ui.targets = new Set();
    update(message, { movesChanged: true });
  }

  function select(key) {
    forgetPending();
    const from = moverPlace(key, state.side);
    if (from === OFF) {
      update(describeTrayPick(state.side));
      return;
    }
    if (from === null || checkersAt(snapshot.position, state.side, from) === 0) {
      update(describeNoChecker(state.side, from ?? BAR));
      return;
    }
    const refusals = options.refusals;
    if (refusals && refusals.bar_first && from !== BAR && checkersAt(snapshot.position, state.side, BAR) > 0) {
      refuse(key, from, null);
      return;
    }
    const targets = destinationsFor(options, from, snapshot);
    if (options.destinations && !targets.length) {
      refuse(key, from, null, MESSAGES.cannotMove);
      return;
    }
    ui.selected = key;
    ui.targets = new Set(targets.map((to) => placeKey(to, state.side)));
    update(describeSelection(from));
  }

  /** Whether a drop of the selected checker on `to` is one the server's data lets through. */
  function accepts(to) {
    if (options.destinations) return ui.targets.has(placeKey(to, state.side));
    const reach = reachFor(options, moverPlace(ui.selected, state.side), state.dice, snapshot.used);
    return reach === null || reach.includes(to);
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
      if (ui.finished && !playing) {
        update(MESSAGES.solved);
        return;
      }
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
      const from = moverPlace(ui.selected, state.side);
      if (!accepts(to)) {
        refuse(key, from, to, options.destinations ? MESSAGES.notReachable : MESSAGES.cannotGo);
        return;
      }
      move(from, to);
    },
    /** A tap or click: like activate, but a tap just beside a lone stack picks that stack up. */
    tap(key) {
      if (ui.selected === null) {
        const near = nearestMovable(view.places, key, (candidate) => checkersAt(snapshot.position, state.side, moverPlace(candidate, state.side) ?? OFF) > 0);
        if (near) {
          actions.activate(near);
          return;
        }
      }
      actions.activate(key);
    },
    /** Whether a tap on `key` would do something: pick up a checker, or drop the selected one there. */
    useful(key) {
      const place = moverPlace(key, state.side);
      if (ui.selected === null) return place !== null && place !== OFF && checkersAt(snapshot.position, state.side, place) > 0;
      if (key === ui.selected) return true;
      return place !== null && place !== BAR && accepts(place);
    },
    drop(fromKey, toKey) {
      if (ui.finished) return;
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
      if (ui.finished) return;
      const last = snapshot.moves[snapshot.moves.length - 1];
      if (!last) {
        update(MESSAGES.nothingToUndo);
        return;
      }
      changeMoves(undoMove(state), describeUndo(last));
    },
    reset() {
      if (ui.finished) return;
      changeMoves(resetMoves(state), MESSAGES.reset);
    },
    /** The play box changed: once the typing pauses, the server reads it and the board shows it. */
    typed() {
      window.clearTimeout(typingTimer);
      const question = ++asked;
      typedRefused = false;
      hideToast(view);
      dropVerdict();
      if (!view.input.value.trim()) {
        // An empty box is no move at all: nothing to ask.
        state = resetMoves(state);
        typedByHand = false;
        ui.selected = null;
        ui.targets = new Set();
        update('', { movesChanged: true, typed: true });
        return;
      }
      renderBoard(view, snapshot, ui);
      typingTimer = window.setTimeout(async () => {
        const text = view.input.value;
        const answer = await readPlay(options.playUrl, text, options.judgeTyped ? options.xgid : null);
        if (question !== asked) return;
        if (!answer.moves) {
          announce(view, answer.message);
          return;
        }
        if (answer.verdict) {
          refuseTyped(answer.verdict);
          return;
        }
        const next = movesState(resetMoves(state), answer.moves);
        typedByHand = true;
        // Nothing new to show (retyped as shown): a checker picked up meanwhile stays picked up.
        if (notation(replay(next).moves) === notation(snapshot.moves)) {
          if (options.onChange) options.onChange(board);
          return;
        }
        state = next;
        ui.selected = null;
        ui.targets = new Set();
        update(MESSAGES.typedShown, { movesChanged: true, typed: true });
      }, TYPING_PAUSE_MS);
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
    get typedByHand() {
      return typedByHand;
    },
    get typedRefused() {
      return typedRefused;
    },
    move,
    undo: actions.undo,
    reset: actions.reset,
    setMoves(moves) {
      changeMoves(movesState(resetMoves(state), moves), '');
    },
    setMarks(marks) {
      ui.marks = new Map();
      for (const { point, kind } of Array.isArray(marks) ? marks : []) {
        const key = placeKey(readPoint(point), state.side);
        ui.marks.set(key, [...(ui.marks.get(key) || []), kind]);
      }
      renderBoard(view, snapshot, ui);
    },
    clearMarks() {
      ui.marks = new Map();
      renderBoard(view, snapshot, ui);
    },
    async playOut(steps, { stepMs = 450 } = {}) {
      const pace = prefersReducedMotion() ? 0 : stepMs;
      playing = true;
      changeMoves(resetMoves(state), '');
      for (const step of steps) {
        const from = readPoint(step.from);
        const to = readPoint(step.to);
        const fromPlace = view.places.find((place) => place.dataset.point === placeKey(from, state.side));
        const toPlace = view.places.find((place) => place.dataset.point === placeKey(to, state.side));
        if (fromPlace && toPlace) {
          const start = stackTop(view.svg, fromPlace, checkersAt(snapshot.position, state.side, from));
          const end = stackTop(view.svg, toPlace, checkersAt(snapshot.position, state.side, to) + 1);
          await slide(view.svg, state.side, start, end, pace);
        }
        if (!move(from, to)) break;
        if (pace) await wait(Math.round(pace / 4));
      }
      playing = false;
      announce(view, MESSAGES.solutionShown);
    },
    announce(text) {
      announce(view, text);
    },
    finish() {
      ui.finished = true;
      ui.selected = null;
      ui.targets = new Set();
      if (view.input) view.input.readOnly = true;
      for (const button of view.submits) button.disabled = true;
      renderBoard(view, snapshot, ui);
    },
    get finished() {
      return ui.finished;
    },
    destroy() {
      window.clearTimeout(typingTimer);
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
  const refusals = config.refusals ?? (data.refusals ? JSON.parse(data.refusals) : null);
  return {
    xgid: config.xgid ?? data.xgid,
    turn: config.turn ?? data.turn ?? 'white',
    dice: config.dice ?? parseDice(data.dice),
    destinations,
    refusals,
    refusalUrl: data.refusalUrl || null,
    playUrl: data.playUrl || null,
    judgeTyped: Boolean(config.judgeTyped),
    onChange: config.onChange ?? null,
  };
}

/** The state with `moves` made one after another; a move the position cannot show is left out. */
function movesState(start, moves) {
  let next = start;
  for (const { from, to } of moves) next = addMove(next, readPoint(from), readPoint(to)) || next;
  return next;
}

function collectView(element) {
  const form = element.querySelector('form.board-form');
  return {
    element,
    svg: element.querySelector('svg.board-svg'),
    places: [...element.querySelectorAll('[data-point]')],
    dice: [...element.querySelectorAll('.die[data-die]')],
    pips: [...element.querySelectorAll('[data-pips-side]')],
    input: form ? form.querySelector('[name="play"]') : null,
    undo: element.querySelector('[data-action="undo"]'),
    submits: form ? [...form.elements].filter((node) => node.tagName === 'BUTTON' && (node.type || 'submit') === 'submit') : [],
    reset: element.querySelector('[data-action="reset"]'),
    announcer: element.querySelector('[data-board-announce]'),
    verdict: form ? form.querySelector('[role="status"]') : null,
  };
}

/** Turn the picture into a control: focusable places, a group role, visible buttons. */
function prepareView(view) {
  view.svg.setAttribute('role', 'group');
  view.element.classList.add('is-enhanced');
  for (const place of view.places) place.setAttribute('role', 'button');
  for (const button of [view.undo, view.reset]) if (button) button.hidden = false;
}

const TOAST_MS = 5000;

/** A refusal written over the board for a few seconds (the live region says it to screen readers). */
function showToast(view, message) {
  const holder = view.svg.parentElement;
  let toast = holder.querySelector('.board-toast');
  if (!toast) {
    toast = document.createElement('p');
    toast.className = 'board-toast';
    toast.setAttribute('aria-hidden', 'true');
    holder.append(toast);
  }
  toast.textContent = message;
  toast.hidden = false;
  window.clearTimeout(Number(toast.dataset.timer));
  toast.dataset.timer = String(window.setTimeout(() => hideToast(view), TOAST_MS));
}

function hideToast(view) {
  const toast = view.svg.parentElement.querySelector('.board-toast');
  if (toast) toast.hidden = true;
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
addSkipLink();
