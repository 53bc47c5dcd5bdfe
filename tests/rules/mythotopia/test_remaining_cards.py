"""Scenario tests: Counsellor, Market, Mercenary, Portal (progress cards) and the variable VP
cards Guilded City, Roadside Inns and Runestones, each as its card text says (seed 002)."""

from __future__ import annotations

import pytest

from games.rules import mythotopia
from games.rules.core import RuleError
from games.rules.mythotopia.wars import strength, strongest

from .helpers import blank, game, hand, own, play

VP_CARDS = ("guilded-city", "inns", "runestones", "spoils")


@pytest.fixture
def state():
    s = blank(2, VP_CARDS)
    own(s, 1, "Palmain", "Nusus")
    own(s, 2, "Iracund", "Blore")
    return s


def end_turn(state):
    """Both actions of the seat to move are passes."""
    return play(play(state, "pass"), "pass")


def tokens(state, seat):
    return sorted((t["card"], t["value"]) for t in state["seats"][str(seat)]["tokens"])


# --- Counsellor ------------------------------------------------------------------------


def test_counsellor_replaces_the_discarded_cards_and_itself(state):
    # Berater: "Für jede abgeworfene Karte und für den Berater ziehst du eine Ersatzkarte von
    # deinem Zugstapel ... Der Einsatz des Beraters ist eine Freie Aktion."
    red = state["seats"]["1"]
    red["discard"] = []
    red["deck"] = ["build", "market", "market2", "ship"]
    hand(state, 1, "counsellor", "Palmain", "army", "Nusus")
    new = play(state, "play counsellor Palmain army")
    seat = new["seats"]["1"]
    assert sorted(seat["hand"]) == ["Nusus", "market", "market2", "ship"]  # 2 + 1 drawn
    assert seat["deck"] == ["build"]
    assert seat["discard"] == ["counsellor", "Palmain", "army"]
    assert new["turn"]["actions"] == 0 and new["turn"]["free"]  # no action used


def test_counsellor_reshuffles_first_and_keeps_itself_and_the_discards_out(state):
    # "Wenn du hierfür deinen Ablagestapel mischen musst, mischst du zuerst den Ablagestapel
    # und legst dann den Berater und die anderen abgeworfenen Karten auf deinen (neuen)
    # Ablagestapel."
    red = state["seats"]["1"]
    red["discard"] = ["Palmain", "Nusus"]
    red["deck"] = ["build"]
    hand(state, 1, "counsellor", "army", "ship")
    new = play(state, "play counsellor army ship")
    seat = new["seats"]["1"]
    assert sorted(seat["hand"]) == ["Nusus", "Palmain", "build"]
    assert seat["deck"] == [] and seat["discard"] == ["counsellor", "army", "ship"]


def test_counsellor_discards_reserve_cards_without_replacement(state):
    # "Du kannst auch Karten von deiner Reserve abwerfen, allerdings ziehst du für diese
    # keine Ersatzkarten."
    red = state["seats"]["1"]
    red["discard"] = []
    red["deck"] = ["build", "market", "market2"]
    red["reserve"] = ["limes"]
    hand(state, 1, "counsellor", "army")
    new = play(state, "play counsellor army limes")
    seat = new["seats"]["1"]
    assert sorted(seat["hand"]) == ["market", "market2"]  # army and the Counsellor only
    assert seat["reserve"] == [] and "limes" in seat["discard"]


def test_counsellor_discards_only_cards_its_player_holds(state):
    hand(state, 1, "counsellor", "army")
    with pytest.raises(RuleError, match="Counsellor: Mome is not in your hand or reserve"):
        play(state, "play counsellor Mome")
    state["seats"]["1"]["hand"].remove("counsellor")
    with pytest.raises(RuleError, match="Counsellor: counsellor is not in your hand or reserve"):
        play(state, "play counsellor army")


# --- Market (progress card; symbols provisional: food / gold / stone) --------------------


def test_market_is_used_as_one_of_its_symbols(state):
    # Markt: "Nutze diese Karte als eines der darauf gezeigten Symbole." The symbols are the
    # provisional food / gold / stone (data/provisional.json, progress_symbols).
    assert mythotopia.data.card_symbols("p-market") == {"food": 1, "gold": 1, "stone": 1}
    hand(state, 1, "p-market", "Palmain", "army")
    bought = play(state, "buy 1 armies pay p-market:gold")
    assert bought["seats"]["1"]["armies"] == state["seats"]["1"]["armies"] + 1
    assert "p-market" in bought["seats"]["1"]["discard"]
    attack = play(state, "attack Blore from Palmain pay army:army p-market:food")
    assert attack["provinces"]["Blore"]["armies"] == {"1": 2}
    own(state, 1, "Fadge")
    hand(state, 1, "build", "Fadge")  # Fadge shows 1 stone
    city = play(state, "build city Palmain with build Palmain pay Fadge p-market:stone")
    assert city["provinces"]["Palmain"]["building"] == "city"


