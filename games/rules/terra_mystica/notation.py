"""The command language of terra.snellman.net: rows of sub-commands joined by '.'.

``parse_row`` turns one row as a player types it into parsed commands; parsing is
case-insensitive and accepts every spelling the site accepts (``advance shipping``,
``convert pw to c``, ``transform f2 to grey``, ``+ FAV1``, ``Upgrade d2 to tp`` ...).
"""

from __future__ import annotations

import re
import sys
from dataclasses import dataclass
from functools import lru_cache

from ..core import RuleError

MAX_ROW_LENGTH = 500

RESOURCE_ALIASES = {
    "PRIEST": "P",
    "PRIESTS": "P",
    "POWER": "PW",
    "WORKER": "W",
    "WORKERS": "W",
    "COIN": "C",
    "COINS": "C",
}
BUILDING_ALIASES = {
    "DWELLING": "D",
    "TRADING POST": "TP",
    "TRADING HOUSE": "TP",
    "TEMPLE": "TE",
    "STRONGHOLD": "SH",
    "SANCTUARY": "SA",
    "SHIPYARD": "SY",
}


@dataclass(frozen=True, slots=True)
class Command:
    verb: str
    args: tuple
    text: str  # the sub-command as written in the ledger

    def __str__(self) -> str:
        return self.text


_SPACE_BEFORE_WORD = re.compile(r"(\W)\s(\w)")
_SPACE_AFTER_WORD = re.compile(r"(\w)\s(\W)")

_PATTERNS: list[tuple[str, re.Pattern[str]]] = [
    ("adjust", re.compile(r"^([+-])(\d*)(\w+)(?: for ([\w -]+))?$", re.I)),
    ("build", re.compile(r"^build (\w+)$", re.I)),
    ("upgrade", re.compile(r"^upgrade (\w+) to ([\w ]+)$", re.I)),
    ("send", re.compile(r"^send (?:p|priest) to (\w+)(?: for (\d+))?$", re.I)),
    ("convert", re.compile(r"^convert (\d+)?\s*(\w+) to (\d+)?\s*(\w+)$", re.I)),
    ("burn", re.compile(r"^burn (\d+)$", re.I)),
    ("leech", re.compile(r"^leech (\d+)(?: from (\w+))?$", re.I)),
    ("decline", re.compile(r"^decline(?: (\d+) from (\w+))?$", re.I)),
    ("transform", re.compile(r"^transform (\w+)(?: to (\w+))?$", re.I)),
    ("dig", re.compile(r"^dig (\d+)$", re.I)),
    ("bridge", re.compile(r"^bridge (\w+):(\w+)$", re.I)),
    ("connect", re.compile(r"^connect (\w+):(\w+)(?::(\w+))?$", re.I)),
    ("connect_river", re.compile(r"^connect (r\d+)$", re.I)),
    ("pass", re.compile(r"^pass(?: (bon\d+))?$", re.I)),
    ("action", re.compile(r"^action (\w+)$", re.I)),
    ("advance", re.compile(r"^advance (ship|dig)\w*$", re.I)),
    ("setup", re.compile(r"^setup (\w+)(?: position (\d+))?$", re.I)),
    ("bid", re.compile(r"^bid(?: ([a-z]\w*))? (\d+)$", re.I)),
    ("unlock", re.compile(r"^unlock-terrain ([\w-]+)$", re.I)),
    ("gain_token", re.compile(r"^gain p3 for vp$", re.I)),
    ("pick_color", re.compile(r"^pick-colou?r (\w+)$", re.I)),
    ("drop", re.compile(r"^drop-faction (\w+)$", re.I)),
    ("resign", re.compile(r"^resign$", re.I)),
    ("wait", re.compile(r"^wait$", re.I)),
    ("done", re.compile(r"^done$", re.I)),
    # Merchants of the Seas (last: the base game's commands match without trying these).
    ("build_ship", re.compile(r"^build (\w+) (?:with|by) ship$", re.I)),
    ("dock", re.compile(r"^dock (\w+)$", re.I)),
    ("ship", re.compile(r"^ship (r\d+)$", re.I)),
    ("sail", re.compile(r"^sail ((?:\w+-)+\w+)(?: from bowl (ii|iii))?$", re.I)),
    ("trade", re.compile(r"^trade (\w+)(?: for (\w+))?$", re.I)),
    ("choose", re.compile(r"^choose (ship|coins|priest)(?: (\w+))?$", re.I)),
]

