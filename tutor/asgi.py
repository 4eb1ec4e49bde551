"""ASGI entry point: HTTP as in wsgi.py, plus the WebSockets of the live games, the lobby and the reviews of uploaded matches.

Production servers set DJANGO_SETTINGS_MODULE=tutor.settings.prod.
WebSockets are accepted only from the site's own hosts (the Origin header
against ALLOWED_HOSTS) and carry the visitor's session, like any page.
"""

import gc
import os

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tutor.settings.prod")

# Django first: the routing below imports models.
django_application = get_asgi_application()

from channels.routing import ProtocolTypeRouter  # noqa: E402

from tutor.live.routing import websocket_application  # noqa: E402
from tutor.lobby.routing import websocket_urlpatterns as lobby_sockets  # noqa: E402
from tutor.play.routing import websocket_urlpatterns as game_sockets  # noqa: E402
from tutor.uploads.routing import websocket_urlpatterns as upload_sockets  # noqa: E402

application = ProtocolTypeRouter({"http": django_application, "websocket": websocket_application(*game_sockets, *lobby_sockets, *upload_sockets)})

# What the imports built lives as long as the process.  Frozen, it is left out
# of the cyclic collector's full passes, each of which stops every game the
# process serves: with 100 live games (bench/live.py) the longest pause went
# from about 70 ms to under 30 ms.
gc.freeze()
