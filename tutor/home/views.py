"""Views of the home app: the home page and the about page."""

from django.contrib.auth.mixins import LoginRequiredMixin
from django.templatetags.static import static
from django.views.generic import RedirectView, TemplateView

from tutor.lessons.library import get_library
from tutor.lessons.progress import resume_point


class IndexView(TemplateView):
    """The home page; a returning learner is offered to continue where they left off."""

    template_name = "home/index.html"

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        context["resume"] = resume_point(self.request)
        return context


class StartView(LoginRequiredMixin, TemplateView):
    """«Empieza aquí»: where a learner lands after signing up, before any group or assignment.

    The course's next step (the first lesson, or where they left off), then
    what the rest of the site offers a learner on their own: training, their
    progress, a group's code, practice.
    """

    template_name = "home/start.html"

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        course = get_library().course()
        context["resume"] = resume_point(self.request)
        context["first_lesson"] = course[0] if course else None
        return context


class AboutView(TemplateView):
    template_name = "home/about.html"


class FaviconView(RedirectView):
    """``/favicon.ico``, which browsers and feed readers ask for whatever the page says: the site's icon."""

    permanent = True

    def get_redirect_url(self, *args, **kwargs) -> str:
        return static("img/favicon.svg")
