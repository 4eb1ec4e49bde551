from django.urls import path

import tutor.converters  # noqa: F401  (registers <id:…>)

from . import api, views

app_name = "classroom"

urlpatterns = [
    path("aula/", views.home, name="home"),
    # Teachers
    path("clases/", views.classroom_list, name="classrooms"),
    path("clases/<id:pk>/", views.classroom_detail, name="classroom"),
    path("clases/<id:pk>/codigo/", views.new_code, name="new_code"),
    path("clases/<id:pk>/cuentas/", views.student_accounts, name="student_accounts"),
    path("clases/<id:pk>/alumnos/<id:student_id>/quitar/", views.remove_student, name="remove_student"),
    path("clases/<id:pk>/alumnos/<id:student_id>/contrasena/", views.renew_student_password, name="renew_password"),
    path("clases/<id:pk>/tareas/nueva/", views.assignment_create, name="assignment_create"),
    path("clases/tareas/<id:pk>/", views.assignment_detail, name="assignment"),
    path("clases/tareas/<id:pk>/editar/", views.assignment_edit, name="assignment_edit"),
    path("clases/tareas/<id:pk>/borrar/", views.assignment_delete, name="assignment_delete"),
    path("clases/tareas/<id:pk>/publicar/", views.publish, name="publish"),
    path("clases/tareas/<id:pk>/lecciones/", views.add_puzzles, name="add_puzzles"),
    path("clases/tareas/<id:pk>/propio/", views.add_custom, name="add_custom"),
    path("clases/ejercicios/<id:pk>/quitar/", views.remove_exercise, name="remove_exercise"),
    path("clases/tareas/<id:pk>/resultados/", views.assignment_results, name="results"),
    path("clases/tareas/<id:pk>/resultados/<id:student_id>/<id:exercise_id>/", views.result_cell, name="result_cell"),
    path("clases/tareas/<id:pk>/resultados.csv", views.results_csv, name="results_csv"),
    path("clases/tareas/<id:pk>/intentos.csv", views.attempts_csv, name="attempts_csv"),
    # Students
    path("unirse/", views.join, name="join"),
    path("unirse/<str:code>/", views.join_with_code, name="join_code"),
    path("tareas/", views.assignment_list, name="assignments"),
    path("tareas/historial/", views.history, name="history"),
    path("tareas/<id:pk>/", views.student_assignment, name="student_assignment"),
    path("tareas/ejercicios/<id:pk>/", views.exercise, name="exercise"),
    path("tareas/ejercicios/<id:pk>/comprobar/", api.exercise_check, name="api_check"),
]
