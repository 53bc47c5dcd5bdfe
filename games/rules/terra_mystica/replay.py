"""Replaying recorded games from terra.snellman.net and checking every ledger row.

A game file (the corpus JSON schema: setup fields plus ``rows``) is replayed by feeding
each row's player-typed sub-commands to the engine in order; engine rows (income, Cultists'
effects, final scoring) must come out of the engine at the same places. After every row the
faction's VP, coins, workers, priests, power bowls and cult positions must equal the
recorded ones, as must the power offered to neighbours and the final score.
"""

from __future__ import annotations

import json
import time
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, Final

from ..core import RuleError
from .board import ORIGINAL_MAP_ID, board_from_terrain, load_board
from .context import Game
from .engine import apply_in_place, drop_faction_in_place, new_game
from .ledger import LedgerRow
from .notation import parsed_row
from .setup import RULE_OPTIONS, GameSetup
from .state import GameState

FIELDS = ("VP", "C", "W", "P", "PW", "cult")


@dataclass
class Mismatch:
    line: int
    faction: str
    command: str
    field: str
    expected: Any
    got: Any

    def describe(self) -> str:
        return f"line {self.line}: {self.faction}: '{self.command}': {self.field} expected {self.expected!r}, got {self.got!r}"

    def to_json(self) -> dict:
        return {
            "line": self.line,
            "faction": self.faction,
            "command": self.command,
            "field": self.field,
            "expected": self.expected,
            "got": self.got,
        }


@dataclass
class ReplayResult:
    game_id: str
    exact: bool
    final_vp: dict[str, int]
    expected_vp: dict[str, int]
    first_mismatch: Mismatch | None
    replay_seconds: float
    rows_checked: int = 0
    income_rows_folded: int = 0  # our income rows the record folds into another row
    empty_rows: int = 0  # the record's rows without a command (nothing to replay)
    state: GameState | None = field(default=None, repr=False)

    def to_json(self) -> dict:
        return {
            "game_id": self.game_id,
            "exact": self.exact,
            "final_vp": self.final_vp,
            "expected_vp": self.expected_vp,
            "first_mismatch": self.first_mismatch.to_json() if self.first_mismatch else None,
            "replay_seconds": round(self.replay_seconds, 6),
        }


def load_game_file(path: str | Path) -> dict:
    return json.loads(Path(path).read_text())


def setup_from_record(game: dict) -> GameSetup:
    map_id = game.get("map_id") or ORIGINAL_MAP_ID
    terrain = variant = None
    try:
        load_board(map_id)
    except KeyError:
        terrain, variant = game["map_terrain"], game.get("vp_variant")
        map_id = board_from_terrain(terrain, variant).map_id
    factions = game["factions"]
    return GameSetup(
        player_count=game.get("player_count") or len(factions),
        options=tuple(o for o in game.get("options", []) if o in RULE_OPTIONS),
        scoring_tiles=tuple(game["scoring_tiles"]),
        removed_bonus_tiles=tuple(game["removed_bonus_tiles"]),
        players=tuple(game.get("players", [])),
        map_id=map_id,
        final_scoring_tiles=tuple(game.get("final_scoring_tiles", [])),
        seed=game.get("game_id"),
        map_terrain=terrain,
        map_vp_variant=variant,
    )


def _values(row: LedgerRow) -> dict:
    a = row.after()
    return {"VP": a["VP"], "C": a["C"], "W": a["W"], "P": a["P"], "PW": a["PW"], "cult": a["cult"]}


# What a row of the record is to the replay (worked out once per row).
# ``Final``: the compiled build reads them as constants, not from the module's dict.
COMMENT: Final = 0
DROP: Final = 1
EMPTY: Final = 2
ENGINE: Final = 3
SETUP: Final = 4
PLAYER: Final = 5
# The rows whose input is fed to the engine: a drop, an engine-written setup, a player's row.
FED_KINDS: Final = frozenset({DROP, SETUP, PLAYER})


