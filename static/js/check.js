/**
 * Answers checked by the server without leaving the page.
 *
 * Every form[data-check-url] (the board's play form, and answer forms for
 * yes/no, number or choice questions) is sent as JSON instead of a page
 * load: {"play": "..."} when it has a field named "play", else
 * {"answer": "..."}, with the CSRF token of the form in X-CSRFToken.  The
 * server answers with a verdict
 *
 *   {correct, legal, headline, message, reasons: [{code, message}], feedback,
 *    rule_url, rule_title, legal_plays, play, written, marks, explanation,
 *    progress: {solved, total, course_solved, course_total, next_url, next_slug, next_label, puzzle_solved}}
 *
 * (any key may be null or missing), or with {"error": "..."} and a 4xx
 * status.  The verdict is drawn into the form's [role=status] region once:
 * one headline, each distinct reason once, the learner's play as written
 * (with «equivale a …» when the engine writes it otherwise), the author's
 * explanation.  The board draws the verdict's marks; a correct answer
 * brings «Siguiente ejercicio» and updates the progress shown on the page
 * ([data-lesson-progress], [data-course-progress]).  Then the form fires
 * "check:verdict".
 *
 * A button or link with data-solution-url fetches the solution with GET
 * and shows it in the region named by its aria-controls, or else the
 * nearest [role=status] around it (a link's own page is the fallback); a
 * board nearby plays the solution's steps out.  With data-after-attempt it
 * appears only after a first answer.
 *
 * Keyboard shortcuts, outside text fields: S «Siguiente ejercicio»,
 * V «Ver solución» (of the exercise that has the focus, or was used last).
 */

import { boardFor } from './board/index.js';
import { MESSAGES, element, errorElement, safeUrl, solutionElement, verdictElement } from './verdict.js';

export { errorElement, verdictElement };

const enhanced = new WeakSet();
let lastUsed = null; // the exercise the learner used last, for the shortcuts

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

/** The form's submit buttons, inside it or tied to it with form="…". */
function submitButtons(form) {
  return [...form.elements].filter((node) => node.tagName === 'BUTTON' && (node.type || 'submit') === 'submit');
}

function setBusy(form, region, busy) {
  const targets = [region, ...submitButtons(form)];
  targets.forEach((node) => {
    const name = node === region ? 'aria-busy' : 'aria-disabled';
    if (busy) node.setAttribute(name, 'true');
    else node.removeAttribute(name);
  });
}

/** The exercise around a form or control: a puzzle section, else the board widget, else the form. */
function exerciseOf(node) {
  return node.closest('.puzzle, [data-exercise]') || node.closest('.board-widget') || node.closest('form');
}

function boardNear(node) {
  const scope = exerciseOf(node);
  const widget = scope ? scope.querySelector('[data-board]') || scope.closest('[data-board]') : null;
  return widget ? boardFor(widget) : null;
}

/** Where «Siguiente ejercicio» goes: the board's slot, or one made after the answer form's live region. */
function nextSlot(form) {
  const scope = exerciseOf(form);
  let slot = scope ? scope.querySelector('[data-board-next]') : null;
  if (!slot) {
    slot = element('div', { class: 'board-next', 'data-board-next': '' });
    statusRegion(form).before(slot);
  }
  return slot;
}

function showNext(form, progress) {
  const slot = nextSlot(form);
  const url = progress && safeUrl(progress.next_url);
  if (!url) {
    slot.replaceChildren();
    return;
  }
  const onPage = progress.next_slug && document.getElementById(`ejercicio-${progress.next_slug}`);
  const link = element(
    'a',
    { class: 'button button--primary board-next__link', href: onPage ? `#ejercicio-${progress.next_slug}` : url, 'aria-keyshortcuts': 'S' },
    `${progress.next_label || MESSAGES.next} →`,
  );
  slot.replaceChildren(link);
}

/** Bring the progress shown on the page (lesson bar, course bar, «Resuelto» tags) up to date. */
function updateProgress(form, progress) {
  if (!progress) return;
  document.querySelectorAll(`[data-lesson-progress="${CSS.escape(String(progress.lesson || ''))}"]`).forEach((node) => {
    writeProgress(node, progress.solved, progress.total);
  });
  document.querySelectorAll('[data-course-progress]').forEach((node) => {
    writeProgress(node, progress.course_solved, progress.course_total);
  });
  const scope = exerciseOf(form);
  const title = scope ? scope.querySelector('.puzzle__title') : null;
  // A right answer after «Ver solución» the same day is shown right but does not solve the puzzle.
  if (progress.puzzle_solved === false) return;
  if (title && !title.querySelector('.tag--ok')) title.append(' ', element('span', { class: 'tag tag--ok' }, 'Resuelto'));
}

function writeProgress(node, solved, total) {
  const bar = node.querySelector('progress');
  if (bar) {
    bar.max = total;
    bar.value = solved;
  }
  const text = node.querySelector('[data-progress-text]');
  if (text) text.textContent = `${solved} de ${total} ejercicios resueltos`;
}

/**
 * A verdict in view, with «Siguiente» just above it when there is one: on a
 * phone the board takes the screen and the verdict sits below it.  The
 * least scroll that shows both; a verdict taller than the screen shows its
 * headline first.
 */
