"""Scenario tests of individual rules, each from a small position built for it."""

from __future__ import annotations

import pytest

from games.rules.terra_mystica import RuleError, apply, waiting_for
from games.rules.terra_mystica.building import transform_spades
from games.rules.terra_mystica.context import Game
from games.rules.terra_mystica.scoring import rank_awards
from games.rules.terra_mystica.state import FactionState

from .conftest import LEAGUE_OPTIONS, as_json, start_round_one


def place(state, faction: str, hex_id: str, kind: str = "D") -> None:
    """Put a building on the map directly (to build a position quickly)."""
    f = state.factions[faction]
    state.terrain[hex_id] = f.color
    state.building[hex_id] = kind
    state.owner[hex_id] = faction
    f.locations.append(hex_id)
    f.buildings[kind] += 1


@pytest.fixture
def cultists_game():
    # Cultists on E6 with the Witches (F4) and the Engineers (E7) next to it.
    return start_round_one(
        {"cultists": ["E6", "A1"], "witches": ["F4", "I6"], "engineers": ["E7", "A2"]},
        {"cultists": "BON7", "witches": "BON9", "engineers": "BON10"},
    )


# --- power and leech -------------------------------------------------------------------------


def test_gaining_power_fills_bowl_two_before_bowl_three():
    f = FactionState(name="witches", color="green", seat=1, p1=2, p2=3, p3=0)
    assert Game.gain_power(f, 5) == 5
    assert (f.p1, f.p2, f.p3) == (0, 2, 3)
    assert Game.gain_power(f, 4) == 2  # only two tokens left to move
    assert (f.p1, f.p2, f.p3) == (0, 0, 5)


def test_burning_moves_one_token_to_bowl_three_and_removes_one(cultists_game):
    state = apply(cultists_game, "cultists", "burn 2")
    f = state.factions["cultists"]
    assert (f.p1, f.p2, f.p3, f.burned) == (5, 3, 2, 2)


def test_build_offers_each_neighbour_the_power_of_its_adjacent_buildings(cultists_game):
    state = apply(cultists_game, "cultists", "upgrade E6 to TP")
    offers = {(d.actor, d.amount) for d in waiting_for(state) if d.kind == "leech"}
    assert offers == {("witches", 1), ("engineers", 1)}
    # Trading house next to other players: 2W + 3C instead of 6C.
    before, after = cultists_game.factions["cultists"], state.factions["cultists"]
    assert (before.w - after.w, before.c - after.c) == (2, 3)


def test_taking_power_costs_one_vp_less_than_the_power_taken(cultists_game):
    state = cultists_game.copy()
    state.building["F4"] = "TP"  # the witches now have power 2 next to E6
    state = apply(state, "cultists", "upgrade E6 to TP")
    assert [
        (d.actor, d.amount)
        for d in waiting_for(state)
        if d.kind == "leech" and d.actor == "witches"
    ] == [("witches", 2)]
    before = state.factions["witches"]
    after = apply(state, "witches", "leech 2 from cultists").factions["witches"]
    assert (before.vp - after.vp, after.p2 - before.p2) == (1, 2)


def test_power_taken_is_capped_by_vp_plus_one(cultists_game):
    state = cultists_game.copy()
    state.building["F4"] = "TP"
    state = apply(state, "cultists", "upgrade E6 to TP")
    state.factions["witches"].vp = 0
    after = apply(state, "witches", "leech 2 from cultists").factions["witches"]
    assert (after.vp, after.p2 - state.factions["witches"].p2) == (0, 1)


def test_power_taken_is_capped_by_the_bowls(cultists_game):
    state = cultists_game.copy()
    state.building["F4"] = "TP"
    state = apply(state, "cultists", "upgrade E6 to TP")
    w = state.factions["witches"]
    w.p1, w.p2, w.p3 = 0, 1, 11  # room for one more power only
    after = apply(state, "witches", "leech 2 from cultists").factions["witches"]
    assert (after.p2, after.p3, after.vp) == (0, 12, w.vp)


def test_cultists_advance_one_cult_step_when_an_opponent_takes_their_power(cultists_game):
    state = apply(cultists_game, "cultists", "upgrade E6 to TP")
    state = apply(state, "witches", "leech 1 from cultists")
    cult = state.factions["cultists"]
    assert cult.cult_steps == 1
    assert any(d.actor == "cultists" and d.kind == "cult" for d in waiting_for(state))
    # A second acceptance of the same build gives no second step.
    state = apply(state, "engineers", "leech 1 from cultists")
    assert state.factions["cultists"].cult_steps == 1
    state = apply(state, "cultists", "+WATER")
    assert state.factions["cultists"].cult == [1, 1, 1, 0]


