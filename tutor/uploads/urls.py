from django.urls import path

import tutor.converters  # noqa: F401  (registers <id:…>)

from . import views

app_name = "uploads"

urlpatterns = [
    path("revisar/", views.index, name="index"),
    path("revisar/<id:pk>/", views.review, name="review"),
    path("revisar/<id:pk>/progreso/", views.review_progress, name="progress"),
    path("revisar/<id:pk>/partida.mat", views.export_mat, name="export"),
    path("revisar/<id:pk>/jugador/", views.choose_side, name="side"),
    path("revisar/<id:pk>/compartir/", views.share, name="share"),
    path("revisar/<id:pk>/grupo/", views.hand_in, name="hand-in"),
    path("revisar/<id:pk>/borrar/", views.delete, name="delete"),
    path("revisar/<id:pk>/ejercicios/", views.make_exercises, name="exercises"),
    path("revisar/grupo/<id:pk>/", views.classroom_reviews, name="classroom"),
    path("revisar/compartida/<str:token>/", views.shared, name="shared"),
    path("revisar/compartida/<str:token>/progreso/", views.shared_progress, name="shared-progress"),
    path("revisar/compartida/<str:token>/partida.mat", views.shared_export, name="shared-export"),
]
