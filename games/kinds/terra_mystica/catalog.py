"""Descriptions of the game's pieces for the pages: factions, tiles, actions, options.

Read from the rules engine's data tables (plain data, no game logic) and cached: the pages
show them next to ids the state view only names.
"""

from __future__ import annotations

import functools
import json

from django.utils import translation
from django.utils.translation import gettext, gettext_noop, ngettext_lazy
from django.utils.translation import gettext_lazy as _

from games.kinds.contract import Option
from games.names import BUILDING_NAMES, TERRAIN_NAMES, faction_name
from games.names import CHOSEN_HOME as CHOSEN_IN_PLAY
from games.rules.terra_mystica import building, data
from games.rules.terra_mystica.factions import faction_rules
from games.rules.terra_mystica.merchants.actions import POWER_ACTIONS as MERCHANTS_POWER_ACTIONS
from games.rules.terra_mystica.merchants.state import provisional_components
from games.rules.terra_mystica.setup import DEFAULT_OPTIONS, RULE_OPTIONS
from games.rules.terra_mystica.state import FactionState

# Amounts of each resource, in words ("%(n)s" the number).
AMOUNTS = {
    "C": ngettext_lazy("%(n)s coin", "%(n)s coins", "n"),
    "W": ngettext_lazy("%(n)s worker", "%(n)s workers", "n"),
    "P": ngettext_lazy("%(n)s priest", "%(n)s priests", "n"),
    "PW": ngettext_lazy("%(n)s power", "%(n)s power", "n"),
    "VP": ngettext_lazy("%(n)s VP", "%(n)s VP", "n"),
    "KEY": ngettext_lazy("%(n)s key", "%(n)s keys", "n"),
    "SPADE": ngettext_lazy("%(n)s spade", "%(n)s spades", "n"),
    "BRIDGE": ngettext_lazy("%(n)s bridge", "%(n)s bridges", "n"),
    "CULT": ngettext_lazy("%(n)s cult step", "%(n)s cult steps", "n"),
    "SHIP": ngettext_lazy("%(n)s ship", "%(n)s ships", "n"),
    "GAIN_SHIP": ngettext_lazy("%(n)s shipping advance", "%(n)s shipping advances", "n"),
    "shipping_steps": ngettext_lazy("%(n)s shipping advance", "%(n)s shipping advances", "n"),
}
CULT_NAMES = {"FIRE": _("fire"), "WATER": _("water"), "EARTH": _("earth"), "AIR": _("air")}
# Merchants of the Seas' building, besides the base game's (games.names).
BUILDINGS = {**BUILDING_NAMES, "SY": _("shipyard")}
# What a round scoring tile pays VP for.
SCORING_EVENTS = {
    **BUILDINGS,
    "SPADE": _("spade"),
    "TOWN": _("town"),
    "ADVANCE": _("shipping or digging advance"),
    "TRADE": _("trade"),
}
# Where a faction's VP came from (the engine's names of the final ranking's breakdown).
VP_SOURCES = {
    "start": _("start"),
    "round scoring": _("round scoring"),
    "town": _("town"),
    "favor tiles": _("favor tiles"),
    "bonus tiles": _("bonus tiles"),
    "advances": _("advances"),
    "faction": _("faction"),
    "dig": _("digging"),
    "leech": _("power offers"),
    "cults": _("cults"),
    "network": _("network"),
    "resources": _("resources"),
}
# Fire & Ice's final scoring tiles and Merchants of the Seas' (the engine's names).
FINAL_TILES = {
    "connected-distance": _("Greatest distance"),
    "connected-sa-sh-distance": _("Sanctuary and stronghold"),
    "building-on-edge": _("Outposts"),
    "connected-clusters": _("Settlements"),
    "most-trade-markers": _("Most trade markers"),
}
# Shapeshifters and Riverwalkers print no home: theirs is picked in play.
CHOSEN_HOME = "variable"
# Shapeshifters' stronghold actions live in the faction's rules, not in tiles.json.
HOME_CHANGE_ACTIONS = {
    "ACTH1": gettext_noop("change the home colour for 3 power from bowl III, +2 VP"),
    "ACTH2": gettext_noop("change the home colour for 3 power chips removed, +2 VP"),
    "ACTH5": gettext_noop("change the home colour for 5 power from bowl III (revised)"),
    "ACTH6": gettext_noop("change the home colour for 5 power chips removed (revised)"),
}
# The Merchants of the Seas shipyard's actions.
SHIPYARD_ACTIONS = {
    "ACTMV": gettext_noop("move all ships (shipyard board)"),
    "ACTSY": gettext_noop("place 1 ship (shipyard, once built)"),
}
# The engine's map names (terra.snellman.net's), for the catalogs: the German rulebooks' names.
MAP_NAMES = (
    gettext_noop("Original"),
    gettext_noop("Original [2017 vp]"),
    gettext_noop("Fire & Ice Side 1"),
    gettext_noop("Fire & Ice Side 2"),
    gettext_noop("Fjords"),
    gettext_noop("Lakes"),
)
# Every option in players' words: (group, label, what it does). English, marked for the
# catalogs; the pages translate them (the kind's info carries them to every client).
OPTION_TEXTS: dict[str, tuple[str, str, str]] = {
    "strict-leech": (
        "errata",
        gettext_noop("Power offers in order"),
        gettext_noop("Power offers are answered in the order they arose, before converting."),
    ),
    "strict-darkling-sh": (
        "errata",
        gettext_noop("Darklings' stronghold conversion at once"),
        gettext_noop("The Darklings use or decline their stronghold conversion in that turn."),
    ),
    "strict-chaosmagician-sh": (
        "errata",
        gettext_noop("Chaos Magicians' double action ends with passing"),
        gettext_noop("Chaos Magicians passing during their double action lose the rest."),
    ),
    "errata-cultist-power": (
        "errata",
        gettext_noop("Cultists' power when everyone declines"),
        gettext_noop("Cultists gain 1 power when every neighbour declines their offer."),
    ),
    "mini-expansion-1": (
        "promo",
        gettext_noop("Promo town tiles TW6, TW7 and TW8"),
        gettext_noop("Promo town tiles TW6, TW7 and TW8."),
    ),
    "promo-town-tile-tw6": (
        "promo",
        gettext_noop("Promo town tile TW6 alone"),
        gettext_noop(
            "Promo town tile TW6 on its own: 2 VP, 2 steps on every cult track, counts as 2 "
            "keys (1 copy). In Yucata's tile list."
        ),
    ),
    "promo-town-tile-tw7": (
        "promo",
        gettext_noop("Promo town tile TW7 alone"),
        gettext_noop(
            "Promo town tile TW7 on its own: 4 VP and one shipping advance; Fakirs: carpet "
            "range +1 (2 copies). In Yucata's tile list."
        ),
    ),
    "promo-town-tile-tw8": (
        "promo",
        gettext_noop("Promo town tile TW8 alone"),
        gettext_noop("Promo town tile TW8 on its own: 11 VP (1 copy). In Yucata's tile list."),
    ),
    "shipping-bonus": (
        "promo",
        gettext_noop("Promo bonus tile BON10"),
        gettext_noop("Promo bonus tile BON10 (3 VP per shipping level when passing)."),
    ),
    "temple-scoring-tile": (
        "promo",
        gettext_noop("Promo round scoring tile SCORE9"),
        gettext_noop("Promo round scoring tile SCORE9 (temples, priests on cults)."),
    ),
    "maintain-player-order": (
        "variant",
        gettext_noop("Seats in the order players joined"),
        gettext_noop("Seats in the order players joined, not shuffled."),
    ),
    "variable-turn-order": (
        "variant",
        gettext_noop("Turn order by passing"),
        gettext_noop("Next round's turn order is the order of passing."),
    ),
    "email-notify": (
        "",
        gettext_noop("terra.snellman.net's mail option"),
        gettext_noop("No effect on the rules (e-mails are set in each player's profile)."),
    ),
    "fire-and-ice-final-scoring": (
        "expansion",
        gettext_noop("Fire & Ice: a final scoring tile"),
        gettext_noop("Adds a Fire & Ice final scoring tile."),
    ),
    "fire-and-ice-factions/ice": (
        "expansion",
        gettext_noop("Fire & Ice: the ice factions"),
        gettext_noop("Ice Maidens and Yetis (home on ice, colour picked at setup)."),
    ),
    "fire-and-ice-factions/volcano": (
        "expansion",
        gettext_noop("Fire & Ice: the volcano factions"),
        gettext_noop(
            "Acolytes and Dragonlords (build volcanoes by giving up cult steps or power)."
        ),
    ),
    "fire-and-ice-factions/variable": (
        "expansion",
        gettext_noop("Fire & Ice: the variable factions, as printed"),
        gettext_noop("Shapeshifters and Riverwalkers as printed (home colour picked at setup)."),
    ),
    "fire-and-ice-factions/variable_v5": (
        "expansion",
        gettext_noop("Fire & Ice: the variable factions, revised"),
        gettext_noop("Shapeshifters and Riverwalkers in their official revision."),
    ),
    "faction-auction": (
        "variant",
        gettext_noop("Faction auction"),
        gettext_noop(
            "Factions are drawn at random; bids in VP (each starts with 40) buy the first "
            "choice of a faction and a turn position."
        ),
    ),
    "fast-auction": (
        "variant",
        gettext_noop("Fast faction auction"),
        gettext_noop(
            "One round of bids on the drawn factions at once; whoever is outbid bids again."
        ),
    ),
    "variable-starting-vp": (
        "variant",
        gettext_noop("Starting VP by faction and map"),
        gettext_noop(
            "Each faction starts with the VP of the map's table (original, Fjords, Lakes)."
        ),
    ),
    "wait-for-leech": (
        "variant",
        gettext_noop("Turns wait for power offers"),
        gettext_noop("A turn starts only once every power offer of the last build is answered."),
    ),
    "yucata-power-sacrifice": (
        "variant",
        gettext_noop("Power sacrificed only when needed"),
        gettext_noop(
            "As on Yucata: power is burnt only together with a power action, a power "
            "conversion or a paid ship step that bowl III cannot pay, and only as much as it "
            "lacks."
        ),
    ),
    "beginner-setup": (
        "variant",
        gettext_noop("Beginner setup"),
        gettext_noop(
            "The rulebook's first game: fixed factions per player count. Its fixed dwellings, "
            "tiles and bonus cards are known only from pictures, so those follow the normal "
            "setup."
        ),
    ),
    data.MERCHANTS: (
        "expansion",
        gettext_noop("Merchants of the Seas (provisional)"),
        gettext_noop(
            "Merchants of the Seas: docks, ships that sail and trade, shipyards, new tiles. "
            "Provisional: shipyard boards, round tiles and favor cults come from an unfinished "
            "implementation, not the printed components; canals are known only for the "
            "original map; Fakirs and Dwarves cannot play (their reach track is unknown)."
        ),
    ),
    data.MERCHANTS_TASTE: (
        "expansion",
        gettext_noop("Merchants of the Seas: taste the new bonus cards"),
        gettext_noop(
            "Only with Merchants of the Seas, the rulebook's way to try the new elements: 2 "
            "of the 3 new round bonus cards are drawn at random, the other bonus cards from "
            "the previous ones."
        ),
    ),
    data.MERCHANTS_FINAL_TILE: (
        "expansion",
        gettext_noop("Merchants of the Seas: the final tile most trade markers"),
        gettext_noop(
            "Only with Merchants of the Seas: the new final tile (18/12/6 VP for the most "
            "trade markers placed) is played, beside the area scoring; with the Fire & Ice "
            "final tiles it is chosen instead of drawn."
        ),
    ),
}
# Options kept for terra.snellman.net's games (imports, the API), never offered on forms.
NOT_OFFERED = frozenset({"email-notify"})


