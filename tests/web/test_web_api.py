"""The web app's API: move preview (never writes) and auto-leech settings and answers."""

from __future__ import annotations

import pytest

from games import log, services
from games.kinds.terra_mystica import facade
from games.models import Move, StateSnapshot
from web.models import AutoLeechSetting

pytestmark = pytest.mark.django_db


def preview(client, game, command, expected=None):
    body = {"command": command}
    if expected is not None:
        body["expected_move_number"] = expected
    return client.post(f"/api/v1/games/{game.pk}/preview/", body, format="json")


def first_player(game):
    return game.seats.get(position=1).user


def test_preview_returns_the_state_after_the_command_and_writes_nothing(started_game, client_for):
    game, _ = started_game()
    client = client_for(first_player(game))
    snapshot = StateSnapshot.objects.get(game=game).state
    response = preview(client, game, "setup witches", expected=0)
    assert response.status_code == 200, response.data
    body = response.data
    assert body["command"] == "setup witches" and body["actor"] == "player1"
    assert body["move_number"] == 0
    assert "witches" in body["state"]["factions"]
    assert body["state"]["players"][0]["faction"] == "witches"
    assert body["legal"] == []  # the faction choice ends the seat's turn
    assert body["ledger"] and body["ledger"][0]["faction"] == "witches"
    game.refresh_from_db()
    assert game.move_count == 0 and not Move.objects.filter(game=game).exists()
    assert StateSnapshot.objects.get(game=game).state == snapshot


def test_preview_lists_what_can_continue_the_row(league, client_for):
    faction, _ = league.play_until(lambda f, c: c.lower().startswith("burn"))
    client = client_for(league.user_of(faction))
    response = preview(client, league.refresh(), "burn 1")
    assert response.status_code == 200, response.data
    assert response.data["legal"], "after burning, the action of the turn is still to come"
    assert any(not c.startswith(("burn", "convert")) for c in response.data["legal"])


def test_preview_of_an_illegal_command_names_the_rule(started_game, client_for):
    game, _ = started_game()
    response = preview(client_for(first_player(game)), game, "build A1")
    assert response.status_code == 400
    assert response.data["error"]


@pytest.mark.parametrize(
    "who, command, expected, status",
    [
        ("first", "setup witches", 5, 409),
        ("second", "setup witches", None, 400),
        ("stranger", "setup witches", None, 403),
        ("anonymous", "setup witches", None, 401),
        ("first", "", None, 400),
        ("first", "a\nb", None, 400),
    ],
)
def test_preview_refusals_are_4xx(
    started_game, client_for, other_user, who, command, expected, status
):
    game, _ = started_game()
    users = {
        "first": first_player(game),
        "second": game.seats.get(position=2).user,
        "stranger": other_user,
        "anonymous": None,
    }
    response = preview(client_for(users[who]), game, command, expected)
    assert response.status_code == status, response.data
    assert response.data["error"]


def test_preview_of_a_game_not_running_is_a_400(user, client_for):
    game = services.game_create(user=user, player_count=2)
    response = preview(client_for(user), game, "setup witches")
    assert response.status_code == 400
    assert "not running" in response.data["error"]


# --- auto-leech settings -------------------------------------------------------------------------


def test_autoleech_settings_default_to_off_and_are_editable_in_ones_own_turn(
    started_game, client_for
):
    game, _ = started_game()
    first, second = client_for(first_player(game)), client_for(game.seats.get(position=2).user)
    url = f"/api/v1/games/{game.pk}/autoleech/"
    body = first.get(url).data
    assert body["stored"] is False and body["settings"]["enabled"] is False
    assert body["editable"] is True
    assert second.get(url).data["editable"] is False
    settings = {"enabled": True, "take_up_to": 3, "decline_from": 6}
    response = first.put(url, settings, format="json")
    assert response.status_code == 200, response.data
    assert response.data["stored"] and response.data["settings"]["take_up_to"] == 3
    assert response.data["settings"]["cultists_take_up_to"] == 0
    response = second.put(url, settings, format="json")
    assert response.status_code == 400
    assert "own turn" in response.data["error"]


def test_in_round_five_the_player_in_turn_is_reminded_to_prepare_round_six(
    started_game, client_for
):
    """Yucata shows the settings under the pass button in round 5 (seed 001 §5.1)."""
    import random

    from games.rules.terra_mystica.legal import random_legal_command

    game, _ = started_game()
    users = {s.position: s.user for s in game.seats.all()}
    url = f"/api/v1/games/{game.pk}/autoleech/"
    assert client_for(users[1]).get(url).data["reminder"] == ""
    rng = random.Random(5)
    state = log.load_state(game)
    number = game.move_count
    while state.round < 5 or state.phase != "play":
        decision = rng.choice(facade.waiting_for(state))
        row = random_legal_command(state, decision["actor"], rng)
        result = services.move_submit(
            game_id=game.pk, user=users[decision["seat"]], command=row, expected_move_number=number
        )
        number = result.move.number
        state, _ = facade.apply(state, decision["actor"], row)
    game.refresh_from_db()
    in_turn = {d["seat"] for d in facade.waiting_for(state) if d["kind"] != "leech"}
    for position, user in users.items():
        reminder = client_for(user).get(url).data["reminder"]
        assert ("Round 6" in reminder) == (position in in_turn)


