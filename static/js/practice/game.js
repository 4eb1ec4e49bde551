/**
 * The practice pages: the board's legal destinations, «Confirmar», and the
 * computer's moves shown one by one.
 *
 * Nothing here knows a rule.  The server sends, in #practice-destinations,
 * the destinations of every partial play (board/turn.js reads them, as the
 * live games' page does).
 *
 * The computer's moves come as <template data-frame> boards, one per move,
 * shown in turn before the current position (a checker slides to each).
 * «Saltar» (or Escape) ends the replay at once; the learner chooses its
 * speed («Animación de las jugadas del programa»: normal, rápida or sin
 * animación), remembered in this browser, with «sin animación» the default
 * when the system asks for reduced motion.  Without JavaScript the page
 * says in words what the computer played.
 *
 * Every form of the game (roll, double, take or drop, play, hint, next
 * game) is sent without leaving the page: the server answers as it would
 * a plain form (the game page, or the same page with an error), and the
 * game's part of the page is swapped for the new one.  Without JavaScript,
 * or if the request fails, the forms post as usual.
 *
 * A decision is answered at once; its light and the program's turn come
 * after it.  While the page waits for them (data-waiting) it asks the
 * server where the game stands (data-state-url) ten times a second for two
 * seconds, then four times a second, and
 * draws what arrived: the light in «Lo último», the program's moves with
 * the whole game.  Without JavaScript the page reloads itself.
 */

import { enhanceAll as enhanceBoards } from '../board/index.js';
import { enhanceTurnBoard, readDestinations } from '../board/turn.js';
import { enhanceAll as enhanceChecks } from '../check.js';
import { prefersReducedMotion, slide, stackTop } from '../board/motion.js';

/** Per speed: how long each of the program's moves stays on screen, and how long its checker slides (ms). */
const SPEEDS = {
  normal: { step: 300, slide: 220 },
  rapida: { step: 120, slide: 90 },
  ninguna: null,
};
const SPEED_KEY = 'practice.animation';
const POLL_MS = 250;
/** Right after a decision the light is usually a few hundred ms away: ask more often at first. */
const QUICK_POLL_MS = 100;
const QUICK_FOR_MS = 2000;
const SLOW_POLL_MS = 2000;

function enhanceBoard() {
  const holder = document.querySelector('[data-practice-board]');
  const map = readDestinations(document.getElementById('practice-destinations'));
  const widget = holder ? holder.querySelector('[data-board]') : null;
  if (!widget || !map) return;
  const button = enhanceTurnBoard(widget, map);
  const help = document.querySelector('[data-confirm-help]');
  if (help && button) {
    help.id = help.id || 'practice-confirm-help';
    help.hidden = false;
    button.setAttribute('aria-describedby', help.id);
  }
}

/** What a frame shows at each place: `{key: [owner, count]}`. */
function placesOf(root) {
  const found = {};
  root.querySelectorAll('[data-point]').forEach((place) => {
    found[place.dataset.point] = [place.dataset.owner || '', Number(place.dataset.count || 0)];
  });
  return found;
}

/** The checker that moved between two frames: `{side, from, to}` place keys, or null. */
export function movedChecker(before, after) {
  let from = null;
  let side = null;
  for (const key of Object.keys(before)) {
    const [owner, count] = before[key];
    if (owner && owner !== 'mixed' && after[key] && after[key][1] < count && !key.startsWith('bar-') === true) {
      from = key;
      side = owner;
    }
  }
  if (!from) {
    const bar = Object.keys(before).find((key) => key.startsWith('bar-') && after[key] && after[key][1] < before[key][1]);
    if (bar) {
      from = bar;
      side = bar.slice(4);
    }
  }
  if (!from) return null;
  const to = Object.keys(after).find((key) => {
    const [owner, count] = after[key];
    const [ownerBefore, countBefore] = before[key] || ['', 0];
    if (key === from || key.startsWith('bar-')) return false;
    if (key.startsWith('off-')) return key === `off-${side}` && count > countBefore;
    return owner === side && (count > countBefore || ownerBefore !== side);
  });
  return to ? { side, from, to } : null;
}

/** The replay speed chosen in this browser, or the default: «ninguna» with reduced motion, else «normal». */
export function chosenSpeed() {
  let stored = null;
  try {
    stored = window.localStorage.getItem(SPEED_KEY);
  } catch (error) {
    stored = null;  // storage refused (private mode): the default
  }
  if (stored && Object.hasOwn(SPEEDS, stored)) return stored;
  return prefersReducedMotion() ? 'ninguna' : 'normal';
}

