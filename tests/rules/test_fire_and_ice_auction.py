"""Fire & Ice's faction auction (option faction-auction) and the fast auction (fast-auction)."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.rules.terra_mystica import GameSetup, RuleError, apply, new_game
from games.rules.terra_mystica.legal import legal_commands
from games.rules.terra_mystica.setup import DEFAULT_OPTIONS, faction_boards, random_setup
from games.rules.terra_mystica.state import GameState
from games.rules.terra_mystica.views import waiting_for

from .conftest import LEAGUE_OPTIONS
from .playouts import check_playout

FI = (
    "fire-and-ice-factions/ice",
    "fire-and-ice-factions/volcano",
    "fire-and-ice-factions/variable_v5",
)
TILES = ("SCORE5", "SCORE8", "SCORE4", "SCORE9", "SCORE6", "SCORE2")


def auction_game(offered, option="faction-auction", extra=()):
    removed = ("BON3", "BON4", "BON5", "BON6", "BON7", "BON8", "BON9", "BON10")
    return new_game(
        GameSetup(
            player_count=len(offered),
            options=(*LEAGUE_OPTIONS, *FI, option, *extra),
            scoring_tiles=TILES,
            removed_bonus_tiles=removed[: 7 - len(offered)],
            auction_factions=tuple(offered),
        )
    )


def play(state: GameState, *moves: tuple[str, str]) -> GameState:
    for actor, row in moves:
        state = apply(state, actor, row)
    return state


def asked(state: GameState) -> list[tuple[str, str]]:
    return [(d.actor, d.kind) for d in waiting_for(state)]


def test_the_high_bidder_chooses_a_faction_and_a_position_and_starts_with_40_minus_the_bid():
    state = auction_game(["yetis", "alchemists", "cultists"])
    assert state.phase == "faction-auction"
    assert asked(state) == [("player1", "bid")]
    state = play(state, ("player1", "bid 3"), ("player2", "bid 5"), ("player3", "pass"))
    assert asked(state) == [("player1", "bid")]
    state = play(state, ("player1", "pass"))
    assert asked(state) == [("player2", "faction")]
    state = play(state, ("player2", "setup alchemists position 2"))
    # The next auction starts with the next player clockwise after the winner.
    assert asked(state) == [("player3", "bid")]
    state = play(state, ("player3", "bid 0"), ("player1", "bid 1"), ("player3", "pass"))
    state = play(state, ("player1", "setup yetis position 3"), ("yetis", "pick-color green"))
    # The last player bids alone: the last faction and position at 0.
    assert asked(state) == [("player3", "faction")]
    state = play(state, ("player3", "setup cultists"))
    assert state.phase == "initial-dwellings"
    order = [(f.name, f.seat, f.vp, f.start_player) for f in state.factions_in_order()]
    assert order == [
        ("cultists", 3, 40, True),
        ("alchemists", 2, 35, False),
        ("yetis", 1, 39, False),
    ]
    # Dwellings, bonus cards and round 1 follow the positions chosen.
    assert state.setup_order[0] == ["cultists", "dwelling"]
    assert asked(state) == [("cultists", "dwelling")]


def test_the_first_bidder_must_bid_and_a_pass_is_final_within_the_auction():
    state = auction_game(["nomads", "witches", "giants"])
    with pytest.raises(RuleError, match=r"first bidder .* must bid"):
        apply(state, "player1", "pass")
    state = play(state, ("player1", "bid 0"), ("player2", "pass"))
    with pytest.raises(RuleError, match="player3's turn"):
        apply(state, "player2", "bid 4")
    state = play(state, ("player3", "bid 2"))
    # player2 passed: the bidding goes back to player1 only.
    assert asked(state) == [("player1", "bid")]
    with pytest.raises(RuleError, match="at least 3"):
        apply(state, "player1", "bid 2")


def test_bids_are_0_to_40_and_a_bid_of_40_ends_the_auction_at_once():
    state = auction_game(["nomads", "witches", "giants"])
    with pytest.raises(RuleError, match="0 to 40"):
        apply(state, "player1", "bid 41")
    state = play(state, ("player1", "bid 40"))
    assert asked(state) == [("player1", "faction")]
    state = play(state, ("player1", "setup giants position 1"))
    assert state.factions["giants"].vp == 0


def test_the_winner_names_an_offered_faction_and_a_free_position():
    state = play(auction_game(["nomads", "witches", "giants"]), ("player1", "bid 0"))
    state = play(state, ("player2", "pass"), ("player3", "pass"))
    with pytest.raises(RuleError, match="not offered"):
        apply(state, "player1", "setup darklings position 1")
    with pytest.raises(RuleError, match="choose a position"):
        apply(state, "player1", "setup nomads")
    with pytest.raises(RuleError, match="position 4 is not free"):
        apply(state, "player1", "setup nomads position 4")
    state = play(state, ("player1", "setup nomads position 2"))
    state = play(state, ("player2", "bid 0"), ("player3", "pass"))
    with pytest.raises(RuleError, match="position 2 is not free"):
        apply(state, "player2", "setup witches position 2")
    with pytest.raises(RuleError, match="has no faction yet"):
        apply(state, "player3", "build E5")


def test_free_choice_factions_may_not_start_on_the_home_terrain_of_an_offered_faction():
    state = play(
        auction_game(["icemaidens", "witches"]),
        ("player1", "bid 0"),
        ("player2", "pass"),
        ("player1", "setup icemaidens position 1"),
        ("icemaidens", "+FAV11"),
    )
    with pytest.raises(RuleError, match="home terrain of a faction in the auction"):
        apply(state, "icemaidens", "pick-color green")
    state = apply(state, "icemaidens", "pick-color yellow")
    assert state.factions["icemaidens"].color == "yellow"


def test_the_auction_ignores_the_variable_starting_vp_table():
    state = auction_game(["fakirs", "witches"], extra=("variable-starting-vp",))
    state = play(state, ("player1", "bid 7"), ("player2", "pass"))
    state = play(state, ("player1", "setup fakirs position 2"), ("player2", "setup witches"))
    assert (state.factions["fakirs"].vp, state.factions["witches"].vp) == (33, 40)


def test_fast_auction_outbid_players_bid_again_and_turn_order_follows_the_first_bids():
    state = auction_game(["nomads", "witches", "giants"], option="fast-auction")
    state = play(state, ("player1", "bid witches 0"), ("player2", "bid witches 2"))
    assert asked(state) == [("player3", "bid")]
    with pytest.raises(RuleError, match="bid more than 2"):
        apply(state, "player3", "bid witches 2")
    with pytest.raises(RuleError, match="must bid"):
        apply(state, "player3", "pass")
    state = play(state, ("player3", "bid giants 1"))
    # player1 was outbid for the Witches and bids again.
    assert asked(state) == [("player1", "bid")]
    state = play(state, ("player1", "bid nomads 0"))
    assert state.phase == "initial-dwellings"
    order = [(f.name, f.seat, f.vp, f.start_player) for f in state.factions_in_order()]
    assert order == [
        ("witches", 2, 38, True),
        ("giants", 3, 39, False),
        ("nomads", 1, 40, False),
    ]


def test_the_legal_moves_list_the_bids():
    state = auction_game(["nomads", "witches"])
    assert legal_commands(state, "player1") == [f"bid {n}" for n in range(41)]
    state = apply(state, "player1", "bid 38")
    assert legal_commands(state, "player2") == ["bid 39", "bid 40", "pass"]
    assert legal_commands(state, "player1") == []
    fast = auction_game(["nomads", "witches"], option="fast-auction")
    fast = apply(fast, "player1", "bid nomads 39")
    assert legal_commands(fast, "player2") == [
        "bid nomads 40",
        *(f"bid witches {n}" for n in range(41)),
    ]


def test_the_setup_offers_one_side_of_distinct_boards():
    with pytest.raises(RuleError, match="two sides of a board"):
        auction_game(["nomads", "fakirs"])
    with pytest.raises(RuleError, match="offers 3 factions"):
        GameSetup(
            player_count=3,
            options=(*LEAGUE_OPTIONS, "faction-auction"),
            scoring_tiles=TILES,
            removed_bonus_tiles=("BON3", "BON4", "BON5", "BON6"),
            auction_factions=("nomads", "witches"),
        )
    with pytest.raises(RuleError, match="choose one faction auction"):
        auction_game(["nomads", "witches"], extra=("fast-auction",))
    with pytest.raises(RuleError, match="cannot be offered"):
        GameSetup(
            player_count=2,
            options=(*LEAGUE_OPTIONS, "faction-auction"),
            scoring_tiles=TILES,
            removed_bonus_tiles=("BON3", "BON4", "BON5", "BON6", "BON7"),
            auction_factions=("nomads", "acolytes"),
        )


@settings(max_examples=60, deadline=None, derandomize=True)
@given(seed=st.text(min_size=1, max_size=8), players=st.integers(2, 5), fi=st.booleans())
def test_random_setups_draw_one_side_of_as_many_boards_as_players(seed, players, fi):
    options = (*DEFAULT_OPTIONS, *(FI if fi else ()), "faction-auction")
    setup = random_setup(seed, players, options)
    boards = faction_boards(options)
    board_of = {n: b for b, sides in boards.items() for n in sides}
    assert len(setup.auction_factions) == players
    assert len({board_of[n] for n in setup.auction_factions}) == players
    # The state with its auction survives a trip through JSON.
    state = apply(new_game(setup), "player1", "bid 1")
    assert GameState.from_json(state.to_json()).auction == state.auction


@settings(
    max_examples=12, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow]
)
@given(
    seed=st.integers(0, 2**32 - 1),
    players=st.sampled_from([2, 3, 4, 5]),
    option=st.sampled_from(["faction-auction", "fast-auction"]),
)
def test_random_play_with_an_auction_keeps_the_invariants(seed, players, option):
    state = check_playout(seed, players, (*DEFAULT_OPTIONS, *FI, option))
    assert all(f.vp_source["start"] <= 40 for f in state.factions.values())