@pytest.mark.parametrize(
    "settings",
    [
        {"take_up_to": -1},
        {"decline_from": 0},
        {"take_up_to": "lots"},
        {"last_round_free_cultist": "maybe"},
    ],
)
def test_autoleech_settings_reject_bad_values(started_game, client_for, settings):
    game, _ = started_game()
    url = f"/api/v1/games/{game.pk}/autoleech/"
    response = client_for(first_player(game)).put(url, settings, format="json")
    assert response.status_code == 400
    assert response.data["error"]


def test_autoleech_settings_need_a_seat(started_game, client_for, other_user):
    game, _ = started_game()
    url = f"/api/v1/games/{game.pk}/autoleech/"
    assert client_for(other_user).get(url).status_code == 403
    assert client_for(None).get(url).status_code == 401


def _leech_offer(league):
    """Play up to the first recorded answer to a power offer; returns (receiver, answer)."""
    return league.play_until(lambda f, c: c.lower().startswith("leech"))


def test_offers_are_answered_by_the_receivers_settings(league):
    # Find the first recorded answer, then replay a fresh game up to the move before it.
    receiver, answer = _leech_offer(league)
    amount, giver = int(answer.split()[1]), answer.split()[-1].lower()
    fresh = type(league)()
    fresh.play(league.played - 1)
    AutoLeechSetting.objects.create(
        game=fresh.game,
        user=fresh.user_of(receiver),
        settings={"enabled": True, "take_up_to": amount, "decline_from": 99},
    )
    before = fresh.refresh().move_count
    fresh.play(1)
    game = fresh.refresh()
    assert game.move_count == before + 2, "the trigger, then the automatic answer"
    auto = Move.objects.get(game=game, number=game.move_count)
    assert (auto.actor, auto.command) == (receiver, f"leech {amount} from {giver}")
    assert auto.user == fresh.user_of(receiver) and auto.seat.faction == receiver
    assert auto.ledger and auto.ledger[0]["faction"] == receiver
    waiting = facade.waiting_for(log.load_state(game))
    assert not any(d["kind"] == "leech" and d["actor"] == receiver for d in waiting)
    assert StateSnapshot.objects.get(game=game).move_number == game.move_count


def test_offers_above_the_decline_threshold_are_declined(league):
    receiver, answer = _leech_offer(league)
    amount, giver = int(answer.split()[1]), answer.split()[-1].lower()
    fresh = type(league)()
    fresh.play(league.played - 1)
    AutoLeechSetting.objects.create(
        game=fresh.game,
        user=fresh.user_of(receiver),
        settings={"enabled": True, "take_up_to": 0, "decline_from": 1},
    )
    fresh.play(1)
    game = fresh.refresh()
    last = Move.objects.get(game=game, number=game.move_count)
    if amount == 1:  # Yucata's R2: one free power is always taken
        assert last.command == f"leech 1 from {giver}"
    else:
        assert last.command == f"decline {amount} from {giver}"


def test_without_settings_the_offer_waits_for_the_player(league):
    receiver, _answer = _leech_offer(league)
    game = league.refresh()
    last = Move.objects.get(game=game, number=game.move_count)
    assert last.actor != receiver
    waiting = facade.waiting_for(log.load_state(game))
    assert any(d["kind"] == "leech" and d["actor"] == receiver for d in waiting)


def test_disabled_settings_answer_nothing(league):
    receiver, _answer = _leech_offer(league)
    fresh = type(league)()
    fresh.play(league.played - 1)
    AutoLeechSetting.objects.create(
        game=fresh.game,
        user=fresh.user_of(receiver),
        settings={"enabled": False, "take_up_to": 9},
    )
    before = fresh.refresh().move_count
    fresh.play(1)
    assert fresh.refresh().move_count == before + 1