def test_market_gives_one_symbol_only(state):
    hand(state, 1, "p-market")
    with pytest.raises(RuleError, match="name the symbol"):
        play(state, "buy 1 armies pay p-market")
    with pytest.raises(RuleError, match="One use per card: p-market"):
        play(state, "buy 2 armies pay p-market:gold p-market:gold")
    with pytest.raises(RuleError, match="One use per card: p-market"):
        play(state, "buy 1 ships pay p-market:gold p-market:food")


# --- Mercenary ---------------------------------------------------------------------------


def test_mercenaries_add_strength_in_a_province_attacked_and_go_back_after_the_war(state):
    # Söldner: "Zahle 1 Gold und lege 1 oder 2 Söldnerplättchen ... in 1 Gebiet, das du
    # derzeit angreifst. Dies ist eine Freie Aktion. ... Jeder Söldner erhöht deine
    # militärische Stärke um 1."
    state["provinces"]["Blore"]["armies"] = {"1": 2, "2": 1}  # blue: 1 army + rough terrain
    state["seats"]["1"]["armies"] -= 2
    state["seats"]["2"]["armies"] -= 1
    assert strongest(state, "Blore") is None
    hand(state, 1, "mercenary", "market")
    new = play(state, "play mercenary Blore 2 pay market:gold")
    assert new["provinces"]["Blore"]["mercenaries"] == {"1": 2} and new["mercenaries"] == 0
    assert strength(new, "Blore", 1) == 4 and strongest(new, "Blore") == 1
    assert new["turn"]["actions"] == 0 and new["turn"]["free"]
    assert {"mercenary", "market"} <= set(new["seats"]["1"]["discard"])
    later = end_turn(end_turn(new))  # red's turn again
    won = play(later, "end war Blore")
    assert won["provinces"]["Blore"]["owner"] == 1
    assert won["mercenaries"] == 2 and won["provinces"]["Blore"]["mercenaries"] == {}


def test_mercenaries_only_where_their_player_has_an_army(state):
    # "Du kannst die Söldner nur in ein Gebiet platzieren, in dem du bereits mindestens 1
    # Armeeplättchen besitzt." Two mercenary tokens exist.
    hand(state, 1, "mercenary", "market")
    with pytest.raises(RuleError, match="Mercenary: only where you have at least 1 army"):
        play(state, "play mercenary Palmain 1 pay market:gold")
    state["provinces"]["Palmain"]["armies"] = {"1": 1}
    with pytest.raises(RuleError, match="Mercenary: 2 mercenaries are left"):
        play(state, "play mercenary Palmain 3 pay market:gold")
    with pytest.raises(RuleError, match="Mercenary: pay exactly 1 gold"):
        play(state, "play mercenary Palmain 1 pay market:food")
    new = play(state, "play mercenary Palmain 1 pay market:gold")  # a province it controls
    assert new["provinces"]["Palmain"]["mercenaries"] == {"1": 1}


def test_mercenaries_are_withdrawn_alone_or_with_the_armies(state):
    # "Söldner können mit der Aktion „Armeen vom Brett abziehen“ sowohl separat als auch
    # zusammen mit regulären Armeen im selben Gebiet vom Spielbrett genommen werden."
    state["provinces"]["Palmain"].update(armies={"1": 2}, mercenaries={"1": 2})
    state["mercenaries"] = 0
    armies = state["seats"]["1"]["armies"]
    assert "withdraw 2 mercenaries from Palmain" in mythotopia.legal_commands(state, 1)
    alone = play(state, "withdraw 1 mercenaries from Palmain")
    assert alone["provinces"]["Palmain"]["mercenaries"] == {"1": 1}
    assert alone["provinces"]["Palmain"]["armies"] == {"1": 2} and alone["mercenaries"] == 1
    both = play(state, "withdraw 1 armies 2 mercenaries from Palmain")
    assert both["provinces"]["Palmain"]["mercenaries"] == {} and both["mercenaries"] == 2
    assert both["seats"]["1"]["armies"] == armies + 1
    every = play(state, "withdraw 2 from Palmain")  # the last army takes the mercenaries along
    assert every["provinces"]["Palmain"]["armies"] == {} and every["mercenaries"] == 2
    with pytest.raises(RuleError, match="Withdraw armies: you have 2 mercenaries in Palmain"):
        play(state, "withdraw 3 mercenaries from Palmain")


