"""A game as text in terra.snellman.net's command language, and corpus files as move lists.

Export format (one entry per line, ``#`` starts a comment)::

    option strict-leech              one line per option
    scoring SCORE5,SCORE8,...        round scoring tiles, round 1 first
    remove BON3                      one line per removed bonus tile
    player qlip21                    players in seat order
    player1: setup darklings         then the moves in force: <actor>: <command row>
    darklings: burn 3. action ACT6. build D6
    drop-faction cultists            a faction leaving the game

``parse_export`` reads it back; ``corpus_entries`` reads the JSON corpus of real games.
"""

from __future__ import annotations

from dataclasses import dataclass

from tm_site.exceptions import ApplicationError

from .models import Game, Move
from .services import effective_moves


@dataclass(frozen=True)
class Entry:
    """One log entry of a game file: ``actor`` plays ``command``, or ``drop`` leaves the game."""

    actor: str
    command: str
    drop: bool = False


@dataclass(frozen=True)
class GameFile:
    options: list[str]
    scoring_tiles: list[str]
    removed_bonus_tiles: list[str]
    players: list[str]
    entries: list[Entry]
    name: str = ""
    final_vp: dict[str, int] | None = None


def export_text(game: Game) -> str:
    setup = game.setup or {}
    requested = game.requested_setup or {}
    lines = [f"# {game} (tm_site game {game.pk}, {game.get_status_display()})"]
    lines += [f"option {o}" for o in game.options]
    scoring = setup.get("scoring_tiles") or requested.get("scoring_tiles") or []
    if scoring:
        lines.append("scoring " + ",".join(scoring))
    removed = setup.get("removed_bonus_tiles") or requested.get("removed_bonus_tiles") or []
    lines += [f"remove {t}" for t in removed]
    players = setup.get("players") or [s.user.username for s in game.seats.select_related("user")]
    lines += [f"player {p}" for p in players]
    for move in effective_moves(list(game.moves.order_by("number"))):
        if move.kind == Move.Kind.DROP:
            lines.append(f"drop-faction {move.actor}")
        else:
            lines.append(f"{move.actor}: {move.command}")
    return "\n".join(lines) + "\n"


def parse_export(text: str) -> GameFile:
    options: list[str] = []
    scoring: list[str] = []
    removed: list[str] = []
    players: list[str] = []
    entries: list[Entry] = []
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
        elif word == "player":
            players.append(rest)
        elif word == "drop-faction":
            entries.append(Entry(actor=rest.lower(), command=line, drop=True))
        elif ":" in line:
            actor, _, command = line.partition(":")
            entries.append(Entry(actor=actor.strip().lower(), command=command.strip()))
        else:
            raise ApplicationError(f"Line {number}: cannot read {line!r}.")
    if not players:
        raise ApplicationError("The game file names no players.")
    return GameFile(options, scoring, removed, players, entries)


def corpus_entries(data: dict) -> GameFile:
    """A terra.snellman.net corpus game (tests/fixtures/corpus schema) as a game file.

    Engine rows are skipped, except ``setup`` rows, which become the player's faction choice;
    a ``drop`` comment is the faction leaving the game.
    """
    try:
        players = list(data["players"])
        owner = dict(data["faction_players"])
        rows = data["rows"]
    except (KeyError, TypeError) as exc:
        raise ApplicationError(f"Not a corpus game: missing {exc}.") from exc
    seat_of = {name: i for i, name in enumerate(players, start=1)}
    entries: list[Entry] = []
    for row in rows:
        if row.get("kind") == "comment":
            if row.get("tag") == "drop":
                entries.append(Entry(actor=row["dropped_faction"], command="", drop=True))
            continue
        faction = row.get("faction", "")
        if row.get("command") == "setup":
            entries.append(
                Entry(actor=f"player{seat_of[owner[faction]]}", command=f"setup {faction}")
            )
        elif row.get("player_command"):
            entries.append(Entry(actor=faction, command=row["player_command"]))
    return GameFile(
        options=list(data.get("options", [])),
        scoring_tiles=list(data.get("scoring_tiles", [])),
        removed_bonus_tiles=list(data.get("removed_bonus_tiles", [])),
        players=players,
        entries=entries,
        name=str(data.get("game_id", "")),
        final_vp=data.get("final_vp"),
    )