@pytest.mark.parametrize(("options", "power_gained"), [(LEAGUE_OPTIONS, 1), (("strict-leech",), 0)])
def test_cultists_gain_one_power_when_everybody_declines_only_with_the_errata(
    options, power_gained
):
    state = start_round_one(
        {"cultists": ["E6", "A1"], "witches": ["F4", "I6"], "engineers": ["E7", "A2"]},
        {"cultists": "BON7", "witches": "BON9", "engineers": "BON2"},
        options=options,
        scoring=("SCORE5", "SCORE8", "SCORE4", "SCORE3", "SCORE6", "SCORE2"),
        removed=("BON1", "BON3", "BON4")
        if "shipping-bonus" not in options
        else ("BON1", "BON3", "BON4", "BON10"),
    )
    state = apply(state, "cultists", "upgrade E6 to TP")
    before = state.factions["cultists"].power
    state = apply(state, "witches", "decline 1 from cultists")
    assert state.factions["cultists"].power == before  # the engineers have not decided yet
    state = apply(state, "engineers", "decline 1 from cultists")
    after = state.factions["cultists"]
    assert after.p2 - before[1] == power_gained and after.cult_steps == 0


def test_strict_leech_answers_offers_in_the_order_they_arose(cultists_game):
    state = apply(cultists_game, "cultists", "upgrade E6 to TP")
    state = apply(state, "witches", "upgrade F4 to TP")
    state = apply(state, "engineers", "upgrade E7 to TP")
    offers = [
        (d.amount, d.from_faction)
        for d in waiting_for(state)
        if d.actor == "cultists" and d.kind == "leech"
    ]
    assert offers == [(2, "witches"), (2, "engineers")]
    # Taking the later offer first is allowed, but the earlier one can then only be declined.
    state = apply(state, "cultists", "leech 2 from engineers")
    with pytest.raises(RuleError, match="should happen before"):
        apply(state, "cultists", "leech 2 from witches")
    state = apply(state, "cultists", "decline 2 from witches")
    assert not [d for d in waiting_for(state) if d.actor == "cultists" and d.kind == "leech"]


def test_taking_an_action_declines_open_offers(cultists_game):
    state = apply(cultists_game, "cultists", "upgrade E6 to TP")
    assert "leech" in [d.kind for d in waiting_for(state) if d.actor == "witches"]
    # It is the witches' turn: acting without answering the offer declines it.
    state = apply(state, "witches", "upgrade F4 to TP")
    assert "leech" not in [d.kind for d in waiting_for(state) if d.actor == "witches"]
    assert state.factions["witches"].p1 == cultists_game.factions["witches"].p1


# --- cult tracks --------------------------------------------------------------------------


def test_level_ten_needs_a_key_and_only_one_faction_can_stand_there(cultists_game):
    state = cultists_game.copy()
    w = state.factions["witches"]
    state.active = "cultists"
    c = state.factions["cultists"]
    c.cult[0], c.p, c.keys = 9, 2, 0
    w.cult[0], w.p, w.keys = 9, 1, 1
    # Without a key the cultists stop at 9 (the priest still goes to the track).
    after = apply(state, "cultists", "send p to FIRE")
    assert after.factions["cultists"].cult[0] == 9
    # With a key they reach 10, use the key and gain 3 power.
    state.factions["cultists"].keys = 1
    after = apply(state, "cultists", "send p to FIRE")
    c2 = after.factions["cultists"]
    assert (c2.cult[0], c2.keys, c2.p2 - c.p2) == (10, 0, 3)
    # Now the witches, with a key, cannot go beyond 9 on FIRE.
    after.active = "witches"
    after.factions["witches"].allowed_actions = 1
    after = apply(after, "witches", "send p to FIRE")
    assert after.factions["witches"].cult[0] == 9 and after.factions["witches"].keys == 1


def test_priests_on_cult_spaces_are_out_of_play_for_good(cultists_game):
    state = cultists_game.copy()
    c = state.factions["cultists"]
    c.p = 2
    state = apply(state, "cultists", "send p to WATER")
    c = state.factions["cultists"]
    assert (c.cult[1], c.p, c.max_p, c.cult_priests) == (3, 1, 6, 1)
    assert state.cult_spaces["WATER"][0] == "cultists"


# --- terraforming and reach --------------------------------------------------------------------


