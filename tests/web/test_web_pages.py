"""Pages: lobby, new game without JavaScript, game page, results, profiles, accounts."""

from __future__ import annotations

import json
import re

import pytest
from django.test import Client

from games import services
from games.models import Game, Move
from ratings.services import game_rate
from tests.factories import PASSWORD, UserFactory

pytestmark = pytest.mark.django_db


def logged_in(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def script_data(response) -> dict:
    match = re.search(
        r'<script id="game-data" type="application/json">(.*?)</script>', response.text, re.S
    )
    assert match, "the game page hands its data to the script"
    return json.loads(match.group(1))


def test_lobby_lists_open_games_for_everyone(user):
    game = services.game_create(user=user, player_count=3, name="Open table")
    response = Client().get("/")
    assert response.status_code == 200
    assert "Open table" in response.text
    assert f'href="/games/{game.pk}/"' in response.text


def test_lobby_shows_the_map_of_a_game_not_on_the_original_map(user):
    services.game_create(
        user=user,
        player_count=3,
        name="Fjord table",
        map_id="2afadc63f4d81e850b7c16fb21a1dcd29658c392",
    )
    services.game_create(user=user, player_count=3, name="Plain table")
    text = Client().get("/").text
    card = text[text.index("Fjord table") :]
    assert "3 players · Fjords" in card[: card.index("</li>")]
    plain = text[text.index("Plain table") :]
    assert "Fjords" not in plain[: plain.index("</li>")]


def test_lobby_highlights_my_games_where_i_must_act_leech_included(league):
    faction, _ = league.play_until(lambda f, c: c.lower().startswith("leech"))
    receiver = league.user_of(faction)
    response = logged_in(receiver).get("/")
    lists = response.context["lists"]
    mine = [i for i in lists["my_games"] if i.game.pk == league.game.pk]
    assert mine and mine[0].must_act, "a pending leech decision counts as having to act"
    assert 'class="game-card must-act"' in response.text
    assert "Your turn" in response.text


def test_lobby_does_not_highlight_a_game_waiting_for_others(started_game):
    game, _ = started_game()
    first, second = (s.user for s in game.seats.order_by("position"))
    response = logged_in(second).get("/")
    item = next(i for i in response.context["lists"]["my_games"] if i.game.pk == game.pk)
    assert not item.must_act
    assert item.waiting_names == [first.username]


def test_new_game_form_works_without_javascript(user):
    client = logged_in(user)
    assert client.get("/games/new/").status_code == 200
    response = client.post(
        "/games/new/",
        {
            "name": "No script",
            "player_count": "3",
            "public": "on",
            "options": ["strict-leech", "variable-turn-order"],
            "time_control": "move",
            "move_time_limit": "86400",
            "clock_initial": "604800",
        },
    )
    game = Game.objects.get(name="No script")
    assert response.status_code == 302 and response["Location"] == f"/games/{game.pk}/"
    assert game.player_count == 3 and game.public
    assert game.options == ["strict-leech", "variable-turn-order"]
    assert game.time_control == "move" and game.move_time_limit.total_seconds() == 86400
    assert game.clock_initial is None


def test_new_game_form_sets_a_chess_clock(user):
    response = logged_in(user).post(
        "/games/new/",
        {
            "name": "Clock",
            "player_count": "2",
            "time_control": "chess",
            "move_time_limit": "86400",
            "clock_initial": "604800",
            "clock_bonus": "86400",
        },
    )
    assert response.status_code == 302
    game = Game.objects.get(name="Clock")
    assert game.time_control == "chess" and game.move_time_limit is None
    assert game.clock_initial.days == 7 and game.clock_bonus.days == 1


def test_new_game_form_takes_an_explicit_setup(user):
    other = UserFactory()
    tiles = ["SCORE5", "SCORE8", "SCORE4", "SCORE9", "SCORE6", "SCORE2"]
    response = logged_in(user).post(
        "/games/new/",
        {
            "name": "Fixed",
            "player_count": "2",
            "options": ["temple-scoring-tile"],
            "explicit_setup": "on",
            **{f"scoring_{n}": t for n, t in enumerate(tiles, start=1)},
            "removed_bonus_tiles": ["BON3", "BON4", "BON5", "BON6"],
            "seat_order": f"{other.username}, {user.username}",
        },
    )
    assert response.status_code == 302
    game = Game.objects.get(name="Fixed")
    assert game.requested_setup == {
        "scoring_tiles": tiles,
        "removed_bonus_tiles": ["BON3", "BON4", "BON5", "BON6"],
        "seat_order": [other.username, user.username],
    }


@pytest.mark.parametrize(
    "data, message",
    [
        ({"player_count": "2", "explicit_setup": "on", "scoring_1": "SCORE1"}, "six rounds"),
        ({"player_count": "9"}, "Players"),
        ({"player_count": "2", "options": ["no-such-option"]}, "Options"),
    ],
)
def test_new_game_form_shows_what_is_wrong(user, data, message):
    response = logged_in(user).post("/games/new/", data)
    assert response.status_code == 200
    assert message in response.text
    assert not Game.objects.exists()


def test_new_game_form_shows_the_services_refusal(user):
    tiles = ["SCORE1"] * 6
    response = logged_in(user).post(
        "/games/new/",
        {
            "player_count": "2",
            "explicit_setup": "on",
            **{f"scoring_{n}": t for n, t in enumerate(tiles, 1)},
        },
    )
    assert response.status_code == 200
    assert 'class="form-error"' in response.text and "setup" in response.text.lower()
    assert not Game.objects.exists()


def test_join_leave_and_start_work_without_javascript(user):
    other = UserFactory()
    game = services.game_create(user=user, player_count=2, public=False)
    client = logged_in(other)
    # Without the right invite code a private game does not exist for this player.
    response = client.post(f"/games/{game.pk}/join/", {"invite_code": "wrong"})
    assert response.status_code == 404
    assert not game.seats.filter(user=other).exists()
    client.post(f"/games/{game.pk}/join/", {"invite_code": game.invite_code})
    assert game.seats.filter(user=other).exists()
    response = logged_in(user).post(f"/games/{game.pk}/start/")
    assert response.status_code == 302
    game.refresh_from_db()
    assert game.status == Game.Status.RUNNING


def test_page_forms_need_a_login_and_a_post(user):
    game = services.game_create(user=user, player_count=2)
    assert Client().post(f"/games/{game.pk}/join/")["Location"].startswith("/login/")
    assert logged_in(user).get(f"/games/{game.pk}/join/").status_code == 405


def test_game_page_of_an_open_game_offers_to_join(user, other_user):
    game = services.game_create(user=user, player_count=2, name="Join me")
    response = logged_in(other_user).get(f"/games/{game.pk}/")
    assert response.status_code == 200
    assert "Join this game" in response.text
    assert script_data(response)["view"] is None


def test_game_page_hands_state_and_legal_commands_to_the_script(started_game):
    game, _ = started_game()
    first = game.seats.get(position=1).user
    response = logged_in(first).get(f"/games/{game.pk}/")
    data = script_data(response)
    assert data["game"]["id"] == game.pk and data["me"]["seat"] == 1
    assert data["view"]["move_number"] == 0 and "map" in data["view"]
    assert any(c.startswith("setup ") for c in data["legal"])
    assert "witches" in data["catalog"]["factions"]
    assert 'id="command-form"' in response.text


def test_game_page_for_visitors_has_no_move_entry(started_game):
    game, _ = started_game()
    response = Client().get(f"/games/{game.pk}/")
    assert response.status_code == 200
    assert 'id="command-form"' not in response.text
    assert script_data(response)["legal"] == []


def test_private_games_are_404_to_strangers_but_open_with_the_invite(started_game, other_user):
    game, _ = started_game(public=False)
    assert logged_in(other_user).get(f"/games/{game.pk}/").status_code == 404
    response = Client().get(f"/games/{game.pk}/?invite={game.invite_code}")
    assert response.status_code == 200
    assert script_data(response)["invite"] == game.invite_code
    assert Client().get("/games/999999/").status_code == 404


def test_moves_and_chat_work_without_javascript(started_game):
    game, _ = started_game()
    client = logged_in(game.seats.get(position=1).user)
    response = client.post(
        f"/games/{game.pk}/move/", {"command": "setup witches", "expected_move_number": "0"}
    )
    assert response.status_code == 302
    assert Move.objects.filter(game=game, command="setup witches").exists()
    response = client.post(
        f"/games/{game.pk}/move/",
        {"command": "setup nomads", "expected_move_number": "1"},
        follow=True,
    )
    assert "move" in {t for m in response.context["messages"] for t in m.tags.split()}
    assert Move.objects.filter(game=game).count() == 1
    client.post(f"/games/{game.pk}/chat/", {"text": "hello there"})
    assert "hello there" in client.get(f"/games/{game.pk}/").text


def test_a_player_takes_back_the_last_move_without_javascript(started_game):
    game, _ = started_game()
    first, second = (logged_in(s.user) for s in game.seats.order_by("position"))
    first.post(f"/games/{game.pk}/move/", {"command": "setup witches", "expected_move_number": "0"})
    response = second.post(f"/games/{game.pk}/undo/", {"expected_move_number": "1"}, follow=True)
    assert "Only your own last move" in response.text
    first.post(f"/games/{game.pk}/undo/", {"expected_move_number": "1"})
    assert Move.objects.filter(game=game, kind=Move.Kind.UNDO).count() == 1


def test_finished_game_shows_final_scoring_by_source_and_vp_over_time(finished_game):
    response = Client().get(f"/games/{finished_game.pk}/")
    assert response.status_code == 200
    results = response.context["results"]
    assert [r["vp"] for r in results["rows"]] == [161, 152, 143, 140]
    assert "round scoring" in results["sources"] and "network" in results["sources"]
    for row in results["rows"]:
        assert sum(row["breakdown"]) == row["vp"]
    series = script_data(response)["vp_series"]
    assert set(series["series"]) == {"darklings", "nomads", "mermaids", "engineers"}
    assert series["series"]["engineers"][-1][1] == 161
    assert [m[1] for m in series["marks"]][:6] == ["R1", "R2", "R3", "R4", "R5", "R6"]
    assert "Final scoring" in response.text
    assert not results["rated"]


def test_finished_game_shows_each_seats_rating_change_once_rated(finished_game):
    game_rate(finished_game.pk)
    response = Client().get(f"/games/{finished_game.pk}/")
    results = response.context["results"]
    assert results["rated"]
    assert all(r["rating_delta"] is not None for r in results["rows"])
    assert results["rows"][0]["rating_delta"] > 0


def test_profile_lists_games_and_results(finished_game):
    seat = finished_game.seats.get(rank=1)
    response = Client().get(f"/players/{seat.user.username}/")
    assert response.status_code == 200
    assert response.context["wins"] == 1 and response.context["finished_count"] == 1
    assert f'href="/games/{finished_game.pk}/"' in response.text
    assert Client().get("/players/nobody-here/").status_code == 404


def test_leaderboard_page(finished_game):
    assert Client().get("/leaderboard/").status_code == 200
    assert Client().get("/leaderboard/?page=abc").status_code == 200


def test_leaderboard_says_why_a_player_is_not_listed_and_shows_provisional_players(
    finished_game,
):
    game_rate(finished_game.pk)
    winner = finished_game.seats.get(rank=1).user
    client = Client()
    client.force_login(winner)
    established = client.get("/leaderboard/?provisional=0")
    # One rated game: not established, so not listed, and told how many games it takes.
    assert winner.pk not in [r.user_id for r in established.context["page"].object_list]
    assert "You have played 1 of the 5 rated games it takes to be listed: 4 more to go." in (
        established.text
    )
    everyone = client.get("/leaderboard/?provisional=1")
    assert winner.pk in [r.user_id for r in everyone.context["page"].object_list]
    assert 'class="badge" title="fewer than 5 rated games">provisional' in everyone.text
    profile = client.get(f"/players/{winner.username}/")
    assert "provisional: on the leaderboard after 5" in profile.text


def test_register_log_out_and_log_in():
    client = Client()
    assert client.get("/register/").status_code == 200
    response = client.post(
        "/register/",
        {
            "username": "newcomer",
            "password": PASSWORD,
            "password_again": PASSWORD,
            "display_name": "New",
        },
    )
    assert response.status_code == 302
    assert client.get("/").context["user"].username == "newcomer"
    client.post("/logout/")
    assert not client.get("/").context["user"].is_authenticated
    response = client.post("/login/", {"username": "newcomer", "password": "wrong"})
    assert response.status_code == 200 and 'class="form-error"' in response.text
    response = client.post(
        "/login/", {"username": "newcomer", "password": PASSWORD, "next": "/leaderboard/"}
    )
    assert response["Location"] == "/leaderboard/"


def test_register_shows_field_errors_and_refuses_foreign_next_urls():
    client = Client()
    response = client.post(
        "/register/", {"username": "a b", "password": "x", "password_again": "y"}
    )
    assert response.status_code == 200
    assert "2 to 40 characters" in response.text and "passwords differ" in response.text
    UserFactory(username="taken")
    response = client.post(
        "/register/",
        {"username": "taken", "password": PASSWORD, "password_again": PASSWORD},
    )
    assert "is taken" in response.text
    response = client.post(
        "/register/",
        {
            "username": "fresh",
            "password": PASSWORD,
            "password_again": PASSWORD,
            "next": "https://evil.example/",
        },
    )
    assert response["Location"] == "/"


def test_auto_leech_settings_form_works_without_javascript(started_game):
    from web.models import AutoLeechSetting

    game, _ = started_game()
    first, second = (s.user for s in game.seats.order_by("position"))
    data = {
        "enabled": "on",
        "take_up_to": "2",
        "decline_from": "5",
        "cultists_take_up_to": "0",
        "cultists_decline_from": "99",
        "last_round_free_cultist": "take",
    }
    response = logged_in(first).post(f"/games/{game.pk}/autoleech/", data, follow=True)
    assert "Auto-leech settings saved." in response.text
    stored = AutoLeechSetting.objects.get(game=game, user=first).settings
    assert stored["take_up_to"] == 2 and stored["last_round_free_cultist"] == "take"
    assert 'id="al-take" value="2"' in response.text  # the page shows them back
    assert '<option value="take" selected>take</option>' in response.text
    response = logged_in(second).post(f"/games/{game.pk}/autoleech/", data, follow=True)
    assert "only during your own turn" in response.text
    response = logged_in(first).post(
        f"/games/{game.pk}/autoleech/", {**data, "take_up_to": "-3"}, follow=True
    )
    assert "whole numbers" in response.text


def test_new_game_form_offers_every_map(user):
    page = logged_in(user).get("/games/new/").content.decode()
    for name in ("Original", "Original [2017 vp]", "Fire &amp; Ice Side 2", "Fjords", "Lakes"):
        assert name in page
    response = logged_in(user).post(
        "/games/new/",
        {
            "name": "Side two",
            "player_count": "2",
            "map_id": "be8f6ebf549404d015547152d5f2a1906ae8dd90",
        },
    )
    assert response.status_code == 302
    assert Game.objects.get(name="Side two").map_id == "be8f6ebf549404d015547152d5f2a1906ae8dd90"


def test_the_banner_says_whose_turn_it_is_before_the_script_runs(started_game):
    from games import selectors as game_selectors

    game, _ = started_game()
    waiting = {d["seat"] for d in game_selectors.waiting_for(game)}
    seats = list(game.seats.order_by("position"))
    on_turn = next(s for s in seats if s.position in waiting)
    other = next(s for s in seats if s.position not in waiting)
    banner = re.compile(r'id="turn-banner"[^>]*>\s*([^<]*?)\s*</p>')
    mine = banner.search(logged_in(on_turn.user).get(f"/games/{game.pk}/").text)
    assert mine and mine.group(1) == "Your turn"
    theirs = banner.search(logged_in(other.user).get(f"/games/{game.pk}/").text)
    assert theirs and theirs.group(1).startswith(f"Waiting for {on_turn.user.username}")
