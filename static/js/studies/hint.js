/**
 * «Pista» on a study's chapter: the first time the reader opens it, the
 * server is told (POST to data-hint-url), so that their later answers show
 * «Con la pista vista» in the teacher's path, as asking for the solution does.
 * A failed request changes nothing on the page: the hint is shown either way.
 */

function csrfToken() {
  const input = document.querySelector('input[name="csrfmiddlewaretoken"]');
  return input ? input.value : '';
}

for (const hint of document.querySelectorAll('details[data-hint-url]')) {
  hint.addEventListener('toggle', () => {
    if (!hint.open || hint.dataset.hintSent) return;
    hint.dataset.hintSent = '1';
    fetch(hint.dataset.hintUrl, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { Accept: 'application/json', 'X-CSRFToken': csrfToken() },
    }).catch(() => {});
  });
}