def test_spades_follow_the_terrain_cycle_and_never_cross_home_terrain(cultists_game):
    g = Game(cultists_game)
    witches = cultists_game.factions["witches"]  # home: green
    assert transform_spades(g, witches, "blue", "green") == 1
    assert transform_spades(g, witches, "yellow", "green") == 3
    # blue -> gray passes green (home) the short way: the long way round costs 5.
    assert transform_spades(g, witches, "blue", "gray") == 5
    assert transform_spades(g, witches, "red", "brown") == 2


def test_giants_always_need_exactly_two_spades():
    state = start_round_one(
        {"giants": ["E3", "A6"], "witches": ["F4", "I6"]},
        {"giants": "BON1", "witches": "BON9"},
        removed=("BON3", "BON4", "BON5", "BON6", "BON7"),
    )
    g = Game(state)
    giants = state.factions["giants"]
    assert transform_spades(g, giants, "gray", "red") == 2
    assert transform_spades(g, giants, "yellow", "red") == 2
    assert transform_spades(g, giants, "blue", "red") == 2


def test_a_single_dug_spade_is_stranded_for_the_giants_unless_they_can_dig_again():
    from games.rules.terra_mystica.legal import accepts

    state = start_round_one(
        {"giants": ["E3", "A6"], "witches": ["F4", "I6"]},
        {"giants": "BON1", "witches": "BON9"},
        removed=("BON3", "BON4", "BON5", "BON6", "BON7"),
    )
    state.factions["giants"].w = 3  # one spade's worth: 'dig 1' leaves a spade nothing can use
    assert apply(state, "giants", "dig 1").factions["giants"].spade == 1  # the engine accepts it
    assert not accepts(state, "giants", "dig 1")
    state.factions["giants"].w = 6  # a second 'dig 1' can still follow
    assert accepts(state, "giants", "dig 1")


def test_dwarves_tunnel_for_two_workers_and_four_vp():
    state = start_round_one(
        {"dwarves": ["F6", "A2"], "witches": ["F4", "I6"]},
        {"dwarves": "BON2", "witches": "BON9"},
        removed=("BON3", "BON4", "BON5", "BON6", "BON7"),
    )
    d = state.factions["dwarves"]
    after = apply(state, "dwarves", "build H6")  # two hexes from F6, gray already
    d2 = after.factions["dwarves"]
    # 1W 2C for the dwelling, 2W for the tunnel; +4 VP for it and +2 VP from SCORE5 (D >> 2).
    assert (d.w - d2.w, d.c - d2.c, d2.vp - d.vp) == (1 + 2, 2, 4 + 2)
    with pytest.raises(RuleError, match="cannot reach I9"):
        apply(state, "dwarves", "build I9")


def test_shipping_bonus_tile_adds_one_shipping_level():
    # H2 is two river hexes away from the mermaids' E4; their shipping is 1.
    base = {"mermaids": ["E4", "A4"], "witches": ["C3", "I6"]}
    with_bon4 = start_round_one(
        base,
        {"mermaids": "BON4", "witches": "BON9"},
        removed=("BON3", "BON5", "BON6", "BON7", "BON8"),
    )
    without = start_round_one(
        base,
        {"mermaids": "BON2", "witches": "BON9"},
        removed=("BON3", "BON4", "BON5", "BON6", "BON7"),
    )
    assert apply(with_bon4, "mermaids", "build H2").building["H2"] == "D"
    with pytest.raises(RuleError, match=r"cannot reach H2: .* shipping 1"):
        apply(without, "mermaids", "build H2")


# --- towns -------------------------------------------------------------------------------------


def test_four_connected_buildings_of_power_seven_found_a_town(cultists_game):
    state = cultists_game.copy()
    place(state, "cultists", "E5", "TP")
    place(state, "cultists", "F3", "TP")
    state.factions["cultists"].c, state.factions["cultists"].w = 20, 10
    # E6 (D), E5 (TP), F3 (TP) = power 5, three buildings; a trading house on E6 makes 6, four
    # buildings are needed: build D4 next to E6 and upgrade.
    after = apply(state, "cultists", "upgrade E6 to TP")
    assert after.factions["cultists"].gain_tw == 0  # 3 buildings, power 6: no town yet
    place(after, "cultists", "D4", "D")
    after.factions["cultists"].allowed_actions = 1
    after.active = "cultists"
    after = apply(after, "cultists", "upgrade D4 to TP")
    c = after.factions["cultists"]
    assert c.gain_tw == 1
    assert any(d.actor == "cultists" and d.kind == "town" for d in waiting_for(after))
    after = apply(after, "cultists", "+TW3")
    c = after.factions["cultists"]
    assert (c.keys, c.towns) == (1, ["TW3"])
    assert {h for h, t in after.town.items()} == {"E6", "E5", "F3", "D4"}


