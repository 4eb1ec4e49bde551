/**
 * The board editor: set up a position by clicking (or with the keyboard) on
 * the server's SVG board, for the position explorer and teachers' exercises.
 *
 * It edits two text fields of the surrounding form, the checkers per point
 * in White's numbering (`6:2 8:3 bar:1`), named by data-white-input and
 * data-black-input; the server reads those fields, so the form works the
 * same without JavaScript.  The editor only counts checkers: whether the
 * position can happen is for the server to say.
 *
 * The editor shows how many checkers of each side are off the board (borne
 * off), and when the form is sent with its two fields empty (the position
 * shown untouched) it writes that position into them, unless one of the
 * fields named in data-unless (an XGID, say) was filled instead.
 *
 * Markup (templates/board/editor.html):
 *   [data-board-editor][data-xgid][data-white-input][data-black-input][data-unless]
 *     svg.board-svg with [data-point] places, input[type=radio][data-editor-mode],
 *     [data-editor-clear], [data-editor-initial], [data-editor-announce], [data-editor-off]
 */

import { neighbour } from './events.js';
import { renderBoard } from './render.js';
import { placeLabel } from './speech.js';
import { BLACK, CHECKERS_PER_SIDE, WHITE, emptyPosition, positionFromXgid } from './state.js';

const INITIAL_XGID = '-b----E-C---eE---c-e----B-';
const SIDE_WORDS = { white: 'blancas', black: 'negras' };

/** `"6:2 bar:1"` → {points: {6: 2}, bar: 1}; unreadable items are skipped (the server reports them). */
export function readLayout(text) {
  const layout = { points: {}, bar: 0 };
  for (const item of String(text || '').toLowerCase().split(/[\s,]+/)) {
    const match = item.match(/^(bar|barra|\d{1,2}):(\d{1,2})$/);
    if (!match) continue;
    if (match[1] === 'bar' || match[1] === 'barra') layout.bar = Number(match[2]);
    else if (Number(match[1]) >= 1 && Number(match[1]) <= 24) layout.points[Number(match[1])] = Number(match[2]);
  }
  return layout;
}

/** The position's checkers of one side as `"24:2 13:5 bar:1"`, farthest point first. */
export function writeLayout(position, side) {
  const items = [];
  for (let point = 24; point >= 1; point -= 1) {
    if (position.points[point][side]) items.push(`${point}:${position.points[point][side]}`);
  }
  if (position.bar[side]) items.push(`bar:${position.bar[side]}`);
  return items.join(' ');
}

export function positionFromLayouts(whiteText, blackText) {
  const position = emptyPosition();
  const layouts = { [WHITE]: readLayout(whiteText), [BLACK]: readLayout(blackText) };
  for (const side of [WHITE, BLACK]) {
    for (const [point, count] of Object.entries(layouts[side].points)) position.points[point][side] = count;
    position.bar[side] = layouts[side].bar;
  }
  return withBorneOff(position);
}

function withBorneOff(position) {
  for (const side of [WHITE, BLACK]) {
    const onBoard = position.points.reduce((sum, cell) => sum + cell[side], 0) + position.bar[side];
    position.off[side] = Math.max(0, CHECKERS_PER_SIDE - onBoard);
  }
  return position;
}

function onBoard(position, side) {
  return CHECKERS_PER_SIDE - position.off[side];
}

/**
 * One click of the editor on the place `key` in `mode` ('white', 'black' or
 * 'remove'): the new position and what to announce, or null and why not.
 */
export function edit(position, key, mode) {
  const [kind, owner] = key.split('-');
  if (kind === 'off') return { position: null, message: 'Las fichas retiradas son las que no colocas en el tablero.' };
  const next = {
    points: position.points.map((cell) => ({ ...cell })),
    bar: { ...position.bar },
    off: { ...position.off },
  };
  const cell = kind === 'bar' ? null : next.points[Number(key)];
  if (mode === 'remove') {
    if (cell) {
      const side = cell.white ? WHITE : cell.black ? BLACK : null;
      if (!side) return { position: null, message: 'Ese punto ya está vacío.' };
      cell[side] -= 1;
    } else {
      if (!next.bar[owner]) return { position: null, message: 'Esa barra ya está vacía.' };
      next.bar[owner] -= 1;
    }
    return { position: withBorneOff(next), message: null };
  }
  const side = mode;
  if (kind === 'bar' && owner !== side) {
    return { position: null, message: `Esa es la barra de las ${SIDE_WORDS[owner]}.` };
  }
  if (cell && cell[side === WHITE ? BLACK : WHITE]) {
    return { position: null, message: `Ese punto tiene fichas ${SIDE_WORDS[side === WHITE ? BLACK : WHITE]}: quítalas primero.` };
  }
  if (onBoard(position, side) >= CHECKERS_PER_SIDE) {
    return { position: null, message: `Ya están las 15 fichas ${SIDE_WORDS[side]} en el tablero.` };
  }
  if (cell) cell[side] += 1;
  else next.bar[side] += 1;
  return { position: withBorneOff(next), message: null };
}

