/**
 * A timed game's clocks, counting down in the page from the server's figures.
 *
 * The server decides who runs out of time: each panel it draws carries, for
 * both sides, the delay and the reserve left when it was drawn
 * (data-delay-left, data-reserve-left) and which clock runs (data-running).
 * Here the running one only counts down from the moment the panel arrived:
 * first the delay, then the reserve.  Buttons the server will accept only
 * after some seconds (reclaiming on time, aborting the opening) come with
 * data-reveal-in and appear then; the server still checks its own clock.
 * Below the server's threshold (data-low-below) the running clock turns
 * urgent, and the sentence the server gave only its player (data-warning)
 * is said once per turn (data-turn: when that clock started running), and
 * taken away when that turn is over.
 */

import { say } from '../live/socket.js';

const TICK_MS = 250;

let timer = null;
const waits = [];
let warnedTurn = null;

function clockText(seconds) {
  const whole = Math.ceil(Math.max(0, seconds));
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}

function show(face, spent, region) {
  const delayLeft = Number(face.dataset.delayLeft) || 0;
  const reserveLeft = Number(face.dataset.reserveLeft) || 0;
  const delay = Math.max(0, delayLeft - spent);
  const reserve = Math.max(0, reserveLeft - Math.max(0, spent - delayLeft));
  const delayNode = face.querySelector('[data-clock-delay]');
  const reserveNode = face.querySelector('[data-clock-reserve]');
  if (delayNode) delayNode.textContent = `Retardo: ${Math.ceil(delay)} s`;
  if (reserveNode) reserveNode.textContent = `Reserva: ${clockText(reserve)}`;
  const low = reserve < Number(face.dataset.lowBelow);
  face.classList.toggle('play-clock--low', low);
  const turn = face.dataset.turn || '';
  if (low && face.dataset.warning && turn !== warnedTurn) {
    warnedTurn = turn;
    say(region, face.dataset.warning);
  }
}

/** Start counting the clocks of a panel just shown (the previous panel's count stops); warnings go to ``region``. */
export function startClocks(panel, region) {
  if (timer !== null) window.clearInterval(timer);
  timer = null;
  waits.splice(0).forEach((wait) => window.clearTimeout(wait));
  panel.querySelectorAll('[data-reveal-in]').forEach((node) => {
    const seconds = Number(node.dataset.revealIn);
    if (node.hidden && seconds >= 0) {
      waits.push(window.setTimeout(() => { node.hidden = false; }, seconds * 1000 + 200));
    }
  });
  const running = panel.querySelector('[data-clock][data-running]');
  if (region && warnedTurn !== null && (running?.dataset.turn || '') !== warnedTurn) {
    region.textContent = ''; // the warning spoke of a turn that is over: the page must not keep saying it
  }
  if (!running) return;
  const start = performance.now();
  const tick = () => show(running, (performance.now() - start) / 1000, region);
  tick();
  timer = window.setInterval(tick, TICK_MS);
}
