from django.urls import path

from . import views

app_name = "home"

urlpatterns = [
    path("", views.IndexView.as_view(), name="index"),
    path("empezar/", views.StartView.as_view(), name="start"),
    path("acerca/", views.AboutView.as_view(), name="about"),
    path("favicon.ico", views.FaviconView.as_view(), name="favicon"),
]
