from django.apps import AppConfig


class AccountsConfig(AppConfig):
    """Sign-up, log in and out, passwords, and who is a teacher."""

    name = "tutor.accounts"
    label = "accounts"
    verbose_name = "Cuentas"

    def ready(self) -> None:
        from . import signals  # noqa: F401  (connects the login receivers)
