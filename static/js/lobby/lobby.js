/**
 * The lobby on the «Jugar» page: the lists kept up to date over a WebSocket.
 *
 * Nothing here decides who may play whom: the server sends each viewer
 * the rows they are shown, already drawn,
 *   {"type": "state", "seeks", "games", "waiting"}   the whole lists (on connecting)
 *   {"type": "seeks", "removed": [id], "added": [{"id", "html"}]}   what changed in a moment
 *   {"type": "games", "html"}                         the games to watch, every few seconds if changed
 *   {"type": "waiting", "html"}                       the player's own search, or ""
 *   {"type": "paired", "url"}                         the game starts: go to it
 *   {"type": "new_game", "url", "text"}               a game someone else started for you: say so, with its link
 *   {"type": "error", "message"}
 * and the forms that work without JavaScript («Jugar ya», «Aceptar»,
 * «Retirar») are sent over the socket while it is open.  A dropped
 * connection is opened again, and the server sends the lists again.
 */

import { fillTokens, keepOpen, say } from '../live/socket.js';

const root = document.querySelector('[data-lobby]');
const waiting = root ? root.querySelector('[data-lobby-waiting]') : null;
const live = root ? root.querySelector('[data-lobby-live]') : null;
const alertBox = root ? root.querySelector('[data-lobby-alert]') : null;
const newsBox = root ? root.querySelector('[data-lobby-news]') : null;
const connection = root ? root.querySelector('[data-lobby-connection]') : null;
const csrf = root ? root.querySelector('[name="csrfmiddlewaretoken"]') : null;

/** The two lists, by the name the server's messages use: their element and the attribute naming a row. */
const LISTS = {
  seek: { list: root ? root.querySelector('[data-lobby-seeks]') : null, empty: 'seeks', key: 'data-seek' },
  game: { list: root ? root.querySelector('[data-lobby-games]') : null, empty: 'games', key: 'data-game' },
};

const MESSAGES = {
  open: 'Conectado: las listas se actualizan solas.',
  closed: 'Conexión perdida; reconectando… (mientras tanto, los botones envían la página)',
  paired: 'Rival encontrado: vamos a la partida.',
  waiting: 'Buscando rival: tu búsqueda está en la lista.',
  withdrawn: 'Has retirado tu búsqueda.',
};

let link = null;
/** The game this page is going to: a pairing told twice (the process tells it again) navigates once. */
let goingTo = null;

function showAlert(text) {
  if (!alertBox) return;
  alertBox.textContent = text;
  alertBox.hidden = !text;
}

/** A game a classmate or the teacher started for this player: the server's sentence and a link to the board. */
function showNewGame(text, url) {
  if (!newsBox || typeof url !== 'string' || !url.startsWith('/')) return;
  const go = document.createElement('a');
  go.className = 'button button--primary';
  go.href = url;
  go.textContent = 'Ir a la partida';
  const sentence = document.createElement('p');
  sentence.textContent = String(text || '');
  newsBox.replaceChildren(sentence, go);
  newsBox.hidden = false;
}

function markEmpty({ list, empty }) {
  const note = root.querySelector(`[data-lobby-empty="${empty}"]`);
  if (note && list) note.hidden = list.children.length > 0;
}

function fill(target, html) {
  if (!target.list) return;
  target.list.innerHTML = html || '';
  fillTokens(target.list, csrf);
  markEmpty(target);
}

function addRow(target, id, html) {
  if (!target.list) return;
  const holder = document.createElement('template');
  holder.innerHTML = html.trim();
  const row = holder.content.firstElementChild;
  if (!row) return;
  const old = target.list.querySelector(`[${target.key}="${id}"]`);
  if (old) old.replaceWith(row);
  else target.list.append(row);
  fillTokens(row, csrf);
  markEmpty(target);
}

