"""ASGI entry point; production servers set DJANGO_SETTINGS_MODULE=tutor.settings.prod."""

import os

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tutor.settings.prod")

application = get_asgi_application()
