"""The statistics pages: tables and plots drawn on the server (docs/statistics.md)."""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _

from games import kinds
from tm_site.exceptions import ApplicationError

from . import filters, labels, roles, selectors, svg


def _named(kind: str, role_type: str, rows: list[dict]) -> list[dict]:
    return [
        {
            **row,
            "name": labels.role_name(kind, role_type, row["role"]),
            "colour": labels.role_colour(kind, role_type, row["role"]),
        }
        for row in rows
    ]


def _intervals(rows: list[dict], figure: str) -> list[svg.Interval]:
    return [
        svg.Interval(
            r["name"], r[figure]["value"], r[figure]["low"], r[figure]["high"], r["colour"]
        )
        for r in rows
        if r[figure]["value"] is not None
    ]


def _kind_choices() -> list[tuple[str, str]]:
    return [(k.kind, k.name) for k in kinds.kinds() if k.kind in roles.counted_kinds()]


def stats_page(request: HttpRequest) -> HttpResponse:
    try:
        chosen = filters.filters_from(request.GET)
    except ApplicationError as exc:
        return render(request, "stats/roles.html", {"error": exc.message}, status=400)
    rows = _named(chosen.kind, chosen.role_type, selectors.role_table(chosen))
    type_name = labels.role_type_name(chosen.role_type)
    charts = {
        "win_rate": svg.interval_chart(
            _intervals(rows, "win_rate"),
            title=_("Win rate by %(role)s, with 95%% intervals") % {"role": type_name},
            reference=selectors.win_share_expected(chosen),
            percent=True,
            chart_id="chart-win-rate",
        ),
        "adjusted": svg.interval_chart(
            _intervals(rows, "adjusted"),
            title=_("Result against the players' ratings by %(role)s") % {"role": type_name},
            reference=0.0,
            percent=True,
            chart_id="chart-adjusted",
        ),
        "score": svg.interval_chart(
            _intervals(rows, "score"),
            title=_("Average score by %(role)s") % {"role": type_name},
            chart_id="chart-score",
        ),
    }
    choices = selectors.role_choices(chosen.kind)
    context = {
        "filters": chosen,
        "rows": rows,
        "charts": {k: mark_safe(v) for k, v in charts.items()},  # escaped by stats.svg
        "kinds": _kind_choices(),
        "role_types": [(t, labels.role_type_name(t)) for t in roles.role_types(chosen.kind)],
        "variants": [(v, labels.variant_name(v)) for v in choices["variants"]],
        "maps": [(m, labels.map_name(m)) for m in choices["maps"]],
        "player_counts": choices["player_counts"],
        "periods": choices["periods"],
        "type_name": type_name,
    }
    return render(request, "stats/roles.html", context)


def player_stats_page(request: HttpRequest, username: str) -> HttpResponse:
    user = selectors.player_get(username)
    if user is None:
        raise Http404("No such player.")
    try:
        kind = filters.kind_from(request.GET)
        role_type = filters.role_type_from(request.GET, kind)
    except ApplicationError as exc:
        return render(request, "stats/player.html", {"error": exc.message}, status=400)
    tables = selectors.player_tables(user.pk, kind, role_type)
    by_role = _named(kind, role_type, tables["by_role"])
    by_map = [{**r, "name": labels.map_name(r["map_id"])} for r in tables["by_map"]]
    points = selectors.rating_points(user.pk, kind)
    type_name = labels.role_type_name(role_type)
    charts = {
        "rating": svg.line_chart(
            [(p["finished_at"].strftime("%Y-%m-%d"), p["rating"]) for p in points],
            title=_("Rating after each rated game"),
            chart_id="chart-rating",
        ),
        "by_role": svg.interval_chart(
            _intervals(by_role, "rank"),
            title=_("Average rank by %(role)s, with 95%% intervals") % {"role": type_name},
            chart_id="chart-player-rank",
        ),
    }
    context = {
        "player": user,
        "kind": kind,
        "role_type": role_type,
        "type_name": type_name,
        "kinds": _kind_choices(),
        "role_types": [(t, labels.role_type_name(t)) for t in roles.role_types(kind)],
        "by_role": by_role,
        "by_map": by_map,
        "rating_games": len(points),
        "opponents": selectors.head_to_head(user.pk, kind),
        "charts": {k: mark_safe(v) for k, v in charts.items()},  # escaped by stats.svg
    }
    return render(request, "stats/player.html", context)


def player_find(request: HttpRequest) -> HttpResponse:
    """The roles page's player field: to that player's statistics, or back with a message."""
    name = (request.GET.get("player") or "").strip()
    user = selectors.player_get(name) if name else None
    if user is None:
        return render(
            request,
            "stats/roles.html",
            {"error": _("No player is called %(name)s.") % {"name": name[:150]}},
            status=404,
        )
    return redirect("stats-player-page", user.get_username())
