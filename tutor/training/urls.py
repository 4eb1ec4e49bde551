from django.urls import path

import tutor.converters  # noqa: F401  (registers <id:…>)

from . import api, assigned, teaching, views

app_name = "training"

urlpatterns = [
    path("entrenar/", views.index, name="index"),
    path("entrenar/repaso/", views.review, name="review"),
    path("entrenar/progreso/", views.progress, name="progress"),
    path("entrenar/leccion/<slug:slug>/", views.lesson_review, name="lesson-review"),
    path("entrenar/<slug:rule>/", views.drill, name="drill"),
    path("clases/<id:pk>/reglas/", teaching.heatmap, name="heatmap"),
    path("clases/<id:pk>/reglas/repaso/", teaching.assign_review, name="assign-review"),
    path("clases/<id:pk>/reglas/<id:student_id>/<slug:rule>/", teaching.student_rule, name="student-rule"),
    path("clases/tareas/<id:pk>/entrenamiento/", assigned.add, name="add-task"),
    path("clases/entrenamiento/<id:pk>/", assigned.task_results, name="task-results"),
    path("tareas/entrenamiento/<id:pk>/", assigned.student_task, name="student-task"),
    path("tareas/entrenamiento/<id:pk>/comprobar/<str:drill_id>/", assigned.student_task_check, name="student-task-check"),
    path("api/drills/", api.rule_list, name="api-rules"),
    path("api/drills/check/<str:drill_id>/", api.drill_check, name="api-check"),
    path("api/drills/<slug:rule>/", api.drill_list, name="api-drills"),
]
