"""The optional "taste" rule (rulebook, setup: "von den 3 neuen Rundenbonuskarten 2 zufällig
für das Spiel auswählen und den Rest der Karten mit den bisherigen auffüllen")."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.rules.core import RuleError
from games.rules.terra_mystica.setup import (
    DEFAULT_OPTIONS,
    GameSetup,
    available_bonus_tiles,
    random_setup,
)

from .helpers import OPTIONS, merchants_setup

TASTE = "merchants-of-the-seas/taste"
NEW_CARDS = {"BON12", "BON13", "BON14"}


def in_play(setup: GameSetup) -> set[str]:
    return set(available_bonus_tiles(setup.options)) - set(setup.removed_bonus_tiles)


@settings(max_examples=40, deadline=None)
@given(seed=st.text(min_size=1, max_size=12), players=st.integers(2, 5))
def test_two_of_the_three_new_cards_and_the_rest_from_the_previous_ones(seed, players):
    setup = random_setup(seed, players, (*OPTIONS, TASTE))
    cards = in_play(setup)
    assert len(cards) == players + 3
    assert len(cards & NEW_CARDS) == 2
    assert "BON6" not in cards  # still replaced by the expansion's card D (BON11)


def test_the_draw_follows_the_seed():
    options = (*OPTIONS, TASTE)
    assert random_setup("taste", 4, options) == random_setup("taste", 4, options)
    left_out = {
        (NEW_CARDS - in_play(random_setup(f"taste-{i}", 3, options))).pop() for i in range(30)
    }
    assert left_out == NEW_CARDS  # any of the three may be the one left out


def test_without_the_taste_rule_the_new_cards_are_drawn_like_the_others():
    kept = [len(in_play(random_setup(f"plain-{i}", 2, OPTIONS)) & NEW_CARDS) for i in range(30)]
    assert min(kept) < 2 or max(kept) > 2


def test_the_taste_rule_needs_the_expansion():
    with pytest.raises(RuleError, match="needs the option merchants-of-the-seas"):
        random_setup("x", 3, (*DEFAULT_OPTIONS, TASTE))


def test_an_explicit_setup_with_the_taste_rule_keeps_two_new_cards():
    options = (*OPTIONS, TASTE)
    ok = merchants_setup(
        3, options=options, bonus=("BON1", "BON3", "BON12", "BON13", "BON5", "BON4")
    )
    assert len(in_play(ok) & NEW_CARDS) == 2
    with pytest.raises(RuleError, match="2 of the new bonus cards BON12, BON13, BON14"):
        merchants_setup(
            3, options=options, bonus=("BON1", "BON3", "BON12", "BON13", "BON14", "BON4")
        )
