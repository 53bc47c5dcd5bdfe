from django.urls import path

from games.api.urls import GameIdConverter  # noqa: F401  (registers the game_id converter)

from . import views

urlpatterns = [
    path("games/<game_id:game_id>/preview/", views.GamePreviewApi.as_view(), name="game-preview"),
    path(
        "games/<game_id:game_id>/states/<int:move_number>/",
        views.GameHistoryStateApi.as_view(),
        name="game-history-state",
    ),
    path("games/<game_id:game_id>/plan/", views.GamePlanApi.as_view(), name="game-plan"),
    path("games/<game_id:game_id>/plan/try/", views.GamePlanTryApi.as_view(), name="game-plan-try"),
    path(
        "games/<game_id:game_id>/premoves/", views.GamePremovesApi.as_view(), name="game-premoves"
    ),
    path("games/<game_id:game_id>/explain/", views.GameExplainApi.as_view(), name="game-explain"),
    path(
        "games/<game_id:game_id>/transform-build/",
        views.GameTransformBuildApi.as_view(),
        name="game-transform-build",
    ),
    path(
        "games/<game_id:game_id>/autoleech/",
        views.GameAutoLeechApi.as_view(),
        name="game-autoleech",
    ),
]
