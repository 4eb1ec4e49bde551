/**
 * A live game's page: the panel kept up to date over a WebSocket.
 *
 * Nothing here knows a rule.  The server sends, for this viewer,
 *   {"type": "state" | "refused", "seq", "phase", "html", "verdict"}
 * where html is the panel drawn by the server (templates/play/_panel.html),
 * or {"type": "error", "message"}.  The forms in the panel are the same
 * ones that work without JavaScript; while the socket is open they are sent
 * over it as {"type", "seq", "play", "phrase", "level"} instead of reloading the
 * page.  The board is the lessons' widget with the server's destinations
 * (board/turn.js, as on the practice page); a typed play is judged by the
 * server as soon as it is read, and a play completed on the board is sent
 * alone if the player ticked «Confirmar sola la jugada al completarla»
 * (remembered in localStorage).  Each panel names the rival's latest play
 * by the board's places (data-rival-move, tutor/play/motion.py): its
 * checkers slide on the board still shown before the new panel is drawn.
 * A dropped connection is opened again and the server sends the exact
 * state; meanwhile the forms post as usual.  A timed game's clocks count
 * down from the figures in each panel (clocks.js), which says in a polite
 * live region of its own when the player's reserve runs low.
 */

import { enhanceTurnBoard, readDestinations } from '../board/turn.js';
import { bringIntoView } from '../check.js';
import { fillTokens, keepOpen, say as announce } from '../live/socket.js';
import { startClocks } from './clocks.js';
import { slide, stackTop } from '../board/motion.js';

const root = document.querySelector('[data-play]');
const panel = root ? root.querySelector('[data-play-panel]') : null;
const live = root ? root.querySelector('[data-play-live]') : null;
const clockLive = root ? root.querySelector('[data-clock-live]') : null;
const alertBox = root ? root.querySelector('[data-play-alert]') : null;
const connection = root ? root.querySelector('[data-play-connection]') : null;
const csrf = root ? root.querySelector('[name="csrfmiddlewaretoken"]') : null;

const MESSAGES = {
  // A player hears of the rival's moves, a spectator of both players' (the page says which).
  open: (root && root.dataset.connected) || 'Conectado.',
  closed: 'Conexión perdida; reconectando… (mientras tanto, los botones envían la página)',
  refused: 'Jugada rechazada: ',
};

let link = null;

const AUTO_CONFIRM_KEY = 'play.autoConfirm';

/** Whether the player asked for plays made on the board to be sent without «Confirmar» (off unless asked). */
function autoConfirming() {
  try {
    return window.localStorage.getItem(AUTO_CONFIRM_KEY) === 'yes';
  } catch (error) {
    return false;
  }
}

/** The panel's «Confirmar sola la jugada al completarla», shown with the choice this browser remembers. */
function enhanceAutoConfirm() {
  const holder = panel.querySelector('[data-play-auto]');
  const box = holder ? holder.querySelector('[data-play-auto-confirm]') : null;
  if (!box) return;
  box.checked = autoConfirming();
  holder.hidden = false;
  box.addEventListener('change', () => {
    try {
      window.localStorage.setItem(AUTO_CONFIRM_KEY, box.checked ? 'yes' : 'no');
    } catch (error) {
      // A browser that keeps nothing: the choice lasts until the panel is drawn again.
    }
  });
}

/**
 * The board of the player on roll: the server's destinations (if the game
 * shows them), «Confirmar» when the play is complete, a typed play judged
 * by the server as soon as it is read (an illegal one refused at once, as a
 * click is), and the play sent alone when complete if the player chose so.
 */
function enhanceBoard() {
  const widget = panel.querySelector('[data-play-board] [data-board]');
  if (!widget) return;
  enhanceAutoConfirm();
  const box = panel.querySelector('[data-play-auto-confirm]');
  enhanceTurnBoard(widget, readDestinations(panel.querySelector('#play-destinations')), {
    judgeTyped: true,
    autoConfirm: () => Boolean(box && box.checked),
  });
}

/**
 * Leaving asks first (a <details> drawn by the server, which works without
 * script): «No, seguir jugando» and Escape close the question and put the
 * focus back on the button that opened it.
 */
