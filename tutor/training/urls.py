from django.urls import path

from . import api, views

app_name = "training"

urlpatterns = [
    path("entrenar/", views.index, name="index"),
    path("entrenar/repaso/", views.review, name="review"),
    path("entrenar/progreso/", views.progress, name="progress"),
    path("entrenar/leccion/<slug:slug>/", views.lesson_review, name="lesson-review"),
    path("entrenar/<slug:rule>/", views.drill, name="drill"),
    path("api/drills/", api.rule_list, name="api-rules"),
    path("api/drills/check/<str:drill_id>/", api.drill_check, name="api-check"),
    path("api/drills/<slug:rule>/", api.drill_list, name="api-drills"),
]