export function createEditor(element) {
  const scope = element.closest('form') || document;
  const inputs = {
    [WHITE]: scope.querySelector(`#${element.dataset.whiteInput}`),
    [BLACK]: scope.querySelector(`#${element.dataset.blackInput}`),
  };
  const view = {
    element,
    svg: element.querySelector('svg.board-svg'),
    places: [...element.querySelectorAll('[data-point]')],
    dice: [],
    undo: null,
    reset: null,
  };
  const announcer = element.querySelector('[data-editor-announce]');
  const modes = [...element.querySelectorAll('[data-editor-mode]')];
  const typed = inputs[WHITE].value.trim() || inputs[BLACK].value.trim();
  let position = typed
    ? positionFromLayouts(inputs[WHITE].value, inputs[BLACK].value)
    : positionFromXgid(element.dataset.xgid || INITIAL_XGID);
  const ui = { side: WHITE, selected: null, targets: new Set(), focus: '24' };

  const mode = () => (modes.find((radio) => radio.checked) || { value: WHITE }).value;

  function announce(message) {
    if (!announcer) return;
    announcer.textContent = announcer.textContent === message ? `${message}\u00a0` : message;
  }

  const offLine = element.querySelector('[data-editor-off]');

  function draw() {
    ui.side = mode() === BLACK ? BLACK : WHITE;
    renderBoard(view, { position, moves: [], used: [] }, ui);
    if (offLine) {
      const count = (n, one, many) => `${n} ${n === 1 ? one : many}`;
      offLine.textContent = `Fuera del tablero (retiradas): ${count(position.off.white, 'blanca', 'blancas')} y ${count(position.off.black, 'negra', 'negras')}. Las fichas que no colocas cuentan como retiradas.`;
    }
  }

  function setPosition(next) {
    position = next;
    inputs[WHITE].value = writeLayout(position, WHITE);
    inputs[BLACK].value = writeLayout(position, BLACK);
    draw();
  }

  function activate(key) {
    ui.focus = key;
    const result = edit(position, key, mode());
    if (!result.position) {
      draw();
      announce(result.message);
      return;
    }
    setPosition(result.position);
    const place = view.places.find((candidate) => candidate.dataset.point === key);
    const [kind, owner] = key.split('-');
    const counts = kind === 'bar'
      ? { white: position.bar.white, black: position.bar.black }
      : position.points[Number(key)];
    announce(`${placeLabel(place.dataset.kind, owner || WHITE, place.dataset.label, counts)}.`);
  }

  view.svg.setAttribute('role', 'group');
  for (const place of view.places) place.setAttribute('role', 'button');
  element.hidden = false;
  element.classList.add('is-enhanced');
  view.svg.addEventListener('click', (event) => {
    const place = event.target.closest('[data-point]');
    if (place) activate(place.dataset.point);
  });
  view.svg.addEventListener('keydown', (event) => {
    const place = event.target.closest('[data-point]');
    if (!place) return;
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      activate(place.dataset.point);
      return;
    }
    const next = neighbour(view.places, place, event.key);
    if (next) {
      event.preventDefault();
      ui.focus = next.dataset.point;
      draw();
      next.focus();
    }
  });
  for (const radio of modes) {
    radio.disabled = false;
    radio.addEventListener('change', draw);
  }
  element.querySelector('[data-editor-clear]')?.addEventListener('click', () => {
    setPosition(withBorneOff(emptyPosition()));
    announce('Tablero vacío: todas las fichas están retiradas.');
  });
  element.querySelector('[data-editor-initial]')?.addEventListener('click', () => {
    setPosition(positionFromXgid(INITIAL_XGID));
    announce('Posición inicial colocada.');
  });
  const form = element.closest('form');
  if (form) {
    form.addEventListener('submit', () => {
      // The editing mode is not part of the position: keep it out of the form's data (and the URL).
      for (const radio of modes) {
        radio.disabled = true;
        window.setTimeout(() => {
          radio.disabled = false;
        }, 0);
      }
      const others = (element.dataset.unless || '').split(/\s+/).filter(Boolean).map((id) => document.getElementById(id));
      const empty = !inputs[WHITE].value.trim() && !inputs[BLACK].value.trim();
      if (empty && !others.some((field) => field && field.value.trim())) {
        inputs[WHITE].value = writeLayout(position, WHITE);
        inputs[BLACK].value = writeLayout(position, BLACK);
      }
    });
  }
  for (const side of [WHITE, BLACK]) {
    inputs[side].addEventListener('change', () => {
      position = positionFromLayouts(inputs[WHITE].value, inputs[BLACK].value);
      draw();
    });
  }
  draw();
  return { get position() { return position; } };
}

document.querySelectorAll('[data-board-editor]').forEach((element) => createEditor(element));