# --- Portal (benefit; its food symbol is provisional) ------------------------------------


def test_portal_attacks_any_province_for_one_food(state):
    # Portal: "Spiele diese Karte anstelle einer Gebietskarte ... Du kannst ein beliebiges
    # Gebiet auf dem Spielbrett angreifen. Der Angriff findet nicht über eine Grenze statt,
    # Hügel oder Berge sind daher nicht von Bedeutung. Dennoch musst du so viel Nahrung
    # bezahlen, wie dich ein Angriff über eine normale Grenze kosten würde."
    hand(state, 1, "portal", "army", "Nusus")
    far = play(state, "attack Welkin from portal pay army:army Nusus")  # far from red's provinces
    assert far["provinces"]["Welkin"]["armies"] == {"1": 2}
    assert "portal" in far["seats"]["1"]["discard"]
    island = play(state, "attack Ictus from portal pay army:army Nusus")  # no Ship card
    assert island["provinces"]["Ictus"]["armies"] == {"1": 2}
    hand(state, 1, "Palmain")
    with pytest.raises(RuleError, match="Attack a province: pay exactly 2 army, 1 food"):
        # two food refused: the Portal crosses no border, so no hills either
        play(state, "attack Quean from portal pay army:army Nusus Palmain")
    with pytest.raises(RuleError, match="Attack a province: you control Palmain already"):
        play(state, "attack Palmain from portal pay army:army Nusus")
    assert "attack Welkin from portal pay army:army Nusus" in mythotopia.legal_commands(state, 1)


def test_portal_is_food_or_the_attack_but_not_both(state):
    # The provisional food symbol; "Du kannst grundsätzlich nur ein Element einer gespielten
    # Karte nutzen".
    hand(state, 1, "portal", "army", "Palmain")
    as_food = play(state, "attack Blore from Palmain pay army:army portal")
    assert as_food["provinces"]["Blore"]["armies"] == {"1": 2}
    with pytest.raises(RuleError, match="One use per card: portal"):
        play(state, "attack Welkin from portal pay army:army portal")


# --- Guilded City and Roadside Inns -------------------------------------------------------


@pytest.fixture
def builder(state):
    own(state, 1, "Fadge")  # Fadge shows 1 stone
    hand(state, 1, "build", "Palmain", "Fadge", "market", "army")
    return state


CITY = "build city Palmain with build Palmain pay Fadge market:stone"
ROAD = "build road Nusus Palmain with build Palmain pay Fadge market:stone"


def test_guilded_city_token_for_one_more_gold_with_a_city(builder):
    # Handelsstadt: "Immer wenn du eine Stadt baust, kannst du zusätzlich 1 Gold bezahlen, um
    # ein SP-Plättchen von dieser Karte zu nehmen." Provisional: 4 tokens of 1 VP.
    plain = play(builder, CITY)
    assert tokens(plain, 1) == [("city", 2)]
    paid = play(builder, f"{CITY} army:gold")
    assert tokens(paid, 1) == [("city", 2), ("guilded-city", 1)]
    assert paid["vp_cards"]["guilded-city"] == [1, 1, 1]
    assert mythotopia.vp(paid, 1) == 3 * 3 + 2 + 1
    assert f"{CITY} army:gold" in mythotopia.legal_commands(builder, 1)
    with pytest.raises(RuleError, match=r"Build: pay exactly 1 stone \(you paid 1 stone, 1 gold\)"):
        play(builder, "build castle Palmain with build Palmain pay Fadge army:gold")


def test_guilded_city_takes_no_gold_once_empty_unless_the_scribe_allows(builder):
    builder["vp_cards"]["guilded-city"] = []
    with pytest.raises(RuleError, match="Build: pay exactly 2 stone"):
        play(builder, f"{CITY} army:gold")
    # Schriftgelehrter: "Du darfst ein solches Plättchen auch dann nehmen, wenn auf der
    # entsprechenden Siegpunktkarte keine Plättchen mehr liegen."
    builder["seats"]["1"]["reserve"] = ["scribe"]
    supply = builder["token_supply"]["1"]
    new = play(builder, f"{CITY} army:gold")
    assert tokens(new, 1) == [("city", 2), ("guilded-city", 1)]
    assert new["token_supply"]["1"] == supply - 1


