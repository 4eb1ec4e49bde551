/**
 * The drill page's stats follow each answer without a page load.
 *
 * check.js posts the answer and fires "check:verdict" with the server's
 * verdict; a drill's verdict also carries {streak, level, due_left_text}: the
 * right answers in a row, the level the learner has shown on the rule
 * (its value draws the steps, its word is read) and, in today's review,
 * the sentence that says how many rules are left.  After an answer the "next drill" link takes
 * the focus, so a keyboard user goes on with Enter.
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
    });
  }
  const left = document.querySelector('[data-due-left]');
  if (left && typeof detail.due_left_text === 'string') left.textContent = detail.due_left_text;
}

document.addEventListener('check:verdict', (event) => {
  if (!event.target.closest('[data-drill]')) return;
  updateStats(event.detail || {});
  const next = document.querySelector('[data-next]');
  if (next && event.detail && event.detail.correct) next.focus();
});
