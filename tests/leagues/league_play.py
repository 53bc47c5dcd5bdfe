"""Playing league games to their end through the platform's services (random legal moves)."""

from __future__ import annotations

import random

from games import log as game_log
from games import services as game_services
from games.kinds.terra_mystica import facade
from games.models import Game
from games.rules.terra_mystica.legal import legal_commands, random_legal_command


def play_to_end(game: Game | int, seed: int = 0, eager_pass: float = 0.5) -> Game:
    """Finish a running game through the platform's services: every move is a random legal
    command of a player who is asked to act, submitted as that player.

    A player who may pass does so with probability ``eager_pass``: games stay varied but take
    about half the moves of purely random play, which keeps a season of 30 games quick."""
    game = Game.objects.get(pk=game if isinstance(game, int) else game.pk)
    users = {s.position: s.user for s in game.seats.select_related("user")}
    state = game_log.load_state(game)
    number = game.move_count
    rng = random.Random(seed)
    while True:
        waiting = facade.waiting_for(state)
        if not waiting:
            break
        decision = rng.choice(waiting)
        actor = decision["actor"]
        row = None
        if state.round > 0 and rng.random() < eager_pass:
            passes = [c for c in legal_commands(state, actor) if c.lower().startswith("pass")]
            row = rng.choice(passes) if passes else None
        row = row or random_legal_command(state, actor, rng)
        assert row is not None, f"no legal command for {actor}"
        result = game_services.move_submit(
            game_id=game.pk, user=users[decision["seat"]], command=row, expected_move_number=number
        )
        number = result.move.number
        state, _ = facade.apply(state, actor, row)
        if result.finished:
            break
    game.refresh_from_db()
    return game


def choose_factions(game: Game | int, seed: int = 0) -> Game:
    """Play the faction choices of a game (and nothing more)."""
    game = Game.objects.get(pk=game if isinstance(game, int) else game.pk)
    users = {s.position: s.user for s in game.seats.select_related("user")}
    state = game_log.load_state(game)
    number = game.move_count
    rng = random.Random(seed)
    while True:
        waiting = [d for d in facade.waiting_for(state) if d["kind"] == "faction"]
        if not waiting:
            break
        decision = waiting[0]
        row = random_legal_command(state, decision["actor"], rng)
        result = game_services.move_submit(
            game_id=game.pk, user=users[decision["seat"]], command=row, expected_move_number=number
        )
        number = result.move.number
        state, _ = facade.apply(state, decision["actor"], row)
    game.refresh_from_db()
    return game
