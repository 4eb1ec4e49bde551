"""What every live WebSocket shares, the game's, its review's and the lobby's (mirrors ``static/js/live/``).

``sockets.LiveSocket`` is the base class: its place among the process's
limits (``limits``), its person's sockets (``people``, one per event loop:
``loops``), logging out (``logout``) and handlers run without Channels'
hop to the database thread.  ``routing.websocket_application`` serves the
apps' sockets behind the connection gate and the pooled session reader
(``visitor``); ``heartbeat`` makes pages reconnect when the channel layer
fails.

What every live WebSocket shares, the game's, its review's, the lobby's and an uploaded match's
review's, as ``static/js/live/`` does for their pages (an installed app for its logout receiver; no
table). The base class (``sockets.py``, ``LiveSocket``: its place among the process's limits, every
message counted before it is read, its groups and person joined through ``join``, handlers run
without Channels' hop to the database thread, ``dispatch``); the limits of each process
(``limits.py``: sockets per person and address, connections and messages, the ``ConnectionGate`` in
front of the session); the person behind a socket read on the shared pool of threads, not behind the
games' decisions (``visitor.py``); how the apps' sockets are served
(``routing.websocket_application``, used by ``tutor/asgi.py``); a heartbeat that makes every game
page reconnect when the channel layer fails (``heartbeat.py``); what is said to one person, a logout
or a pairing of the lobby, heard once per process and handed to their sockets there (``people.py``;
one such object per event loop, ``loops.py``), and logging out, which closes the person's sockets of
every kind (``logout.py``). It imports no app; ``play``, ``lobby`` and ``uploads`` are its clients,
and no socket class or Channels' socket plumbing is written outside it (a test checks it).
"""
