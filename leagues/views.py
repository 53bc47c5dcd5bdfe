"""League pages: standings, schedule and results, sign-up, and the organiser's season buttons.

The forms call the same services as the API, so every organiser action on a page is also an
API call (docs/leagues.md).
"""

from __future__ import annotations

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from games import kinds
from tm_site.exceptions import ApplicationError, NotFound

from . import selectors, services
from .formats.tournament import tournament_view
from .models import League, Season


def _or_404(getter, pk: int):
    try:
        return getter(pk)
    except NotFound as exc:
        raise Http404(exc.message) from exc


def league_list_page(request: HttpRequest) -> HttpResponse:
    leagues = list(selectors.league_list({}))
    rows = [{"league": league, "season": selectors.current_season(league)} for league in leagues]
    return render(request, "leagues/league_list.html", {"rows": rows})


def league_page(request: HttpRequest, league_id: int) -> HttpResponse:
    league = _or_404(selectors.league_get, league_id)
    context = {
        "league": league,
        "seasons": list(selectors.season_list({"league": league.pk})),
        "points_table": selectors.points_table(league),
        "organiser": selectors.is_organiser(league, request.user),
    }
    return render(request, "leagues/league.html", context)


def season_page(request: HttpRequest, season_id: int) -> HttpResponse:
    season = _or_404(selectors.season_get, season_id)
    tournament = season.league.format != League.Format.DIVISIONS
    groups = [] if tournament else list(selectors.group_list({"season": season.pk}))
    signed_up = request.user.is_authenticated and season.signups.filter(user=request.user).exists()
    context = {
        "season": season,
        "league": season.league,
        "groups": [(g, selectors.group_standings(g)) for g in groups],
        "signups": list(selectors.signup_list(season)) if not season.started_at else [],
        "tournament": tournament_view(season) if tournament else None,
        "signup_count": season.signups.count(),
        "signed_up": signed_up,
        "signup_open": season.status == Season.Status.SIGNUP,
        "organiser": selectors.is_organiser(season.league, request.user),
    }
    return render(request, "leagues/season.html", context)


def group_page(request: HttpRequest, group_id: int) -> HttpResponse:
    group = _or_404(selectors.group_get, group_id)
    season = group.division.season
    if season.league.format != League.Format.DIVISIONS:
        # A tournament's table: its round is shown on the tournament's page.
        url = reverse("league-season-page", args=[season.pk])
        return HttpResponseRedirect(f"{url}#round-{group.division.level}")
    context = {
        "group": group,
        "season": season,
        "league": season.league,
        "standings": selectors.group_standings(group),
        "schedule": selectors.group_schedule(group),
        "points_table": selectors.points_table(season.league),
    }
    return render(request, "leagues/group.html", context)


def _back(season_id: int) -> HttpResponseRedirect:
    return HttpResponseRedirect(reverse("league-season-page", args=[season_id]))


@require_POST
def season_signup_page(request: HttpRequest, season_id: int) -> HttpResponse:
    _or_404(selectors.season_get, season_id)
    if not request.user.is_authenticated:
        messages.error(request, "Log in to sign up.")
        return _back(season_id)
    try:
        if request.POST.get("action") == "withdraw":
            services.signup_remove(season_id=season_id, user=request.user)
            messages.success(request, "Your sign-up is withdrawn.")
        else:
            services.signup_add(season_id=season_id, user=request.user)
            messages.success(request, "You are signed up.")
    except ApplicationError as exc:
        messages.error(request, exc.message)
    return _back(season_id)


ORGANISER_ACTIONS = {
    "open": (services.signup_open, "Sign-up is open."),
    "close": (services.signup_close, "Sign-up is closed."),
    "start": (services.season_start, "The season has started: groups and games are ready."),
    "end": (services.season_end, "The season has ended."),
}


@require_POST
def season_manage_page(request: HttpRequest, season_id: int) -> HttpResponse:
    _or_404(selectors.season_get, season_id)
    action = ORGANISER_ACTIONS.get(request.POST.get("action", ""))
    if action is None:
        messages.error(request, "Unknown action.")
        return _back(season_id)
    service, done = action
    try:
        service(season_id=season_id, user=request.user)
        messages.success(request, done)
    except ApplicationError as exc:
        messages.error(request, exc.message)
    return _back(season_id)


def league_new_page(request: HttpRequest) -> HttpResponse:
    """Staff: a new league or tournament, with its first season open for sign-up."""
    if not (request.user.is_authenticated and request.user.is_staff):
        raise Http404("Only staff create leagues.")
    engines = kinds.registry()
    values = {"format": "swiss", "kind": kinds.DEFAULT_KIND, "players_per_game": "4", "rounds": "4"}
    if request.method == "POST":
        values = {k: request.POST.get(k, "").strip() for k in FORM_FIELDS}
        try:
            league = services.league_create(user=request.user, **_form_settings(values))
            season = services.season_create(
                league_id=league.pk, user=request.user, open_signup=True
            )
        except (ApplicationError, ValueError) as exc:
            messages.error(request, getattr(exc, "message", None) or _("Check the numbers."))
        else:
            messages.success(request, _("The league is created; its sign-up is open."))
            return HttpResponseRedirect(reverse("league-season-page", args=[season.pk]))
    context = {
        "values": values,
        "formats": League.Format.choices,
        "kinds": [(kind, engine.info.name) for kind, engine in engines.items()],
    }
    return render(request, "leagues/league_new.html", context)


FORM_FIELDS = (
    "name",
    "kind",
    "format",
    "players_per_game",
    "rounds",
    "advance",
    "group_size",
    "bot_handover",
)


def _form_settings(values: dict[str, str]) -> dict:
    """The form's fields as the service takes them: the numbers of the chosen format only."""
    settings: dict = {
        "name": values["name"],
        "kind": values["kind"],
        "format": values["format"],
        "players_per_game": int(values["players_per_game"] or 0),
        "bot_handover": bool(values.get("bot_handover")),
    }
    numbers = {"swiss": ("rounds",), "knockout": ("advance",), "divisions": ("group_size",)}
    for name in numbers.get(values["format"], ()):
        if values.get(name):
            settings[name] = int(values[name])
    return settings
