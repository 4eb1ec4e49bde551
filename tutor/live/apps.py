from django.apps import AppConfig


class LiveConfig(AppConfig):
    """What every live WebSocket shares: its limits, its person, the heartbeat, logging out."""

    name = "tutor.live"
    label = "live"
    verbose_name = "Conexiones en vivo"

    def ready(self) -> None:
        from . import logout  # noqa: F401  (connects the receiver that closes sockets on logout)
