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
