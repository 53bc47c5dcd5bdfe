import pytest


@pytest.fixture(autouse=True)
def rated_without_a_move_log(settings):
    """The statistics' games are stored finished, without a move log: the ratings' real-play
    rule (tests/ratings/test_real_play.py) would leave every seat unrated, so it asks for none."""
    settings.RATINGS_REAL_PLAY_MOVES = {"terra_mystica": 0, "mythotopia": 0}
