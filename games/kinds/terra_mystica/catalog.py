"""Descriptions of the game's pieces for the pages: factions, tiles, actions, options.

Read from the rules engine's data tables (plain data, no game logic) and cached: the pages
show them next to ids the state view only names.
"""

from __future__ import annotations

import functools
import json

from django.utils.translation import gettext_lazy as _

from games.rules.terra_mystica import building, data
from games.rules.terra_mystica.merchants.actions import POWER_ACTIONS as MERCHANTS_POWER_ACTIONS
from games.rules.terra_mystica.merchants.state import provisional_components
from games.rules.terra_mystica.setup import DEFAULT_OPTIONS, RULE_OPTIONS

RESOURCE_NAMES = {
    "C": "coin",
    "W": "worker",
    "P": "priest",
    "PW": "power",
    "VP": "VP",
    "KEY": "key",
    "SPADE": "spade",
    "BRIDGE": "bridge",
    "CULT": "cult step",
    "SHIP": "ship",
    "GAIN_SHIP": "shipping advance",
}
# The engine's own names, which its refusals use too.
BUILDING_NAMES = building.BUILDING_NAMES
# The engine's terrain table (the wheel, then Fire & Ice's ice and volcano), plus the river.
TERRAIN_NAMES = {**data.TERRAIN_NAMES, "river": "river"}
# Shapeshifters and Riverwalkers print no home: theirs is picked in play.
CHOSEN_HOME = "variable"
# Shapeshifters' stronghold actions live in the faction's rules, not in tiles.json.
HOME_CHANGE_ACTIONS = {
    "ACTH1": "change the home colour for 3 power from bowl III, +2 VP",
    "ACTH2": "change the home colour for 3 power chips removed, +2 VP",
    "ACTH5": "change the home colour for 5 power from bowl III (revised)",
    "ACTH6": "change the home colour for 5 power chips removed (revised)",
}
OPTION_HELP = {
    "strict-leech": _("Power offers are answered in the order they arose, before converting."),
    "strict-darkling-sh": _(
        "The Darklings use or decline their stronghold conversion in that turn."
    ),
    "strict-chaosmagician-sh": _(
        "Chaos Magicians passing during their double action lose the rest."
    ),
    "errata-cultist-power": _("Cultists gain 1 power when every neighbour declines their offer."),
    "mini-expansion-1": _("Promo town tiles TW6, TW7 and TW8."),
    "promo-town-tile-tw6": _(
        "Promo town tile TW6 on its own: 2 VP, 2 steps on every cult track, counts as 2 keys "
        "(1 copy). In Yucata's tile list."
    ),
    "promo-town-tile-tw7": _(
        "Promo town tile TW7 on its own: 4 VP and one shipping advance; Fakirs: carpet range "
        "+1 (2 copies). In Yucata's tile list."
    ),
    "promo-town-tile-tw8": _(
        "Promo town tile TW8 on its own: 11 VP (1 copy). In Yucata's tile list."
    ),
    "shipping-bonus": _("Promo bonus tile BON10 (3 VP per shipping level when passing)."),
    "temple-scoring-tile": _("Promo round scoring tile SCORE9 (temples, priests on cults)."),
    "maintain-player-order": _("Seats in the order players joined, not shuffled."),
    "variable-turn-order": _("Next round's turn order is the order of passing."),
    "email-notify": _("No effect on the rules (e-mails are set in each player's profile)."),
    "fire-and-ice-final-scoring": _("Adds a Fire & Ice final scoring tile."),
    "fire-and-ice-factions/ice": _("Ice Maidens and Yetis (home on ice, colour picked at setup)."),
    "fire-and-ice-factions/volcano": _(
        "Acolytes and Dragonlords (build volcanoes by giving up cult steps or power)."
    ),
    "fire-and-ice-factions/variable": _(
        "Shapeshifters and Riverwalkers as printed (home colour picked at setup)."
    ),
    "fire-and-ice-factions/variable_v5": _(
        "Shapeshifters and Riverwalkers in their official revision."
    ),
    "faction-auction": _(
        "Factions are drawn at random; bids in VP (each starts with 40) buy the first choice "
        "of a faction and a turn position."
    ),
    "fast-auction": _(
        "One round of bids on the drawn factions at once; whoever is outbid bids again."
    ),
    "variable-starting-vp": _(
        "Each faction starts with the VP of the map's table (original, Fjords, Lakes)."
    ),
    "wait-for-leech": _("A turn starts only once every power offer of the last build is answered."),
    "beginner-setup": _(
        "The rulebook's first game: fixed factions per player count. Its fixed dwellings, "
        "tiles and bonus cards are known only from pictures, so those follow the normal setup."
    ),
    data.MERCHANTS: _(
        "Merchants of the Seas: docks, ships that sail and trade, shipyards, new tiles. "
        "Provisional: shipyard boards, round tiles and favor cults come from an unfinished "
        "implementation, not the printed components; canals are known only for the original "
        "map; Fakirs and Dwarves cannot play (their reach track is unknown)."
    ),
    data.MERCHANTS_TASTE: _(
        "Only with Merchants of the Seas, the rulebook's way to try the new elements: 2 of "
        "the 3 new round bonus cards are drawn at random, the other bonus cards from the "
        "previous ones."
    ),
}


def _gains(gain: dict) -> str:
    parts = []
    for key, n in gain.items():
        if key in data.CULTS:
            parts.append(f"{n} {key.lower()}")
        elif key in RESOURCE_NAMES:
            name = RESOURCE_NAMES[key]
            plural = n != 1 and key not in ("PW", "VP")
            parts.append(f"{n} {name}{'s' if plural else ''}")
        elif key == "shipping_steps":
            parts.append(f"{n} shipping")
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


