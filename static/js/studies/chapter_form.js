/**
 * The chapter form's question: only the part of the chosen kind is shown
 * («Si es «Un número»» when «Un número» is chosen), so an author does not
 * read past the fields of every other kind.  Without this script every part
 * is shown, and the server reads only the chosen kind's fields either way.
 */

const form = document.querySelector('.study-chapter-form');
const parts = form ? [...form.querySelectorAll('[data-question-kind]')] : [];

function showChosen() {
  const chosen = form.querySelector('input[name="question_kind"]:checked');
  const kind = chosen ? chosen.value : '';
  for (const part of parts) part.hidden = part.dataset.questionKind !== kind;
}

if (parts.length) {
  for (const input of form.querySelectorAll('input[name="question_kind"]')) {
    input.addEventListener('change', showChosen);
  }
  showChosen();
}
