"""The statistics through the API and the pages: filters, refusals, plots, both languages."""

from __future__ import annotations

import re

import pytest
from stats_helpers import finished_game, later, user

from games.models import StateSnapshot
from outbox.models import Entry
from ratings import services as rating_services
from stats import receivers, services

pytestmark = pytest.mark.django_db

FJORDS = "2afadc63f4d81e850b7c16fb21a1dcd29658c392"


@pytest.fixture
def history():
    ann, bob, cid, dee = (user(n) for n in ("ann", "bob", "cid", "dee"))
    games = [
        finished_game(
            [(ann, "witches", 150), (bob, "nomads", 120), (cid, "giants", 110)], later(0)
        ),
        finished_game(
            [(ann, "witches", 140), (bob, "giants", 145), (dee, "nomads", 90)], later(24 * 40)
        ),
        finished_game(
            [
                (ann, "nomads", 130),
                (cid, "witches", 100),
                (dee, "giants", 80, True),
                (bob, "darklings", 125),
            ],
            later(24 * 41),
            map_id=FJORDS,
        ),
        finished_game(
            [(bob, "red", 40), (cid, "blue", 55)], later(2), kind="mythotopia", ranks=[1, 2]
        ),
    ]
    for g in games:
        rating_services.game_rate(g.pk)
        services.game_count(g.pk)
    return games


def _roles(api, **params) -> dict:
    response = api.get("/api/v1/stats/roles/", params)
    assert response.status_code == 200, response.content
    return {r["role"]: r for r in response.json()["roles"]}


def test_filters_select_map_player_count_and_period(api, history):
    everything = _roles(api)
    assert everything["witches"]["games"] == 3 and everything["witches"]["wins"] == 1
    assert everything["giants"]["games"] == 2 and everything["giants"]["dropped"] == 1
    fjords = _roles(api, map=FJORDS)
    assert {role for role, r in fjords.items() if r["games"]} == {"nomads", "witches", "darklings"}
    assert (fjords["giants"]["games"], fjords["giants"]["dropped"]) == (0, 1)
    assert _roles(api, players=4)["nomads"]["wins"] == 1
    assert _roles(api, since="2025-03")["witches"]["games"] == 2
    assert _roles(api, until="2025-01")["witches"]["games"] == 1
    colours = _roles(api, role_type="colour")
    assert colours["green"]["games"] == 3  # the witches' forest
    seats = _roles(api, role_type="seat")
    assert seats["1"]["wins"] == 2
    # Mythotopia's colours, ranked by the kind's own rule (the player who ended the game wins).
    mythotopia = _roles(api, kind="mythotopia")
    assert mythotopia["red"]["wins"] == 1 and mythotopia["red"]["score"]["value"] == 40
    body = api.get("/api/v1/stats/roles/").json()
    assert body["choices"]["player_counts"] == [3, 4]
    assert body["choices"]["periods"] == ["2025-01", "2025-03"]


@pytest.mark.parametrize(
    ("params", "rule"),
    [
        ({"kind": "chess"}, "Unknown game kind"),
        ({"role_type": "colour", "kind": "mythotopia", "since": "2025-13"}, "YYYY-MM"),
        ({"kind": "mythotopia", "role_type": "faction"}, "colour, seat"),
        ({"players": "x"}, "players"),
        ({"since": "2025-05", "until": "2025-01"}, "first month"),
        ({"map": "<script>"}, "map:"),
    ],
)
def test_a_filter_no_game_could_have_is_a_400_naming_the_rule(api, client, params, rule):
    response = api.get("/api/v1/stats/roles/", params)
    assert response.status_code == 400
    assert rule in response.json()["error"]
    page = client.get("/stats/", params)
    assert page.status_code == 400 and rule in page.content.decode()