function rememberSpeed(speed) {
  try {
    window.localStorage.setItem(SPEED_KEY, speed);
  } catch (error) {
    // Not remembered; it still applies on this page.
  }
}

/** The speed setting: shown (it is useless without JavaScript) with the speed in use, and remembered when changed. */
function enhanceSpeedSetting(root) {
  const setting = root.querySelector('[data-animation-setting]');
  const choice = setting ? setting.querySelector('[data-animation-choice]') : null;
  if (!choice) return;
  choice.value = chosenSpeed();
  setting.hidden = false;
  choice.addEventListener('change', () => rememberSpeed(choice.value));
}

async function slideBetween(stage, next, duration) {
  const svg = stage.querySelector('svg.board-svg');
  if (!svg) return;
  const before = placesOf(stage);
  const after = placesOf(next);
  const moved = movedChecker(before, after);
  if (!moved) return;
  const place = (key) => svg.querySelector(`[data-point="${key}"]`);
  const fromPlace = place(moved.from);
  const toPlace = place(moved.to);
  if (!fromPlace || !toPlace) return;
  const start = stackTop(svg, fromPlace, before[moved.from][1]);
  const end = stackTop(svg, toPlace, (after[moved.to] || ['', 1])[1]);
  await slide(svg, moved.side, start, end, duration);
}

/**
 * Show the program's moves one by one at the chosen speed, then the current position.
 * «Saltar» and Escape end it at once; a keyboard user on «Saltar» lands on the board's heading.
 */
function replayComputer() {
  const replay = document.querySelector('[data-replay]');
  const current = document.querySelector('[data-practice-current]');
  if (!replay || !current) return;
  const frames = [...replay.querySelectorAll('template[data-frame]')];
  if (!frames.length) return;
  const speed = SPEEDS[chosenSpeed()];
  if (!speed) return;
  const stage = replay.querySelector('[data-replay-stage]');
  const caption = replay.querySelector('[data-replay-caption]');
  const skip = replay.querySelector('[data-replay-skip]');
  let index = 0;
  let timer = null;
  let done = false;

  const onKey = (event) => {
    if (event.key === 'Escape' && !event.defaultPrevented) {
      event.preventDefault();
      finish();
    }
  };
  const finish = () => {
    if (done) return;
    done = true;
    window.clearTimeout(timer);
    document.removeEventListener('keydown', onKey);
    const hadFocus = replay.contains(document.activeElement);
    replay.hidden = true;
    stage.replaceChildren();
    current.hidden = false;
    replay.dispatchEvent(new CustomEvent('practice:replayed', { bubbles: true }));
    if (hadFocus) document.getElementById('tablero')?.focus({ preventScroll: true });
  };
  const show = async () => {
    if (done) return;
    if (index >= frames.length) {
      finish();
      return;
    }
    const next = frames[index].content.cloneNode(true);
    if (index > 0) await slideBetween(stage, next, speed.slide);
    if (done) return;
    stage.replaceChildren(next);
    caption.textContent = frames[index].dataset.caption || '';
    index += 1;
    timer = window.setTimeout(show, speed.step);
  };
  if (skip) skip.addEventListener('click', finish);
  document.addEventListener('keydown', onKey);
  current.hidden = true;
  replay.hidden = false;
  show();
}

/** The game's part of a page the server drew, or null; without its <noscript> (parsed as markup here). */
function gameOf(html) {
  const fresh = html ? new DOMParser().parseFromString(html, 'text/html') : null;
  const next = fresh ? fresh.querySelector('[data-practice]') : null;
  if (next) next.querySelectorAll('noscript').forEach((node) => node.remove());
  return next ? { next, title: fresh.title } : null;
}

/** Put the game the server drew in place of `root`, start it, and bring its heading into view. */
function adopt(root, drawn) {
  const adopted = document.importNode(drawn.next, true);
  adopted.classList.add('is-live');
  root.replaceWith(adopted);
  if (drawn.title) document.title = drawn.title;
  start(adopted);
  const heading = adopted.querySelector('#tablero');
  if (heading) {
    heading.focus({ preventScroll: true });
    const box = heading.getBoundingClientRect();
    if (box.top < 0 || box.top > window.innerHeight / 3) heading.scrollIntoView({ block: 'start', behavior: prefersReducedMotion() ? 'auto' : 'smooth' });
  }
}

