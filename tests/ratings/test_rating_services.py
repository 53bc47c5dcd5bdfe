"""Rating finished games in the database: incremental, idempotent, equal to a full recompute."""

from datetime import timedelta

import pytest
from rating_factories import MAP, T0, finished_game, store

from games.models import Game
from ratings import elo, selectors, services
from ratings.models import FactionRating, PlayerRating, RatedGame, RatingChange, RatingExclusion
from ratings.services import Outcome
from ratings.synthetic import synthetic_games

pytestmark = pytest.mark.django_db


def four_player_game(users, vps=(120, 100, 100, 80), **fields):
    factions = ("witches", "nomads", "giants", "auren")
    return finished_game(list(zip(users[:4], factions, vps, strict=True)), **fields)


def snapshot():
    """Every stored rating value, exactly."""
    return (
        sorted(PlayerRating.objects.values_list("user_id", "rating", "games", "last_game_at")),
        sorted(FactionRating.objects.values_list("faction", "map_id", "rating", "games")),
        sorted(
            RatingChange.objects.values_list(
                "game_id", "user_id", "rating_before", "rating_after", "provisional", "rank"
            )
        ),
        sorted(RatedGame.objects.values_list("game_id", "finished_at")),
    )


def test_finished_games_reads_seats_in_order_with_map_and_drops(users):
    game = four_player_game(users, vps=(90, 120, 60, 100), map_id="fjords")
    game.seats.filter(position=1).update(dropped=True)
    [read] = selectors.finished_games([game.pk])
    assert read.game_id == game.pk and read.map_id == "fjords"
    assert read.finished_at == game.finished_at
    assert [(s.player_id, s.faction, s.vp, s.dropped) for s in read.results] == [
        (users[0].pk, "witches", 90, True),
        (users[1].pk, "nomads", 120, False),
        (users[2].pk, "giants", 60, False),
        (users[3].pk, "auren", 100, False),
    ]


def test_finished_games_leaves_out_games_that_cannot_count(users):
    counted = four_player_game(users)
    four_player_game(users, status=Game.Status.RUNNING)
    four_player_game(users, status=Game.Status.ABORTED)
    excluded = four_player_game(users)
    RatingExclusion.objects.create(game=excluded)
    incomplete = four_player_game(users)
    incomplete.seats.filter(position=2).update(final_vp=None)
    assert [g.game_id for g in selectors.finished_games()] == [counted.pk]


def test_a_game_without_a_map_in_its_setup_is_on_the_original_map(users):
    game = four_player_game(users)
    Game.objects.filter(pk=game.pk).update(setup=None)
    assert selectors.finished_games([game.pk])[0].map_id == MAP


def test_rating_a_game_stores_changes_ratings_and_faction_strength(users, settings):
    settings.RATINGS_MIN_GAMES = 0
    game = four_player_game(users)
    assert services.game_rate(game.pk) == Outcome.RATED
    changes = selectors.game_rating_changes(game.pk)
    assert {u.pk: changes[u.pk].delta for u in users[:4]} == {
        users[0].pk: 24.0,
        users[1].pk: 0.0,
        users[2].pk: 0.0,
        users[3].pk: -24.0,
    }
    assert changes[users[1].pk].rank == 2 and changes[users[2].pk].rank == 2
    assert PlayerRating.objects.get(user=users[0]).rating == 1024.0
    assert PlayerRating.objects.get(user=users[0]).games == 1
    assert FactionRating.objects.get(faction="auren", map_id=MAP).rating == -24.0


def test_rating_the_same_game_twice_counts_it_once(users):
    game = four_player_game(users)
    services.game_rate(game.pk)
    before = snapshot()
    assert services.game_rate(game.pk) == Outcome.ALREADY_RATED
    assert snapshot() == before
    assert PlayerRating.objects.get(user=users[0]).games == 1
    assert RatingChange.objects.filter(game=game).count() == 4


@pytest.mark.parametrize(
    "fields",
    [{"status": Game.Status.RUNNING}, {"status": Game.Status.ABORTED}],
    ids=["running", "aborted"],
)
def test_unfinished_and_aborted_games_are_not_rated(users, fields):
    game = four_player_game(users, **fields)
    assert services.game_rate(game.pk) == Outcome.NOT_RATED
    assert not RatingChange.objects.exists()


def test_two_player_games_are_unrated_by_default(users, settings):
    game = finished_game([(users[0], "witches", 100), (users[1], "nomads", 90)])
    assert services.game_rate(game.pk) == Outcome.NOT_RATED
    settings.RATINGS_MIN_PLAYERS = 2
    assert services.game_rate(game.pk) == Outcome.RATED
    assert RatingChange.objects.filter(game=game).count() == 2


