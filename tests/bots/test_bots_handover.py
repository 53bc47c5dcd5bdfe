"""A seat that has left a game (resigned, ran out of time, dropped) handed to the computer:
by the other players of an unrated game, by a league's organiser where the league allows it;
the seat plays on and the game reaches its end. Refusals name the rule.

Moves here go through the services as each seat's player (the bots' own too); the worker's
part is tests/bots/test_bots_handover_worker.py."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

from bots.models import HandOver
from games import kinds
from games import services as game_services
from games.log import load_state
from games.models import Game, Move, Seat
from tests.factories import StaffFactory, UserFactory
from tests.leagues.league_play import play_to_end

pytestmark = pytest.mark.django_db


def play_until(game_id: int, done: Callable[[Game, object], bool], seed: int = 0) -> Game:
    """Random legal moves of the seats the game waits for, each as its player, until
    ``done(game, state)``."""
    rng = random.Random(seed)
    for _ in range(3000):
        game = Game.objects.get(pk=game_id)
        state = load_state(game)
        if game.status != Game.Status.RUNNING or done(game, state):
            return game
        engine = kinds.engine_for(game.kind)
        seat = game.seats.select_related("user").get(position=engine.waiting_for(state)[0]["seat"])
        command = rng.choice(engine.legal_commands(state, seat.position))
        game_services.move_submit(
            game_id=game.pk, user=seat.user, command=command, expected_move_number=game.move_count
        )
    raise AssertionError("the game did not get there")


def in_actions(game: Game, state) -> bool:
    """Terra Mystica: a round's actions (where a faction that left can come back)."""
    return state.round >= 1 and state.phase == "play"


def unrated_game(*users, kind: str = "terra_mystica", seed: str = "handover") -> Game:
    game = game_services.game_create(
        user=users[0], player_count=len(users), public=False, seed=seed, kind=kind
    )
    for other in users[1:]:
        game_services.game_join(game_id=game.pk, user=other, invite_code=game.invite_code)
    if Game.objects.get(pk=game.pk).status == Game.Status.OPEN:
        game_services.game_start(game_id=game.pk, user=users[0])
    return Game.objects.get(pk=game.pk)


def hand_over(client, game: Game, position: int, level: str = "random"):
    return client.post(
        f"/api/v1/games/{game.pk}/seats/{position}/bot/", {"level": level}, format="json"
    )


@pytest.fixture
def three():
    return [UserFactory() for _ in range(3)]


def test_a_seat_that_resigned_goes_to_a_bot_and_the_game_reaches_its_end(client_for, three):
    leaver, stayer, _third = three
    game = play_until(unrated_game(*three).pk, in_actions)
    assert client_for(leaver).post(f"/api/v1/games/{game.pk}/resign/").status_code == 200
    seat = Seat.objects.get(game=game, user=leaver)
    assert seat.dropped

    handed = hand_over(client_for(stayer), game, seat.position)

    assert handed.status_code == 200, handed.json()
    assert handed.json()["bot_level"] == "random"
    seat.refresh_from_db()
    assert seat.user.profile.is_bot and not seat.dropped
    rejoin = Move.objects.get(game=game, kind=Move.Kind.REJOIN)
    assert (rejoin.seat_id, rejoin.user_id, rejoin.actor) == (seat.pk, stayer.pk, seat.faction)
    record = HandOver.objects.get(game=game)
    assert (record.player, record.by, record.dropped) == (leaver, stayer, True)
    assert record.vp is not None  # the score the leaver had
    # The log, replayed, agrees: the seat plays on.
    state = load_state(game)
    assert not state.factions[seat.faction].dropped

    finished = play_to_end(game.pk, seed=3)
    assert finished.status == Game.Status.FINISHED
    seat.refresh_from_db()
    assert seat.rank is not None
    assert Move.objects.filter(game=game, seat=seat, number__gt=rejoin.number).exists()
    # Each of the others' moves and the bot's went through the same path: the export names it.
    assert finished.moves.filter(user=seat.user).exists()


