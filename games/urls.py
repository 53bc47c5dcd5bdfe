from django.urls import path

from . import views
from .api.urls import GameIdConverter  # noqa: F401  (registers the game_id converter)

urlpatterns = [
    path("games/<game_id:game_id>/", views.game_page, name="game-page"),
]