def test_incremental_rating_equals_a_full_recompute(settings):
    settings.RATINGS_MIN_GAMES = 3
    games = list(synthetic_games(120, players=15, player_counts=(3, 4, 5), seed=11))
    stored = store(games)
    outcomes = [services.game_rate(stored[g.game_id].pk) for g in games]
    assert outcomes == [Outcome.RATED] * len(games)
    incremental = snapshot()
    assert services.ratings_recompute() == len(games)
    assert snapshot() == incremental


def test_the_database_agrees_with_the_pure_computation(settings):
    games = list(synthetic_games(60, players=10, seed=5))
    stored = store(games)
    services.ratings_recompute()
    state, _ = elo.recompute(games, elo.EloParams())
    for g in games[-5:]:
        for seat in g.results:
            user_id = stored[g.game_id].seats.get(faction=seat.faction).user_id
            assert PlayerRating.objects.get(user_id=user_id).rating == (
                state.players[seat.player_id].rating
            )


def test_a_game_finishing_before_rated_games_triggers_a_recompute(users):
    late = four_player_game(users, finished_at=T0 + timedelta(days=2))
    early = four_player_game(users, vps=(80, 90, 100, 110), finished_at=T0 + timedelta(days=1))
    services.game_rate(late.pk)
    assert services.game_rate(early.pk) == Outcome.RECOMPUTED
    incremental = snapshot()
    services.ratings_recompute()
    assert snapshot() == incremental
    history = list(selectors.player_history(users[0].pk).values_list("game_id", flat=True))
    assert history == [early.pk, late.pk]


def test_changed_parameters_trigger_a_recompute(users, settings):
    first = four_player_game(users)
    second = four_player_game(users)
    services.game_rate(first.pk)
    assert selectors.game_rating_changes(first.pk)[users[0].pk].delta == 24.0
    settings.RATINGS_STAKE = 32
    assert services.game_rate(second.pk) == Outcome.RECOMPUTED
    # The earlier game is rated again with the new stake.
    assert selectors.game_rating_changes(first.pk)[users[0].pk].delta == 48.0


def test_excluding_a_rated_game_takes_it_out_and_including_it_puts_it_back(users, settings):
    settings.RATINGS_MIN_GAMES = 0
    kept = four_player_game(users)
    flagged = four_player_game(users, vps=(10, 20, 30, 40))
    services.game_rate(kept.pk)
    services.game_rate(flagged.pk)
    with_both = snapshot()
    services.game_exclude(flagged.pk, reason="collusion", by_user_id=users[4].pk)
    assert not RatingChange.objects.filter(game=flagged).exists()
    assert PlayerRating.objects.get(user=users[0]).rating == 1024.0
    assert services.game_rate(flagged.pk) == Outcome.NOT_RATED
    services.game_include(flagged.pk)
    assert snapshot() == with_both


def test_leaderboard_lists_established_players_by_rating(settings):
    settings.RATINGS_MIN_GAMES = 4
    games = list(synthetic_games(40, players=12, seed=2))
    store(games)
    services.ratings_recompute()
    board = list(selectors.leaderboard())
    assert board and all(p.games >= 4 for p in board)
    assert [p.rating for p in board] == sorted((p.rating for p in board), reverse=True)
    assert len(selectors.leaderboard(min_games=0)) == PlayerRating.objects.count()
    latest = max(g.finished_at for g in games)
    recent = selectors.leaderboard(min_games=0, active_since=latest)
    assert {p.user.username for p in recent} == {
        f"synthetic{s.player_id}" for s in games[-1].results
    }


def test_faction_ratings_per_map(users, settings):
    settings.RATINGS_MIN_GAMES = 0
    services.game_rate(four_player_game(users, map_id="fjords").pk)
    services.game_rate(four_player_game(users, vps=(1, 2, 3, 4)).pk)
    fjords = list(selectors.faction_ratings("fjords"))
    assert [f.faction for f in fjords] == ["witches", "giants", "nomads", "auren"]
    assert {f.map_id for f in selectors.faction_ratings()} == {"fjords", MAP}


def test_an_admin_flag_takes_a_game_out_of_the_ratings(users, client, settings):
    settings.RATINGS_MIN_GAMES = 0
    game = four_player_game(users)
    services.game_rate(game.pk)
    admin = users[4]
    admin.is_staff = admin.is_superuser = True
    admin.save()
    client.force_login(admin)
    response = client.post(
        "/admin/ratings/ratingexclusion/add/", {"game": game.pk, "reason": "collusion"}
    )
    assert response.status_code == 302
    exclusion = RatingExclusion.objects.get(game=game)
    assert exclusion.created_by == admin and exclusion.reason == "collusion"
    assert not RatingChange.objects.exists() and not PlayerRating.objects.exists()
    client.post(f"/admin/ratings/ratingexclusion/{exclusion.pk}/delete/", {"post": "yes"})
    assert not RatingExclusion.objects.exists()
    assert RatingChange.objects.filter(game=game).count() == 4