def row_kinds(rows: list[dict[str, Any]]) -> list[int]:
    """What each row of the record is to the replay, worked out once per game (one loop,
    not a call per row)."""
    return kinds_and_empty(rows)[0]


def kinds_and_empty(rows: list[dict[str, Any]]) -> tuple[list[int], bool]:
    """``row_kinds``, and whether any row is EMPTY (found here, not by a search after)."""
    kinds: list[int] = []
    empty = False
    for row in rows:
        if row["kind"] == "comment":
            kinds.append(DROP if row.get("tag") == "drop" else COMMENT)
        elif row["origin"] == "engine":
            kinds.append(SETUP if row["command"] == "setup" else ENGINE)
        else:
            text = row.get("player_command")
            # A typed command, the common case, tested here (a call per row saved).
            if (isinstance(text, str) and text and not text.isspace()) or (
                _has_text(text) or _has_text(row.get("command"))
            ):
                kinds.append(PLAYER)
            else:
                kinds.append(EMPTY)  # a faction's row the site wrote without any command
                empty = True
    return kinds, empty


def _has_text(value: object) -> bool:
    """Whether a record's command field holds more than blanks (any value, as ``str`` shows it)."""
    if isinstance(value, str):  # the record's type: no conversion
        return bool(value) and not value.isspace()
    return bool(value) and bool(str(value).strip())


class _Feeder:
    """Feeds the record's inputs to the engine in order and queues the rows it writes.

    The rows before ``next`` have all been fed (those that feed anything): an engine row
    may be written ahead of the player row that caused it, so feeding runs ahead of the
    comparison, never behind it.
    """

    __slots__ = ("game", "has_empty", "kinds", "next", "queue", "rows", "seats", "state")

    def __init__(self, state: GameState, rows: list[dict[str, Any]], seats: dict[str, int]) -> None:
        self.state = state
        # One Game (and ledger) for the whole replay, not one per row.
        self.game = Game(state)
        self.rows = rows
        self.kinds, self.has_empty = kinds_and_empty(rows)
        self.seats = seats
        # The rows written and not compared yet, oldest first. A list, not a deque: the
        # compiled build calls a list's methods directly (a deque's through Python's method
        # calls), and it holds a few rows at most, so taking the first moves only those.
        self.queue: list[LedgerRow] = []
        self.next = 0

    def feed(self, j: int) -> None:
        row = self.rows[j]
        kind = self.kinds[j]
        if kind == DROP:
            produced = drop_faction_in_place(self.state, row["dropped_faction"], game=self.game)
        elif kind == SETUP:
            faction = row["faction"]
            produced = apply_in_place(
                self.state,
                f"player{self.seats[faction]}",
                parsed_row(f"setup {faction}", True),
                game=self.game,
            )
        else:
            produced = apply_in_place(
                self.state,
                row["faction"],
                parsed_row(row["player_command"], False),
                game=self.game,
            )
        queue = self.queue
        for r in produced:
            if r.faction is not None:  # comments are not compared
                queue.append(r)

    def feed_ahead(self, i: int) -> None:
        """Feed the rows after ``i`` until the engine has written a row."""
        j = max(i + 1, self.next)
        rows, kinds, queue = len(self.rows), self.kinds, self.queue
        while not queue and j < rows:
            if kinds[j] in FED_KINDS:
                self.feed(j)
            j += 1
        self.next = max(self.next, j)


def replay_game(game: dict, *, check: bool = True) -> ReplayResult:
    """Replay one recorded game; stops at the first difference from the record."""
    started = time.perf_counter()
    if check:
        exact = _replay_then_check(game)
        if exact is not None:
            exact.replay_seconds = time.perf_counter() - started
            return exact
    return _replay_row_by_row(game, check, started)