def test_offers_that_can_give_nothing_now_are_left_to_the_player():
    """Yucata's R0: what can be taken is measured when the player decides, so a player
    with full bowls may still make room and take the offer later; nothing is answered."""
    from games.kinds.terra_mystica import notation
    from games.rules import terra_mystica as tm
    from tests.conftest import load_corpus_game
    from web import autoleech

    record = notation.corpus_entries(load_corpus_game("4pLeague_S64_D1L1_G4"))
    setup = tm.GameSetup(
        player_count=len(record.players),
        options=tuple(record.options),
        scoring_tiles=tuple(record.scoring_tiles),
        removed_bonus_tiles=tuple(record.removed_bonus_tiles),
        players=tuple(record.players),
    )
    state = tm.new_game(setup)
    for entry in record.entries[:151]:
        if entry.drop:
            state = tm.drop_faction(state, entry.actor)
        else:
            state = tm.apply(state, entry.actor, entry.command)
    offer = next(d for d in tm.waiting_for(state) if d.kind == "leech" and d.actor == "engineers")
    assert offer.details["actual"] == 0
    assert autoleech.next_answer("terra_mystica", state, {}) is None
    assert autoleech.next_answer("terra_mystica", state, {"engineers": {"enabled": True}}) is None


def test_explain_names_the_rule_a_command_breaks_and_writes_nothing(started_game, client_for):
    game, _ = started_game()
    client = client_for(first_player(game))
    url = f"/api/v1/games/{game.pk}/explain/"
    refused = client.post(url, {"command": "build A1"}, format="json")
    assert refused.status_code == 200
    assert refused.data["legal"] is False and "faction" in refused.data["reason"]
    accepted = client.post(url, {"command": "setup witches"}, format="json")
    assert accepted.data == {"command": "setup witches", "legal": True, "reason": ""}
    game.refresh_from_db()
    assert game.move_count == 0


def test_explain_is_for_seated_players_only(started_game, client_for, other_user):
    game, _ = started_game()
    response = client_for(other_user).post(
        f"/api/v1/games/{game.pk}/explain/", {"command": "setup witches"}, format="json"
    )
    assert response.status_code == 403


def test_the_state_after_any_move_in_force_is_served_to_anyone_who_sees_the_game(league, api):
    league.play(30)
    game = league.refresh()
    response = api.get(f"/api/v1/games/{game.pk}/states/12/")
    assert response.status_code == 200, response.data
    view = response.data
    assert view["move_number"] == 12 and view["latest_move_number"] == 30
    expected = log.replay(game, list(game.moves.filter(number__lte=12).order_by("number")))
    assert view["factions"] == facade.state_view(expected)["factions"]
    start = api.get(f"/api/v1/games/{game.pk}/states/0/").data
    assert start["factions"] == {} and start["round"] == 0


def test_history_skips_undone_moves_and_hides_private_games(league, api, client_for):
    league.play(5)
    game = league.refresh()
    faction, command = league.moves[5]
    services.move_submit(
        game_id=game.pk, user=league.user_of(faction), command=command, expected_move_number=5
    )
    services.move_undo(game_id=game.pk, user=league.user_of(faction), expected_move_number=6)
    assert api.get(f"/api/v1/games/{game.pk}/states/6/").status_code == 404
    assert api.get(f"/api/v1/games/{game.pk}/states/5/").status_code == 200
    game.public = False
    game.save(update_fields=["public"])
    assert api.get(f"/api/v1/games/{game.pk}/states/5/").status_code == 404
    assert (
        client_for(league.user_of(faction)).get(f"/api/v1/games/{game.pk}/states/5/").status_code
        == 200
    )


def test_a_moves_seats_carry_each_players_automatic_answers_the_games_first(
    started_game, django_assert_num_queries
):
    """The answers a move plays for players come with the seats it reads: the same as the
    settings stored (a game's own before the account's, nothing for a player with neither),
    with no query of their own."""
    from web import selectors
    from web import services as web_services
    from web.models import AutoLeechDefault

    game, (creator, joiner) = started_game()
    other_game, _ = started_game()
    AutoLeechDefault.objects.create(user=creator, settings={"enabled": True, "take_up_to": 2})
    AutoLeechSetting.objects.create(game=game, user=creator, settings={"take_up_to": 4})
    AutoLeechSetting.objects.create(game=other_game, user=joiner, settings={"take_up_to": 1})
    seats = log.seats_with_addresses(game)
    with django_assert_num_queries(0):
        stored = web_services._autoleech_of_seats(game, seats)
    assert stored == {creator.pk: {"take_up_to": 4}}
    assert stored == selectors.autoleech_settings_of_seats(game)
    AutoLeechSetting.objects.filter(game=game).delete()
    seats = log.seats_with_addresses(game)
    assert web_services._autoleech_of_seats(game, seats) == {
        creator.pk: {"enabled": True, "take_up_to": 2}
    }
    # Seats read without the annotations (elsewhere) still get the stored settings.
    assert web_services._autoleech_of_seats(game, list(game.seats.all())) == {
        creator.pk: {"enabled": True, "take_up_to": 2}
    }