export function bringIntoView(region) {
  const margin = 8;
  const slot = region.previousElementSibling && region.previousElementSibling.matches('[data-board-next]') ? region.previousElementSibling : null;
  const boxes = [region, slot].filter((node) => node && node.getClientRects().length).map((node) => node.getBoundingClientRect());
  if (!boxes.length) return;
  const top = Math.min(...boxes.map((box) => box.top));
  const bottom = Math.max(...boxes.map((box) => box.bottom));
  let delta = 0;
  if (top < margin || bottom - top > window.innerHeight - 2 * margin) delta = top - margin;
  else if (bottom > window.innerHeight - margin) delta = bottom - window.innerHeight + margin;
  if (!delta) return;
  const smooth = !(window.matchMedia && window.matchMedia('(prefers-reduced-motion: reduce)').matches);
  window.scrollBy({ top: delta, behavior: smooth ? 'smooth' : 'auto' });
}

function revealSolutionControls(form) {
  const scope = exerciseOf(form);
  if (!scope) return;
  scope.querySelectorAll('[data-solution-url][data-after-attempt]').forEach((control) => {
    control.hidden = false;
    const holder = control.closest('[data-solution-holder]');
    if (holder) holder.hidden = false;
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
    lastUsed = exerciseOf(form);
    const field = form.elements.namedItem('play') ? 'play' : 'answer';
    // «Paso»: the empty play sent as a pass on purpose (an untouched board is no answer).
    const passing = Boolean(event.submitter && event.submitter.name === 'pasar');
    const value = passing ? '' : new FormData(form).get(field);
    const region = statusRegion(form);
    region.replaceChildren();
    // aria-disabled, not disabled: a disabled button would lose the keyboard focus.
    setBusy(form, region, true);
    const { ok, data } = await requestJson(form.dataset.checkUrl, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json', 'X-CSRFToken': csrfToken(form) },
      body: JSON.stringify({ [field]: value === null ? '' : String(value), ...(passing ? { pass: true } : {}) }),
    });
    pending = false;
    setBusy(form, region, false);
    show(region, ok ? verdictElement(data) : errorElement(data.error));
    if (ok) {
      const board = boardNear(form);
      if (board) board.setMarks(data.marks);
      if (data.correct) {
        showNext(form, data.progress);
        updateProgress(form, data.progress);
        const scope = exerciseOf(form);
        if (scope) scope.classList.add('is-solved');
        // A solved puzzle is over: its board's controls go quiet (the explorer's board stays free).
        if (board && form.closest('.puzzle')) {
          const hadFocus = form.contains(document.activeElement) || (board.element && board.element.contains(document.activeElement));
          board.finish();
          // The button that had the focus is disabled now: the way on takes it, so a keyboard user keeps their place.
          const next = nextSlot(form).querySelector('a');
          if (hadFocus && next) next.focus({ preventScroll: true });
        }
      } else {
        nextSlot(form).replaceChildren();
      }
      revealSolutionControls(form);
    }
    // Listeners may add to the verdict («Siguiente» on drills): the scroll comes after them.
    form.dispatchEvent(new CustomEvent(ok ? 'check:verdict' : 'check:error', { bubbles: true, detail: data }));
    bringIntoView(region);
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
 * with data-solution-url: the solution is fetched, shown in place and
 * played out on the board when there is one.
 */
export function enhanceSolutionButton(control) {
  if (enhanced.has(control)) return;
  enhanced.add(control);
  if (!control.hasAttribute('data-after-attempt')) control.hidden = false;
  let pending = false;
  control.addEventListener('click', async (event) => {
    const region = solutionRegion(control);
    if (!region) return; // a link then simply opens its page
    event.preventDefault();
    if (pending) return;
    pending = true;
    lastUsed = exerciseOf(control);
    control.setAttribute('aria-disabled', 'true');
    const { ok, data } = await requestJson(control.dataset.solutionUrl, { headers: { Accept: 'application/json' } });
    pending = false;
    control.removeAttribute('aria-disabled');
    show(region, ok ? solutionElement(data) : errorElement(data.error));
    const board = ok && Array.isArray(data.steps) && data.steps.length ? boardNear(control) : null;
    if (board) {
      board.clearMarks();
      // On a phone the solution text may have pushed the board away: bring it back to watch it played.
      const picture = board.element.querySelector('.board-widget__board') || board.element;
      const box = picture.getBoundingClientRect();
      if (box.top < 0 || box.bottom > window.innerHeight) {
        const smooth = !(window.matchMedia && window.matchMedia('(prefers-reduced-motion: reduce)').matches);
        picture.scrollIntoView({ block: 'nearest', behavior: smooth ? 'smooth' : 'auto' });
      }
      await board.playOut(data.steps);
    }
  });
}

function typingIn(target) {
  return target instanceof HTMLElement && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName));
}

function onShortcut(event) {
  if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || typingIn(event.target)) return;
  const key = event.key.toLowerCase();
  if (key !== 's' && key !== 'v') return;
  const scope =
    (document.activeElement && document.activeElement !== document.body ? exerciseOf(document.activeElement) : null) ||
    lastUsed ||
    (document.querySelectorAll('.puzzle').length === 1 ? document.querySelector('.puzzle') : null);
  if (!scope) return;
  const target =
    key === 's'
      ? scope.querySelector('.board-next__link')
      : [...scope.querySelectorAll('[data-solution-url]')].find((control) => !control.hidden && control.offsetParent !== null);
  if (!target) return;
  event.preventDefault();
  target.click();
}

export function enhanceAll(root = document) {
  root.querySelectorAll('form[data-check-url]').forEach(enhanceCheckForm);
  root.querySelectorAll('[data-solution-url]').forEach(enhanceSolutionButton);
}

document.addEventListener('keydown', onShortcut);
enhanceAll();
