/**
 * The drill page's stats follow each answer without a page load, and the
 * way on comes next to the verdict.
 *
 * check.js posts the answer and fires "check:verdict" with the server's
 * verdict; a drill's verdict also carries {streak, level, due_left_text}: the
 * right answers in a row, the level the learner has shown on the rule
 * (its value draws the steps, its word is read, and when to review the
 * rule next, the answer just given counted) and, in today's review,
 * the sentence that says how many rules are left.  After an answer the
 * page's «Siguiente ejercicio» link moves just above the verdict (the
 * board's [data-board-next] slot), where the eye already is; after a right
 * answer it takes the focus without scrolling, so a keyboard user goes on
 * with Enter and the verdict stays in view (check.js brings both into view
 * once this has run).
 */

function updateStats(detail) {
  const streak = document.querySelector('[data-streak]');
  if (streak && Number.isInteger(detail.streak)) streak.textContent = String(detail.streak);
  const level = detail.level;
  if (level && Number.isInteger(level.value) && typeof level.word === 'string') {
    document.querySelectorAll('[data-mastery]').forEach((mastery) => {
      mastery.dataset.level = String(level.value);
      const value = mastery.querySelector('[data-mastery-value]');
      if (value) value.textContent = level.word;
      const review = mastery.querySelector('[data-mastery-review]');
      if (review && typeof level.review_when === 'string') {
        review.textContent = `· repasar ${level.review_when}`;
        review.hidden = false;
      }
    });
  }
  const left = document.querySelector('[data-due-left]');
  if (left && typeof detail.due_left_text === 'string') left.textContent = detail.due_left_text;
}

/** The slot just above the form's verdict: the board's, or one made for an answer form. */
function slotAbove(form) {
  const region = form.querySelector('[role="status"]');
  const existing = form.querySelector('[data-board-next]');
  if (existing) return existing;
  const slot = document.createElement('div');
  slot.className = 'board-next';
  slot.setAttribute('data-board-next', '');
  if (region) region.before(slot);
  else form.append(slot);
  return slot;
}

const nextLinks = new WeakMap(); // check.js empties the slot before each verdict: the link is kept here

document.addEventListener('check:verdict', (event) => {
  const drill = event.target.closest('[data-drill]');
  if (!drill) return;
  const detail = event.detail || {};
  updateStats(detail);
  const next = drill.querySelector('[data-next]') || nextLinks.get(drill);
  if (!next) return;
  nextLinks.set(drill, next);
  const holder = next.closest('.drill__next');
  slotAbove(event.target).replaceChildren(next);
  if (holder) holder.hidden = true;
  next.classList.toggle('button--primary', Boolean(detail.correct));
  if (detail.correct) next.focus({ preventScroll: true });
});