# Commands that take (or are part of) the turn's action; a power offer answered in the
# same row as one of them is answered first, as terra.snellman.net does.
ACTION_VERBS = frozenset(
    {
        "build",
        "upgrade",
        "send",
        "transform",
        "dig",
        "bridge",
        "pass",
        "action",
        "advance",
        "build_ship",
        "sail",
    }
)


def clean(sub: str) -> str:
    sub = " ".join(sub.split())
    if sub.replace(" ", "").isalnum():
        return sub  # only words and single spaces ("build E5"): nothing to join
    sub = _SPACE_BEFORE_WORD.sub(r"\1\2", sub)
    return _SPACE_AFTER_WORD.sub(r"\1\2", sub)


def split_row(row: str) -> list[str]:
    if len(row) > MAX_ROW_LENGTH:
        raise RuleError(f"a move may be at most {MAX_ROW_LENGTH} characters long")
    return list(_split(row))


@lru_cache(maxsize=8192)
def _split(row: str) -> tuple[str, ...]:
    row = row.split("#", 1)[0]
    return tuple(c for c in (clean(part) for part in row.split(".")) if c)


@lru_cache(maxsize=4096)
def _part(part: str) -> Command | None:
    """One sub-command as typed between the dots (None: only blanks). Sub-commands repeat far
    more than rows ("leech 1 from witches" in hundreds of rows): each is cleaned once."""
    sub = clean(part)
    return parse(sub) if sub else None


def _patterns_by_first_word() -> dict[str, list[tuple[str, re.Pattern[str]]]]:
    """The patterns by the literal word they start with, in _PATTERNS' order ("" for
    adjust's sign; pick-colou?r under both spellings)."""
    out: dict[str, list[tuple[str, re.Pattern[str]]]] = {}
    for verb, pattern in _PATTERNS:
        m = re.match(r"\^([a-z-]+)", pattern.pattern)
        word = m.group(1) if m else ""
        for key in ("pick-color", "pick-colour") if verb == "pick_color" else (word,):
            out.setdefault(key, []).append((verb, pattern))
    return out


# A sub-command is matched against the few patterns that share its first word, not against
# every pattern before its own (most commands are far down the list).
_BY_FIRST_WORD = _patterns_by_first_word()


@lru_cache(maxsize=4096)
def parse(sub: str) -> Command:
    word = "" if sub[:1] in "+-" else sub.split(" ", 1)[0].lower()
    for verb, pattern in _BY_FIRST_WORD.get(word, ()):
        m = pattern.match(sub)
        if m:
            return Command(verb, _interned(_args(verb, m)), sub)
    # Every pattern in turn: what case-insensitive matching accepts beyond lower() (the same
    # answer as before, only slower), and the error for what none accepts.
    for verb, pattern in _PATTERNS:
        m = pattern.match(sub)
        if m:
            return Command(verb, _interned(_args(verb, m)), sub)
    raise RuleError(f"unknown command '{sub}'")


def _interned(args: tuple) -> tuple:
    """The arguments with every name interned (hexes, factions, tiles, resources, cults): the
    state's dicts and the rules' literals then hold the same string objects, and a lookup or a
    comparison that finds its name is answered by identity, not by comparing the characters."""
    out = []
    for a in args:
        if type(a) is str:
            a = sys.intern(a)
        elif type(a) is tuple:
            a = _interned(a)
        out.append(a)
    return tuple(out)


_RIVER = re.compile(r"^R\d+$")


def hex_name(text: str) -> str:
    """Land hexes are upper case (E5), river hexes lower case (r3)."""
    name = text.upper()
    return name.lower() if _RIVER.match(name) else name


