"""The readers' routes of a study, included from ``urls`` in the same ``studies`` namespace."""

from django.urls import path

import tutor.converters  # noqa: F401  (registers <id:…>)

from . import assigned_views, paths_views, reading_views

urlpatterns = [
    path("<id:pk>/seguir/", reading_views.continue_reading, name="read"),
    path("<id:pk>/capitulos/<id:chapter_id>/comprobar/", reading_views.chapter_check, name="chapter_check"),
    path("<id:pk>/capitulos/<id:chapter_id>/solucion/", reading_views.chapter_solution, name="chapter_solution"),
    path("<id:pk>/capitulos/<id:chapter_id>/pista/", reading_views.chapter_hint, name="chapter_hint"),
    path("<id:pk>/caminos/", paths_views.class_paths, name="paths"),
    path("<id:pk>/caminos/<id:reader_id>/", paths_views.reader_path, name="path"),
    path("<id:pk>/caminos.csv", paths_views.paths_csv, name="paths_csv"),
    path("<id:pk>/resumen.csv", paths_views.summary_csv, name="summary_csv"),
    path("tareas/<id:pk>/anadir/", assigned_views.add, name="assign"),
    path("tareas/quitar/<id:pk>/", assigned_views.remove, name="unassign"),
]
