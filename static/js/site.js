/**
 * Site-wide behaviour: the phone header's menu button.
 *
 * Without JavaScript the navigation is always shown; with it, narrow
 * screens show a «Menú» button that opens and closes the list (Escape
 * closes it and gives the focus back to the button).
 */

function enhanceMenu() {
  const button = document.querySelector('.site-menu-button');
  const nav = button ? document.getElementById(button.getAttribute('aria-controls')) : null;
  if (!button || !nav) return;
  document.documentElement.classList.add('has-menu-button');
  button.hidden = false;
  const setOpen = (open) => {
    button.setAttribute('aria-expanded', String(open));
    nav.classList.toggle('is-open', open);
  };
  button.addEventListener('click', () => setOpen(button.getAttribute('aria-expanded') !== 'true'));
  nav.addEventListener('keydown', (event) => {
    if (event.key === 'Escape') {
      setOpen(false);
      button.focus();
    }
  });
}

enhanceMenu();
