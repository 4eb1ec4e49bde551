/**
 * The lobby on the «Jugar» page: the lists kept up to date over a WebSocket.
 *
 * Nothing here decides who may play whom: the server sends each viewer
 * the rows they are shown, already drawn,
 *   {"type": "state", "seeks", "games", "waiting"}   the whole lists (on connecting)
 *   {"type": "seek_added" | "game_added", "id", "html"}
 *   {"type": "seek_removed" | "game_removed", "id"}
 *   {"type": "waiting", "html"}                       the player's own search, or ""
 *   {"type": "paired", "url"}                         the game starts: go to it
 *   {"type": "error", "message"}
 * and the forms that work without JavaScript («Jugar ya», «Aceptar»,
 * «Retirar») are sent over the socket while it is open.  A dropped
 * connection is opened again, and the server sends the lists again.
 */

const root = document.querySelector('[data-lobby]');
const seeks = root ? root.querySelector('[data-lobby-seeks]') : null;
const games = root ? root.querySelector('[data-lobby-games]') : null;
const waiting = root ? root.querySelector('[data-lobby-waiting]') : null;
const live = root ? root.querySelector('[data-lobby-live]') : null;
const alertBox = root ? root.querySelector('[data-lobby-alert]') : null;
const connection = root ? root.querySelector('[data-lobby-connection]') : null;
const csrf = root ? root.querySelector('[name="csrfmiddlewaretoken"]') : null;

const MESSAGES = {
  open: 'Conectado: las listas se actualizan solas.',
  closed: 'Conexión perdida; reconectando… (mientras tanto, los botones envían la página)',
  paired: 'Rival encontrado: vamos a la partida.',
  waiting: 'Buscando rival: tu búsqueda está en la lista.',
  withdrawn: 'Has retirado tu búsqueda.',
};

let socket = null;
let retry = 500;

function say(text) {
  if (!live) return;
  live.textContent = live.textContent === text ? `${text}\u00a0` : text;
}

function showAlert(text) {
  if (!alertBox) return;
  alertBox.textContent = text;
  alertBox.hidden = !text;
}

/** Rows drawn outside a request have no CSRF token: give their forms the page's. */
function fillTokens(container) {
  if (!csrf || !container) return;
  container.querySelectorAll('form').forEach((form) => {
    if (!form.querySelector('[name="csrfmiddlewaretoken"]')) form.prepend(csrf.cloneNode());
  });
}

function markEmpty(list, name) {
  const note = root.querySelector(`[data-lobby-empty="${name}"]`);
  if (note && list) note.hidden = list.children.length > 0;
}

function fill(list, name, html) {
  if (!list) return;
  list.innerHTML = html;
  fillTokens(list);
  markEmpty(list, name);
}

function addRow(list, name, attribute, id, html) {
  if (!list) return;
  const old = list.querySelector(`[${attribute}="${id}"]`);
  const holder = document.createElement('template');
  holder.innerHTML = html.trim();
  const row = holder.content.firstElementChild;
  if (!row) return;
  if (old) old.replaceWith(row);
  else list.append(row);
  fillTokens(row);
  markEmpty(list, name);
}

function removeRow(list, name, attribute, id) {
  if (!list) return;
  const row = list.querySelector(`[${attribute}="${id}"]`);
  if (row) row.remove();
  markEmpty(list, name);
}

function showWaiting(html) {
  if (!waiting) return;
  waiting.innerHTML = html || '';
  fillTokens(waiting);
}

function onMessage(event) {
  let data;
  try {
    data = JSON.parse(event.data);
  } catch (error) {
    return;
  }
  switch (data.type) {
    case 'state':
      fill(seeks, 'seeks', data.seeks || '');
      fill(games, 'games', data.games || '');
      showWaiting(data.waiting);
      break;
    case 'seek_added':
      addRow(seeks, 'seeks', 'data-seek', data.id, data.html);
      break;
    case 'seek_removed':
      removeRow(seeks, 'seeks', 'data-seek', data.id);
      break;
    case 'game_added':
      addRow(games, 'games', 'data-game', data.id, data.html);
      break;
    case 'game_removed':
      removeRow(games, 'games', 'data-game', data.id);
      break;
    case 'waiting':
      showAlert('');
      showWaiting(data.html);
      say(data.html ? MESSAGES.waiting : MESSAGES.withdrawn);
      break;
    case 'paired':
      say(MESSAGES.paired);
      if (typeof data.url === 'string' && data.url.startsWith('/')) window.location.assign(data.url);
      break;
    case 'error':
      showAlert(data.message || '');
      say(data.message || '');
      break;
    default:
  }
}

function socketUrl() {
  const scheme = window.location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${scheme}//${window.location.host}${root.dataset.wsPath}`;
}

function connect() {
  socket = new WebSocket(socketUrl());
  socket.addEventListener('open', () => {
    retry = 500;
    if (connection) connection.textContent = MESSAGES.open;
  });
  socket.addEventListener('message', onMessage);
  socket.addEventListener('close', () => {
    socket = null;
    if (connection) connection.textContent = MESSAGES.closed;
    window.setTimeout(connect, retry);
    retry = Math.min(retry * 2, 8000);
  });
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
  if (!socket || socket.readyState !== WebSocket.OPEN) return;
  const message = messageFor(event.target);
  if (!message) return;
  event.preventDefault();
  socket.send(JSON.stringify(message));
}

if (root && 'WebSocket' in window) {
  root.addEventListener('submit', onSubmit);
  connect();
}
