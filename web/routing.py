from django.urls import path

from games.api.urls import GameIdConverter  # noqa: F401  (registers the game_id converter)

from .consumers import GameConsumer

websocket_urlpatterns = [
    path("ws/games/<game_id:game_id>/", GameConsumer.as_asgi()),
]
