from django.urls import path

from . import api, views

app_name = "classroom"

urlpatterns = [
    path("aula/", views.home, name="home"),
    # Teachers
    path("clases/", views.classroom_list, name="classrooms"),
    path("clases/<int:pk>/", views.classroom_detail, name="classroom"),
    path("clases/<int:pk>/codigo/", views.new_code, name="new_code"),
    path("clases/<int:pk>/cuentas/", views.student_accounts, name="student_accounts"),
    path("clases/<int:pk>/alumnos/<int:student_id>/quitar/", views.remove_student, name="remove_student"),
    path("clases/<int:pk>/alumnos/<int:student_id>/contrasena/", views.renew_student_password, name="renew_password"),
    path("clases/<int:pk>/tareas/nueva/", views.assignment_create, name="assignment_create"),
    path("clases/tareas/<int:pk>/", views.assignment_detail, name="assignment"),
    path("clases/tareas/<int:pk>/editar/", views.assignment_edit, name="assignment_edit"),
    path("clases/tareas/<int:pk>/borrar/", views.assignment_delete, name="assignment_delete"),
    path("clases/tareas/<int:pk>/publicar/", views.publish, name="publish"),
    path("clases/tareas/<int:pk>/lecciones/", views.add_puzzles, name="add_puzzles"),
    path("clases/tareas/<int:pk>/propio/", views.add_custom, name="add_custom"),
    path("clases/ejercicios/<int:pk>/quitar/", views.remove_exercise, name="remove_exercise"),
    path("clases/tareas/<int:pk>/resultados/", views.assignment_results, name="results"),
    path("clases/tareas/<int:pk>/resultados/<int:student_id>/<int:exercise_id>/", views.result_cell, name="result_cell"),
    path("clases/tareas/<int:pk>/resultados.csv", views.results_csv, name="results_csv"),
    path("clases/tareas/<int:pk>/intentos.csv", views.attempts_csv, name="attempts_csv"),
    # Students
    path("unirse/", views.join, name="join"),
    path("unirse/<str:code>/", views.join_with_code, name="join_code"),
    path("tareas/", views.assignment_list, name="assignments"),
    path("tareas/historial/", views.history, name="history"),
    path("tareas/<int:pk>/", views.student_assignment, name="student_assignment"),
    path("tareas/ejercicios/<int:pk>/", views.exercise, name="exercise"),
    path("tareas/ejercicios/<int:pk>/comprobar/", api.exercise_check, name="api_check"),
]