def test_a_mythotopia_seat_that_resigned_plays_on_for_the_computer(client_for, three):
    leaver, stayer, _ = three
    game = unrated_game(*three, kind="mythotopia", seed="myth-handover")
    game = play_until(game.pk, lambda g, s: s.get("start_choices") is None and g.move_count > 8)
    assert client_for(leaver).post(f"/api/v1/games/{game.pk}/resign/").status_code == 200
    seat = Seat.objects.get(game=game, user=leaver)

    assert hand_over(client_for(stayer), game, seat.position).status_code == 200

    seat.refresh_from_db()
    assert not seat.dropped
    rejoined = Game.objects.get(pk=game.pk).move_count
    game = play_until(
        game.pk,
        lambda g, s: g.moves.filter(seat=seat, number__gt=rejoined).count() >= 4,
        seed=5,
    )
    assert game.status == Game.Status.RUNNING
    assert seat.position not in load_state(game)["dropped"]


def test_refusals_name_the_rule(client_for, three):
    leaver, stayer, third = three
    game = play_until(unrated_game(*three, seed="refusals").pk, in_actions)
    assert client_for(leaver).post(f"/api/v1/games/{game.pk}/resign/").status_code == 200
    position = Seat.objects.get(game=game, user=leaver).position

    stranger = hand_over(client_for(UserFactory()), game, position)
    assert stranger.status_code == 404  # a private game: strangers do not see it
    own = hand_over(client_for(leaver), game, position)
    assert own.status_code == 403
    assert "You have left this game" in own.json()["error"]
    level = hand_over(client_for(stayer), game, position, level="grandmaster")
    assert level.status_code == 400
    assert "levels" in level.json()["error"]
    silent = hand_over(client_for(stayer), game, Seat.objects.get(game=game, user=third).position)
    assert silent.status_code == 400
    assert "not silent" in silent.json()["error"]
    assert hand_over(client_for(stayer), game, position).status_code == 200
    again = hand_over(client_for(third), game, position)
    assert again.status_code == 400
    assert "already" in again.json()["error"]


def handed_over_and_played_on(client_for, three, seed: str) -> tuple[Game, Seat, Move]:
    """A game where ``three[0]`` resigned in the actions, ``three[1]`` handed the seat to a
    bot and every seat, the bot's included, then made a few moves."""
    leaver, stayer, _ = three
    game = play_until(unrated_game(*three, seed=seed).pk, in_actions)
    assert client_for(leaver).post(f"/api/v1/games/{game.pk}/resign/").status_code == 200
    seat = Seat.objects.get(game=game, user=leaver)
    assert hand_over(client_for(stayer), game, seat.position).status_code == 200
    rejoin = Move.objects.get(game=game, kind=Move.Kind.REJOIN)
    game = play_until(game.pk, lambda g, s: g.move_count >= rejoin.number + 6, seed=7)
    return game, Seat.objects.get(pk=seat.pk), rejoin


def test_a_game_with_a_seat_handed_over_exports_and_imports_back(client_for, three):
    game, seat, _rejoin = handed_over_and_played_on(client_for, three, "export-rejoin")
    text = client_for(three[1]).get(f"/api/v1/games/{game.pk}/export/").content.decode()
    assert f"rejoin-faction {seat.faction}" in text

    imported = client_for(StaffFactory()).post(
        "/api/v1/games/import/", {"text": text, "attach_existing": True}, format="json"
    )

    assert imported.status_code == 201, imported.json()
    copy = Game.objects.get(pk=imported.json()["id"])
    engine = kinds.engine_for(game.kind)
    # The same position (the setup differs only in what names the game: seed, players' ids).
    copied, original = engine.dump(load_state(copy)), engine.dump(load_state(game))
    assert {**copied, "setup": None} == {**original, "setup": None}
    assert not copy.seats.get(position=seat.position).dropped
    assert copy.moves.filter(kind=Move.Kind.REJOIN, seat__position=seat.position).exists()