def _replay_then_check(game: dict) -> ReplayResult | None:
    """The checked replay of a game that replays exactly, or None.

    The record's rows but its comments and the rows the engine writes pair up in order, as
    ``_replay_row_by_row`` pairs them when it folds none of ours: each row written is compared
    with the record's next one at once, with no queue and no kind worked out per row. None at
    the first difference or error, or where the replay row by row might pair otherwise (a
    row it would fold, find empty, or merge with one written later): ``_replay_row_by_row``
    then says what and where."""
    rows: list[dict[str, Any]] = game["rows"]
    (
        k_faction,
        k_origin,
        k_command,
        k_after,
        k_vp,
        k_c,
        k_w,
        k_p,
        k_pw,
        k_cult,
        k_fire,
        k_water,
        k_earth,
        k_air,
        k_offers,
    ) = record_keys(rows)
    try:
        state = new_game(setup_from_record(game))
        g = Game(state)
        seats = {name: i + 1 for i, name in enumerate(game["factions"])}
        j = 0  # the record's next row to compare (or a comment before it)
        # A row of ours the record merges with our next one (origin "mixed"), and that row.
        held: LedgerRow | None = None
        held_row: dict[str, Any] = {}
        comments = 0
        for row in rows:
            # The inputs as row_kinds and _Feeder.feed read them (EMPTY aside: row by row).
            if row["kind"] == "comment":
                comments += 1
                if row.get("tag") != "drop":
                    continue
                written = drop_faction_in_place(state, row["dropped_faction"], game=g)
            elif row["origin"] == "engine":
                if row["command"] != "setup":
                    continue
                faction = row["faction"]
                setup = parsed_row(f"setup {faction}", True)
                written = apply_in_place(state, f"player{seats[faction]}", setup, game=g)
            else:
                parsed = parsed_row(row["player_command"], False)
                if not parsed:
                    return None  # no command (or none but blanks and remarks): row by row
                written = apply_in_place(state, row["faction"], parsed, game=g)
            for got in written:
                faction = got.faction
                if faction is None:
                    continue  # comments are not compared
                if held is None:
                    expected = rows[j]
                    j += 1
                    while expected["kind"] == "comment":
                        expected = rows[j]
                        j += 1
                    origin = expected[k_origin]
                    if origin == "engine":
                        command: str = expected[k_command]
                        if command != got.command:
                            return None
                    else:
                        if _INCOME in got.command and expected[k_command] != got.command:
                            return None  # an income row of ours the replay row by row folds
                        if origin == "mixed":
                            held, held_row = got, expected
                            continue
                else:
                    # Merged with the row after it as the replay row by row merges them.
                    if faction != held.faction:
                        return None
                    expected, got = held_row, _merged(held, got)
                    held = None
                # The comparison written out (no call, no keys unpacked per row), its values read
                # as typed locals: the compiled build compares machine integers, and a value of
                # another type raises TypeError there; any difference, and the replay row by
                # row's compare_row says what.
                name: str = expected[k_faction]
                if name != faction:
                    return None
                after: dict[str, Any] = expected[k_after]
                vp: int = after[k_vp]
                c: int = after[k_c]
                w: int = after[k_w]
                p: int = after[k_p]
                if vp != got.vp or c != got.c or w != got.w or p != got.p:
                    return None
                pw: list[int] = after[k_pw]
                p1, p2, p3 = pw
                b1, b2, b3 = got.power
                if p1 != b1 or p2 != b2 or p3 != b3:
                    return None
                cult: dict[str, int] = after[k_cult]
                fire, water, earth, air = got.cult
                if (
                    len(cult) != 4
                    or cult[k_fire] != fire
                    or cult[k_water] != water
                    or cult[k_earth] != earth
                    or cult[k_air] != air
                ):
                    return None
                offers = expected.get(k_offers)
                if offers:
                    if sorted(offers) != sorted(got.leech.values()):
                        return None
                elif got.leech:
                    return None
            if held is not None:
                return None  # the row to merge with is written later: row by row
        for rest in rows[j:]:
            if rest["kind"] != "comment":
                return None  # a row of the record that we did not write: row by row says so
    # A record the comparison cannot read, or a command refused: the replay row by row says
    # where (a fault of the code itself, a NameError say, is not hidden here).
    except (RuleError, LookupError, TypeError, ValueError, AttributeError):
        return None
    final_vp = {name: f.vp for name, f in state.factions.items()}
    expected_vp = dict(game.get("final_vp", {}))
    if final_vp != expected_vp or not state.finished:
        return None
    return ReplayResult(
        game_id=game["game_id"],
        exact=True,
        final_vp=final_vp,
        expected_vp=expected_vp,
        first_mismatch=None,
        replay_seconds=0.0,
        rows_checked=len(rows) - comments,  # every row but the comments (none is EMPTY)
        state=state,
    )


