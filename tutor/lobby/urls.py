from django.urls import path

import tutor.converters  # noqa: F401  (registers <id:…>)

from . import views

app_name = "lobby"

urlpatterns = [
    path("jugar/sala/", views.room, name="room"),
    path("jugar/sala/ya/", views.play_now, name="play-now"),
    path("jugar/sala/<id:pk>/aceptar/", views.take, name="take"),
    path("jugar/sala/retirar/", views.withdraw, name="withdraw"),
    path("jugar/sala/bloquear/", views.block, name="block"),
    path("jugar/sala/desbloquear/", views.unblock, name="unblock"),
    path("jugar/<str:code>/otra/", views.again, name="again"),
    path("jugar/<str:code>/revancha/", views.offer_rematch, name="rematch"),
    path("jugar/<str:code>/revancha/respuesta/", views.answer_rematch, name="rematch-answer"),
    path("jugar/<str:code>/revancha/retirar/", views.cancel_rematch, name="rematch-cancel"),
    path("jugar/<str:code>/avisar/", views.report, name="report"),
]
