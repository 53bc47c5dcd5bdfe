"""The final scoring's networks (``scoring._network_labels``) answer as the pairwise way.

A network is a faction's buildings connected directly (edges, bridges, the Mermaids' river
links) or within its shipping range (the Dwarves' tunnelling and the Fakirs' carpet range
instead). The scoring compares each building reached only with those not reached yet; the
long way below links every building with every other first and then walks the links. Both
must number the same networks, in every corpus game at its end and a third of the way.
"""

from __future__ import annotations

import pytest

from games.rules.terra_mystica import scoring
from games.rules.terra_mystica.context import Game
from games.rules.terra_mystica.replay import replay_game
from games.rules.terra_mystica.state import FactionState

from .conftest import CORPUS_GAMES, corpus_game


def _labels_the_long_way(g: Game, f: FactionState) -> dict[str, int]:
    spec = g.rules(f).spec
    if spec.teleport is not None:
        reach = f.carpet_range if spec.teleport.kind == "carpet" else spec.teleport.base_range
        distances, limit = g.board.hex_distance, reach + 1
    else:
        distances, limit = g.board.river_distance, f.ship
    links = scoring._direct_links(g, f)
    for a, near in links.items():
        near += [b for b in f.locations if distances[a].get(b, limit + 1) <= limit]
    return scoring._groups(f.locations, links)  # the walk the clusters are numbered by


@pytest.mark.parametrize("path", CORPUS_GAMES, ids=lambda p: p.stem)
def test_networks_are_numbered_as_the_pairwise_way(path) -> None:
    game = corpus_game(path.stem)
    third = dict(game, rows=game["rows"][: len(game["rows"]) // 3])
    for record in (game, third):
        state = replay_game(record, check=False).state
        g = Game(state)
        for f in state.factions.values():
            expected = _labels_the_long_way(g, f)
            assert scoring._network_labels(g, f) == expected, f.name
            assert scoring.network_size(g, f) == max(
                (list(expected.values()).count(n) for n in set(expected.values())), default=0
            )


def test_the_corpus_has_split_networks_and_teleporting_factions() -> None:
    """The comparison above means something: some factions end with more than one network,
    and tunnelling and carpet flight are among them."""
    split = teleporting = 0
    for path in CORPUS_GAMES:
        state = replay_game(corpus_game(path.stem), check=False).state
        g = Game(state)
        for f in state.factions.values():
            split += len(set(scoring._network_labels(g, f).values())) > 1
            teleporting += g.rules(f).spec.teleport is not None
    assert split >= 10
    assert teleporting >= 5