def _args(verb: str, m: re.Match[str]) -> tuple:
    g = m.groups()
    if verb == "adjust":
        sign = 1 if g[0] == "+" else -1
        count = int(g[1]) if g[1] else 1
        return (sign * count, g[2].upper(), (g[3] or "").lower())
    if verb in ("build_ship", "dock", "ship"):
        return (hex_name(g[0]),)
    if verb == "sail":
        return (tuple(hex_name(h) for h in g[0].split("-")), (g[1] or "").upper() or None)
    if verb == "trade":
        return (hex_name(g[0]), (g[1] or "").upper() or None)
    if verb == "choose":
        return (g[0].lower(), (g[1] or "").upper() or None)
    if verb in ("build", "dig"):
        return (hex_name(g[0]),) if verb == "build" else (int(g[0]),)
    if verb == "upgrade":
        kind = g[1].upper().strip()
        return (hex_name(g[0]), BUILDING_ALIASES.get(kind, kind))
    if verb == "send":
        return (g[0].upper(), int(g[1]) if g[1] else None)
    if verb == "convert":
        return (
            int(g[0]) if g[0] else 1,
            RESOURCE_ALIASES.get(g[1].upper(), g[1].upper()),
            int(g[2]) if g[2] else 1,
            RESOURCE_ALIASES.get(g[3].upper(), g[3].upper()),
        )
    if verb == "burn":
        return (int(g[0]),)
    if verb == "leech":
        return (int(g[0]), (g[1] or "").lower())
    if verb == "decline":
        return (int(g[0]) if g[0] else None, (g[1] or "").lower())
    if verb == "transform":
        return (hex_name(g[0]), (g[1] or "").lower() or None)
    if verb == "bridge":
        return (hex_name(g[0]), hex_name(g[1]))
    if verb == "connect":
        return tuple(hex_name(x) for x in g if x)
    if verb == "connect_river":
        return (g[0].lower(),)
    if verb == "pass":
        return ((g[0] or "").upper() or None,)
    if verb == "action":
        return (g[0].upper(),)
    if verb == "advance":
        return (g[0].lower(),)
    if verb == "setup":
        return (g[0].lower(), int(g[1]) if g[1] else None)
    if verb == "bid":
        return ((g[0] or "").lower() or None, int(g[1]))
    if verb in ("drop", "pick_color", "unlock"):
        return (g[0].lower(),)
    return ()


# Parsed rows by text, one dict per order of the offers' answers. Rows repeat across games
# ("leech 1 from witches", "pass BON3"): each text is parsed once. Plain dicts, emptied when
# full: a hit is one lookup (an lru_cache builds a key of both arguments and reorders its list).
ROW_CACHE_SIZE = 8192
_ROWS_AS_TYPED: dict[str, tuple[Command, ...]] = {}
_ROWS_OFFERS_FIRST: dict[str, tuple[Command, ...]] = {}


def parse_row(row: str, *, answer_offers_first: bool = True) -> list[Command]:
    return list(parsed_row(row, answer_offers_first))


def parsed_row(row: str, answer_offers_first: bool) -> tuple[Command, ...]:
    """``parse_row``'s commands as the cache holds them (not a list of the caller's own)."""
    cache = _ROWS_OFFERS_FIRST if answer_offers_first else _ROWS_AS_TYPED
    parsed = cache.get(row)
    if parsed is None:
        if len(row) > MAX_ROW_LENGTH:
            raise RuleError(f"a move may be at most {MAX_ROW_LENGTH} characters long")
        parsed = _parse_row(row, answer_offers_first)
        if len(cache) >= ROW_CACHE_SIZE:
            cache.clear()
        cache[row] = parsed
    return parsed


def forget_parsed_rows() -> None:
    """Empty the parse caches (a benchmark's round then parses like a server meeting new rows)."""
    _ROWS_AS_TYPED.clear()
    _ROWS_OFFERS_FIRST.clear()
    for cached in (_part, parse, _split):
        cached.cache_clear()


def _parse_row(row: str, answer_offers_first: bool) -> tuple[Command, ...]:
    commands = []
    for part in row.split("#", 1)[0].split("."):  # _split's parts, each cleaned once
        command = _part(part)
        if command is not None:
            commands.append(command)
    if answer_offers_first:
        first_action = next((i for i, c in enumerate(commands) if c.verb in ACTION_VERBS), None)
        if first_action is not None and any(
            c.verb in ("leech", "decline") for c in commands[first_action:]
        ):
            answers = [c for c in commands if c.verb in ("leech", "decline")]
            commands = answers + [c for c in commands if c.verb not in ("leech", "decline")]
    # Identical consecutive gains are one gain of twice the amount (the Auren's "+FIRE. +FIRE").
    merged: list[Command] = []
    for c in commands:
        if (
            merged
            and c.verb == "adjust"
            and merged[-1].text.lower() == c.text.lower()
            and c.args[0] > 0
        ):
            prev = merged.pop()
            amount = prev.args[0] * 2
            c = Command("adjust", (amount, c.args[1], c.args[2]), f"+{amount}{c.args[1]}")
        merged.append(c)
    return tuple(merged)
