/**
 * «Saltar al tablero»: a skip link next to the page's «Saltar al contenido»,
 * so that the keyboard reaches the board in two presses of Tab and Enter
 * from the top of any page with a board, past the site's menu and the text
 * before it.  The link goes to the first board that takes moves (else the
 * first board); the focus lands on the place the board keeps in the tab
 * order.  Boards a page redraws (a live game's panel) are looked up when the
 * link is used, not when it is made.
 */

const LINK_CLASS = 'skip-link skip-link--board';

function targetBoard() {
  return document.querySelector('.board-widget[data-board]') || document.querySelector('.board-widget');
}

function focusBoard(event) {
  const widget = targetBoard();
  if (!widget) return;
  event.preventDefault();
  const place = widget.querySelector('[data-point][tabindex="0"]');
  const target = place || widget;
  if (!place && !widget.hasAttribute('tabindex')) widget.setAttribute('tabindex', '-1');
  target.focus({ preventScroll: true });
  (widget.querySelector('.board-widget__board') || widget).scrollIntoView({ block: 'nearest' });
}

export function addSkipLink() {
  const widget = targetBoard();
  if (!widget || document.querySelector('.skip-link--board')) return;
  const link = document.createElement('a');
  link.className = LINK_CLASS;
  link.href = `#${widget.id}`;
  link.textContent = 'Saltar al tablero';
  link.addEventListener('click', focusBoard);
  const first = document.querySelector('.skip-link');
  if (first) first.after(link);
  else document.body.prepend(link);
}
