"""Views of the home app: the home page and the about page."""

from django.views.generic import TemplateView

from tutor.lessons.progress import resume_point


class IndexView(TemplateView):
    """The home page; a returning learner is offered to continue where they left off."""

    template_name = "home/index.html"

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        context["resume"] = resume_point(self.request)
        return context


class AboutView(TemplateView):
    template_name = "home/about.html"
