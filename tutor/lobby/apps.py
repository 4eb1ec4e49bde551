from django.apps import AppConfig


class LobbyConfig(AppConfig):
    """Finding a rival: the lobby's seeks and pairing, rematches, blocks and reports."""

    name = "tutor.lobby"
    label = "lobby"
    verbose_name = "Sala de juego"

    def ready(self) -> None:
        from tutor.play import extensions

        from . import display

        extensions.add_index_section(display.section)
        extensions.add_after_match(display.after_match)
        extensions.add_game_link(display.game_links)
