/**
 * What the board asks the server: why a move was refused, and the moves of
 * a typed play.  The board reads no notation and knows no rule, so both
 * answers come from the engine (tutor/lessons/board_api.py).  Each function
 * resolves to plain data, never throws: `{message}` is what to say when
 * the server cannot be reached.
 */

import { MESSAGES } from './speech.js';

async function getJson(url, query) {
  if (!url) return { ok: false, data: null };
  const address = `${url}?${new URLSearchParams(query)}`;
  try {
    const response = await fetch(address, { credentials: 'same-origin', headers: { Accept: 'application/json' } });
    const data = await response.json();
    return { ok: response.ok, data: data && typeof data === 'object' ? data : null };
  } catch (error) {
    return { ok: false, data: null };
  }
}

/**
 * `{code, message}`: the engine's reason why the checker on `from` cannot go
 * to `to` (empty for a pick), in Spanish; message '' when the server sees
 * no reason or cannot be asked.
 */
export async function askRefusal(url, query) {
  const { ok, data } = await getJson(url, query);
  if (!ok || !data) return { code: null, message: '' };
  return { code: data.code || null, message: String(data.message || '') };
}

/**
 * `{moves: [{from, to}]}` for a play the server can read, else `{message}`
 * saying why not.  With `xgid` (the position and its dice) the server also
 * judges the play: `legal` is true or false (null when it did not judge),
 * and an illegal one comes with `verdict`, the refusal a sent play would get.
 */
export async function readPlay(url, text, xgid = null) {
  if (!String(text).trim()) return { moves: [] };
  const { ok, data } = await getJson(url, xgid ? { play: text, xgid } : { play: text });
  if (ok && data && Array.isArray(data.moves)) {
    const legal = typeof data.legal === 'boolean' ? data.legal : null;
    return legal === false && data.verdict ? { moves: data.moves, legal, verdict: data.verdict } : { moves: data.moves, legal };
  }
  if (data && data.error) return { message: String(data.error) };
  return { message: MESSAGES.unreachable };
}
