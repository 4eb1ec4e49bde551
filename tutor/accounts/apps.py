from django.apps import AppConfig
from django.contrib.admin import apps as admin_apps


class AccountsConfig(AppConfig):
    """Sign-up, log in and out, passwords, and who is a teacher."""

    name = "tutor.accounts"
    label = "accounts"
    verbose_name = "Cuentas"

    def ready(self) -> None:
        from . import signals  # noqa: F401  (connects the login receivers)


class AdminConfig(admin_apps.AdminConfig):
    """Django's admin app with the site whose login meets the lockout (``admin_site.AdminSite``)."""

    default = False  # ``AccountsConfig`` stays this module's configuration of the accounts app
    default_site = "tutor.accounts.admin_site.AdminSite"
