/**
 * Answers checked by the server without leaving the page.
 *
 * Every form[data-check-url] (the board's play form, and answer forms for
 * yes/no, number or choice questions) is sent as JSON instead of a page
 * load: {"play": "..."} when it has a field named "play", else
 * {"answer": "..."}, with the CSRF token of the form in X-CSRFToken.  The
 * server answers with a verdict
 *
 *   {correct, legal, message, reasons: [{code, message}], feedback,
 *    rule_url, rule_title, legal_plays, play}
 *
 * (any key may be null or missing), or with {"error": "..."} and a 4xx
 * status.  The verdict is drawn into the form's [role=status] region, so
 * screen readers announce it, with the same markup the server uses
 * (templates/board/verdict.html); then the form fires "check:verdict".
 *
 * A button or link with data-solution-url fetches {"answer", "legal_plays"}
 * with GET and shows it in the region named by its aria-controls, or else
 * the nearest [role=status] around it (a link's own page is the fallback).
 */

const MESSAGES = {
  correct: '¡Correcto!',
  incorrect: 'No es correcto',
  illegal: 'Jugada ilegal',
  yourPlay: 'Tu jugada: ',
  rule: 'Repasa la regla',
  legalPlays: 'Jugadas legales con estos dados:',
  noLegalPlay: 'No hay ninguna jugada legal: hay que pasar.',
  solution: 'Solución',
  answer: 'Respuesta: ',
  network: 'No hemos podido contactar con el servidor. Comprueba tu conexión e inténtalo de nuevo.',
  server: 'El servidor no ha podido comprobar tu respuesta. Inténtalo de nuevo dentro de un momento.',
};

const enhanced = new WeakSet();

function element(name, attributes = {}, ...children) {
  const node = document.createElement(name);
  for (const [key, value] of Object.entries(attributes)) node.setAttribute(key, value);
  node.append(...children.filter((child) => child !== null && child !== undefined && child !== ''));
  return node;
}

function paragraph(className, ...children) {
  return element('p', { class: className }, ...children);
}

