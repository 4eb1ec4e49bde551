/**
 * "Tus intentos" on an assignment's exercise, kept up to date.
 *
 * The board's script (static/js/check.js) sends each answer as JSON and
 * fires "check:verdict" with the server's verdict, which for assignments
 * also carries the stored attempt: {attempt, text, text_words, text_label,
 * correct, legal, message, reasons}.  This adds that attempt on top of the list [data-attempts]
 * (whose data-plays says whether answers are plays on the board),
 * with the same markup as templates/classroom/_attempt.html.
 */

const WORDS = {
  attempt: 'Intento',
  correct: 'Correcto',
  illegal: 'Jugada ilegal',
  incorrect: 'Incorrecto',
  answer: 'Respuesta',
  passed: 'Pasa, sin mover ninguna ficha.',
  now: 'Ahora mismo',
};

function element(name, attributes = {}, ...children) {
  const node = document.createElement(name);
  for (const [key, value] of Object.entries(attributes)) node.setAttribute(key, value);
  node.append(...children.filter((child) => child !== null && child !== undefined && child !== ''));
  return node;
}

function tag(verdict, plays) {
  if (verdict.correct) return element('span', { class: 'tag tag--ok' }, WORDS.correct);
  return element('span', { class: 'tag tag--error' }, plays && verdict.legal === false ? WORDS.illegal : WORDS.incorrect);
}

/** One attempt; ``plays`` when the answers are plays on the board (not yes/no, numbers or choices). */
export function attemptItem(verdict, plays = true) {
  const reasons = Array.isArray(verdict.reasons) && verdict.reasons.length
    ? element(
        'ul',
        {},
        ...verdict.reasons.map((reason) =>
          element('li', { 'data-code': String(reason.code || '') }, String(reason.message || '')),
        ),
      )
    : null;
  // As the server's list says it (text_label: «Jugada» or «Respuesta»): a play as written, any other answer in words.
  const label = `${verdict.text_label || WORDS.answer}: `;
  let said = element('em', {}, WORDS.passed);
  if (verdict.text && plays) said = [label, element('code', { class: 'notation' }, String(verdict.text))];
  else if (verdict.text) said = [label, String(verdict.text_words || verdict.text)];
  return element(
    'li',
    { class: `attempts__item${verdict.correct ? ' attempts__item--ok' : ''}` },
    element('h3', {}, `${WORDS.attempt} ${verdict.attempt}: `, tag(verdict, plays)),
    element('p', { class: 'muted' }, WORDS.now),
    element('p', {}, ...[said].flat()),
    verdict.message ? element('p', {}, String(verdict.message)) : null,
    reasons,
  );
}

document.addEventListener('check:verdict', (event) => {
  const verdict = event.detail;
  const list = document.querySelector('[data-attempts]');
  if (!list || !verdict || !Number.isInteger(verdict.attempt)) return;
  list.hidden = false;
  list.prepend(attemptItem(verdict, list.dataset.plays !== 'false'));
  const empty = document.querySelector('[data-attempts-empty]');
  if (empty) empty.hidden = true;
});
