"""Names the parser reads and the board's hexes are interned: the same string objects as the
rules' own literals, so that a dict lookup or a comparison that finds its name is answered by
identity. The values are unchanged: only which object holds them."""

from __future__ import annotations

import sys

from games.rules.terra_mystica.board import load_board
from games.rules.terra_mystica.notation import forget_parsed_rows, parse_row


def test_parsed_names_are_the_boards_and_the_rules_strings() -> None:
    forget_parsed_rows()
    board = load_board()
    hexes = {h: h for h in board.hexes}
    rows = {
        "build e5": ("build", ("E5",)),
        "upgrade F3 to tp": ("upgrade", ("F3", "TP")),
        "leech 2 from Witches": ("leech", (2, "witches")),
        "action act6. transform G4 to green": ("transform", ("G4", "green")),
        "convert 3PW to 3C": ("convert", (3, "PW", 3, "C")),
        "send p to WATER": ("send", ("WATER", None)),
        "pass bon3": ("pass", ("BON3",)),
        "+FAV11": ("adjust", (1, "FAV11", "")),
        "bridge C2:D4": ("bridge", ("C2", "D4")),
    }
    for text, (verb, args) in rows.items():
        cmd = parse_row(text, answer_offers_first=False)[-1]
        assert (cmd.verb, cmd.args) == (verb, args), text
        for got in cmd.args:
            if isinstance(got, str):
                assert got is sys.intern(got), (text, got)
                if got in hexes:
                    assert got is hexes[got], (text, got)
    # The board's own hexes, as every neighbour list holds them.
    for h, near in board.land_neighbours.items():
        assert h is sys.intern(h)
        assert all(n is sys.intern(n) for n in near)
