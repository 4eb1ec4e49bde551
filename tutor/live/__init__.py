"""What every live WebSocket shares, the game's, its review's and the lobby's (mirrors ``static/js/live/``).

``sockets.LiveSocket`` is the base class: its place among the process's
limits (``limits``), its person's sockets (``people``, one per event loop:
``loops``), logging out (``logout``) and handlers run without Channels'
hop to the database thread.  ``routing.websocket_application`` serves the
apps' sockets behind the connection gate and the pooled session reader
(``visitor``); ``heartbeat`` makes pages reconnect when the channel layer
fails.
"""
