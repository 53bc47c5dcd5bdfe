from django.urls import path

from . import views

urlpatterns = [
    path("ratings/leaderboard/", views.LeaderboardApi.as_view(), name="ratings-leaderboard"),
    path("ratings/factions/", views.FactionRatingsApi.as_view(), name="ratings-factions"),
    path(
        "players/<str:username>/ratings/",
        views.PlayerRatingHistoryApi.as_view(),
        name="player-ratings",
    ),
]
