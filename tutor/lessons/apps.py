from django.apps import AppConfig


class LessonsConfig(AppConfig):
    """Lessons and their puzzles, the explorer and the glossary."""

    name = "tutor.lessons"
    label = "lessons"
    verbose_name = "Lecciones y ejercicios"

    def ready(self) -> None:
        from . import checks  # noqa: F401  (registers the system checks)
        from . import signals  # noqa: F401  (keeps a visitor's solved puzzles on login)
