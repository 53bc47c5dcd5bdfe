"""A game as text in terra.snellman.net's command language, and corpus files as move lists.

Export format (one entry per line, ``#`` starts a comment)::

    option strict-leech              one line per option
    scoring SCORE5,SCORE8,...        round scoring tiles, round 1 first
    remove BON3                      one line per removed bonus tile
    auction nomads,witches           the factions a faction auction offers (with that option)
    player qlip21                    players in seat order
    player1: setup darklings         then the moves in force: <actor>: <command row>
    darklings: burn 3. action ACT6. build D6
    drop-faction cultists            a faction leaving the game
    rejoin-faction cultists          a faction that left playing on (its seat handed to the
                                     computer; tm_site's own word, not terra.snellman.net's)

``parse_export`` reads it back; ``corpus_entries`` reads the JSON corpus of real games.
"""

from __future__ import annotations

from dataclasses import dataclass

from games.log import effective_moves
from games.models import Game, Move
from tm_site.exceptions import ApplicationError
from tm_site.text import single_line


@dataclass(frozen=True)
class Entry:
    """One log entry of a game file: ``actor`` plays ``command``, or ``drop`` leaves the game,
    or ``rejoin`` comes back after leaving it."""

    actor: str
    command: str
    drop: bool = False
    rejoin: bool = False


@dataclass(frozen=True)
class GameFile:
    options: list[str]
    scoring_tiles: list[str]
    removed_bonus_tiles: list[str]
    players: list[str]
    entries: list[Entry]
    name: str = ""
    final_vp: dict[str, int] | None = None
    auction_factions: tuple[str, ...] = ()

    def requested_setup(self) -> dict:
        """The setup the file's game starts from, as ``Game.requested_setup`` holds it."""
        return {
            "scoring_tiles": list(self.scoring_tiles),
            "removed_bonus_tiles": list(self.removed_bonus_tiles),
            "seat_order": list(self.players),
            **({"auction_factions": list(self.auction_factions)} if self.auction_factions else {}),
        }


def export_text(game: Game) -> str:
    setup = game.setup or {}
    requested = game.requested_setup or {}
    lines = [f"# {single_line(str(game))} (tm_site game {game.pk}, {game.get_status_display()})"]
    lines += [f"option {o}" for o in game.options]
    scoring = setup.get("scoring_tiles") or requested.get("scoring_tiles") or []
    if scoring:
        lines.append("scoring " + ",".join(scoring))
    removed = setup.get("removed_bonus_tiles") or requested.get("removed_bonus_tiles") or []
    lines += [f"remove {t}" for t in removed]
    offered = setup.get("auction_factions") or requested.get("auction_factions") or []
    if offered:
        lines.append("auction " + ",".join(offered))
    players = setup.get("players") or [s.user.username for s in game.seats.select_related("user")]
    lines += [f"player {p}" for p in players]
    for move in effective_moves(list(game.moves.order_by("number"))):
        if move.kind == Move.Kind.DROP:
            lines.append(f"drop-faction {move.actor}")
        elif move.kind == Move.Kind.REJOIN:
            lines.append(f"rejoin-faction {move.actor}")
        else:
            lines.append(f"{move.actor}: {move.command}")
    return "\n".join(lines) + "\n"


def parse_export(text: str) -> GameFile:
    options: list[str] = []
    scoring: list[str] = []
    removed: list[str] = []
    players: list[str] = []
    entries: list[Entry] = []
    offered: list[str] = []
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        word, _, rest = line.partition(" ")
        rest = rest.strip()
        if word == "option":
            options.append(rest)
        elif word == "scoring":
            scoring = [t.strip() for t in rest.split(",") if t.strip()]
        elif word == "remove":
            removed.append(rest)
        elif word == "auction":
            offered = [f.strip().lower() for f in rest.split(",") if f.strip()]
        elif word == "player":
            players.append(rest)
        elif word == "drop-faction":
            entries.append(Entry(actor=rest.lower(), command=line, drop=True))
        elif word == "rejoin-faction":
            entries.append(Entry(actor=rest.lower(), command=line, rejoin=True))
        elif ":" in line:
            actor, _, command = line.partition(":")
            entries.append(Entry(actor=actor.strip().lower(), command=command.strip()))
        else:
            raise ApplicationError(f"Line {number}: cannot read {line!r}.")
    if not players:
        raise ApplicationError("The game file names no players.")
    return GameFile(options, scoring, removed, players, entries, auction_factions=tuple(offered))


def corpus_entries(data: dict) -> GameFile:
    """A terra.snellman.net corpus game (tests/fixtures/corpus schema) as a game file.

    Engine rows are skipped, except ``setup`` rows, which become the player's faction choice;
    a ``drop`` comment is the faction leaving the game. A file of another shape is refused
    with the first thing wrong with it.
    """
    try:
        return _corpus_entries(data)
    except (KeyError, TypeError, ValueError, AttributeError) as exc:
        raise ApplicationError(f"Not a corpus game: {_shape_error(exc)}.") from exc


def _shape_error(exc: Exception) -> str:
    if isinstance(exc, KeyError):
        return f"missing {exc}"
    return str(exc) or type(exc).__name__


def _strings(value: object, what: str) -> list[str]:
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise TypeError(f"{what} must be a list of strings")
    return list(value)


def _corpus_entries(data: dict) -> GameFile:
    if not isinstance(data, dict):
        raise TypeError("the game must be a JSON object")
    players = _strings(data["players"], "players")
    owner = data["faction_players"]
    rows = data["rows"]
    if not isinstance(owner, dict) or not isinstance(rows, list):
        raise TypeError("faction_players must be an object and rows a list")
    seat_of = {name: i for i, name in enumerate(players, start=1)}
    entries: list[Entry] = []
    for number, row in enumerate(rows, start=1):
        if not isinstance(row, dict):
            raise TypeError(f"row {number} is not an object")
        if row.get("kind") == "comment":
            if row.get("tag") == "drop":
                entries.append(Entry(actor=str(row["dropped_faction"]), command="", drop=True))
            continue
        faction = str(row.get("faction", ""))
        if row.get("command") == "setup":
            if owner.get(faction) not in seat_of:
                raise ValueError(f"row {number}: {faction!r} has no player among the players")
            entries.append(
                Entry(actor=f"player{seat_of[owner[faction]]}", command=f"setup {faction}")
            )
        elif row.get("player_command"):
            entries.append(Entry(actor=faction, command=str(row["player_command"])))
    final_vp = data.get("final_vp")
    return GameFile(
        options=_strings(data.get("options", []), "options"),
        scoring_tiles=_strings(data.get("scoring_tiles", []), "scoring_tiles"),
        removed_bonus_tiles=_strings(data.get("removed_bonus_tiles", []), "removed_bonus_tiles"),
        players=players,
        entries=entries,
        name=str(data.get("game_id", "")),
        final_vp=final_vp if isinstance(final_vp, dict) else None,
    )
