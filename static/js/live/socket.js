/**
 * What the live pages share (a game's page, the lobby): a WebSocket that opens again when it
 * drops, and the small things done to the HTML the server sends over it.
 *
 * The server is the authority: a page that reconnects is sent the whole state again, so
 * reopening is all a dropped connection needs.
 */

/** Open a WebSocket to ``path`` on this host and keep it open: each drop waits a little longer (up to 8 s). */
export function keepOpen(path, { onMessage, onOpen, onClose }) {
  const scheme = window.location.protocol === 'https:' ? 'wss:' : 'ws:';
  let socket = null;
  let retry = 500;
  const connect = () => {
    socket = new WebSocket(`${scheme}//${window.location.host}${path}`);
    socket.addEventListener('open', () => {
      retry = 500;
      if (onOpen) onOpen();
    });
    socket.addEventListener('message', onMessage);
    socket.addEventListener('close', () => {
      socket = null;
      if (onClose) onClose();
      window.setTimeout(connect, retry);
      retry = Math.min(retry * 2, 8000);
    });
  };
  connect();
  return {
    get open() {
      return socket !== null && socket.readyState === WebSocket.OPEN;
    },
    send(message) {
      socket.send(JSON.stringify(message));
    },
  };
}

/** Say ``text`` in an aria-live region, even when it is the same as last time. */
export function say(region, text) {
  if (!region) return;
  region.textContent = region.textContent === text ? `${text}\u00a0` : text;
}

/** Forms drawn outside a request have no CSRF token: give each form in ``container`` the page's. */
export function fillTokens(container, token) {
  if (!token || !container) return;
  container.querySelectorAll('form').forEach((form) => {
    if (!form.querySelector('[name="csrfmiddlewaretoken"]')) form.prepend(token.cloneNode());
  });
}
