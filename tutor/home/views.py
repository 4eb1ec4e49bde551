"""Views of the home app: static pages that need no database."""

from django.views.generic import TemplateView


class IndexView(TemplateView):
    template_name = "home/index.html"


class AboutView(TemplateView):
    template_name = "home/about.html"