def _gains(gain: dict) -> str:
    """A gain in words: "1 key, 5 VP, 6 coins", "2 fire"."""
    parts = []
    for key, n in gain.items():
        if key in CULT_NAMES:
            parts.append(f"{n} {CULT_NAMES[key]}")
        elif key in AMOUNTS:
            parts.append(AMOUNTS[key] % {"n": n})
    return ", ".join(parts)


def _raw_factions() -> dict[str, dict]:
    raw: dict[str, dict] = {}
    for file in data.FACTION_FILES:
        raw.update(json.loads((data.DATA_DIR / file).read_text())["factions"])
    return raw


def _colour_order(colour: str) -> int:
    """Wheel colours first, then ice, volcano and the chosen homes, as the boxes are sorted."""
    order = [*data.TERRAINS, CHOSEN_HOME]
    return order.index(colour) if colour in order else len(order)


def _power_discount(name: str, spec: data.FactionSpec) -> int:
    """Power the faction saves on every power action (the Yetis: 1), as the engine charges."""
    probe = FactionState(name=name, color=spec.color, seat=1)
    return 10 - faction_rules(name).power_action_cost(probe, 10)


def _faction(name: str, spec: data.FactionSpec, raw: dict, special: dict) -> dict:
    """A faction board: home, abilities and the costs the engine charges."""
    stronghold = raw.get("stronghold", {})
    action = stronghold.get("special_action") or ""
    return {
        "display": faction_name(name),
        "color": spec.color,
        "terrain": str(TERRAIN_NAMES.get(spec.color, CHOSEN_IN_PLAY)),
        # Every Fire & Ice faction picks a wheel colour in play (`pick-color`).
        "chosen_home": spec.color not in data.TERRAIN_CYCLE,
        "ability": _text(raw.get("ability", {}).get("text", "")),
        "stronghold": _text(stronghold.get("text", "")),
        "stronghold_action": special[action]["text"] if action in special else _text(action),
        "costs": {b: _gains({k: n for k, n in c.items() if n}) for b, c in spec.costs.items()},
        "start": {"VP": spec.start_vp, **{k: spec.start[k] for k in ("C", "W", "P")}},
        "power_discount": _power_discount(name, spec),
    }


