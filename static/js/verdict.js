/**
 * Verdicts drawn in the browser, with the markup the server uses
 * (templates/board/verdict.html): one headline, the learner's play as
 * written (with «equivale a …» when the engine writes other steps), each
 * distinct reason once, the author's explanation, the marks in words, the
 * rule to review and, folded away, every legal play.  No rule is known
 * here: every word of substance comes from the server.
 */

import { MARK_WORDS } from './board/speech.js';

export const MESSAGES = {
  correct: '¡Correcto!',
  incorrect: 'No es correcto',
  illegal: 'Jugada ilegal',
  syntax: 'No se entiende la jugada',
  yourPlay: 'Tu jugada: ',
  same: 'equivale a ',
  rule: 'Repasa la regla',
  why: 'Por qué: ',
  legalPlays: 'Jugadas legales con estos dados',
  noLegalPlay: 'No hay ninguna jugada legal: hay que pasar.',
  onBoard: 'Marcado en el tablero: ',
  solution: 'Solución',
  answer: 'Respuesta: ',
  shownPlay: 'Una jugada correcta: ',
  next: 'Siguiente ejercicio',
  network: 'No hemos podido contactar con el servidor. Comprueba tu conexión e inténtalo de nuevo.',
  server: 'El servidor no ha podido comprobar tu respuesta. Inténtalo de nuevo dentro de un momento.',
};

export function element(name, attributes = {}, ...children) {
  const node = document.createElement(name);
  for (const [key, value] of Object.entries(attributes)) node.setAttribute(key, value);
  node.append(...children.filter((child) => child !== null && child !== undefined && child !== ''));
  return node;
}

function paragraph(className, ...children) {
  return element('p', { class: className }, ...children);
}

