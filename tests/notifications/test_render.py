"""A move's mails, written without the template engine (notifications.render), read exactly as
their templates render them: in English and German, every branch of the templates, with the
names a player may type that HTML must escape."""

from __future__ import annotations

import itertools
from types import SimpleNamespace

import pytest
from django.template.loader import render_to_string
from django.utils import translation

from notifications import render

BASE = {
    "name": 'Jörg <b>&amp; "Ö"',
    "url": "http://127.0.0.1:8000/games/3/?a=1&b=2",
    "site_url": "http://127.0.0.1:8000",
    "site_name": "Tablelands & <Co>",
    "preferences_url": "http://127.0.0.1:8000/account/#notifications",
    "unsubscribe_url": "http://127.0.0.1:8000/notifications/unsubscribe/ab:cd/",
    "unsubscribe_all_url": "http://127.0.0.1:8000/notifications/unsubscribe/ef:gh/",
    "game_name": "Spiel <i>'1'</i> & Übermut",
    "move_number": 12,
    "game": None,
}
DECISIONS = [
    {"kind": "leech", "amount": 3, "from_faction": "nomads", "category": "reaction"},
    {"kind": "action", "category": "turn"},
]


def moves(count: int) -> list[dict]:
    actors = ["witches", "", None]
    commands = ["build E7 & <upgrade> 'x'", "", None]
    return [
        {
            "number": 1 + i * 700,
            "actor": actors[i % 3],
            "kind": "command",
            "command": commands[i % 3],
        }
        for i in range(count)
    ]


def rendered(template: str, context: dict) -> tuple[str, str]:
    return (
        render_to_string(f"notifications/email/{template}.txt", context),
        render_to_string(f"notifications/email/{template}.html", context),
    )


@pytest.mark.parametrize("template", ["your_turn", "decision"])
@pytest.mark.parametrize("language", ["en", "de"])
def test_turn_mails_read_as_their_templates(template, language):
    cases = itertools.product(
        ["", "witches", "Cultists<&>"],
        ["", "You have 2 h 3 min to act. <soon> & 'then'"],
        [0, 1, 3],
        [0, 5],
        [DECISIONS, DECISIONS[:1], []],
    )
    with translation.override(language):
        for faction, clock, shown, earlier, decisions in cases:
            context = {
                **BASE,
                "kind": template,
                "faction": faction,
                "clock": clock,
                "moves": moves(shown),
                "earlier_moves": earlier,
                "decisions": decisions,
            }
            assert render.mail(template, context) == rendered(template, context), context


@pytest.mark.parametrize("language", ["en", "de"])
def test_every_move_mails_read_as_their_template(language):
    with translation.override(language):
        for number, line in [(1, "witches: build E7"), (1234, "admin: <drop> & 'x' \"y\"")]:
            context = {
                **BASE,
                "kind": "move",
                "move": SimpleNamespace(number=number),
                "line": line,
            }
            text, html = render.mail("move", context)
            assert (text, html) == rendered("move", context)
    if language == "de":
        assert "Zug 1234: admin" in text and "Hallo Jörg" in text
        assert "&lt;drop&gt; &amp; &#x27;x&#x27;" in html


def test_the_other_mails_are_left_to_their_templates():
    assert render.mail("game_started", {**BASE, "kind": "game_started"}) is None
    assert render.mail("your_turn", {**BASE, "kind": "your_turn"}) is None  # no turn context
