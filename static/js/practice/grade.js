/**
 * «Valorar jugada»: GNU Backgammon's traffic light for any play of the explorer's position.
 *
 * The panel (templates/practice/_grade_panel.html) carries the position's
 * XGID and the URL of POST /api/grade/.  The play is the one in the page's
 * board (its notation box, kept up to date as checkers move): the explorer
 * has a single play box.  It is sent as {"xgid", "play"}; the answer is drawn into the panel's status region
 * with the markup of the practice pages' light (colour, equity lost, gnubg's
 * best play and its top plays), or the Spanish reasons of an illegal play,
 * or the server's Spanish error.  The script knows no rule: it only shows
 * what the server says.
 */

const WORDS = { verde: 'Verde', ambar: 'Ámbar', rojo: 'Rojo' };
const MEANINGS = {
  verde: 'una jugada tan buena o casi tan buena como la de gnubg',
  ambar: 'un error pequeño',
  rojo: 'un error grave',
};
const NETWORK = 'No hemos podido contactar con el servidor. Comprueba tu conexión e inténtalo de nuevo.';
const WAITING = 'GNU Backgammon está valorando tu jugada…';

function element(name, attributes = {}, ...children) {
  const node = document.createElement(name);
  for (const [key, value] of Object.entries(attributes)) node.setAttribute(key, value);
  for (const child of children) node.append(child);
  return node;
}

function fact(term, value) {
  return element('div', {}, element('dt', {}, term), element('dd', {}, value));
}

const EQUITY = new Intl.NumberFormat('es', { minimumFractionDigits: 3, maximumFractionDigits: 3 });

/** An equity as the server's pages write it: three decimals after a comma («0,254»). */
function formatEquity(value) {
  return EQUITY.format(Number(value));
}

function light(answer) {
  const colour = answer.colour;
  const headline = element(
    'p',
    { class: 'light__headline' },
    element('span', { class: `light__lamp light__lamp--${colour}`, 'aria-hidden': 'true' }),
    element('span', {}, element('strong', {}, WORDS[colour] || colour), answer.forced ? ': jugada forzada, era la única jugada legal.' : `: ${MEANINGS[colour] || ''}.`),
  );
  const facts = element(
    'dl',
    { class: 'light__facts' },
    fact('Tu jugada', element('code', {}, answer.play || 'no mueve')),
    fact('Lo mejor según gnubg', element('code', {}, answer.best || 'no mueve')),
    fact('Equity perdida', formatEquity(answer.equity_loss)),
  );
  const rows = (answer.top || []).map((entry) => {
    const mine = entry.play === answer.play;
    return element(
      'tr',
      mine ? { class: 'is-chosen' } : {},
      element('th', { scope: 'row' }, element('code', {}, entry.play || 'no mueve'), mine ? ' (la tuya)' : ''),
      element('td', {}, formatEquity(entry.equity)),
    );
  });
  const table = element(
    'table',
    { class: 'light__table' },
    element('caption', {}, `Las mejores jugadas según gnubg (${answer.ply}-ply)`),
    element('thead', {}, element('tr', {}, element('th', { scope: 'col' }, 'Jugada'), element('th', { scope: 'col' }, 'Equity'))),
    element('tbody', {}, ...rows),
  );
  const more = element('details', { class: 'light__more' }, element('summary', {}, 'Ver las mejores jugadas'), element('div', { class: 'table-wrap' }, table));
  return element('article', { class: `light light--${colour}`, 'data-light': colour }, headline, facts, more);
}

function illegal(answer) {
  const box = element('div', { class: 'verdict verdict--error', 'data-light': 'ilegal' });
  box.append(element('p', {}, element('strong', {}, '✘ Jugada ilegal'), `: ${answer.message}`));
  for (const reason of (answer.reasons || []).slice(1)) box.append(element('p', {}, reason.message));
  return box;
}

function problem(message) {
  return element('p', { class: 'notice notice--error', 'data-light': 'error' }, message);
}

/** The notation box of the board on the same page: the one place a play is written. */
function boardPlay() {
  const box = document.querySelector('[data-board] input[name="play"]');
  return box ? box.value.trim() : '';
}

async function grade(panel, form, result) {
  const play = boardPlay();
  const token = form.querySelector('input[name="csrfmiddlewaretoken"]');
  const button = form.querySelector('[data-grade-submit]');
  button.disabled = true;
  result.replaceChildren(element('p', { class: 'muted' }, WAITING));
  let shown;
  try {
    const response = await fetch(panel.dataset.gradeUrl, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json', 'X-CSRFToken': token ? token.value : '' },
      body: JSON.stringify({ xgid: panel.dataset.xgid, play }),
    });
    const answer = await response.json().catch(() => ({}));
    if (!response.ok) shown = problem(answer.error || NETWORK);
    else shown = answer.legal ? light(answer) : illegal(answer);
  } catch {
    shown = problem(NETWORK);
  } finally {
    button.disabled = false;
  }
  result.replaceChildren(shown);
}

for (const panel of document.querySelectorAll('[data-grade-panel]')) {
  const form = panel.querySelector('[data-grade-form]');
  const result = panel.querySelector('[data-grade-result]');
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    grade(panel, form, result);
  });
}
