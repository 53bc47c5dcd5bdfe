"""A move's body taken without the serializer (``_plain_move``) is taken exactly as the
serializer takes it; whatever it leaves to the serializer is still refused or accepted there."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from games.api.views import MOVE_COMMAND_MAX, GameMovesApi, _plain_move

commands = st.one_of(
    st.text(max_size=40),
    st.sampled_from(["build E7", "  pass BON3 ", "\tburn 1", "", "   ", "a\x00b", "\ud800x"]),
    st.integers(),
    st.booleans(),
    st.none(),
    st.floats(allow_nan=False),
    st.builds(lambda n: "x" * n, st.sampled_from([MOVE_COMMAND_MAX, MOVE_COMMAND_MAX + 1])),
    st.builds(lambda n: " " + "x" * n + " ", st.just(MOVE_COMMAND_MAX)),
)
numbers = st.one_of(
    st.integers(min_value=-3, max_value=2**31 + 3),
    st.sampled_from([0, 2**31 - 1, 2**31, -1]),
    st.booleans(),
    st.text(max_size=5),
    st.floats(allow_nan=False),
    st.none(),
)
bodies = st.one_of(
    st.fixed_dictionaries({"command": commands, "expected_move_number": numbers}),
    st.fixed_dictionaries(
        {},
        optional={"command": commands, "expected_move_number": numbers, "other": st.integers()},
    ),
    st.lists(st.integers(), max_size=2),
    st.text(max_size=5),
)


@settings(max_examples=400, deadline=None)
@given(body=bodies)
def test_the_plain_path_takes_what_the_serializer_takes(body):
    plain = _plain_move(body)
    serializer = GameMovesApi.InputSerializer(data=body)
    valid = serializer.is_valid()
    if plain is not None:
        assert valid, serializer.errors
        assert plain == dict(serializer.validated_data)


def test_a_well_formed_move_takes_the_plain_path_and_hostile_input_does_not():
    assert _plain_move({"command": " build E7 ", "expected_move_number": 3}) == {
        "command": "build E7",
        "expected_move_number": 3,
    }
    for body in (
        {"command": "build\x00E7", "expected_move_number": 3},
        {"command": "build E7", "expected_move_number": True},
        {"command": "build E7", "expected_move_number": -1},
        {"command": "x" * (MOVE_COMMAND_MAX + 1), "expected_move_number": 0},
        {"command": "   ", "expected_move_number": 0},
        {"command": "build E7"},
        ["build E7", 3],
    ):
        assert _plain_move(body) is None
        assert not GameMovesApi.InputSerializer(data=body).is_valid()
