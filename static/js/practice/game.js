/**
 * The practice pages: the board's legal destinations, «Confirmar», and the
 * computer's moves shown one by one.
 *
 * Nothing here knows a rule.  The server sends, in #practice-destinations,
 *   {"moves": {name: {source: [destinations]}}, "complete": [name, ...]}
 * where a name says how the learner's checkers have changed so far
 * ("13:-1,7:1": one left the 13, one reached the 7; 25 is the bar, 0 off).
 * The board asks for the destinations of a checker; this module names the
 * moves made and looks them up.  The play can be confirmed only when its
 * name is a complete legal play, or when it was typed by hand (the server
 * then explains what is wrong with it, if anything).
 *
 * The computer's moves come as <template data-frame> boards, one per move,
 * shown in turn before the current position; without JavaScript the page
 * says in words what the computer played.
 */

import { createBoard } from '../board/index.js';

const STEP_MS = 900;

/** The name of the changes made by `moves` ([{from, to}], mover's numbering). */
export function changeName(moves) {
  const change = new Map();
  for (const { from, to } of moves) {
    change.set(from, (change.get(from) || 0) - 1);
    change.set(to, (change.get(to) || 0) + 1);
  }
  return [...change]
    .filter(([, count]) => count !== 0)
    .sort((a, b) => a[0] - b[0])
    .map(([point, count]) => `${point}:${count}`)
    .join(',');
}

function sourceName(point) {
  return point === 25 ? 'bar' : String(point);
}

function readDestinations() {
  const script = document.getElementById('practice-destinations');
  if (!script) return null;
  try {
    const data = JSON.parse(script.textContent);
    return data && typeof data === 'object' && data.moves ? data : null;
  } catch (error) {
    return null;
  }
}

function enhanceBoard() {
  const holder = document.querySelector('[data-practice-board]');
  const map = readDestinations();
  const widget = holder ? holder.querySelector('[data-board]') : null;
  if (!widget || !map) return;
  const form = widget.querySelector('form');
  const input = form ? form.querySelector('[name="play"]') : null;
  const button = widget.querySelector('button[type="submit"]');
  const help = document.querySelector('[data-confirm-help]');
  const complete = new Set(map.complete || []);
  if (help && button) {
    help.id = help.id || 'practice-confirm-help';
    help.hidden = false;
    button.setAttribute('aria-describedby', help.id);
  }

  let board = null;
  const refresh = () => {
    if (!button || !input || !board) return;
    const typed = input.value.trim();
    const byHand = typed !== board.notation.trim();
    const ready = byHand ? typed !== '' : complete.has(changeName(board.moves));
    button.disabled = !ready;
  };

  board = createBoard(widget, {
    destinations: (from, { moves }) => {
      const entry = map.moves[changeName(moves)];
      return entry ? entry[sourceName(from)] || [] : [];
    },
    onChange: refresh,
  });
  if (input) input.addEventListener('input', refresh);
  if (form) {
    form.addEventListener('submit', (event) => {
      if (button && button.disabled) event.preventDefault();
    });
  }
  refresh();
}

function replayComputer() {
  const replay = document.querySelector('[data-replay]');
  const current = document.querySelector('[data-practice-current]');
  if (!replay || !current) return;
  const frames = [...replay.querySelectorAll('template[data-frame]')];
  if (!frames.length) return;
  if (window.matchMedia && window.matchMedia('(prefers-reduced-motion: reduce)').matches) return;
  const stage = replay.querySelector('[data-replay-stage]');
  const caption = replay.querySelector('[data-replay-caption]');
  const skip = replay.querySelector('[data-replay-skip]');
  let index = 0;
  let timer = null;

  const finish = () => {
    window.clearTimeout(timer);
    replay.hidden = true;
    stage.replaceChildren();
    current.hidden = false;
  };
  const show = () => {
    if (index >= frames.length) {
      finish();
      return;
    }
    stage.replaceChildren(frames[index].content.cloneNode(true));
    caption.textContent = frames[index].dataset.caption || '';
    index += 1;
    timer = window.setTimeout(show, STEP_MS);
  };
  if (skip) skip.addEventListener('click', finish);
  current.hidden = true;
  replay.hidden = false;
  show();
}

enhanceBoard();
replayComputer();
