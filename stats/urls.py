from django.urls import path

from . import views

urlpatterns = [
    path("stats/", views.stats_page, name="stats"),
    path("stats/players/", views.player_find, name="stats-player-find"),
    path("stats/players/<str:username>/", views.player_stats_page, name="stats-player-page"),
]
