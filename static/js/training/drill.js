/**
 * The drill page's stats follow each answer without a page load.
 *
 * check.js posts the answer and fires "check:verdict" with the server's
 * verdict; a drill's verdict also carries {streak, mastery}, which are
 * shown here.  After an answer the "next drill" link takes the focus, so a
 * keyboard user goes on with Enter.
 */

function updateStats(detail) {
  const streak = document.querySelector('[data-streak]');
  if (streak && Number.isInteger(detail.streak)) streak.textContent = String(detail.streak);
  if (Number.isInteger(detail.mastery)) {
    document.querySelectorAll('[data-mastery-meter]').forEach((meter) => {
      meter.value = detail.mastery;
      meter.textContent = `${detail.mastery} %`;
    });
    document.querySelectorAll('[data-mastery-value]').forEach((value) => {
      value.textContent = `${detail.mastery} %`;
    });
  }
}

document.addEventListener('check:verdict', (event) => {
  if (!event.target.closest('[data-drill]')) return;
  updateStats(event.detail || {});
  const next = document.querySelector('[data-next]');
  if (next && event.detail && event.detail.correct) next.focus();
});
