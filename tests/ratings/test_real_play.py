"""Ratings cannot be farmed: only seats that took part in real play are rated, games that all
but one player left early count for nobody, and private games count only when chosen so."""

from __future__ import annotations

import pytest
from rating_factories import finished_game

from games.models import Game, Move
from ratings import services
from ratings.conf import real_play_moves
from ratings.models import PlayerRating, RatingChange
from ratings.services import Outcome
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db


def test_the_farm_of_the_finding_two_seats_that_resigned_early_feed_nothing(users):
    ann, bob, cid = users[:3]
    # ann attacks once and two throwaway accounts resign after two moves each.
    game = finished_game(
        [(ann, "witches", 40), (bob, "nomads", 20, True), (cid, "giants", 20, True)],
        moves=[real_play_moves("terra_mystica"), 2, 2],
    )
    assert services.game_rate(game.pk) == Outcome.NOT_RATED
    assert not PlayerRating.objects.exists()
    assert not RatingChange.objects.exists()


def test_a_seat_that_left_before_real_play_is_left_out_and_the_others_are_rated(users):
    ann, bob, cid, dee = users[:4]
    game = finished_game(
        [
            (ann, "witches", 100),
            (bob, "nomads", 90),
            (cid, "giants", 80),
            (dee, "swarmlings", 5, True),
        ],
        moves=[12, 12, 12, 1],
    )
    assert services.game_rate(game.pk) == Outcome.RATED
    rated = set(RatingChange.objects.filter(game=game).values_list("user__username", flat=True))
    assert rated == {"ann", "bob", "cid"}
    assert not PlayerRating.objects.filter(user=dee).exists()


def test_undone_and_rolled_back_moves_are_not_real_play(users):
    ann, bob, cid = users[:3]
    need = real_play_moves("terra_mystica")
    game = finished_game(
        [(ann, "witches", 40), (bob, "nomads", 30), (cid, "giants", 20)], moves=[need, need, need]
    )
    bob_moves = list(Move.objects.filter(game=game, user=bob).order_by("number"))
    # bob's last move is undone, and a rollback takes back everything after cid's first move.
    number = game.move_count
    Move.objects.create(
        game=game, number=number + 1, kind=Move.Kind.UNDO, target=bob_moves[-1].number
    )
    first_of_cid = Move.objects.filter(game=game, user=cid).order_by("number").first()
    assert first_of_cid is not None
    Move.objects.create(
        game=game, number=number + 2, kind=Move.Kind.ROLLBACK, target=first_of_cid.number
    )
    assert services.game_rate(game.pk) == Outcome.NOT_RATED  # only ann's seat stands in full


@pytest.mark.parametrize(
    ("public", "chosen", "counts"),
    [(False, False, False), (False, True, True), (True, False, True)],
)
def test_private_games_are_rated_only_when_chosen_at_creation(client_for, public, chosen, counts):
    creator = UserFactory()
    created = client_for(creator).post(
        "/api/v1/games/", {"player_count": 3, "public": public, "rated": chosen}, format="json"
    )
    assert created.status_code == 201, created.data
    assert created.data["rated"] is counts
    assert Game.objects.get(pk=created.data["id"]).counts_for_rating is counts


def test_a_private_game_not_chosen_for_the_ratings_is_not_rated(users):
    game = finished_game(
        [(users[0], "witches", 40), (users[1], "nomads", 30), (users[2], "giants", 20)],
        public=False,
        counts_for_rating=False,
    )
    assert services.game_rate(game.pk) == Outcome.NOT_RATED


@pytest.mark.parametrize(("ticked", "counts"), [(False, False), (True, True)])
def test_the_new_game_page_offers_the_choice_for_a_private_game(client, ticked, counts):
    user = UserFactory()
    client.force_login(user)
    page = client.get("/games/new/")
    assert 'name="rated"' in page.content.decode()
    form = {"name": f"Private {ticked}", "player_count": "3", "time_control": "none"}
    response = client.post("/games/new/", {**form, **({"rated": "on"} if ticked else {})})
    assert response.status_code == 302
    game = Game.objects.get(name=f"Private {ticked}")
    assert not game.public and game.counts_for_rating is counts
