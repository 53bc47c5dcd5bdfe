"""The rating parameters, from the settings (docs/ratings.md lists them)."""

from django.conf import settings

from ratings import elo

# terra.snellman.net's id of the original map, for games whose setup names no map.
ORIGINAL_MAP_ID = "126fe960806d587c78546b30f1a90853b1ada468"


def elo_params() -> elo.EloParams:
    return elo.EloParams(
        stake=float(getattr(settings, "RATINGS_STAKE", elo.DEFAULT_STAKE)),
        min_games=int(getattr(settings, "RATINGS_MIN_GAMES", elo.DEFAULT_MIN_GAMES)),
        faction_weight=float(
            getattr(settings, "RATINGS_FACTION_WEIGHT", elo.DEFAULT_FACTION_WEIGHT)
        ),
        start=float(getattr(settings, "RATINGS_START", elo.DEFAULT_START)),
        min_players=int(getattr(settings, "RATINGS_MIN_PLAYERS", elo.DEFAULT_MIN_PLAYERS)),
        max_players=int(getattr(settings, "RATINGS_MAX_PLAYERS", elo.DEFAULT_MAX_PLAYERS)),
    )


# Own moves (standing, not undone) a seat's player must have made for the seat to be rated: its
# part in real play (docs/ratings.md). Terra Mystica: the faction, two dwellings and a bonus
# tile are 4 setup moves, so 8 is 4 turns of round 1 at least. Mythotopia: about four turns of
# two actions each. A kind not listed needs one move of its own per seat (a seat that never
# moved took no part). RATINGS_REAL_PLAY_MOVES ({kind: moves}) overrides these per kind.
REAL_PLAY_MOVES = {"terra_mystica": 8, "mythotopia": 8}


def real_play_moves(kind: str) -> int:
    table = {**REAL_PLAY_MOVES, **getattr(settings, "RATINGS_REAL_PLAY_MOVES", {})}
    return int(table.get(kind, 1))
