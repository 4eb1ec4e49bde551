"""WSGI entry point; production servers set DJANGO_SETTINGS_MODULE=tutor.settings.prod."""

import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tutor.settings.prod")

application = get_wsgi_application()
