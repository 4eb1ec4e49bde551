from django.urls import path

from . import api, board_api, views

app_name = "lessons"

urlpatterns = [
    path("lecciones/", views.lesson_index, name="index"),
    path("lecciones/<slug:slug>/", views.lesson_detail, name="lesson"),
    path("ejercicios/<slug:slug>/", views.puzzle_detail, name="puzzle"),
    path("explorar/", views.explorer, name="explorer"),
    path("glosario/", views.glossary, name="glossary"),
    path("api/puzzles/", api.puzzle_list, name="api-puzzles"),
    path("api/puzzles/<slug:slug>/check/", api.puzzle_check, name="api-check"),
    path("api/puzzles/<slug:slug>/solution/", api.puzzle_solution, name="api-solution"),
    path("api/puzzles/<slug:slug>/tablero.svg", api.puzzle_board_svg, name="api-board-svg"),
    path("api/explorer/check/", api.explorer_check, name="api-explorer-check"),
    path("api/board/refusal/", board_api.refusal, name="api-board-refusal"),
    path("api/board/play/", board_api.play_moves, name="api-board-play"),
    path("api/board/position/", board_api.position_layout, name="api-board-position"),
]
