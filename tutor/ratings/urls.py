from django.urls import path

from . import views

app_name = "ratings"

urlpatterns = [
    path("jugar/jugador/<str:username>/", views.profile, name="profile"),
]
