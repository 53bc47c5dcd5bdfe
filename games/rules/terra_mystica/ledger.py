"""The ledger: the row-by-row history terra.snellman.net shows under every game.

A row collects the consecutive commands of one faction and records the faction's resources
after them. Comments (round and turn markers, final scoring headings) and effect rows (the
Cultists' reward when an opponent takes their power) are written at once; a collecting row
is written when it is finished, so they can precede it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from .data import CULTS
from .state import FactionState, GameState

# What a row's delta is measured from: VP, C, W, P, power value, cult steps. Six ints, not a
# tuple of any length: the compiled build keeps them unboxed in the ledger and in the row (no
# tuple and no int objects made per row).
Snapshot = tuple[int, int, int, int, int, int]
NO_SNAPSHOT: Final = (0, 0, 0, 0, 0, 0)  # a comment's (its delta is never asked for)
# Whether this module runs compiled (mypyc's build has it in an extension module).
COMPILED: Final = not __file__.endswith(".py")


# ``__init__`` is written out: a row is made for every command, and the optional compiled
# build compiles a written method but runs the one dataclasses would generate as Python.
@dataclass(slots=True, init=False)
class LedgerRow:
    faction: str | None  # None for a comment
    command: str
    vp: int
    c: int
    w: int
    p: int
    power: tuple[int, int, int]
    cult: tuple[int, int, int, int]
    # The change over the row as given; None: worked out from ``before`` when asked for.
    fixed_delta: dict[str, int] | None
    leech: dict[str, int]  # faction -> power offered by this row
    # The engine's rows: the faction's snapshot when the row began (see Ledger.begin_row) and its
    # unplaced cult steps at the end. Most rows are never shown, so the delta waits for a reader.
    before: Snapshot
    cult_steps: int

    def __init__(
        self,
        faction: str | None,
        command: str,
        vp: int = 0,
        c: int = 0,
        w: int = 0,
        p: int = 0,
        power: tuple[int, int, int] = (0, 0, 0),
        cult: tuple[int, int, int, int] = (0, 0, 0, 0),
        fixed_delta: dict[str, int] | None = None,
        leech: dict[str, int] | None = None,
        before: Snapshot = NO_SNAPSHOT,
        cult_steps: int = 0,
    ) -> None:
        self.faction = faction
        self.command = command
        self.vp = vp
        self.c = c
        self.w = w
        self.p = p
        self.power = power
        self.cult = cult
        self.fixed_delta = fixed_delta
        self.leech = {} if leech is None else leech
        self.before = before
        self.cult_steps = cult_steps

    @property
    def is_comment(self) -> bool:
        return self.faction is None

    @property
    def delta(self) -> dict[str, int]:
        if self.fixed_delta is not None:
            return self.fixed_delta
        if self.faction is None:
            return {}  # a comment
        start = self.before
        power, cult = self.power, self.cult
        return {
            "VP": self.vp - start[0],
            "C": self.c - start[1],
            "W": self.w - start[2],
            "P": self.p - start[3],
            "PW": (power[1] + 2 * power[2]) - start[4],
            "CULT": (cult[0] + cult[1] + cult[2] + cult[3] + self.cult_steps) - start[5],
        }

    def after(self) -> dict:
        return {
            "VP": self.vp,
            "C": self.c,
            "W": self.w,
            "P": self.p,
            "PW": list(self.power),
            "cult": dict(zip(CULTS, self.cult, strict=True)),
        }

    def to_json(self) -> dict:
        if self.faction is None:
            return {"comment": self.command}
        return {
            "faction": self.faction,
            "command": self.command,
            "after": self.after(),
            "delta": dict(self.delta),
            "leech": dict(self.leech),
        }


class Ledger:
    """Collects the rows of one move. Turn-marker bookkeeping lives in the state."""

    __slots__ = ("collecting", "commands", "force_finish", "leech", "rows", "start", "state")

    def __init__(self, state: GameState) -> None:
        self.state = state
        self.rows: list[LedgerRow] = []
        self.collecting: FactionState | None = None
        self.commands: list[str] = []
        self.start: Snapshot = NO_SNAPSHOT
        self.leech: dict[str, int] = {}
        self.force_finish = False

    def reset(self) -> None:
        """Start a new move's rows (a ledger kept from move to move by a replay)."""
        self.rows = []
        self.collecting = None
        self.force_finish = False
        # As a new ledger has them (begin_row starts them anew too).
        if self.commands:
            self.commands = []
        if self.leech:
            self.leech = {}

    def start_row(self, faction: FactionState) -> None:
        if self.collecting is None:
            self.begin_row(faction)

    def begin_row(self, faction: FactionState) -> None:
        """Start a row for ``faction``, closing a row another faction is collecting."""
        collecting = self.collecting
        if collecting is faction:
            return
        if collecting is not None:
            self.finish_row()
        self.collecting = faction
        # The row starts with no commands and no offers. The ledger's list and dict are its
        # own (finish_row gives the offers dict to its row and starts a new one; a row's
        # commands are joined into a new string), so empty ones are kept, not made anew.
        if self.commands:
            self.commands = []
        if self.leech:
            self.leech = {}
        self.force_finish = False
        # The delta's starting point (see Snapshot).
        cult = faction.cult
        self.start = (
            faction.vp,
            faction.c,
            faction.w,
            faction.p,
            faction.p2 + 2 * faction.p3,
            cult[0] + cult[1] + cult[2] + cult[3] + faction.cult_steps,
        )

    def add_command(self, command: str) -> None:
        if self.collecting is not None:
            self.commands.append(command)

    def report_leech(self, faction: str, amount: int) -> None:
        self.leech[faction] = self.leech.get(faction, 0) + amount

    def finish_row(self) -> None:
        f = self.collecting
        if f is None:
            return
        # A row with no command is written only for a dropped faction (its income, its scores).
        if self.commands or f.dropped:
            # The row takes over the offers dict: the next row starts with a new one.
            cult = f.cult
            if COMPILED:
                row = LedgerRow(
                    f.name,
                    ". ".join(self.commands),
                    f.vp,
                    f.c,
                    f.w,
                    f.p,
                    (f.p1, f.p2, f.p3),
                    (cult[0], cult[1], cult[2], cult[3]),
                    None,
                    self.leech,
                    self.start,
                    f.cult_steps,
                )
            else:
                # Pure Python calls a class's ``__init__`` through type.__call__, in a frame
                # of its own the interpreter does not inline: the fields are set here instead
                # (not in the compiled build: a native constructor call, and its __new__ would
                # want the arguments).
                row = LedgerRow.__new__(LedgerRow)
                row.faction = f.name
                row.command = ". ".join(self.commands)
                row.vp = f.vp
                row.c = f.c
                row.w = f.w
                row.p = f.p
                row.power = (f.p1, f.p2, f.p3)
                row.cult = (cult[0], cult[1], cult[2], cult[3])
                row.fixed_delta = None
                row.leech = self.leech
                row.before = self.start
                row.cult_steps = f.cult_steps
            self.rows.append(row)
            self.leech = {}
        self.collecting = None
        self.state.trailing_comment = False

    def add_effect_row(self, faction: FactionState, command: str, effect) -> None:
        """A complete row for ``faction`` written now, while another row may be collecting
        (it goes on collecting after). ``effect`` changes the faction only, not the ledger."""
        collecting = (self.collecting, self.commands, self.start, self.leech, self.force_finish)
        self.collecting = None
        # The collecting row's offers stay its own: the effect row gets a dict of its own.
        self.leech = {}
        self.begin_row(faction)
        effect()
        self.commands = [command]
        self.finish_row()
        self.collecting, self.commands, self.start, self.leech, self.force_finish = collecting

    def add_comment(self, text: str) -> None:
        self.rows.append(LedgerRow(None, text))
        self.state.trailing_comment = True

    def turn(self, round_no: int, turn: int) -> None:
        s = self.state
        if round_no == s.ledger_round and turn == s.ledger_turn:
            return
        s.ledger_round, s.ledger_turn = round_no, turn
        if s.trailing_comment:
            return
        self.add_comment(f"Round {round_no}, turn {turn}")