def _text(text: str) -> str:
    """A text of the rules' data in the reader's language (DATA_TEXTS lists them for the
    catalogs)."""
    return gettext(text) if text else ""


def _scoring(t: data.ScoringTile) -> dict:
    by_vp: dict[int, list[str]] = {}
    for event, vp in t.vp.items():
        by_vp.setdefault(vp, []).append(str(SCORING_EVENTS.get(event, event)))
    text = "; ".join(
        gettext("%(events)s: +%(vp)s VP") % {"events": ", ".join(events), "vp": vp}
        for vp, events in by_vp.items()
    )
    if t.cult in CULT_NAMES:
        bonus = gettext("per %(n)s %(track)s: %(gain)s") % {
            "n": t.per,
            "track": CULT_NAMES[t.cult],
            "gain": _gains(t.gain),
        }
    else:
        bonus = gettext("per own priest on a cult track's 3- or 2-space: %(gain)s") % {
            "gain": _gains(t.gain)
        }
    return {"text": text, "bonus": bonus}


def _bonus(bt: dict) -> dict:
    parts = [f"+{_gains(bt['income'])}"] if bt["income"] else []
    if "trade_vp" in bt:
        parts.append(gettext("+%(vp)s VP per trade") % {"vp": bt["trade_vp"]})
    action = bt.get("special_action", {}).get("effect")
    if action:
        parts.append(gettext("action: %(effect)s") % {"effect": _text(action)})
    # BON4: one more shipping level in the actions of the round it is held.
    shipping = 1 if "shipping" in bt.get("effect", "") else 0
    if shipping:
        parts.append(gettext("+1 shipping this round"))
    if "pass_vp_text" in bt:
        parts.append(gettext("pass: %(vp)s") % {"vp": _text(bt["pass_vp_text"])})
    return {
        "text": "; ".join(parts),
        "option": bt.get("option"),
        "action": _text(action) if action else None,
        "shipping": shipping,
    }


