/**
 * Checkers that slide: a ghost checker travels from one place to another
 * while the stacks are redrawn underneath.  With prefers-reduced-motion
 * (or a duration of 0) nothing moves and the promise resolves at once.
 */

import { createGhost } from './render.js';

export function prefersReducedMotion() {
  return Boolean(window.matchMedia && window.matchMedia('(prefers-reduced-motion: reduce)').matches);
}

/** The centre of the top checker of a place holding `count` checkers, in SVG units. */
export function stackTop(svg, place, count) {
  const data = place.dataset;
  const radius = Number(svg.dataset.r);
  const drawn = Math.max(0, Math.min(count, Number(data.max)) - 1);
  const x = Number(data.cx);
  if (data.kind === 'tray') return { x, y: Number(data.base) + Number(data.dir) * (drawn * Number(data.step) + radius / 2) };
  return { x, y: Number(data.base) + Number(data.dir) * (radius + drawn * Number(data.step)) };
}

/**
 * Slide a checker of `side` from `from` to `to` ({x, y} in SVG units) in
 * `duration` ms; resolves when it has arrived (or at once without motion).
 */
export function slide(svg, side, from, to, duration) {
  if (!duration || prefersReducedMotion() || typeof Element.prototype.animate !== 'function') return Promise.resolve();
  const ghost = createGhost(svg, side);
  ghost.classList.add('board-ghost--slide');
  ghost.setAttribute('cx', from.x);
  ghost.setAttribute('cy', from.y);
  const animation = ghost.animate(
    [{ transform: 'translate(0px, 0px)' }, { transform: `translate(${to.x - from.x}px, ${to.y - from.y}px)` }],
    { duration, easing: 'ease-in-out', fill: 'forwards' },
  );
  return animation.finished.catch(() => undefined).then(() => ghost.remove());
}

export function wait(ms) {
  return new Promise((resolve) => {
    window.setTimeout(resolve, ms);
  });
}
