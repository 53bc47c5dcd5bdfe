from django.urls import path

from . import views

urlpatterns = [
    path("stats/roles/", views.RoleStatsApi.as_view(), name="stats-roles"),
    path("stats/players/<str:username>/", views.PlayerStatsApi.as_view(), name="stats-player"),
]