function safeUrl(url) {
  return typeof url === 'string' && /^(\/(?!\/)|https?:\/\/|#)/.test(url) ? url : null;
}

function legalPlaysBlock(plays, heading) {
  if (!Array.isArray(plays)) return null;
  if (!plays.length) return element('div', { class: 'verdict__plays' }, element('p', {}, MESSAGES.noLegalPlay));
  const list = element('ul', {}, ...plays.map((play) => element('li', {}, element('code', {}, String(play)))));
  return element('div', { class: 'verdict__plays' }, element('p', {}, heading), list);
}

/** The verdict as the server draws it in templates/board/verdict.html. */
export function verdictElement(verdict) {
  const kind = verdict.correct ? 'correct' : verdict.legal === false ? 'illegal' : 'incorrect';
  const ruleUrl = safeUrl(verdict.rule_url);
  const reasons = Array.isArray(verdict.reasons) && verdict.reasons.length
    ? element(
        'ul',
        { class: 'verdict__reasons' },
        ...verdict.reasons.map((reason) => element('li', { 'data-code': reason.code || '' }, reason.message || reason.code || '')),
      )
    : null;
  return element(
    'div',
    { class: `verdict notice ${verdict.correct ? 'notice--ok' : 'notice--error'}`, 'data-verdict': kind },
    paragraph('verdict__headline', element('span', { 'aria-hidden': 'true' }, verdict.correct ? '✔' : '✘'), ` ${MESSAGES[kind]}`),
    verdict.play ? paragraph('verdict__play', MESSAGES.yourPlay, element('code', {}, String(verdict.play))) : null,
    verdict.message ? paragraph('verdict__message', String(verdict.message)) : null,
    reasons,
    verdict.feedback ? paragraph('verdict__feedback', String(verdict.feedback)) : null,
    ruleUrl
      ? paragraph(
          'verdict__rule',
          element('a', { href: ruleUrl }, verdict.rule_title ? `${MESSAGES.rule}: ${verdict.rule_title}` : MESSAGES.rule),
        )
      : null,
    legalPlaysBlock(verdict.legal_plays, MESSAGES.legalPlays),
  );
}

export function errorElement(message) {
  return element(
    'div',
    { class: 'verdict notice notice--error', 'data-verdict': 'error' },
    paragraph('verdict__headline', String(message)),
  );
}

function solutionElement(data) {
  return element(
    'div',
    { class: 'verdict notice', 'data-verdict': 'solution' },
    paragraph('verdict__headline', MESSAGES.solution),
    data.answer ? paragraph('verdict__play', MESSAGES.answer, element('code', {}, String(data.answer))) : null,
    legalPlaysBlock(data.legal_plays, MESSAGES.legalPlays),
  );
}

/** The live region of a form: its [role=status], made when missing. */
export function statusRegion(form) {
  let region = form.querySelector('[role="status"]');
  if (!region) {
    region = element('div', { role: 'status', 'aria-live': 'polite', class: 'check-status' });
    form.append(region);
  }
  return region;
}

function csrfToken(form) {
  const input = form.querySelector('input[name="csrfmiddlewaretoken"]');
  return input ? input.value : '';
}

async function requestJson(url, options) {
  let response;
  try {
    response = await fetch(url, { credentials: 'same-origin', ...options });
  } catch (error) {
    return { ok: false, data: { error: MESSAGES.network } };
  }
  let data = null;
  try {
    data = await response.json();
  } catch (error) {
    data = null;
  }
  if (response.ok && data && typeof data === 'object') return { ok: true, data };
  return { ok: false, data: { error: (data && data.error) || MESSAGES.server } };
}

function show(region, content) {
  region.replaceChildren(content);
}

function setBusy(form, region, busy) {
  const targets = [region, ...form.querySelectorAll('button[type="submit"], button:not([type])')];
  targets.forEach((node) => {
    const name = node === region ? 'aria-busy' : 'aria-disabled';
    if (busy) node.setAttribute(name, 'true');
    else node.removeAttribute(name);
  });
}

export function enhanceCheckForm(form) {
  if (enhanced.has(form)) return;
  enhanced.add(form);
  form.setAttribute('data-check-enhanced', '');
  let pending = false;
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    if (pending) return;
    pending = true;
    const field = form.elements.namedItem('play') ? 'play' : 'answer';
    const value = new FormData(form).get(field);
    const region = statusRegion(form);
    region.replaceChildren();
    // aria-disabled, not disabled: a disabled button would lose the keyboard focus.
    setBusy(form, region, true);
    const { ok, data } = await requestJson(form.dataset.checkUrl, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json', 'X-CSRFToken': csrfToken(form) },
      body: JSON.stringify({ [field]: value === null ? '' : String(value) }),
    });
    pending = false;
    setBusy(form, region, false);
    show(region, ok ? verdictElement(data) : errorElement(data.error));
    form.dispatchEvent(new CustomEvent(ok ? 'check:verdict' : 'check:error', { bubbles: true, detail: data }));
  });
}

/** Where a solution goes: the element named by aria-controls, else the nearest live region around. */
function solutionRegion(control) {
  const named = control.getAttribute('aria-controls');
  if (named && document.getElementById(named)) return document.getElementById(named);
  const form = control.closest('form');
  if (form) return statusRegion(form);
  for (let node = control.parentElement; node; node = node.parentElement) {
    const region = node.querySelector('[role="status"]');
    if (region) return region;
  }
  return null;
}

/**
 * A button, or a link whose href shows the solution without JavaScript,
 * with data-solution-url: the solution is fetched and shown in place.
 */
export function enhanceSolutionButton(control) {
  if (enhanced.has(control)) return;
  enhanced.add(control);
  control.hidden = false;
  let pending = false;
  control.addEventListener('click', async (event) => {
    const region = solutionRegion(control);
    if (!region) return; // a link then simply opens its page
    event.preventDefault();
    if (pending) return;
    pending = true;
    control.setAttribute('aria-disabled', 'true');
    const { ok, data } = await requestJson(control.dataset.solutionUrl, { headers: { Accept: 'application/json' } });
    pending = false;
    control.removeAttribute('aria-disabled');
    show(region, ok ? solutionElement(data) : errorElement(data.error));
  });
}

export function enhanceAll(root = document) {
  root.querySelectorAll('form[data-check-url]').forEach(enhanceCheckForm);
  root.querySelectorAll('[data-solution-url]').forEach(enhanceSolutionButton);
}

enhanceAll();
