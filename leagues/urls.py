from django.urls import include, path

from . import views
from .api.urls import IdConverter  # noqa: F401  (registers the league_pk converter)

urlpatterns = [
    path("api/v1/", include("leagues.api.urls")),
    path("leagues/", views.league_list_page, name="league-list-page"),
    path("leagues/new/", views.league_new_page, name="league-new-page"),
    path("leagues/<league_pk:league_id>/", views.league_page, name="league-page"),
    path("leagues/seasons/<league_pk:season_id>/", views.season_page, name="league-season-page"),
    path(
        "leagues/seasons/<league_pk:season_id>/signup/",
        views.season_signup_page,
        name="league-season-signup",
    ),
    path(
        "leagues/seasons/<league_pk:season_id>/manage/",
        views.season_manage_page,
        name="league-season-manage",
    ),
    path("leagues/groups/<league_pk:group_id>/", views.group_page, name="league-group-page"),
]
