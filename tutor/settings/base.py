"""Settings shared by every environment.

Environment modules (``dev``, ``test``, ``prod``) import everything from here
and override what they need.  Nothing in this module reads secrets.
"""

import os
from pathlib import Path

import dj_database_url

# Repository root (the folder that holds manage.py).
BASE_DIR = Path(__file__).resolve().parent.parent.parent

# Overridden by every environment module; prod reads it from the environment.
SECRET_KEY = ""
DEBUG = False
ALLOWED_HOSTS: list[str] = []

# ---------------------------------------------------------------------------
# Applications
# ---------------------------------------------------------------------------

DJANGO_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
]

# The project's own apps.  Add new apps here (e.g. "tutor.lessons",
# "tutor.classroom", "tutor.practice"); the order is the template lookup order.
PROJECT_APPS = [
    "tutor.lessons",
    "tutor.board",
    "tutor.home",
]

INSTALLED_APPS = DJANGO_APPS + PROJECT_APPS

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
]

ROOT_URLCONF = "tutor.urls"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
        },
    },
]

WSGI_APPLICATION = "tutor.wsgi.application"
ASGI_APPLICATION = "tutor.asgi.application"

# ---------------------------------------------------------------------------
# Database
# ---------------------------------------------------------------------------

DEFAULT_DATABASE_URL = f"sqlite:///{BASE_DIR / 'db.sqlite3'}"


def database_from_url(url: str | None = None) -> dict:
    """Return a Django DATABASES entry for ``url``.

    ``url`` defaults to the ``DATABASE_URL`` environment variable, and to a
    SQLite file in the repository root when that is unset or empty.
    """
    if url is None:
        url = os.environ.get("DATABASE_URL", "")
    return dj_database_url.parse(url or DEFAULT_DATABASE_URL, conn_max_age=0)


DATABASES = {"default": database_from_url()}

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# ---------------------------------------------------------------------------
# Authentication
# ---------------------------------------------------------------------------

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

# ---------------------------------------------------------------------------
# Internationalisation: the whole site is in Spanish.
# ---------------------------------------------------------------------------

LANGUAGE_CODE = "es"
LANGUAGES = [("es", "Español")]
TIME_ZONE = "Europe/Madrid"
USE_I18N = True
USE_TZ = True

# ---------------------------------------------------------------------------
# Static files
# ---------------------------------------------------------------------------

STATIC_URL = "/static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
STATIC_ROOT = BASE_DIR / "staticfiles"

# ---------------------------------------------------------------------------
# Content
# ---------------------------------------------------------------------------

# Lesson sources (Markdown and puzzle definitions) kept in the repository.
LESSONS_DIR = BASE_DIR / "lessons"
