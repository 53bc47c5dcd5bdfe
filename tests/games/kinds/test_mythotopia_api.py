"""Mythotopia through the real API: a whole game of random legal commands, each sent by the
seat's own user, and no reply ever shows a player another player's cards.
"""

from __future__ import annotations

import json
import random

import pytest

from games import results
from games.models import Game, Seat
from tests.factories import UserFactory
from tests.rules.mythotopia.playouts import kind_of, weight

pytestmark = pytest.mark.django_db

SECRET_KEYS = {"hand", "hands", "deck", "drawn", "discarded", "my_deck"}


def keys(value) -> set[str]:
    if isinstance(value, dict):
        return set(value) | {k for v in value.values() for k in keys(v)}
    if isinstance(value, list):
        return {k for v in value for k in keys(v)}
    return set()


def choose(rng: random.Random, commands: list[str]) -> str:
    """The random players of the property tests: a kind of action first, then a command."""
    by_kind: dict[str, list[str]] = {}
    for command in commands:
        by_kind.setdefault(kind_of(command), []).append(command)
    kinds = sorted(by_kind)
    kind = rng.choices(kinds, [weight(k) for k in kinds])[0]
    options = by_kind[kind]
    return rng.choices(options, [len(c.split()) ** 2 for c in options])[0]


def secret_free(document, hand: list[str]) -> bool:
    """Neither a secret key nor another player's hand (as the list it is) appears outside the
    viewer's own cards; a hand of one card could be any list of one card, so it is not checked.
    """
    public = {k: v for k, v in document.items() if k not in ("my_hand", "my_discard")}
    text = json.dumps(public)
    return not (keys(public) & SECRET_KEYS) and (len(hand) < 2 or json.dumps(hand) not in text)


def test_a_whole_game_of_mythotopia_through_the_api_keeps_every_hand_secret(client_for):
    rng = random.Random(13)
    users = [UserFactory() for _ in range(3)]
    api = {u.pk: client_for(u) for u in users}
    created = api[users[0].pk].post(
        "/api/v1/games/", {"kind": "mythotopia", "player_count": 3}, format="json"
    )
    assert created.status_code == 201, created.data
    game_id = created.data["id"]
    for user in users[1:]:
        assert api[user.pk].post(f"/api/v1/games/{game_id}/join/").status_code == 200
    seat_of = dict(Seat.objects.filter(game_id=game_id).values_list("user_id", "position"))
    spectator = client_for()

    moves = 0
    hands: dict[int, list[str]] = {}
    while Game.objects.get(pk=game_id).status == "running":
        game = Game.objects.get(pk=game_id)
        seen = spectator.get(f"/api/v1/games/{game_id}/state/").json()
        waiting = seen["waiting_for"][0]  # secret setup choices wait for every seat at once
        on_turn = next(u for u, s in seat_of.items() if s == waiting["seat"])
        legal = api[on_turn].get(f"/api/v1/games/{game_id}/legal/").json()["commands"]
        assert legal
        if moves % 10 == 0:
            # Every tenth move, each view is checked against every other player's hand.
            hands = check_views(api, seat_of, game_id)
            assert "my_hand" not in seen and "my_discard" not in seen
            assert all(secret_free(seen, hand) for hand in hands.values())
            assert "provisional" in seen["provisional_components"]
            waited = {w["seat"] for w in seen["waiting_for"]}
            for other in api:
                if seat_of[other] not in waited:
                    legal_other = api[other].get(f"/api/v1/games/{game_id}/legal/").json()
                    assert legal_other["commands"] == []
        command = choose(rng, legal)
        posted = api[on_turn].post(
            f"/api/v1/games/{game_id}/moves/",
            {"command": command, "expected_move_number": game.move_count},
            format="json",
        )
        assert posted.status_code == 201, (command, posted.data)
        moves += 1
        if moves % 100 == 0:
            check_logs(api, spectator, game_id, hands)
        assert moves < 3000, "a random game should end within 3000 moves"

    game = Game.objects.get(pk=game_id)
    assert game.status == "finished"
    check_logs(api, spectator, game_id, check_views(api, seat_of, game_id))
    assert results.game_result_record(game_id)  # what the finishing task runs after the commit
    seats = list(Seat.objects.filter(game=game).order_by("rank"))
    assert seats[0].rank == 1 and all(s.final_vp is not None for s in seats)
    assert "provinces" in seats[0].vp_breakdown
    assert api[users[0].pk].get(f"/games/{game_id}/").status_code == 200


def check_views(api, seat_of, game_id: int) -> dict[int, list[str]]:
    """Each player's state: their own hand, the others' only as sizes; returns the hands."""
    states = {u: api[u].get(f"/api/v1/games/{game_id}/state/").json() for u in api}
    hands = {u: states[u]["my_hand"] for u in api}
    for viewer, state in states.items():
        assert "hand" not in keys(state)
        for other, hand in hands.items():
            if other != viewer:
                assert secret_free(state, hand), (viewer, other)
                assert state["seats"][str(seat_of[other])]["hand_size"] == len(hand)
    return hands


def check_logs(api, spectator, game_id: int, hands: dict[int, list[str]]) -> None:
    """Moves and ledger: secret row details and commands only for their own player."""
    for viewer, client in [*api.items(), (None, spectator)]:
        moves = client.get(f"/api/v1/games/{game_id}/moves/?page_size=1000").json()["results"]
        ledger = client.get(f"/api/v1/games/{game_id}/ledger/").json()
        for other, hand in hands.items():
            if other != viewer:
                assert not (json.dumps(hand) in json.dumps(moves) and len(hand) > 1)
        for move in ledger:
            for row in move["rows"]:
                secret = {"drawn", "discarded"} & set(row)
                if secret:
                    assert viewer is not None
        if viewer is None:
            assert all(not ({"drawn", "discarded"} & set(r)) for m in ledger for r in m["rows"])
