from django.urls import include, path

import tutor.converters  # noqa: F401  (registers <id:…>)

from . import views

app_name = "studies"

urlpatterns = [
    path("", views.study_list, name="list"),
    path("<id:pk>/", views.study_detail, name="study"),
    path("enlace/<slug:token>/", views.study_by_link, name="by_link"),
    path("", include("tutor.studies.reading_urls")),  # the readers' side: chapters, answers, paths
]