def _favor(ft: dict) -> dict:
    parts = [f"+{_gains(ft['gain'])}"]
    if "income" in ft:
        parts.append(gettext("income %(gain)s") % {"gain": _gains(ft["income"])})
    action = ft.get("special_action", {}).get("effect")
    if action:
        parts.append(gettext("action: %(effect)s") % {"effect": _text(action)})
    elif "effect" in ft:
        parts.append(_text(ft["effect"]))
    return {
        "text": "; ".join(parts),
        "copies": ft["copies"],
        "action": _text(action) if action else None,
    }


def _special_actions() -> dict[str, dict]:
    special = {
        aid: {
            "text": _text(a.get("effect", "")) or _gains(a.get("gain", {})),
            "faction": a["faction"],
            # Most are stronghold actions; the Engineers' bridge is theirs from the start.
            "stronghold": a.get("requires") == "SH",
        }
        for aid, a in data.tiles()["faction_special_actions"].items()
    }
    for aid, text in HOME_CHANGE_ACTIONS.items():
        special[aid] = {"text": gettext(text), "faction": "shapeshifters", "stronghold": True}
    for aid, text in SHIPYARD_ACTIONS.items():
        special[aid] = {"text": gettext(text), "faction": None, "stronghold": False}
    return special


def _build() -> dict:
    """Everything the game page needs to describe ids, in the active language."""
    specs = data.faction_specs()
    actions = {}
    for aid, a in data.POWER_ACTIONS.items():
        effect = data.tiles()["power_actions"]["actions"][aid].get("effect")
        actions[aid] = {"cost": a["PW"], "text": _text(effect) if effect else _gains(a["gain"])}
    actions.update(
        {
            aid: {"cost": a["cost"]["PW"], "text": _text(a["text"]), "option": data.MERCHANTS}
            for aid, a in MERCHANTS_POWER_ACTIONS.items()
        }
    )
    special = _special_actions()
    raw = _raw_factions()
    merchants = data.merchants_data()
    ordered = sorted(specs.items(), key=lambda kv: (_colour_order(kv[1].color), kv[0]))
    return {
        "factions": {name: _faction(name, s, raw[name], special) for name, s in ordered},
        "terrains": {
            **{t: str(TERRAIN_NAMES.get(t, t)) for t in data.TERRAIN_NAMES},
            "river": str(TERRAIN_NAMES["river"]),
        },
        "cycle": list(data.TERRAIN_CYCLE),
        "buildings": {b: str(BUILDINGS[b]) for b in building.BUILDING_NAMES},
        "cults": list(data.CULTS),
        "cult_power": [list(t) for t in data.CULT_POWER_THRESHOLDS],
        "cult_spaces": list(data.CULT_SPACE_VALUES),
        "supply": dict(data.BUILDING_SUPPLY),
        "scoring": {tid: _scoring(t) for tid, t in data.scoring_tiles().items()},
        "bonus": {tid: _bonus(bt) for tid, bt in data.bonus_tiles().items()},
        "favor": {tid: _favor(ft) for tid, ft in data.favor_tiles().items()},
        "town": {
            tid: {"text": _gains(t["gain"]), "copies": t["copies"], "option": t.get("option")}
            for tid, t in data.town_tiles().items()
        },
        "power_actions": actions,
        "special_actions": special,
        "final_tiles": {tile: str(name) for tile, name in FINAL_TILES.items()},
        "merchants": {
            "provisional": [_text(line) for line in provisional_components()],
            "refused_factions": {
                name: _text(why) for name, why in merchants["refused_factions"].items()
            },
        },
    }