def _cost(cost: dict[str, int]) -> str:
    return ", ".join(f"{n} {k}" for k, n in cost.items() if n)


def _faction(name: str, spec: data.FactionSpec, raw: dict) -> dict:
    """A faction board: home, abilities and the costs the engine charges."""
    stronghold = raw.get("stronghold", {})
    return {
        "display": spec.display,
        "color": spec.color,
        "terrain": TERRAIN_NAMES.get(spec.color, "chosen in play"),
        # Every Fire & Ice faction picks a wheel colour in play (`pick-color`).
        "chosen_home": spec.color not in data.TERRAIN_CYCLE,
        "ability": raw.get("ability", {}).get("text", ""),
        "stronghold": stronghold.get("text", ""),
        "stronghold_action": stronghold.get("special_action") or "",
        "costs": {b: _cost(c) for b, c in spec.costs.items()},
        "start": {"VP": spec.start_vp, **{k: spec.start[k] for k in ("C", "W", "P")}},
    }


@functools.cache
def catalog() -> dict:
    """Everything the game page needs to describe ids, as plain JSON."""
    specs = data.faction_specs()
    scoring = {}
    for tid, t in data.scoring_tiles().items():
        cult = t.cult.lower() if t.cult != "PRIESTS" else "priests on cults"
        scoring[tid] = {
            "text": t.text,
            "bonus": f"per {t.per} {cult}: {_gains(t.gain)}",
        }
    bonus = {}
    for tid, bt in data.bonus_tiles().items():
        parts = [f"+{_gains(bt['income'])}"] if bt["income"] else []
        if "trade_vp" in bt:
            parts.append(f"+{bt['trade_vp']} VP per trade")
        if "special_action" in bt:
            parts.append(f"action: {bt['special_action']['effect']}")
        if "effect" in bt:
            parts.append("+1 shipping this round")
        if "pass_vp_text" in bt:
            parts.append(f"pass: {bt['pass_vp_text']}")
        action = bt.get("special_action", {}).get("effect")
        bonus[tid] = {
            "text": "; ".join(parts),
            "option": bt.get("option"),
            "action": action,
            # BON4: one more shipping level in the actions of the round it is held.
            "shipping": 1 if "shipping" in bt.get("effect", "") else 0,
        }
    favor = {}
    for tid, ft in data.favor_tiles().items():
        parts = [f"+{_gains(ft['gain'])}"]
        if "income" in ft:
            parts.append(f"income {_gains(ft['income'])}")
        if "special_action" in ft:
            parts.append(f"action: {ft['special_action']['effect']}")
        elif "effect" in ft:
            parts.append(ft["effect"])
        action = ft.get("special_action", {}).get("effect")
        favor[tid] = {"text": "; ".join(parts), "copies": ft["copies"], "action": action}
    town = {
        tid: {"text": _gains(t["gain"]), "copies": t["copies"], "option": t.get("option")}
        for tid, t in data.town_tiles().items()
    }
    actions = {}
    for aid, a in data.POWER_ACTIONS.items():
        effect = data.tiles()["power_actions"]["actions"][aid].get("effect")
        actions[aid] = {"cost": a["PW"], "text": effect or _gains(a["gain"])}
    special = {
        aid: {"text": a.get("effect") or _gains(a.get("gain", {})), "faction": a["faction"]}
        for aid, a in data.tiles()["faction_special_actions"].items()
    }
    special.update(
        {
            aid: {"text": text, "faction": "shapeshifters"}
            for aid, text in HOME_CHANGE_ACTIONS.items()
        }
    )
    raw = _raw_factions()
    merchants = data.merchants_data()
    actions.update(
        {
            aid: {"cost": a["cost"]["PW"], "text": a["text"], "option": data.MERCHANTS}
            for aid, a in MERCHANTS_POWER_ACTIONS.items()
        }
    )
    special.update(
        {
            "ACTMV": {"text": "move all ships (shipyard board)", "faction": None},
            "ACTSY": {"text": "place 1 ship (shipyard, once built)", "faction": None},
        }
    )
    return {
        "factions": {
            name: _faction(name, s, raw[name])
            for name, s in sorted(specs.items(), key=lambda kv: (_colour_order(kv[1].color), kv[0]))
        },
        "terrains": TERRAIN_NAMES,
        "cycle": list(data.TERRAIN_CYCLE),
        "buildings": BUILDING_NAMES,
        "cults": list(data.CULTS),
        "cult_power": [list(t) for t in data.CULT_POWER_THRESHOLDS],
        "cult_spaces": list(data.CULT_SPACE_VALUES),
        "supply": dict(data.BUILDING_SUPPLY),
        "scoring": scoring,
        "bonus": bonus,
        "favor": favor,
        "town": town,
        "power_actions": actions,
        "special_actions": special,
        "merchants": {
            "provisional": provisional_components(),
            "refused_factions": dict(merchants["refused_factions"]),
        },
    }


def option_choices() -> list[dict]:
    """Every engine option for the new-game form; the site's defaults come first, checked."""
    names = list(DEFAULT_OPTIONS) + sorted(RULE_OPTIONS - set(DEFAULT_OPTIONS))
    return [
        {"name": n, "default": n in DEFAULT_OPTIONS, "help": OPTION_HELP.get(n, "")} for n in names
    ]


def options_described(names: list[str]) -> list[dict]:
    """A game's options with a line on what each does, for its page."""
    return [{"name": n, "help": OPTION_HELP.get(n, "")} for n in names]


def scoring_tile_ids() -> list[str]:
    return sorted(data.scoring_tiles(), key=data.natural_key)


def bonus_tile_ids() -> list[str]:
    return sorted(data.bonus_tiles(), key=data.natural_key)
