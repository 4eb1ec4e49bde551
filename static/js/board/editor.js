/**
 * The board editor: set up a position by clicking (or with the keyboard) on
 * the server's SVG board, for teachers' exercises.
 *
 * It edits two text fields of the surrounding form, the checkers per point
 * in White's numbering (`6:2 8:3 bar:1`), named by data-white-input and
 * data-black-input; the server reads those fields, so the form works the
 * same without JavaScript.  The editor only counts checkers.  It reads no
 * position format and knows no rule: after every change it sends the two
 * fields to the server (data-position-url, tutor/lessons/board_api.py),
 * which answers with the position decoded (checkers borne off included)
 * and every defect that makes it impossible, in the engine's Spanish; the
 * editor draws the one and lists the others ([data-editor-defects]).
 *
 * When the form is sent with its two fields empty (the position shown
 * untouched), the editor writes that position into them, unless one of the
 * fields named in data-unless (an XGID, say) was filled instead.
 *
 * Markup (templates/board/editor.html):
 *   [data-board-editor][data-initial][data-position-url][data-white-input][data-black-input][data-unless]
 *     svg.board-svg with [data-point] places, input[type=radio][data-editor-mode],
 *     [data-editor-clear], [data-editor-initial], [data-editor-announce], [data-editor-off],
 *     [data-editor-defects]
 */

import { neighbour, placeNear } from './events.js';
import { renderBoard } from './render.js';
import { placeLabel } from './speech.js';
import { BLACK, WHITE, clonePosition, emptyPosition, positionFromJson, positionFromPlaces } from './state.js';

const SIDE_WORDS = { white: 'blancas', black: 'negras' };
const ASK_PAUSE_MS = 150;

/** The position's checkers of one side as `"24:2 13:5 bar:1"`, farthest point first. */
export function writeLayout(position, side) {
  const items = [];
  for (let point = 24; point >= 1; point -= 1) {
    if (position.points[point][side]) items.push(`${point}:${position.points[point][side]}`);
  }
  if (position.bar[side]) items.push(`bar:${position.bar[side]}`);
  return items.join(' ');
}

/**
 * One click of the editor on the place `key` in `mode` ('white', 'black' or
 * 'remove'): the new position and nothing to say, or null and why not.
 * Only counting happens here; whether the position can occur is the server's to say.
 */
export function edit(position, key, mode) {
  const [kind, owner] = key.split('-');
  if (kind === 'off') return { position: null, message: 'Las fichas retiradas son las que no colocas en el tablero.' };
  const next = clonePosition(position);
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
    return { position: next, message: null };
  }
  const side = mode;
  if (kind === 'bar' && owner !== side) {
    return { position: null, message: `Esa es la barra de las ${SIDE_WORDS[owner]}.` };
  }
  if (cell) cell[side] += 1;
  else next.bar[side] += 1;
  return { position: next, message: null };
}

async function askServer(url, white, black) {
  try {
    const response = await fetch(`${url}?${new URLSearchParams({ white, black })}`, { credentials: 'same-origin', headers: { Accept: 'application/json' } });
    const data = await response.json();
    if (response.ok && data && Array.isArray(data.points)) return { data };
    return { error: (data && data.error) || 'No hemos podido comprobar la posición.' };
  } catch (error) {
    return { error: 'No hemos podido contactar con el servidor para comprobar la posición.' };
  }
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
  const defectsBox = element.querySelector('[data-editor-defects]');
  const offLine = element.querySelector('[data-editor-off]');
  const modes = [...element.querySelectorAll('[data-editor-mode]')];
  const initial = positionFromJson(JSON.parse(element.dataset.initial || '{}'));
  let position = positionFromPlaces(view.places);
  let asked = 0;
  let timer = null;
  const ui = { side: WHITE, selected: null, targets: new Set(), focus: '24' };

  const mode = () => (modes.find((radio) => radio.checked) || { value: WHITE }).value;

  function announce(message) {
    if (!announcer) return;
    announcer.textContent = announcer.textContent === message ? `${message}\u00a0` : message;
  }

  function draw() {
    ui.side = mode() === BLACK ? BLACK : WHITE;
    renderBoard(view, { position, moves: [], used: [] }, ui);
    if (offLine) {
      const count = (n, one, many) => `${n} ${n === 1 ? one : many}`;
      offLine.textContent = `Fuera del tablero (retiradas): ${count(position.off.white, 'blanca', 'blancas')} y ${count(position.off.black, 'negra', 'negras')}. Las fichas que no colocas cuentan como retiradas.`;
    }
  }

  /** What the server says of the position: nothing when it can occur, else each defect. */
  function showDefects(defects, error) {
    if (!defectsBox) return;
    const items = error ? [error] : defects;
    defectsBox.hidden = !items.length;
    defectsBox.replaceChildren();
    if (!items.length) return;
    const intro = document.createElement('p');
    intro.textContent = error ? 'No se puede leer la posición:' : 'Esta posición es imposible:';
    const list = document.createElement('ul');
    for (const text of items) {
      const item = document.createElement('li');
      item.textContent = text;
      list.append(item);
    }
    defectsBox.append(intro, list);
  }

  /** Ask the server for the fields' position, once the clicking or typing pauses; the latest answer wins. */
  function askSoon() {
    window.clearTimeout(timer);
    const question = ++asked;
    timer = window.setTimeout(async () => {
      const answer = await askServer(element.dataset.positionUrl, inputs[WHITE].value, inputs[BLACK].value);
      if (question !== asked) return;
      if (answer.data) {
        position = positionFromJson(answer.data);
        draw();
      }
      showDefects(answer.data ? answer.data.defects || [] : [], answer.error);
    }, ASK_PAUSE_MS);
  }

  function setPosition(next) {
    position = next;
    inputs[WHITE].value = writeLayout(position, WHITE);
    inputs[BLACK].value = writeLayout(position, BLACK);
    draw();
    askSoon();
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
    // Points are narrow on a phone: a tap just beside one counts for it (events.js MIN_TARGET).
    const located = event.clientX || event.clientY;
    const place = (located && placeNear(view.places, event.clientX, event.clientY, () => false)) || event.target.closest('[data-point]');
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
    setPosition(emptyPosition());
    announce('Tablero vacío: todas las fichas están retiradas.');
  });
  element.querySelector('[data-editor-initial]')?.addEventListener('click', () => {
    setPosition(clonePosition(initial));
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
  for (const side of [WHITE, BLACK]) inputs[side].addEventListener('input', askSoon);
  draw();
  if (inputs[WHITE].value.trim() || inputs[BLACK].value.trim()) askSoon();
  return {
    get position() {
      return position;
    },
  };
}

document.querySelectorAll('[data-board-editor]').forEach((element) => createEditor(element));