export function safeUrl(url) {
  return typeof url === 'string' && /^(\/(?!\/)|https?:\/\/|#)/.test(url) ? url : null;
}

function squeeze(text) {
  return String(text || '').trim().toLowerCase().replace(/\s+/g, ' ');
}

/** Every legal play, folded away: the verdict stays short; null for questions that are not about a play. */
function legalPlaysBlock(plays) {
  if (!Array.isArray(plays)) return null;
  if (!plays.length) return element('div', { class: 'verdict__plays' }, element('p', {}, MESSAGES.noLegalPlay));
  const list = element('ul', {}, ...plays.map((play) => element('li', {}, element('code', {}, String(play)))));
  return element(
    'details',
    { class: 'verdict__plays' },
    element('summary', {}, `${MESSAGES.legalPlays} (${plays.length})`),
    list,
  );
}

function headlineOf(verdict) {
  if (verdict.correct) return MESSAGES.correct;
  const codes = (verdict.reasons || []).map((reason) => reason.code);
  if (codes.length && codes.every((code) => code === 'syntax')) return MESSAGES.syntax;
  return verdict.legal === false ? MESSAGES.illegal : MESSAGES.incorrect;
}

/** The message without the words the headline already says, or '' when nothing new is left. */
function messageBeyond(message, headline, reasons) {
  let text = String(message || '').trim();
  for (const opening of [headline, MESSAGES.correct, MESSAGES.illegal, MESSAGES.syntax, 'No.']) {
    const pattern = new RegExp(`^${opening.replace(/[.*+?^${}()|[\]\\¡!]/g, '\\$&')}[.!:]?\\s*`, 'i');
    text = text.replace(pattern, '');
  }
  if (!text || reasons.some((reason) => squeeze(reason) === squeeze(text))) return '';
  return text;
}

/** Each reason once, in the order given. */
function distinctReasons(reasons) {
  const seen = new Set();
  const kept = [];
  for (const reason of Array.isArray(reasons) ? reasons : []) {
    const text = String(reason.message || reason.code || '');
    if (!text || seen.has(squeeze(text))) continue;
    seen.add(squeeze(text));
    kept.push({ code: reason.code || '', message: text });
  }
  return kept;
}

/** The steps of a play in any order: «24/21 24/23» is «24/23 24/21», nothing to say it equals. */
function steps(text) {
  return squeeze(text).replace(/,/g, ' ').split(/\s+/).filter(Boolean).sort().join(' ');
}

function playEcho(verdict) {
  const written = typeof verdict.written === 'string' ? verdict.written.trim() : '';
  const canonical = verdict.play ? String(verdict.play) : '';
  if (!written && !canonical) return null;
  if (!canonical) return paragraph('verdict__play', MESSAGES.yourPlay, element('code', {}, written));
  if (!written || steps(written) === steps(canonical)) {
    return paragraph('verdict__play', MESSAGES.yourPlay, element('code', {}, canonical));
  }
  return paragraph(
    'verdict__play',
    MESSAGES.yourPlay,
    element('code', {}, written),
    ` (${MESSAGES.same}`,
    element('code', {}, canonical),
    ')',
  );
}

function pointWord(point) {
  if (Number(point) === 25) return 'barra';
  if (Number(point) === 0) return 'fuera';
  return String(point);
}

/** The marks in words, so that colour is never the only cue. */
function marksLegend(marks) {
  if (!Array.isArray(marks) || !marks.length) return null;
  const words = [];
  for (const { point, kind } of marks) {
    const word = `${MARK_WORDS[kind] || kind} (${pointWord(point)})`;
    if (!words.includes(word)) words.push(word);
  }
  return paragraph('verdict__marks', MESSAGES.onBoard, words.join('; '), '.');
}

/** The verdict as the server draws it in templates/board/verdict.html, each thing said once. */
export function verdictElement(verdict) {
  const kind = verdict.correct ? 'correct' : verdict.legal === false ? 'illegal' : 'incorrect';
  const headline = verdict.headline ? String(verdict.headline) : headlineOf(verdict);
  const reasons = distinctReasons(verdict.reasons);
  // A correct play is echoed as «Tu jugada: …»; a message repeating that it is legal adds nothing.
  const message = verdict.correct && verdict.play ? '' : messageBeyond(verdict.message, headline, reasons.map((reason) => reason.message));
  const ruleUrl = safeUrl(verdict.rule_url);
  const explanation = verdict.correct && verdict.explanation ? String(verdict.explanation) : '';
  return element(
    'div',
    {
      class: `verdict notice ${verdict.correct ? 'notice--ok verdict--success' : 'notice--error'}`,
      'data-verdict': kind,
    },
    paragraph('verdict__headline', element('span', { 'aria-hidden': 'true' }, verdict.correct ? '✔' : '✘'), ` ${headline}`),
    playEcho(verdict),
    message ? paragraph('verdict__message', message) : null,
    reasons.length
      ? element('ul', { class: 'verdict__reasons' }, ...reasons.map((reason) => element('li', { 'data-code': reason.code }, reason.message)))
      : null,
    verdict.feedback ? paragraph('verdict__feedback', String(verdict.feedback)) : null,
    explanation ? paragraph('verdict__explanation', element('strong', {}, MESSAGES.why), explanation) : null,
    marksLegend(verdict.marks),
    ruleUrl
      ? paragraph(
          'verdict__rule',
          element('a', { href: ruleUrl }, verdict.rule_title ? `${MESSAGES.rule}: ${verdict.rule_title}` : MESSAGES.rule),
        )
      : null,
    legalPlaysBlock(verdict.legal_plays),
  );
}

export function errorElement(message) {
  return element(
    'div',
    { class: 'verdict notice notice--error', 'data-verdict': 'error' },
    paragraph('verdict__headline', String(message)),
  );
}

export function solutionElement(data) {
  const shown = data.shown || data.answer;
  return element(
    'div',
    { class: 'verdict notice', 'data-verdict': 'solution' },
    paragraph('verdict__headline', MESSAGES.solution),
    shown
      ? paragraph('verdict__play', data.shown ? MESSAGES.shownPlay : MESSAGES.answer, element('code', {}, String(shown)))
      : null,
    data.explanation ? paragraph('verdict__explanation', element('strong', {}, MESSAGES.why), String(data.explanation)) : null,
    legalPlaysBlock(data.legal_plays),
  );
}
