from django.apps import AppConfig


class LobbyConfig(AppConfig):
    """Finding a rival: the lobby's seeks and pairing, rematches, blocks and reports."""

    name = "tutor.lobby"
    label = "lobby"
    verbose_name = "Sala de juego"

    def ready(self) -> None:
        from tutor.play import extensions

        from . import listing

        extensions.add_index_section(listing.section)
        extensions.add_after_match(listing.after_match)
        extensions.add_game_link(listing.game_links)
