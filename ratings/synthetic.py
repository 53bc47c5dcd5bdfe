"""Synthetic finished games for tests, the benchmark and parameter experiments.

Players and factions get a hidden true strength; each game's VP are drawn around it, so
ratings computed from these games have something real to find.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta

from ratings.elo import FinishedGame, SeatResult

FACTIONS = (
    "alchemists",
    "auren",
    "chaosmagicians",
    "cultists",
    "darklings",
    "dwarves",
    "engineers",
    "fakirs",
    "giants",
    "halflings",
    "mermaids",
    "nomads",
    "swarmlings",
    "witches",
)
MAPS = ("base", "fire-and-ice", "loon-lakes", "fjords")
EPOCH = datetime(2024, 1, 1, tzinfo=UTC)


def synthetic_games(
    count: int,
    players: int = 200,
    player_counts: tuple[int, ...] = (4,),
    seed: int = 0,
    drop_rate: float = 0.02,
) -> Iterator[FinishedGame]:
    """`count` games among `players` players, finishing one hour apart, reproducible by seed."""
    rng = random.Random(seed)
    skill = [rng.gauss(0.0, 15.0) for _ in range(players)]
    faction_bias = {(f, m): rng.gauss(0.0, 6.0) for f in FACTIONS for m in MAPS}
    for n in range(count):
        size = rng.choice(player_counts)
        map_id = rng.choice(MAPS)
        seated = rng.sample(range(players), size)
        factions = rng.sample(FACTIONS, size)
        results = []
        for player, faction in zip(seated, factions, strict=True):
            vp = round(130 + skill[player] + faction_bias[(faction, map_id)] + rng.gauss(0, 20))
            dropped = rng.random() < drop_rate
            if dropped:
                vp = max(0, vp // 2)
            results.append(SeatResult(player + 1, faction, vp, dropped))
        yield FinishedGame(
            game_id=n + 1,
            finished_at=EPOCH + timedelta(hours=n),
            map_id=map_id,
            results=tuple(results),
        )
