"""Bad input: every rejected command names the rule it breaks and leaves the state untouched."""

from __future__ import annotations

import contextlib

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.rules.terra_mystica import RuleError, apply, waiting_for

from .conftest import as_json, state_after_line

# Round 2 of a real league game, engineers to act (mermaids' upgrade of F2 is done).
GAME, LINE = "4pLeague_S60_D1L1_G1", 94


@pytest.fixture(scope="module")
def position():
    state = state_after_line(GAME, LINE)
    assert [d.actor for d in waiting_for(state) if d.kind == "action"] == ["engineers"]
    return state


REJECTIONS = [
    ("engineers", "buidl E5", "unknown command 'buidl E5'"),
    ("engineers", "build Z99", "there is no hex Z99"),
    ("engineers", "build r3", "r3 is a river hex"),
    ("engineers", "build E7", "E7 already holds a dwelling"),
    ("engineers", "build A1", "cannot reach A1"),
    ("engineers", "upgrade E7 to SH", "a stronghold is built on a trading house"),
    ("engineers", "upgrade F2 to TE", "F2 holds no building of engineers"),
    ("engineers", "upgrade F6 to SA", "a sanctuary costs 3W 6C; engineers have 5 coins"),
    (
        "engineers",
        "upgrade F6 to SH",
        "a stronghold is built on a trading house; F6 holds a temple",
    ),
    ("engineers", "send p to MOON", "unknown cult track MOON"),
    ("engineers", "convert 1P to 1W. send p to FIRE", "no priest to send"),
    ("engineers", "action ACT9", "unknown action ACT9"),
    ("engineers", "action ACT6", "action ACT6 has already been used this round"),
    ("engineers", "action ACTW", "engineers have no ACTW action"),
    ("engineers", "+FAV1", "may not take a favor tile now"),
    ("engineers", "+TW1", "may not take a town tile now"),
    ("engineers", "+FIRE", "not entitled to gain 1 FIRE"),
    ("engineers", "leech 1 from nomads", "no power offer of 1 from nomads"),
    ("engineers", "burn 5", "burning 5 power needs 10 tokens in bowl II"),
    ("engineers", "convert 2W to 1P", "cannot convert W to P"),
    ("engineers", "convert 1PW to 2C", "takes 2 PW, not 1"),
    ("engineers", "pass BON1", "BON1 is not available"),
    ("engineers", "pass", "passing takes a new bonus tile"),
    (
        "engineers",
        "convert 5W to 5C. advance dig",
        "advancing digging costs 2W 5C 1P; engineers have 0 workers",
    ),
    ("engineers", "bridge E7:F6", "a bridge needs the bridge power action"),
    (
        "engineers",
        "action ACT2. dig 1",
        "'dig' is not allowed now: engineers have already taken their action",
    ),
    ("engineers", "send p to AIR. send p to FIRE", "'send' is not allowed now"),
    ("darklings", "build C2", "it is engineers's turn, not darklings's"),
    ("darklings", "convert 1W to 1C", "it is engineers's turn"),
    ("nomads", "pass BON2", "it is engineers's turn"),
    ("elves", "pass BON2", "elves are not in this game"),
    ("player2", "setup witches", "nomads have already chosen their faction"),
    ("engineers", "", "empty move"),
    ("engineers", "x" * 600, "at most 500 characters"),
]


@pytest.mark.parametrize(
    ("actor", "command", "message"), REJECTIONS, ids=[r[1][:30] for r in REJECTIONS]
)
def test_rejected_command_names_the_rule_and_changes_nothing(position, actor, command, message):
    before = as_json(position)
    with pytest.raises(RuleError) as error:
        apply(position, actor, command)
    assert message in str(error.value)
    assert as_json(position) == before


def test_a_row_is_all_or_nothing(position):
    """The burn and the power action succeed, the build fails: nothing of the row remains."""
    before = as_json(position)
    with pytest.raises(RuleError, match="cannot reach A1"):
        apply(position, "engineers", "burn 1. action ACT5. build A1")
    assert as_json(position) == before
    after = apply(position, "engineers", "burn 1. action ACT3")
    assert after.factions["engineers"].w == position.factions["engineers"].w + 2


VERBS = [
    "build",
    "upgrade",
    "transform",
    "dig",
    "send p to",
    "action",
    "pass",
    "leech",
    "decline",
    "convert",
    "burn",
    "+",
    "-",
    "bridge",
    "connect",
    "advance",
]
ARGS = [
    "E5",
    "F6 to TP",
    "D4 to yellow",
    "1",
    "3",
    "FIRE",
    "ACT1",
    "ACT6",
    "BON2",
    "2 from nomads",
    "1PW to 1C",
    "FAV5",
    "TW3",
    "C2:D4",
    "r10",
    "ship",
    "dig",
    "x",
]


@settings(max_examples=300, deadline=None, derandomize=True)
@given(
    actor=st.sampled_from(["engineers", "darklings", "nomads", "mermaids", "player1"]),
    parts=st.lists(
        st.tuples(st.sampled_from(VERBS), st.sampled_from(ARGS)), min_size=1, max_size=4
    ),
)
def test_any_command_is_applied_whole_or_rejected_with_the_state_unchanged(position, actor, parts):
    command = ". ".join(f"{verb}{'' if verb in '+-' else ' '}{arg}" for verb, arg in parts)
    before = as_json(position)
    try:
        after = apply(position, actor, command)
    except RuleError as error:
        assert str(error)
    else:
        assert after is not position
    assert as_json(position) == before


@settings(max_examples=200, deadline=None, derandomize=True)
@given(text=st.text(max_size=80))
def test_arbitrary_text_never_crashes_the_engine(position, text):
    before = as_json(position)
    with contextlib.suppress(RuleError):
        apply(position, "engineers", text)
    assert as_json(position) == before