def test_player_statistics_by_role_map_rating_and_opponents(api, history):
    body = api.get("/api/v1/stats/players/ann/").json()
    assert {r["role"]: r["games"] for r in body["by_role"]} == {"witches": 2, "nomads": 1}
    assert {r["map_id"]: r["games"] for r in body["by_map"]} == {
        "126fe960806d587c78546b30f1a90853b1ada468": 2,
        FJORDS: 1,
    }
    assert [p["game_id"] for p in body["rating"]] == [g.pk for g in history[:3]]
    bob = next(o for o in body["head_to_head"] if o["opponent"] == "bob")
    assert (bob["games"], bob["ahead"], bob["behind"], bob["ties"]) == (3, 2, 1, 0)
    assert api.get("/api/v1/stats/players/nobody/").status_code == 404
    assert api.get("/api/v1/stats/players/ann/", {"kind": "go"}).status_code == 400


def test_the_statistics_are_in_the_api_schema(api):
    schema = api.get("/api/schema/", HTTP_ACCEPT="application/json").content.decode()
    for path in ("/api/v1/stats/roles/", "/api/v1/stats/players/{username}/"):
        assert path in schema


def test_the_page_draws_its_plots_as_svg_without_scripts(client, history):
    page = client.get("/stats/")
    html = page.content.decode()
    assert page.status_code == 200
    for chart in ("chart-win-rate", "chart-adjusted", "chart-score"):
        assert f'id="{chart}"' in html
    win_chart = re.search(r'<svg[^>]*id="chart-win-rate".*?</svg>', html, re.S).group(0)
    assert win_chart.count('class="row"') == 4  # one row per faction
    assert "<script" not in win_chart and "style=" not in win_chart
    assert "Witches" in html and 'data-role="witches"' in html
    # The average seat's share of wins in three- and four-player games.
    assert 'class="reference"' in win_chart


def test_pages_in_german(client, history):
    client.cookies["django_language"] = "de"
    html = client.get("/stats/", HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert "Statistik" in html and "Siegquote" in html and "Hexen" in html
    # Captions with a percent sign too (the translate tag looks them up with it doubled).
    assert "Siegquote: Punkt, 95-%-Intervall" in html
    player = client.get("/stats/players/ann/", HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert "Statistik von ann" in player and "Direkter Vergleich" in player
    assert 'id="chart-rating"' in player
    assert "Durchschnittlicher Platz (1: Erster), mit 95-%-Intervallen." in player


def test_player_page(client, history):
    html = client.get("/stats/players/ann/").content.decode()
    assert 'id="chart-rating"' in html and 'id="stats-head-to-head"' in html
    assert client.get("/stats/players/nobody/").status_code == 404
    # The roles page's field finds a player by name.
    assert client.get("/stats/players/", {"player": "ann"}).url == "/stats/players/ann/"
    missing = client.get("/stats/players/", {"player": "<b>nobody</b>"})
    assert missing.status_code == 404
    assert "No player is called &lt;b&gt;nobody&lt;/b&gt;." in missing.content.decode()


def test_a_faction_that_picks_its_colour_counts_under_the_colour_picked(api):
    ann, bob, cid = (user(n) for n in ("ann", "bob", "cid"))
    game = finished_game([(ann, "riverwalkers", 150), (bob, "nomads", 120), (cid, "giants", 110)])
    StateSnapshot.objects.create(
        game=game, move_number=1, state={"factions": {"riverwalkers": {"color": "blue"}}}
    )
    services.game_count(game.pk)
    assert _roles(api, role_type="colour")["blue"]["wins"] == 1


def test_a_reopened_game_leaves_the_statistics_through_a_rebuild(history):
    uncounted = finished_game(
        [(user("ann"), "witches", 1), (user("bob"), "nomads", 2)], public=False
    )
    receivers.game_reopened(sender=None, game_id=uncounted.pk)
    assert not Entry.objects.exists()  # nothing of it to take out
    receivers.game_reopened(sender=None, game_id=history[0].pk)
    entry = Entry.objects.get()
    assert entry.task == "stats.tasks.stats_rebuild"
    history[0].status = "running"
    history[0].save()
    from stats.tasks import stats_rebuild

    assert stats_rebuild() == len(history) - 1