/** Send a game form without leaving the page and swap in the game as the server draws it next. */
async function sendLive(form, submitter, root) {
  const body = new FormData(form, submitter || undefined);
  const busy = submitter || form;
  busy.setAttribute('aria-busy', 'true');
  if (submitter) submitter.setAttribute('aria-disabled', 'true');
  let html = null;
  try {
    const response = await fetch(form.action, { method: 'POST', body, credentials: 'same-origin', headers: { Accept: 'text/html' } });
    const type = response.headers.get('Content-Type') || '';
    if (type.includes('text/html')) html = await response.text();
  } catch (error) {
    html = null;
  }
  const drawn = gameOf(html);
  if (!drawn) {
    // Something unexpected: fall back to the plain form post.
    busy.removeAttribute('aria-busy');
    HTMLFormElement.prototype.submit.call(form);
    return;
  }
  adopt(root, drawn);
}

/** The seq part of a state token («seq-lights»): it changes when the program has played. */
const seqOf = (state) => String(state || '').split('-')[0];

/**
 * While the game waits for a light or for the program, ask the server where it stands; when that
 * changes, draw it again: only «Lo último» when just a light arrived (the learner may be moving
 * checkers), the whole game when the program has played.
 */
function watch(root) {
  const url = root.dataset.stateUrl;
  if (!url || !root.hasAttribute('data-waiting')) return;
  const notice = document.createElement('p');
  notice.className = 'notice notice--error practice-error';
  notice.setAttribute('role', 'alert');
  notice.hidden = true;
  root.querySelector('.practice-table')?.before(notice);
  const started = Date.now();
  const soon = () => (Date.now() - started < QUICK_FOR_MS ? QUICK_POLL_MS : POLL_MS);
  const tick = async () => {
    if (!root.isConnected) return;
    let delay = soon();
    try {
      const response = await fetch(url, { credentials: 'same-origin', headers: { Accept: 'application/json' } });
      const answer = await response.json();
      notice.hidden = !answer.error;
      notice.textContent = answer.error || '';
      if (answer.error) delay = SLOW_POLL_MS;
      else if (answer.state !== root.dataset.state) {
        const waiting = await redraw(root);
        if (!root.isConnected || !waiting) return;  // a new game part watches for itself
      } else if (!answer.pending) {
        // Nothing more to wait for, yet the page still shows it waits: draw it once more.
        if (root.hasAttribute('data-waiting')) await redraw(root);
        return;
      }
    } catch (error) {
      delay = SLOW_POLL_MS;
    }
    window.setTimeout(tick, delay);
  };
  window.setTimeout(tick, QUICK_POLL_MS);
}

/** Draw the game again; whether `root` is still there and waits for more. */
async function redraw(root) {
  let drawn = null;
  try {
    const response = await fetch(window.location.href, { credentials: 'same-origin', headers: { Accept: 'text/html' } });
    drawn = gameOf(await response.text());
  } catch (error) {
    return true;
  }
  if (!drawn) return true;
  if (!root.isConnected) return false;
  const last = root.querySelector('.practice-last');
  const freshLast = drawn.next.querySelector('.practice-last');
  // The game as drawn now, not as the poll saw it: the program may have played in between.
  if (seqOf(drawn.next.dataset.state) === seqOf(root.dataset.state) && last && freshLast) {
    last.replaceChildren(...[...freshLast.childNodes].map((node) => document.importNode(node, true)));
    enhanceChecks(last);
    root.dataset.state = drawn.next.dataset.state;
    return drawn.next.hasAttribute('data-waiting');
  }
  adopt(root, drawn);
  return false;
}

function liveForms(root) {
  root.addEventListener('submit', (event) => {
    const form = event.target;
    if (!(form instanceof HTMLFormElement) || form.method.toLowerCase() !== 'post' || event.defaultPrevented) return;
    event.preventDefault();
    if (form.dataset.sending) return;
    form.dataset.sending = 'true';
    sendLive(form, event.submitter, root);
  });
}

function start(root) {
  enhanceBoards(root);
  enhanceChecks(root);
  enhanceBoard();
  enhanceSpeedSetting(root);
  replayComputer();
  liveForms(root);
  watch(root);
}

const root = document.querySelector('[data-practice]');
if (root) start(root);
else {
  enhanceBoard();
  replayComputer();
}
