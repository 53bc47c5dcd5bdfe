"""The engine contract: what the platform needs from a game, and nothing of any one game.

Pure Python (no Django): a game kind is a module or class that implements ``GameEngine``. The
platform stores a game as its setup and its log of commands; the engine turns those into
states, says who must act, applies a command for a seat all-or-nothing (an error names the
broken rule), and shows a state to a seat or a spectator with what they may not see removed.
States are the engine's own objects; ``dump``/``load`` turn them into JSON and back.
``KindInfo`` words for players (the name, each option's label and description) are English;
a kind marks them for the translation catalogs, and pages show them in the reader's language.

Decisions (who must act now) are dicts with at least ``seat`` (1-based), ``actor`` (the name
the log records for that seat), ``kind`` (the engine's own word), ``category`` (``turn``: the
seat's move; ``reaction``: a decision within or in answer to a move, such as a power offer or
a tile a move earned; ``setup``: a choice before play) and ``description`` (a human text).

Results are one dict per seat: ``seat``, ``score``, ``rank`` (ties share a rank), ``role``
(the faction, civilisation or colour the seat played, or ""), ``breakdown`` (score by source)
and ``dropped``.

Optional capabilities (an engine offers them by having the method):
``command_view(actor, command, seat)`` and ``ledger_view(rows, seat)``: a command of the log
and the ledger rows of a move as ``seat`` may see them (``None``: a spectator), for games with
secrets in their commands or rows; without them everyone sees everything.
``preview(state, seat, command)``: a command tried for ``seat`` without being played, as a dict
with ``after`` (the new state, for the platform only), ``state`` (its view for the seat),
``ledger`` (the rows as the seat may see them) and ``legal`` (what may follow in the same
move); for games whose result would show the seat something before it commits (a card drawn
from a secret deck). Without it the platform applies the command and shows the seat's view.
``undo_refusal(rows)``: why the move that wrote these ledger rows may not be taken back (it
showed its player something secret: cards drawn, others' secret choices), or ``None``; without
it a player may take back their own last move while nobody has acted since.
``restore_seat(state, seat)``: a dropped seat plays on (the computer takes it over) from the
state as it is, back in the turn order; raises ``RuleViolation`` when the rules cannot take it
back now. Without it a seat that left stays out (bots.services.seat_hand_over refuses it).
``drop_command(role)``: the log's words for the drop of the seat playing ``role`` (without
it: ``drop-faction <role>``).
``canonical_command(command)``: a row as the log stores it (comments removed, spelling made
uniform); without it the row as sent, without a comment after '#'.
``setup_request(requested, *, player_count, options, seed, map_id)``: a setup chosen at a
game's creation (JSON from the API) checked and cleaned for the game to store, or ``None``;
without it only a seat order can be chosen and options are checked by ``setup``.
``maps()``: the maps a game can be created on (``id``, ``name``, ``vp_variant``).
Automatic answers (offers a player's stored settings answer by themselves):
``automatic_answer_due(state)``, ``automatic_answer(state, settings_by_role)`` (the next
``(actor, command)`` or ``None``), ``automatic_settings_defaults()`` and
``automatic_settings_clean(data)``; on the pages, ``automatic_settings_form()`` (the Django form
of the settings) and ``automatic_settings_template`` (its fields' template: settings, form,
prefix). ``board()``: public data a board page draws.
``plan(state, rows, actor, command)``: the planner (planned rows played on a copy; see
Terra Mystica's adapter); a kind with it also takes queued moves (premoves).
``setup_choices()``: the maps and the tiles of a fixed setup a new game's form offers, in the
reader's language. ``role_colours()``: each role's colour for the statistics.
Django-facing capabilities of a kind's package (the engine object names them; this module
stays free of Django): ``setup_fields()``, the DRF serializer of the API's setup fields;
``final_steps(game)``, a finished game's final scoring step by step for its page;
``export_text(game)`` and ``read_game_file(text=…, data=…)``, a game as text and a recorded
game read back for ``games.services.game_import`` (its entries: an actor's ``command``, or
``drop`` or ``rejoin`` true for a seat leaving or coming back).
``sacrifice_offers(state, seat)``: moves that only giving something up first makes affordable
(``command``, ``burn``, and ``row``, the row doing both), listed with the legal commands.
``seated_setup(players=, options=, seed=, map_id=)``: the fields a requested setup needs, besides
``seat_order``, for the game to keep ``players`` in that order (what else the kind draws at
random, drawn from ``seed``); raises ``RuleViolation`` for options or a map the rules refuse.
Leagues and tournaments seat their players by it; without it a seat order is kept as it is.
``statistics()``: what the site's statistics count for the kind (a kind without it has none):
a dict with ``role_types`` (of "faction", "colour" and "seat", the first shown by default),
``role`` (what a seat's role names: "faction" or "colour"), ``variants`` ((option prefix,
variant name) pairs: the options that make another game), ``variant_names`` ({variant: its
English name, marked for translation}), ``colours_are_terrains`` (colours are named as the
terrain of that colour), and for factions whose colour is picked in play (``role_colours()``
gives them "variable") ``picked_colour``, where the final state keeps it (a lookup path with
``{role}``).
``board_page(request, game, site)``: the kind's own page for a game (its template and scripts
live in the kind's package), built from what the site hands every board page (``PageSite``);
without it a game is shown on the site's plain page (who plays, whose turn, the result).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol, runtime_checkable


class RuleViolation(Exception):
    """A command the rules refuse; the message names the rule."""


# The groups a kind sorts its options into on the new-game form, in this order.
OPTION_GROUPS = ("errata", "expansion", "variant", "promo")


@dataclass(frozen=True)
class Option:
    name: str
    description: str
    default: bool = False
    label: str = ""  # the option in a few words for players ("": the description)
    group: str = ""  # one of OPTION_GROUPS ("": other options, listed last)
    offered: bool = True  # False: accepted (imports, the API) but not offered on forms


class PageSite(Protocol):
    """What the site (its web app) hands a kind's board page: the parts every board page shows
    beside the board, so that the page lives with its kind and the kind imports no web code."""

    def game_page(self, game: Any, user: Any) -> dict[str, Any]:
        """Seats, clocks, the viewer's seat, view and legal commands, the results."""
        ...

    def premoves(self, game: Any, user: Any) -> dict[str, Any]:
        """The viewer's queued moves."""
        ...

    def seat_handover(self, game: Any, user: Any) -> dict[str, Any] | None:
        """The seats the viewer may hand to the computer, and the levels."""
        ...

    def automatic_answers(self, game: Any, user: Any) -> dict[str, Any] | None:
        """The viewer's stored automatic answers in this game (``settings``, ``choices``), or
        ``None`` where they cannot set any."""
        ...

    def league(self, game: Any) -> dict[str, Any] | None:
        """The league or tournament the game belongs to."""
        ...