@functools.lru_cache(maxsize=8)
def _built(language: str) -> dict:
    with translation.override(language):
        return _build()


def catalog() -> dict:
    """The catalog in English (the engine's words), cached."""
    return _built("en")


def localized() -> dict:
    """The catalog in the active language, cached per language."""
    return _built(translation.get_language() or "en")


def vp_source_name(source: str) -> str:
    """A source of VP in the final ranking, in the reader's language."""
    return str(VP_SOURCES.get(source, source))


def final_tile_name(tile: str) -> str:
    """A final scoring tile in the reader's language."""
    return str(FINAL_TILES.get(tile, tile))


def map_name(name: str) -> str:
    """A map's name (the engine's) in the reader's language."""
    return gettext(name) if name in MAP_NAMES else name


def kind_options() -> tuple[Option, ...]:
    """Every engine option for the kind's info: the site's defaults first, then by name."""
    names = list(DEFAULT_OPTIONS) + sorted(RULE_OPTIONS - set(DEFAULT_OPTIONS))
    options = []
    for name in names:
        group, label, help_text = OPTION_TEXTS.get(name, ("", "", name))
        options.append(
            Option(
                name,
                help_text,
                default=name in DEFAULT_OPTIONS,
                label=label,
                group=group,
                offered=name not in NOT_OFFERED,
            )
        )
    return tuple(options)


def options_described(names: list[str]) -> list[dict]:
    """A game's options in the reader's language, for its page (a description that only
    repeats the label is left out)."""
    described = []
    for name in names:
        _group, label, help_text = OPTION_TEXTS.get(name, ("", name, ""))
        label, help_text = gettext(label), gettext(help_text) if help_text else ""
        same = help_text.rstrip(".") == label
        described.append({"name": name, "label": label, "help": "" if same else help_text})
    return described


def scoring_tile_ids() -> list[str]:
    return sorted(data.scoring_tiles(), key=data.natural_key)


def bonus_tile_ids() -> list[str]:
    return sorted(data.bonus_tiles(), key=data.natural_key)