def test_a_rollback_past_a_hand_over_is_refused_naming_the_rule(client_for, three):
    game, seat, rejoin = handed_over_and_played_on(client_for, three, "rollback-rejoin")
    creator = client_for(three[0])
    before = game.move_count

    refused = creator.post(
        f"/api/v1/games/{game.pk}/rollback/",
        {"to_move_number": rejoin.number - 1, "expected_move_number": before},
        format="json",
    )

    assert refused.status_code == 400
    assert "handed to the computer" in refused.json()["error"]
    assert Game.objects.get(pk=game.pk).move_count == before  # nothing changed
    seat.refresh_from_db()
    assert not seat.dropped and seat.user.profile.is_bot
    # Back to the hand-over itself is allowed: the moves after it are taken back.
    kept = creator.post(
        f"/api/v1/games/{game.pk}/rollback/",
        {"to_move_number": rejoin.number, "expected_move_number": before},
        format="json",
    )
    assert kept.status_code == 201, kept.json()
    assert not Seat.objects.get(pk=seat.pk).dropped


def test_a_seat_that_left_during_the_setup_cannot_come_back(client_for, three):
    leaver, stayer, _ = three
    game = unrated_game(*three, seed="setup-drop")
    game = play_until(
        game.pk, lambda g, s: all(f for f in g.seats.values_list("faction", flat=True))
    )
    assert client_for(leaver).post(f"/api/v1/games/{game.pk}/resign/").status_code == 200
    refused = hand_over(client_for(stayer), game, Seat.objects.get(game=game, user=leaver).position)
    assert refused.status_code == 400
    assert "during a round's actions" in refused.json()["error"]
    assert Seat.objects.get(game=game, user=leaver).dropped  # nothing changed
    assert not HandOver.objects.exists()


def test_a_seat_of_a_rated_game_does_not_go_to_the_players_bot(client_for, three):
    leaver, stayer, third = three
    game = game_services.game_create(user=leaver, player_count=3, public=True, seed="rated")
    for other in (stayer, third):
        game_services.game_join(game_id=game.pk, user=other)
    game = play_until(game.pk, in_actions)
    assert client_for(leaver).post(f"/api/v1/games/{game.pk}/resign/").status_code == 200
    refused = hand_over(client_for(stayer), game, Seat.objects.get(game=game, user=leaver).position)
    assert refused.status_code == 403
    assert "unrated" in refused.json()["error"]


# --- the game page ---------------------------------------------------------------------------


def test_the_game_page_offers_a_seat_that_left_and_hands_it_over_in_german(client_for, three):
    from django.test import Client
    from django.urls import reverse

    leaver, stayer, _ = three
    game = play_until(unrated_game(*three, seed="page-left").pk, in_actions)
    assert client_for(leaver).post(f"/api/v1/games/{game.pk}/resign/").status_code == 200
    position = Seat.objects.get(game=game, user=leaver).position
    page = Client(headers={"accept-language": "de"})
    page.force_login(stayer)
    html = page.get(reverse("game-page", args=[game.pk])).content.decode()
    assert 'id="seat-handover"' in html
    assert f'<option value="{position}">' in html and "(hat verlassen)" in html
    assert "Der Computer spielt ihn bis zum Ende" in html
    # The leaver, out of the game, is offered nothing.
    gone = Client()
    gone.force_login(leaver)
    assert (
        'id="seat-handover"' not in gone.get(reverse("game-page", args=[game.pk])).content.decode()
    )

    page.post(
        reverse("game-seat-bot-page", args=[game.pk]), {"position": position, "level": "random"}
    )
    seat = Seat.objects.select_related("user__profile").get(game=game, position=position)
    assert seat.user.profile.is_bot and not seat.dropped
