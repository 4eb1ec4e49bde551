/**
 * «Comparar con GNU Backgammon» on a study's chapter: the grade panel
 * (templates/practice/_grade_panel.html, driven by static/js/practice/grade.js)
 * waits, hidden, until the reader has answered; the first verdict the board's
 * script announces ("check:verdict", static/js/check.js) shows it.
 */

document.addEventListener('check:verdict', () => {
  for (const holder of document.querySelectorAll('[data-compare-after-answer][hidden]')) holder.hidden = false;
});
