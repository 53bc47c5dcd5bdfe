from django.urls import path, register_converter

from . import views


class IdConverter:
    """Positive ids that fit a bigint, so huge numbers are a 404 rather than a database error."""

    regex = "[0-9]{1,18}"

    def to_python(self, value: str) -> int:
        return int(value)

    def to_url(self, value: int) -> str:
        return str(value)


register_converter(IdConverter, "league_pk")

urlpatterns = [
    path("leagues/", views.LeagueListCreateApi.as_view(), name="league-list"),
    path("leagues/<league_pk:league_id>/", views.LeagueDetailApi.as_view(), name="league-detail"),
    path(
        "leagues/<league_pk:league_id>/admins/",
        views.LeagueAdminsApi.as_view(),
        name="league-admins",
    ),
    path(
        "leagues/<league_pk:league_id>/admins/<str:username>/",
        views.LeagueAdminDetailApi.as_view(),
        name="league-admin-detail",
    ),
    path(
        "leagues/<league_pk:league_id>/seasons/",
        views.LeagueSeasonsApi.as_view(),
        name="league-seasons",
    ),
    path("leagues/seasons/", views.SeasonListApi.as_view(), name="season-list"),
    path(
        "leagues/seasons/<league_pk:season_id>/",
        views.SeasonDetailApi.as_view(),
        name="season-detail",
    ),
    path(
        "leagues/seasons/<league_pk:season_id>/open-signup/",
        views.SeasonOpenSignupApi.as_view(),
        name="season-open-signup",
    ),
    path(
        "leagues/seasons/<league_pk:season_id>/close-signup/",
        views.SeasonCloseSignupApi.as_view(),
        name="season-close-signup",
    ),
    path(
        "leagues/seasons/<league_pk:season_id>/start/",
        views.SeasonStartApi.as_view(),
        name="season-start",
    ),
    path(
        "leagues/seasons/<league_pk:season_id>/end/",
        views.SeasonEndApi.as_view(),
        name="season-end",
    ),
    path(
        "leagues/seasons/<league_pk:season_id>/signups/",
        views.SeasonSignupsApi.as_view(),
        name="season-signups",
    ),
    path(
        "leagues/seasons/<league_pk:season_id>/signups/<str:username>/",
        views.SeasonSignupDetailApi.as_view(),
        name="season-signup-detail",
    ),
    path(
        "leagues/seasons/<league_pk:season_id>/divisions/",
        views.SeasonDivisionsApi.as_view(),
        name="season-divisions",
    ),
    path(
        "leagues/seasons/<league_pk:season_id>/standings/",
        views.SeasonStandingsApi.as_view(),
        name="season-standings",
    ),
    path(
        "leagues/seasons/<league_pk:season_id>/tournament/",
        views.SeasonTournamentApi.as_view(),
        name="season-tournament",
    ),
    path("leagues/groups/", views.GroupListApi.as_view(), name="league-group-list"),
    path(
        "leagues/groups/<league_pk:group_id>/",
        views.GroupDetailApi.as_view(),
        name="league-group-detail",
    ),
    path(
        "leagues/groups/<league_pk:group_id>/standings/",
        views.GroupStandingsApi.as_view(),
        name="league-group-standings",
    ),
    path(
        "leagues/groups/<league_pk:group_id>/schedule/",
        views.GroupScheduleApi.as_view(),
        name="league-group-schedule",
    ),
    path(
        "leagues/groups/<league_pk:group_id>/refresh/",
        views.GroupRefreshApi.as_view(),
        name="league-group-refresh",
    ),
    path(
        "leagues/groups/<league_pk:group_id>/members/<str:username>/drop/",
        views.GroupMemberDropApi.as_view(),
        name="league-member-drop",
    ),
]
