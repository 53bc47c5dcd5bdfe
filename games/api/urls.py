from django.urls import path, register_converter

from . import views


class GameIdConverter:
    """Positive ids that fit a bigint, so huge numbers are a 404 rather than a database error."""

    regex = "[0-9]{1,18}"

    def to_python(self, value: str) -> int:
        return int(value)

    def to_url(self, value: int) -> str:
        return str(value)


register_converter(GameIdConverter, "game_id")

urlpatterns = [
    path("games/", views.GameListCreateApi.as_view(), name="game-list"),
    path("maps/", views.MapListApi.as_view(), name="map-list"),
    path("kinds/", views.KindListApi.as_view(), name="kind-list"),
    path("games/import/", views.GameImportApi.as_view(), name="game-import"),
    path("games/<game_id:game_id>/", views.GameDetailApi.as_view(), name="game-detail"),
    path("games/<game_id:game_id>/join/", views.GameJoinApi.as_view(), name="game-join"),
    path("games/<game_id:game_id>/leave/", views.GameLeaveApi.as_view(), name="game-leave"),
    path("games/<game_id:game_id>/start/", views.GameStartApi.as_view(), name="game-start"),
    path("games/<game_id:game_id>/resign/", views.GameResignApi.as_view(), name="game-resign"),
    path("games/<game_id:game_id>/moves/", views.GameMovesApi.as_view(), name="game-moves"),
    path("games/<game_id:game_id>/undo/", views.GameUndoApi.as_view(), name="game-undo"),
    path(
        "games/<game_id:game_id>/rollback/", views.GameRollbackApi.as_view(), name="game-rollback"
    ),
    path("games/<game_id:game_id>/drop/", views.GameDropApi.as_view(), name="game-drop"),
    path("games/<game_id:game_id>/state/", views.GameStateApi.as_view(), name="game-state"),
    path("games/<game_id:game_id>/legal/", views.GameLegalApi.as_view(), name="game-legal"),
    path("games/<game_id:game_id>/ledger/", views.GameLedgerApi.as_view(), name="game-ledger"),
    path("games/<game_id:game_id>/export/", views.GameExportApi.as_view(), name="game-export"),
    path("games/<game_id:game_id>/chat/", views.GameChatApi.as_view(), name="game-chat"),
]