function enhanceLeaving() {
  const question = panel.querySelector('details[data-play-leave]');
  if (!question) return;
  const close = () => {
    question.open = false;
    question.querySelector('summary').focus();
  };
  const cancel = question.querySelector('[data-leave-cancel]');
  if (cancel) {
    cancel.hidden = false;
    cancel.addEventListener('click', close);
  }
  question.addEventListener('keydown', (event) => {
    if (event.key === 'Escape' && question.open) {
      event.preventDefault();
      close();
    }
  });
}

/** The play box of the board on roll: what the player typed or clicked so far. */
function playBox() {
  return panel.querySelector('[data-play-board] [name="play"]');
}

/**
 * Draw the server's panel.  `keepPlay`: the new panel is the same turn
 * (the socket's first state, a rival's phrase), so the play the player has
 * started, typed or clicked, stays on the board instead of vanishing.
 */
function showPanel(html, keepPlay = false) {
  const hadFocus = panel.contains(document.activeElement);
  const started = keepPlay && playBox() ? playBox().value : '';
  const typing = keepPlay && playBox() !== null && document.activeElement === playBox();
  // A link the server marks to follow (the rematch that just started) takes the page there when it first appears.
  const following = panel.querySelector('a[data-follow]');
  // A list the player opened (the ways to resign) stays open when the rival's move redraws the panel.
  const opened = [...panel.querySelectorAll('details[open][data-keep-open]')].map((node) => node.dataset.keepOpen);
  // ...with the result the player had chosen in it, not yet offered.
  const chosen = [...panel.querySelectorAll('details[data-keep-open] input[type="radio"]:checked')].map((node) => [node.name, node.value]);
  panel.innerHTML = html;
  opened.forEach((name) => {
    const again = panel.querySelector(`details[data-keep-open="${name}"]`);
    if (again) again.open = true;
  });
  chosen.forEach(([name, value]) => {
    const again = [...panel.querySelectorAll(`details[data-keep-open] input[type="radio"][name="${name}"]`)].find((node) => node.value === value);
    if (again) again.checked = true;
  });
  fillTokens(panel, csrf);
  enhanceBoard();
  enhanceLeaving();
  const box = playBox();
  if (started.trim() && box && !box.value) {
    box.value = started;
    box.dispatchEvent(new Event('input', { bubbles: true }));
  }
  startClocks(panel, clockLive);
  const follow = panel.querySelector('a[data-follow]');
  if (follow && !following) {
    window.location.assign(follow.href);
    return;
  }
  if (typing && playBox()) {
    playBox().focus();
  } else if (hadFocus) {
    const target = panel.querySelector('[data-play-board] [data-point], .play-actions button, .play-phrases button');
    if (target) target.focus();
  }
}

function say(text) {
  announce(live, text);
}

function showAlert(text) {
  if (!alertBox) return;
  alertBox.textContent = text;
  alertBox.hidden = !text;
}

function currentSeq() {
  const node = panel.querySelector('[data-seq]');
  return node ? Number(node.dataset.seq) : null;
}

const SLIDE_MS = 260;

/** The rival's latest play a panel names (data-rival-move, drawn by the server): `{number, steps}` or null. */
function rivalMove(node) {
  const holder = node ? node.querySelector('[data-rival-move]') || (node.matches && node.matches('[data-rival-move]') ? node : null) : null;
  if (!holder) return null;
  try {
    const move = JSON.parse(holder.dataset.rivalMove || '""');
    return move && Array.isArray(move.steps) ? move : null;
  } catch (error) {
    return null;
  }
}

/**
 * Slide the checkers of the rival's play, one after another, on the board
 * still shown, before the new panel replaces it (board/motion.js: nothing
 * moves with prefers-reduced-motion).  The panel carries
 * .play-panel--sliding meanwhile.
 */
