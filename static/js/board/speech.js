/**
 * What the board says, in Spanish: labels of places and announcements.
 * Points in announcements use the mover's numbering, like the notation box.
 */

import { BAR, OFF } from './state.js';

const SIDE_WORDS = { white: 'blancas', black: 'negras' };
const SIDE_SINGULAR = { white: 'blanca', black: 'negra' };

function checkers(count) {
  return count === 1 ? '1 ficha' : `${count} fichas`;
}

function where(point) {
  if (point === BAR) return 'de la barra';
  return `del ${point}`;
}

/** «Punto 6: 2 fichas blancas», «Barra de las negras: vacía», «Fichas retiradas de las blancas: 3». */
export function placeLabel(kind, side, label, counts) {
  if (kind === 'bar') {
    const count = counts[side];
    return `Barra de las ${SIDE_WORDS[side]}: ${count ? checkers(count) : 'vacía'}`;
  }
  if (kind === 'tray') {
    const count = counts[side];
    return `Fichas retiradas de las ${SIDE_WORDS[side]}: ${count || 'ninguna'}`;
  }
  const parts = ['white', 'black']
    .filter((colour) => counts[colour])
    .map((colour) => `${checkers(counts[colour])} ${counts[colour] === 1 ? SIDE_SINGULAR[colour] : SIDE_WORDS[colour]}`);
  if (parts.length === 2) {
    // Only a typed illegal play stacks both colours on a point; the board then
    // writes the total on the stack, so the name says it too.
    return `Punto ${label}: ${checkers(counts.white + counts.black)}, ${parts.join(' y ')}`;
  }
  return `Punto ${label}: ${parts.length ? parts[0] : 'vacío'}`;
}

/** «Ficha del 8 al 5, captura.», «Ficha de la barra al 22.», «Ficha del 3 retirada del tablero.» */
export function describeMove({ from, to, hit }) {
  const target = to === OFF ? 'retirada del tablero' : `al ${to}`;
  return `Ficha ${where(from)} ${target}${hit ? ', captura' : ''}.`;
}

export function describeSelection(from) {
  return `Ficha ${where(from)} seleccionada: elige el destino.`;
}

export function describeUndo(move) {
  const text = describeMove(move);
  return `Deshecho: ${text.charAt(0).toLowerCase()}${text.slice(1)}`;
}

export function describeNoChecker(side, point) {
  const place = point === BAR ? 'en la barra' : `en el ${point}`;
  return `No hay fichas de las ${SIDE_WORDS[side]} ${place}.`;
}

export function describeTrayPick(side) {
  return `Elige una ficha de las ${SIDE_WORDS[side]} en el tablero o en la barra.`;
}

export const MESSAGES = {
  cancelled: 'Selección cancelada.',
  reset: 'Tablero reiniciado: ningún movimiento.',
  nothingToUndo: 'No hay movimientos que deshacer.',
  notADestination: 'La barra no es un destino: elige un punto o la bandeja de fichas retiradas.',
  selectedHint: 'seleccionado',
  targetHint: 'destino posible',
  notReachable: 'Esa ficha no puede ir ahí en esta jugada: elige uno de los destinos marcados.',
  cannotMove: 'Esa ficha no puede moverse en esta jugada.',
  cannotGo: 'Ese movimiento no se puede hacer.',
  typedShown: 'El tablero muestra la jugada escrita.',
  unreachable: 'No hemos podido contactar con el servidor para leer la jugada.',
  solutionShown: 'El tablero muestra la solución.',
  solved: 'Ejercicio resuelto: las fichas ya no se mueven.',
};

/** What each kind of mark (sent by the server with a verdict) means, for labels and the legend. */
export const MARK_WORDS = {
  from: 'origen',
  to: 'destino',
  blocked: 'punto bloqueado',
  bar: 'ficha que debe entrar primero',
  highest: 'punto más alto',
  outside: 'ficha fuera de casa',
  hit: 'captura',
  example: 'jugada que sí vale',
};
