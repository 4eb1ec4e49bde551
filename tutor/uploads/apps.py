from django.apps import AppConfig


class UploadsConfig(AppConfig):
    """Matches played anywhere, uploaded as a file, checked by the engine and reviewed like the site's own."""

    name = "tutor.uploads"
    label = "uploads"
    verbose_name = "Partidas subidas"