@dataclass(frozen=True)
class KindInfo:
    kind: str  # the id stored with every game: "terra_mystica"
    name: str  # what players call it
    version: str  # the rules revision; recorded with every game at its start
    player_counts: tuple[int, ...]
    options: tuple[Option, ...] = field(default_factory=tuple)
    hidden_information: bool = False
    # What players call the role a seat plays ("faction"), when a seat chooses it during the
    # game; "" when seats play a role from the start or none at all.
    role_name: str = ""


@runtime_checkable
class GameEngine(Protocol):
    info: KindInfo

    def setup(
        self, *, players: Sequence[str], options: Sequence[str], seed: str, requested: dict | None
    ) -> dict:
        """The setup of a new game (JSON), drawn from ``seed`` unless ``requested`` fixes it;
        raises ``RuleViolation`` for options or choices the rules do not allow."""

    def new_state(self, setup: dict) -> Any: ...

    def apply(self, state: Any, actor: str, command: str) -> tuple[Any, list[dict]]:
        """Any command of the log (replays, imports, automatic moves): the new state and the
        rows it adds to the ledger. The state given is never changed."""

    def apply_for_seat(self, state: Any, seat: int, command: str) -> tuple[Any, list[dict]]:
        """A player's own command: only what that seat may decide now, never a no-op."""

    def drop_seat(self, state: Any, seat: int) -> Any: ...

    def actor(self, state: Any, seat: int) -> str:
        """The name the log records for ``seat`` now."""

    def role(self, state: Any, seat: int) -> str:
        """What ``seat`` plays (a faction), or "" while it has not chosen."""

    def waiting_for(self, state: Any) -> list[dict]: ...

    def is_finished(self, state: Any) -> bool: ...

    def result(self, state: Any) -> list[dict]: ...

    def round(self, state: Any) -> int:
        """The round being played (0 before the first), for clocks that add time per round."""

    def view(self, state: Any, seat: int | None) -> dict:
        """The state as ``seat`` may see it (``None``: a spectator)."""

    def legal_commands(self, state: Any, seat: int) -> list[str]: ...

    def dump(self, state: Any) -> Any: ...

    def load(self, data: Any) -> Any: ...
