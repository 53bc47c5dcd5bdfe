"""``parse`` tries only the patterns that share a sub-command's first word: the answer must be
the one of trying every pattern in table order, as it did before."""

from __future__ import annotations

import pytest

from games.rules.core import RuleError
from games.rules.terra_mystica import notation

from .conftest import corpus_game

GAMES = ("4pLeague_S62_D1L1_G3", "4pLeague_S60_D1L1_G1", "4pLeague_S1_D1L1_G3")
SPELLINGS = (
    "pick-colour red",
    "pick-color blue",
    "gain p3 for vp",
    "unlock-terrain gain-priest",
    "drop-faction witches",
    "resign",
    "wait",
    "done",
    "dock e5",
    "ship r3",
    "sail r1-r2 from bowl ii",
    "trade e5 for p",
    "choose ship",
    "build e5 with ship",
    "connect r5",
    "connect a1:b2:c3",
    "bid witches 3",
    "setup witches position 2",
    "+2tw",
    "-spade",
    "+fire for cultists",
    "decline",
    "decline 3 from witches",
    "advance shipping",
    "no such command",
)


def _full_scan(sub: str) -> tuple | str:
    for verb, pattern in notation._PATTERNS:
        m = pattern.match(sub)
        if m:
            return (verb, notation._args(verb, m), sub)
    return "unknown"


def _parsed(sub: str) -> tuple | str:
    try:
        c = notation.parse(sub)
    except RuleError:
        return "unknown"
    return (c.verb, c.args, c.text)


def _variants(sub: str) -> set[str]:
    # Other cases, Unicode letters that case-insensitive matching takes for k and s, cut short
    # and extended.
    return {
        sub,
        sub.upper(),
        sub.title(),
        sub.swapcase(),
        sub.replace("k", "\u212a"),
        sub.replace("s", "\u017f"),
        sub[:-1],
        sub + "x",
    }


@pytest.mark.parametrize("name", GAMES)
def test_parse_answers_as_trying_every_pattern(name):
    subs = set(SPELLINGS)
    for row in corpus_game(name)["rows"]:
        text = row.get("player_command")
        if isinstance(text, str):
            for part in text.split("#", 1)[0].split("."):
                sub = notation.clean(part)
                if sub:
                    subs |= _variants(sub)
    notation.forget_parsed_rows()
    for sub in sorted(subs):
        assert _parsed(sub) == _full_scan(sub), sub