def _merged(got: LedgerRow, nxt: LedgerRow) -> LedgerRow:
    """One row of two the record writes as one (origin "mixed"): a player's and an income row."""
    return LedgerRow(
        got.faction,
        f"{got.command}. {nxt.command}",
        nxt.vp,
        nxt.c,
        nxt.w,
        nxt.p,
        nxt.power,
        nxt.cult,
        {},
        got.leech,
    )


def _replay_row_by_row(game: dict, check: bool, started: float) -> ReplayResult:
    """The replay row by row: each row compared as it is written, up to the first difference."""
    setup = setup_from_record(game)
    state = new_game(setup)
    rows: list[dict[str, Any]] = game["rows"]
    feeder = _Feeder(state, rows, {name: i + 1 for i, name in enumerate(game["factions"])})
    kinds, queue, g = feeder.kinds, feeder.queue, feeder.game
    checked = 0
    folded = 0
    empty = 0
    last_row: dict[str, LedgerRow] = {}  # each faction's latest row of ours, as compared
    # ... kept only when the record has a row without a command to compare with one: the
    # corpus has none, and a dict write per compared row would serve no comparison.
    keep_last = feeder.has_empty
    mismatch: Mismatch | None = None
    i = 0

    try:
        for i, row in enumerate(rows):
            kind = kinds[i]
            if kind == EMPTY:
                # The site opens a row for the last player still in the round and may
                # leave it empty: nothing to replay; the faction's values are unchanged.
                empty += 1
                previous = last_row.get(row["faction"])
                if check and previous is not None:
                    mismatch = compare_row(row, _unchanged(previous))
                    if mismatch:
                        break
                continue
            # Row i is next to compare: feed it unless it ran ahead already.
            if i >= feeder.next:
                if kind == PLAYER:
                    # The feeder's common case written out (no call per row): a player's row.
                    produced = apply_in_place(
                        state, row["faction"], parsed_row(row["player_command"], False), game=g
                    )
                    for made in produced:
                        if made.faction is not None:  # comments are not compared
                            queue.append(made)
                elif kind in FED_KINDS:
                    feeder.feed(i)
                feeder.next = i + 1
            if kind in (COMMENT, DROP):
                continue
            # An engine row may be written before the player row that caused it (the
            # Cultists' reward precedes the acceptance): feed ahead until it appears.
            if not queue:
                feeder.feed_ahead(i)
                if not queue:
                    mismatch = Mismatch(
                        row["line"], row["faction"], row["command"], "row", row["command"], "no row"
                    )
                    break
            got = queue.pop(0)
            # Our income row for a faction the record has no income row for here: the site
            # folds another faction's income into a row still open (and writes none for a
            # dropped faction). Its values reach the record through that faction's next
            # row, where they are compared. (Our income rows are the only ones with these
            # words, their whole command: ``in`` is asked, a cheaper question than endswith.)
            while "_income_for_faction" in got.command and (
                row["command"] != got.command or row["faction"] != got.faction
            ):
                folded += 1
                feeder.feed_ahead(i)
                if not queue:
                    raise RuleError(f"no row for {row['faction']}'s '{row['command']}'")
                got = queue.pop(0)
            # The queue first: it is nearly always empty here, and the record not read then.
            if queue and row["origin"] == "mixed" and queue[0].faction == got.faction:
                got = _merged(got, queue.pop(0))
            checked += 1
            if keep_last and got.faction:
                last_row[got.faction] = got
            # Only a game with a difference (or a row the short way leaves to this one) comes
            # here when checked: each row is compared with the report built.
            if check:
                mismatch = compare_row(row, got)
                if mismatch:
                    break
    except RuleError as e:
        r = rows[min(i, len(rows) - 1)]
        mismatch = Mismatch(
            r["line"],
            r.get("faction", ""),
            r.get("command", r.get("text", "")),
            "error",
            "accepted",
            str(e),
        )

    final_vp = {name: f.vp for name, f in state.factions.items()}
    expected_vp = dict(game.get("final_vp", {}))
    if mismatch is None and check and final_vp != expected_vp:
        bad = next(n for n in expected_vp if final_vp.get(n) != expected_vp[n])
        mismatch = Mismatch(
            rows[-1]["line"], bad, "final score", "final_vp", expected_vp[bad], final_vp.get(bad)
        )
    if mismatch is None and check and not state.finished:
        mismatch = Mismatch(rows[-1]["line"], "", "end of game", "finished", True, False)
    return ReplayResult(
        game_id=game["game_id"],
        exact=mismatch is None,
        final_vp=final_vp,
        expected_vp=expected_vp,
        first_mismatch=mismatch,
        replay_seconds=time.perf_counter() - started,
        rows_checked=checked,
        income_rows_folded=folded,
        empty_rows=empty,
        state=state,
    )