async function slideRivalMove(html) {
  const next = document.createElement('template');
  next.innerHTML = html;
  const move = rivalMove(next.content);
  const before = rivalMove(panel);
  const svg = panel.querySelector('svg.board-svg');
  if (!move || !svg || (before && before.number === move.number)) return;
  const counts = {};
  const owners = {};
  const count = (key) => {
    if (!(key in counts)) {
      const place = svg.querySelector(`[data-point="${key}"]`);
      counts[key] = place ? Number(place.dataset.count || 0) : 0;
    }
    return counts[key];
  };
  const drawn = panel.querySelector('.play-panel');
  if (drawn) drawn.classList.add('play-panel--sliding');
  for (const step of move.steps) {
    const from = svg.querySelector(`[data-point="${step.from}"]`);
    const to = svg.querySelector(`[data-point="${step.to}"]`);
    if (!from || !to) continue;
    const start = stackTop(svg, from, Math.max(1, count(step.from)));
    // A checker landing on a rival's blot hits it: it lands first on the point (the hit one slides next).
    const owner = step.to in owners ? owners[step.to] : to.dataset.owner;
    const landing = !owner || owner === step.side ? count(step.to) + 1 : 1;
    const end = stackTop(svg, to, landing);
    counts[step.from] = count(step.from) - 1;
    counts[step.to] = landing;
    owners[step.to] = step.side;
    await slide(svg, step.side, start, end, SLIDE_MS);
  }
}

let arriving = Promise.resolve();

/** Messages are handled one after another: a rival's play slides before the next state is drawn. */
function onMessage(event) {
  arriving = arriving.then(() => handleMessage(event)).catch(() => undefined);
}

async function handleMessage(event) {
  let data;
  try {
    data = JSON.parse(event.data);
  } catch (error) {
    return;
  }
  if (data.type === 'error') {
    showAlert(data.message || '');
    say(data.message || '');
    return;
  }
  if (typeof data.html !== 'string') return;
  // Changes made in two web processes may arrive out of order: an older state never replaces a newer one.
  const shown = currentSeq();
  if (shown !== null && typeof data.seq === 'number' && data.seq < shown) return;
  if (data.type === 'state' && shown !== null && data.seq > shown) await slideRivalMove(data.html);
  showAlert('');
  showPanel(data.html, data.type === 'state' && shown !== null && data.seq === shown);
  const share = root.querySelector('.play-share');
  if (share && data.phase !== 'waiting') share.hidden = true;
  // What only makes sense with a rival (telling the staff about them) appears once they join.
  if (data.phase !== 'waiting') root.querySelectorAll('[data-after-join]').forEach((node) => { node.hidden = false; });
  // The heading names the rival once they join.
  const players = root.querySelector('[data-play-players]');
  const drawn = panel.querySelector('[data-players]');
  if (players && drawn) players.textContent = drawn.dataset.players;
  root.dataset.seq = String(data.seq);
  if (data.type === 'refused' && data.verdict && Array.isArray(data.verdict.reasons)) {
    say(MESSAGES.refused + data.verdict.reasons.map((reason) => reason.message).join(' '));
    // On a phone the board fills the screen and the refusal comes below its action bar: show it.
    const region = panel.querySelector('[data-play-board] .board-verdict');
    if (region) bringIntoView(region);
  } else {
    const status = panel.querySelector('[data-play-status]');
    if (status) say(status.textContent);
  }
}

/** A form of the panel, sent over the socket when it is open. */
function onSubmit(event) {
  const form = event.target;
  if (!link || !link.open) return;
  const submitter = event.submitter;
  const confirmText = submitter && submitter.dataset.confirm;
  if (confirmText && !window.confirm(confirmText)) {
    event.preventDefault();
    return;
  }
  const data = new FormData(form);
  const action = new URL(form.action, window.location.href);
  const kind = (submitter && submitter.name === 'tipo' && submitter.value) || data.get('tipo') || action.searchParams.get('tipo');
  if (!kind) return;
  event.preventDefault();
  const message = { type: kind, seq: currentSeq() };
  if (data.has('play')) message.play = String(data.get('play'));
  if (submitter && submitter.name === 'frase') message.phrase = submitter.value;
  if (data.has('nivel')) message.level = String(data.get('nivel'));
  link.send(message);
}

if (root && panel && 'WebSocket' in window) {
  panel.addEventListener('submit', onSubmit);
  fillTokens(panel, csrf);
  enhanceBoard();
  enhanceLeaving();
  startClocks(panel, clockLive);
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