function removeRow(target, id) {
  if (!target.list) return;
  const row = target.list.querySelector(`[${target.key}="${id}"]`);
  if (row) row.remove();
  markEmpty(target);
}

function showWaiting(html) {
  if (!waiting) return;
  waiting.innerHTML = html || '';
  fillTokens(waiting, csrf);
}

function onMessage(event) {
  let data;
  try {
    data = JSON.parse(event.data);
  } catch (error) {
    return;
  }
  if (data.type === 'seeks') {
    (Array.isArray(data.removed) ? data.removed : []).forEach((id) => removeRow(LISTS.seek, id));
    (Array.isArray(data.added) ? data.added : []).forEach((row) => addRow(LISTS.seek, row.id, row.html));
  } else if (data.type === 'games') fill(LISTS.game, data.html);
  else if (data.type === 'state') {
    fill(LISTS.seek, data.seeks);
    fill(LISTS.game, data.games);
    showWaiting(data.waiting);
  } else if (data.type === 'waiting') {
    showAlert('');
    showWaiting(data.html);
    say(live, data.html ? MESSAGES.waiting : MESSAGES.withdrawn);
  } else if (data.type === 'paired') {
    if (typeof data.url === 'string' && data.url.startsWith('/') && goingTo !== data.url) {
      goingTo = data.url;
      say(live, MESSAGES.paired);
      window.location.assign(data.url);
    }
  } else if (data.type === 'new_game') {
    showNewGame(data.text, data.url);
  } else if (data.type === 'error') {
    showAlert(data.message || '');
    say(live, data.message || '');
  }
}

/**
 * «Puntúa» follows what the server says can be rated (the lengths and rooms
 * it names on the box): on a money game or in a class's room it is unticked
 * and locked, with a note; back on a rated match it is as the player left it.
 */
function followRated(form) {
  const field = form.querySelector('[data-lobby-rated]');
  const box = field ? field.querySelector('input[type="checkbox"]') : null;
  if (!box) return;
  const note = field.querySelector('[data-lobby-unrated]');
  const lengths = (field.dataset.ratedLengths || '').split(' ');
  const rooms = (field.dataset.ratedRooms || '').split(' ');
  let wanted = box.checked;
  const update = () => {
    const data = new FormData(form);
    const rateable = lengths.includes(String(data.get('length'))) && rooms.includes(String(data.get('room')));
    if (!rateable && !box.disabled) wanted = box.checked;
    box.disabled = !rateable;
    box.checked = rateable && wanted;
    if (note) note.hidden = rateable;
  };
  box.addEventListener('change', () => {
    wanted = box.checked;
  });
  form.addEventListener('change', update);
  update();
}

/** What a lobby form asks for, as a socket message; null for forms the socket does not take. */
function messageFor(form) {
  if (form.matches('[data-lobby-form]')) {
    const data = new FormData(form);
    const message = { type: 'play_now', rated: data.has('rated') ? 'on' : '' };
    ['length', 'clock', 'spread', 'room'].forEach((name) => {
      message[name] = String(data.get(name) || '');
    });
    return message;
  }
  if (form.matches('[data-lobby-take]')) return { type: 'take', seek: Number(form.dataset.lobbyTake) };
  if (form.matches('[data-lobby-withdraw]')) return { type: 'withdraw' };
  return null;
}

function onSubmit(event) {
  if (!link || !link.open) return;
  const message = messageFor(event.target);
  if (!message) return;
  event.preventDefault();
  link.send(message);
}

const lobbyForm = root ? root.querySelector('[data-lobby-form]') : null;
if (lobbyForm) followRated(lobbyForm);

if (root && 'WebSocket' in window) {
  root.addEventListener('submit', onSubmit);
  link = keepOpen(root.dataset.wsPath, {
    onMessage,
    onOpen: () => {
      if (connection) connection.textContent = MESSAGES.open;
    },
    onClose: () => {
      if (connection) connection.textContent = MESSAGES.closed;
    },
  });
}