def test_no_town_is_founded_when_no_town_tile_is_left(cultists_game):
    state = cultists_game.copy()
    for tile in list(state.pool):
        if tile.startswith("TW"):
            state.pool[tile] = 0
    for h, kind in (("E5", "TP"), ("F3", "TP"), ("D4", "TP")):
        place(state, "cultists", h, kind)
    state.factions["cultists"].c = 20
    after = apply(state, "cultists", "upgrade E6 to TP")
    assert after.factions["cultists"].gain_tw == 0


# --- final scoring -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("values", "awards", "expected"),
    [
        ({"a": 10, "b": 4, "c": 2, "d": 2}, (8, 4, 2), {"a": 8, "b": 4, "c": 1, "d": 1}),
        ({"a": 9, "b": 9, "c": 0}, (8, 4, 2), {"a": 6, "b": 6}),
        ({"a": 10, "b": 9, "c": 9, "d": 9}, (18, 12, 6), {"a": 18, "b": 6, "c": 6, "d": 6}),
        ({"a": 7, "b": 7, "c": 7}, (8, 4, 2), {"a": 4, "b": 4, "c": 4}),
        ({"a": 0, "b": 0}, (8, 4, 2), {}),
    ],
)
def test_final_awards_are_shared_by_ties(values, awards, expected):
    assert rank_awards(values, awards) == expected


# --- turns ---------------------------------------------------------------------------------------


def test_out_of_turn_action_is_rejected_and_state_kept(cultists_game):
    before = as_json(cultists_game)
    with pytest.raises(RuleError, match="it is cultists's turn, not witches's"):
        apply(cultists_game, "witches", "action ACT4")
    assert as_json(cultists_game) == before


def test_passing_first_makes_the_next_round_start_player_and_takes_coins(cultists_game):
    state = cultists_game
    coins = state.bonus_coins["BON2"]
    state = apply(state, "cultists", "pass BON2")
    c = state.factions["cultists"]
    # BON7 returned: 2 VP per trading house (none); the new tile brings its coin.
    assert c.bonus == "BON2" and c.c == cultists_game.factions["cultists"].c + coins
    assert c.start_player
    with pytest.raises(RuleError, match="have passed this round"):
        apply(state, "cultists", "action ACT4")


def test_projected_final_scores_match_the_real_final_scoring():
    from games.rules.terra_mystica import projected_final_scores
    from games.rules.terra_mystica.replay import replay_game

    from .conftest import corpus_game

    game = corpus_game("4pLeague_S60_D1L1_G3")
    # Stop right before the final scoring (after the last pass of round 6).
    last_player_row = max(
        r["line"] for r in game["rows"] if r["kind"] == "command" and r["player_command"]
    )
    before_end = dict(game, rows=[r for r in game["rows"] if r["line"] < last_player_row])
    state = replay_game(before_end, check=False).state
    assert not state.finished
    projected = projected_final_scores(state)
    final = replay_game(game).state
    # The last move itself scores a little; everything after it is the final scoring.
    last = next(r for r in game["rows"] if r["line"] == last_player_row)
    for name, p in projected.items():
        assert p["total"] == p["vp_now"] + p["cults"] + p["network"] + p["resources"]
        if name != last["faction"]:
            assert p["cults"] == sum(
                final.factions[name].vp_source.get(t, 0) for t in ("FIRE", "WATER", "EARTH", "AIR")
            )
    assert not state.finished  # the projection does not touch the game


def test_fire_and_ice_final_scoring_tiles_measure_the_largest_network(cultists_game):
    from games.rules.terra_mystica.scoring import final_tile_value

    state = cultists_game.copy()
    # Cultists: E6 (D) and A1 (D) from setup; add a connected chain E6-E5-E4 with SH and SA.
    place(state, "cultists", "E5", "SH")
    place(state, "cultists", "E4", "SA")
    g = Game(state)
    f = state.factions["cultists"]
    assert final_tile_value(g, f, "connected-clusters") == 1
    assert final_tile_value(g, f, "connected-distance") == g.board.distance("E4", "E6") == 2
    assert final_tile_value(g, f, "connected-sa-sh-distance") == 1
    # A1 is on the edge but alone; E4..E6 are not on the edge.
    assert final_tile_value(g, f, "building-on-edge") == 1
    state.factions["cultists"].ship = 3
    # With shipping 3 the lone dwelling joins the network? A1 touches no river: still alone.
    assert final_tile_value(g, f, "connected-clusters") == 1
