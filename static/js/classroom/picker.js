/**
 * The teachers' lesson-puzzle picker, enhanced: filters apply at once
 * (the list is fetched and swapped, marks kept), the sticky button says
 * how many are marked («Añadir (n)»), and the marked puzzles can be put in
 * order before adding them.  Without JavaScript the filter form and the
 * checkboxes post as usual, in page order.
 */

const form = document.querySelector('[data-pick-form]');
const filters = document.querySelector('[data-pick-filters]');

function element(name, attributes = {}, ...children) {
  const node = document.createElement(name);
  for (const [key, value] of Object.entries(attributes)) node.setAttribute(key, value);
  node.append(...children);
  return node;
}

function enhance() {
  const submit = form.querySelector('[data-pick-submit]');
  const order = form.querySelector('[data-pick-order]');
  const list = form.querySelector('[data-pick-order-list]');
  const boxes = () => [...form.querySelectorAll('input[type="checkbox"][name="puzzles"], input[type="checkbox"][data-picked]')];
  /** The marked puzzles in the order they will be added: [{slug, title}]. */
  let chosen = boxes()
    .filter((box) => box.checked)
    .map((box) => ({ slug: box.value, title: box.dataset.title || box.value }));

  function move(index, by) {
    const target = index + by;
    if (target < 0 || target >= chosen.length) return;
    [chosen[index], chosen[target]] = [chosen[target], chosen[index]];
    draw();
    const button = list.querySelectorAll('li')[target].querySelector(by < 0 ? '[data-up]' : '[data-down]');
    (button && !button.disabled ? button : list.querySelectorAll('li')[target].querySelector('button:not([disabled])'))?.focus();
  }

  function draw() {
    submit.textContent = `Añadir (${chosen.length})`;
    order.hidden = chosen.length < 2;
    list.replaceChildren(
      ...chosen.map((item, index) =>
        element(
          'li',
          {},
          element('span', {}, item.title),
          element('button', { type: 'button', class: 'button', 'data-up': '', ...(index === 0 ? { disabled: '' } : {}) }, 'Subir', element('span', { class: 'visually-hidden' }, ` «${item.title}»`)),
          element('button', { type: 'button', class: 'button', 'data-down': '', ...(index === chosen.length - 1 ? { disabled: '' } : {}) }, 'Bajar', element('span', { class: 'visually-hidden' }, ` «${item.title}»`)),
        ),
      ),
    );
    list.querySelectorAll('li').forEach((li, index) => {
      li.querySelector('[data-up]').addEventListener('click', () => move(index, -1));
      li.querySelector('[data-down]').addEventListener('click', () => move(index, 1));
    });
  }

  form.addEventListener('change', (event) => {
    const box = event.target;
    if (!(box instanceof HTMLInputElement) || box.type !== 'checkbox' || box.disabled) return;
    chosen = chosen.filter((item) => item.slug !== box.value);
    if (box.checked) chosen.push({ slug: box.value, title: box.dataset.title || box.value });
    draw();
  });

  form.addEventListener('submit', () => {
    // The order shown is the order sent: the checkboxes step aside for hidden fields.
    boxes().forEach((box) => {
      box.removeAttribute('name');
      box.setAttribute('data-picked', '');
    });
    form.querySelectorAll('input[type="hidden"][name="puzzles"]').forEach((input) => input.remove());
    for (const item of chosen) form.append(element('input', { type: 'hidden', name: 'puzzles', value: item.slug }));
  });

  async function applyFilters() {
    const query = new URLSearchParams(new FormData(filters));
    const url = `${window.location.pathname}?${query}`;
    let html = null;
    try {
      const response = await fetch(url, { credentials: 'same-origin', headers: { Accept: 'text/html' } });
      if (response.ok) html = await response.text();
    } catch (error) {
      html = null;
    }
    const fresh = html ? new DOMParser().parseFromString(html, 'text/html').querySelector('[data-pick-groups]') : null;
    if (!fresh) {
      filters.submit();
      return;
    }
    const groups = form.querySelector('[data-pick-groups]');
    groups.replaceWith(document.importNode(fresh, true));
    const marked = new Set(chosen.map((item) => item.slug));
    boxes().forEach((box) => {
      if (!box.disabled) box.checked = marked.has(box.value);
    });
    window.history.replaceState(null, '', url);
    const found = form.querySelector('[data-pick-found]');
    if (found) found.setAttribute('role', 'status');
  }

  if (filters) {
    filters.querySelectorAll('select').forEach((select) => select.addEventListener('change', applyFilters));
  }
  draw();
}

if (form) enhance();
