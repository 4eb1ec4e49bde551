from django.urls import include, path

import tutor.converters  # noqa: F401  (registers <id:…>)

from . import reading_views, views

app_name = "studies"

urlpatterns = [
    path("", views.study_list, name="list"),
    path("anadir/", views.add_position, name="add_position"),
    path("enlace/<slug:token>/", views.study_by_link, name="by_link"),
    path("<id:pk>/", views.study_detail, name="study"),
    path("<id:pk>/editar/", views.study_edit, name="edit"),
    path("<id:pk>/borrar/", views.study_delete, name="delete"),
    path("<id:pk>/copiar/", views.study_copy, name="copy"),
    path("<id:pk>/desde-leccion/", views.study_from_lesson, name="from_lesson"),
    path("<id:pk>/capitulos/nuevo/", views.chapter_create, name="chapter_create"),
    path("<id:pk>/capitulos/<id:chapter_id>/", reading_views.chapter, name="chapter"),  # the reader's page: answers stored
    path("<id:pk>/capitulos/<id:chapter_id>/editar/", views.chapter_edit, name="chapter_edit"),
    path("<id:pk>/capitulos/<id:chapter_id>/vista-previa/", views.chapter_preview, name="chapter_preview"),
    path("<id:pk>/capitulos/<id:chapter_id>/duplicar/", views.chapter_duplicate, name="chapter_duplicate"),
    path("<id:pk>/capitulos/<id:chapter_id>/borrar/", views.chapter_delete, name="chapter_delete"),
    path("<id:pk>/capitulos/<id:chapter_id>/subir/", views.chapter_move, {"direction": "subir"}, name="chapter_up"),
    path("<id:pk>/capitulos/<id:chapter_id>/bajar/", views.chapter_move, {"direction": "bajar"}, name="chapter_down"),
    path("", include("tutor.studies.reading_urls")),  # the readers' side: answers, «Seguir», paths, assignments
]
