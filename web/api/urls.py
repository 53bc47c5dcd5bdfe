from django.urls import path

from games.api.urls import GameIdConverter  # noqa: F401  (registers the game_id converter)

from . import views

urlpatterns = [
    path("games/<game_id:game_id>/preview/", views.GamePreviewApi.as_view(), name="game-preview"),
    path(
        "games/<game_id:game_id>/autoleech/",
        views.GameAutoLeechApi.as_view(),
        name="game-autoleech",
    ),
]
