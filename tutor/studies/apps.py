from django.apps import AppConfig


class StudiesConfig(AppConfig):
    """Teachers' own interactive lessons: studies of chapters, each a position, a text and a question."""

    name = "tutor.studies"
    label = "studies"
    verbose_name = "Estudios"

    def ready(self) -> None:
        from . import checks  # noqa: F401  (registers the database check of stored chapters)