def test_roadside_inns_token_for_one_more_gold_with_a_road(builder):
    # Herbergen: "Immer wenn du eine Straße baust, kannst du zusätzlich 1 Gold bezahlen, um
    # ein SP-Plättchen von dieser Karte zu nehmen." Provisional: 4 tokens of 1 VP.
    plain = play(builder, ROAD)
    assert tokens(plain, 1) == [("streets", 2)]
    paid = play(builder, f"{ROAD} army:gold")
    assert tokens(paid, 1) == [("inns", 1), ("streets", 2)]
    assert paid["vp_cards"]["inns"] == [1, 1, 1]
    assert mythotopia.vp(paid, 1) == 3 * 3 + 2 + 1
    assert f"{ROAD} army:gold" in mythotopia.legal_commands(builder, 1)
    builder["vp_cards"]["inns"] = []
    with pytest.raises(RuleError, match="Build: pay exactly 2 stone"):
        play(builder, f"{ROAD} army:gold")


def test_guilded_city_and_inns_tokens_count_at_the_end(builder):
    # The tokens stay on the VP track: red's city with Guilded City and road with Roadside
    # Inns decide the end of the game ("Hast du ein SP-Plättchen erhalten, so kannst du dies
    # unter keinen Umständen wieder verlieren").
    own(builder, 2, "Mome")
    builder["seats"]["1"]["tokens"] = [{"card": "inns", "value": 1}]
    builder["seats"]["2"]["tokens"] = [{"card": "spoils", "value": 1}]
    for card in ("city", "castle", "streets", "spoils"):
        builder["vp_cards"][card] = []
    with pytest.raises(RuleError, match="strictly more VP"):
        play(builder, "end game")  # 10 against 10
    built = play(builder, f"{CITY} army:gold")
    later = end_turn(play(built, "pass"))  # blue passes twice
    ended = play(later, "end game")
    assert ended["finished"] and ended["winner"] == 1
    assert mythotopia.vp(ended, 1) == 3 * 3 + 1 + 1  # the City card was empty: no city token


# --- Runestones ------------------------------------------------------------------------


def test_runestones_lie_in_the_five_top_province_cards_left_at_setup():
    # Runensteine: "zieht die obersten 5 der übrigen Gebietskarten und legt in jedes Gebiet ein
    # Runenstein-Plättchen. Legt die 5 Gebietskarten danach unter den Stapel".
    with_runestones = (game(2, f"runes-{i}") for i in range(200))
    state = next(s for s in with_runestones if "runestones" in s["vp_cards"])
    marked = sorted(p for p, where in state["provinces"].items() if where["runestone"])
    assert len(marked) == 5
    assert all(state["provinces"][p]["owner"] is None for p in marked)
    assert sorted(state["province_stack"][:5]) == marked  # under the stack (drawn from the end)
    assert state["vp_cards"]["runestones"] == [2, 2, 2, 2]


def test_runestone_token_for_capturing_its_province(state):
    # "Immer wenn du ein Gebiet eroberst, in dem ein Runenstein liegt, nimmst du ein
    # SP-Plättchen von dieser Karte. ... kommt das Runensteinplättchen danach aus dem Spiel."
    state["provinces"]["Scombroid"].update(runestone=True, armies={"1": 4})
    new = play(state, "end war Scombroid")
    assert new["provinces"]["Scombroid"]["owner"] == 1
    assert not new["provinces"]["Scombroid"]["runestone"]
    assert tokens(new, 1) == [("runestones", 2)]
    assert new["vp_cards"]["runestones"] == [2, 2, 2]
    assert mythotopia.vp(new, 1) == 3 * 3 + 2


def test_runestone_stays_when_the_attack_fails(state):
    state["provinces"]["Scombroid"].update(runestone=True, armies={"1": 1})
    hand(state, 1, "diplomat", "market")
    new = play(state, "play diplomat Scombroid pay market:gold")  # the defender wins
    assert new["provinces"]["Scombroid"]["owner"] is None
    assert new["provinces"]["Scombroid"]["runestone"] and tokens(new, 1) == []


def test_runestone_captured_at_the_end_of_the_game_scores(state):
    # End the Game resolves every war first; the runestone's token counts in the final VP.
    for card in ("city", "castle", "streets", "spoils"):
        state["vp_cards"][card] = []
    with pytest.raises(RuleError, match="strictly more VP"):
        play(state, "end game")  # 6 against 6
    state["provinces"]["Scombroid"].update(runestone=True, armies={"1": 4})
    new = play(state, "end game")
    assert new["finished"] and new["winner"] == 1
    assert tokens(new, 1) == [("runestones", 2)]
    assert (mythotopia.vp(new, 1), mythotopia.vp(new, 2)) == (3 * 3 + 2, 6)
