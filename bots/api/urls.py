from django.urls import path

from . import views

urlpatterns = [
    path(
        "games/<game_id:game_id>/seats/<int:position>/bot/",
        views.GameSeatBotApi.as_view(),
        name="game-seat-bot",
    ),
]