def _unchanged(row: LedgerRow) -> LedgerRow:
    """The faction's values as after ``row``, for a row that changed nothing."""
    return replace(row, command="", fixed_delta={}, leech={})


# The keys the checked replay reads, in the order of ``record_keys``' answer.
COMPARED_KEYS: Final = (
    "faction",
    "origin",
    "command",
    "after",
    "VP",
    "C",
    "W",
    "P",
    "PW",
    "cult",
    "FIRE",
    "WATER",
    "EARTH",
    "AIR",
    "leech_offers",
)


def record_keys(rows: list[dict]) -> tuple[str, ...]:
    """``COMPARED_KEYS`` as the record's own strings: its JSON decoder makes one string object per
    key for the whole file, not the same objects as our literals, so a lookup by a literal
    finds its key by comparing the characters; by the record's own object, by identity. A key
    the first command row lacks stays the literal (any key is found either way)."""
    found: dict[str, str] = {}
    for row in rows:
        after = row.get("after")
        if isinstance(after, dict) and isinstance(after.get("cult"), dict):
            for held in (row, after, after["cult"]):
                for key in list(held):
                    if isinstance(key, str):
                        found[key] = key
            break
    return tuple([found.get(key, key) for key in COMPARED_KEYS])


_INCOME = "_income_for_faction"  # in the command of our income rows, and only there


def compare_row(row: dict, got: LedgerRow) -> Mismatch | None:
    def miss(field: str, expected, actual) -> Mismatch:
        return Mismatch(row["line"], row["faction"], row["command"], field, expected, actual)

    if got.faction != row["faction"]:
        return miss("faction", row["faction"], f"{got.faction} ('{got.command}')")
    if row["origin"] == "engine" and got.command != row["command"]:
        return miss("command", row["command"], got.command)
    values = _values(got)
    after = row["after"]
    for name in FIELDS:
        expected = after[name]
        # Bowls given as a tuple (a record made in Python, not read from JSON) are the same
        # bowls, as the short way's unpacking finds them; no offers (None) are no offers.
        if values[name] != (list(expected) if isinstance(expected, tuple) else expected):
            return miss(name, expected, values[name])
    expected_leech = sorted(row.get("leech_offers") or [])
    got_leech = sorted(got.leech.values())
    if expected_leech != got_leech:
        return miss("leech_offers", expected_leech, got_leech)
    return None


def replay_file(path: str | Path, *, check: bool = True) -> ReplayResult:
    return replay_game(load_game_file(path), check=check)
