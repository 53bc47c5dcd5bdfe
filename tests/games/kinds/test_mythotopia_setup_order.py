"""Mythotopia's setup order through the API, as the seed has it: the start choice, then the
secret citadel choice, and only then "Jeder Spieler zieht 5 Karten"; each player's first hand
reaches their eyes alone."""

from __future__ import annotations

import pytest

from games import services
from games.rules import mythotopia
from tests.factories import UserFactory
from tests.support.mythotopia_api import legal, play, state

pytestmark = pytest.mark.django_db


def citadel_seed(players: int, options: list[str]) -> str:
    """A game seed whose drawn VP cards include the Citadel."""
    names = [f"p{i}" for i in range(players)]
    return next(
        seed
        for seed in (f"order-{n}" for n in range(100))
        if "citadel"
        in mythotopia.new_state(mythotopia.make_setup(names, seed, options))["vp_cards"]
    )


def test_start_choice_then_citadels_then_the_first_hands(client_for):
    users = [UserFactory() for _ in range(3)]
    options = ["start-choice"]
    game = services.game_create(
        user=users[0],
        kind="mythotopia",
        player_count=3,
        options=options,
        seed=citadel_seed(3, options),
    )
    api = [client_for(u) for u in users]
    for client in api[1:]:
        assert client.post(f"/api/v1/games/{game.pk}/join/").status_code == 200

    first = [state(c, game.pk) for c in api]
    assert all(s["choosing_start"] and s["my_hand"] == [] for s in first)
    for client in api:
        commands = legal(client, game.pk)
        assert commands and all(c.split()[0] == "return" and len(c.split()) == 3 for c in commands)
        play(client, game.pk, commands[0])

    chosen = [state(c, game.pk) for c in api]
    assert all(s["choosing_citadels"] and s["my_hand"] == [] for s in chosen)
    assert all(s["seats"][k]["hand_size"] == 0 for s in chosen for k in s["seats"])
    for client in api:
        play(client, game.pk, legal(client, game.pk)[0])

    hands = [state(c, game.pk)["my_hand"] for c in api]
    assert sorted(len(h) for h in hands) == [5, 5, 5]
    ledgers = [c.get(f"/api/v1/games/{game.pk}/ledger/").json() for c in api]
    for mine, ledger in zip(hands, ledgers, strict=True):
        drawn = [row["drawn"] for move in ledger for row in move["rows"] if row.get("drawn")]
        assert drawn == [mine]  # the first hand, shown to its player alone
