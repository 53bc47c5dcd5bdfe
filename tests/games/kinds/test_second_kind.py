"""A second game kind, defined in the test suite (High Card, with hidden hands), played through
the real API, mail and end-of-game paths: the platform holds no Terra Mystica assumption there.
"""

from __future__ import annotations

import pytest
from django.core import mail

from games import kinds
from games.models import Game, Move, Seat
from ratings.models import PlayerRating, RatingChange
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db


def keys(value) -> set[str]:
    """Every key of a JSON document, at any depth."""
    if isinstance(value, dict):
        return set(value) | {k for v in value.values() for k in keys(v)}
    if isinstance(value, list):
        return {k for v in value for k in keys(v)}
    return set()


def test_a_hidden_hand_game_plays_through_the_api_mail_and_end(
    high_card, client_for, django_capture_on_commit_callbacks
):
    listed = {k["kind"]: k for k in client_for().get("/api/v1/kinds/").json()}
    assert listed["high_card"]["hidden_information"] is True

    # Three players: the ratings count games of 3 to 5 (docs/ratings.md), in every kind.
    alice, bob, carol = (UserFactory(email=f"{n}@example.org") for n in ("alice", "bob", "carol"))
    clients = {u.pk: client_for(u) for u in (alice, bob, carol)}
    with django_capture_on_commit_callbacks(execute=True):
        created = clients[alice.pk].post(
            "/api/v1/games/", {"kind": "high_card", "player_count": 3}, format="json"
        )
        assert created.status_code == 201, created.data
        game_id = created.data["id"]
        for late in (bob, carol):
            assert clients[late.pk].post(f"/api/v1/games/{game_id}/join/").status_code == 200
    game = Game.objects.get(pk=game_id)
    assert (game.kind, game.status, game.engine_version) == ("high_card", "running", "1")
    seat_of = dict(Seat.objects.filter(game=game).values_list("user_id", "position"))

    # Each player sees their own hand and only the size of the other's; a spectator no hand.
    views = {u: clients[u].get(f"/api/v1/games/{game_id}/state/").json() for u in clients}
    for view in views.values():
        assert len(view["my_hand"]) == 3
        assert "hand" not in keys(view) and "hands" not in keys(view)
        assert view["hand_size"] == {"1": 3, "2": 3, "3": 3}
    assert set(views[alice.pk]["my_hand"]).isdisjoint(views[bob.pk]["my_hand"])
    spectator = client_for().get(f"/api/v1/games/{game_id}/state/").json()
    assert "my_hand" not in spectator and "hand" not in keys(spectator)

    # Play by the legal commands of whoever must act; every refusal names the rule.
    moves = 0
    while Game.objects.get(pk=game_id).status != "finished":
        game = Game.objects.get(pk=game_id)
        [waiting] = clients[alice.pk].get(f"/api/v1/games/{game_id}/").json()["waiting_for"]
        on_turn = next(u for u, s in seat_of.items() if s == waiting["seat"])
        other = next(u for u in clients if u != on_turn)
        legal = clients[on_turn].get(f"/api/v1/games/{game_id}/legal/").json()["commands"]
        assert clients[other].get(f"/api/v1/games/{game_id}/legal/").json()["commands"] == []
        refused = clients[other].post(
            f"/api/v1/games/{game_id}/moves/",
            {"command": legal[0], "expected_move_number": game.move_count},
            format="json",
        )
        assert refused.status_code == 400 and "not" in refused.json()["error"]
        mail.outbox.clear()
        with django_capture_on_commit_callbacks(execute=True):
            played = clients[on_turn].post(
                f"/api/v1/games/{game_id}/moves/",
                {"command": legal[-1], "expected_move_number": game.move_count},
                format="json",
            )
        assert played.status_code == 201, played.data
        moves += 1
        if Game.objects.get(pk=game_id).status == "running":
            # The next player is told it is their turn.
            assert any("Your turn" in m.subject for m in mail.outbox)

    game = Game.objects.get(pk=game_id)
    assert moves == 9 and Move.objects.filter(game=game).count() == 9
    seats = list(Seat.objects.filter(game=game).order_by("rank"))
    assert sum(s.final_vp for s in seats) == 3 and seats[0].rank == 1
    assert all(s.vp_breakdown == {"tricks": s.final_vp} for s in seats)
    assert game.result_recorded_at and game.finish_processed_at
    # The game-over mail reached both players; the game is rated in High Card's own ratings,
    # and nobody's Terra Mystica rating moved.
    emails = {alice.email, bob.email, carol.email}
    over = [m for m in mail.outbox if m.to[0] in emails and "over" in m.subject]
    assert {m.to[0] for m in over} == emails
    assert RatingChange.objects.filter(game=game).count() == 3
    rated = PlayerRating.objects.filter(user__in=[alice, bob, carol])
    assert {(r.kind, r.games) for r in rated} == {("high_card", 1)}
    board = client_for().get("/api/v1/ratings/leaderboard/?kind=high_card&min_games=1").json()
    assert {row["username"] for row in board["results"]} == {
        u.username for u in (alice, bob, carol)
    }
    tm_board = client_for().get("/api/v1/ratings/leaderboard/?min_games=1").json()
    assert tm_board["results"] == []

    # Reads of a finished game work for any kind; the chat and the page too.
    for path in ("", "ledger/", "state/", "chat/"):
        assert clients[alice.pk].get(f"/api/v1/games/{game_id}/{path}").status_code == 200, path
    assert clients[alice.pk].get(f"/games/{game_id}/").status_code == 200
    export = clients[alice.pk].get(f"/api/v1/games/{game_id}/export/")
    assert export.status_code == 400 and "Terra Mystica" in export.json()["error"]
    assert clients[alice.pk].get("/").status_code == 200  # the lobby lists it


def _play_out(game: Game) -> None:
    """Finish a game through the services: the first legal command of whoever must act."""
    from games import log as game_log
    from games import services as game_services

    engine = kinds.engine_for(game.kind)
    users = {s.position: s.user for s in game.seats.select_related("user")}
    while game.status == Game.Status.RUNNING:
        [decision] = engine.waiting_for(game_log.load_state(game))
        seat = decision["seat"]
        command = engine.legal_commands(game_log.load_state(game), seat)[0]
        game_services.move_submit(
            game_id=game.pk, user=users[seat], command=command, expected_move_number=game.move_count
        )
        game.refresh_from_db()


def test_a_league_season_of_the_second_kind_plays_to_its_standings_and_ratings(
    high_card, client_for, django_capture_on_commit_callbacks
):
    from leagues import selectors as league_selectors
    from leagues import services as league_services
    from leagues.models import Group, League, LeagueGame, Season
    from tests.factories import SeasonFactory

    staff = UserFactory(is_staff=True)
    api = client_for(staff)
    refused = [
        api.post(
            "/api/v1/leagues/",
            {"name": "Cards", "kind": "high_card", "players_per_game": 5},
            format="json",
        ),
        api.post(
            "/api/v1/leagues/",
            {"name": "Cards", "kind": "high_card", "players_per_game": 3, "map_id": "x" * 40},
            format="json",
        ),
        api.post(
            "/api/v1/leagues/",
            {"name": "Cards", "kind": "high_card", "players_per_game": 3, "options": ["nope"]},
            format="json",
        ),
    ]
    assert [r.status_code for r in refused] == [400, 400, 400]
    assert "not played by 5" in refused[0].json()["error"]
    assert "has no option 'nope'" in refused[2].json()["error"]
    created = api.post(
        "/api/v1/leagues/",
        {"name": "Cards", "kind": "high_card", "players_per_game": 3, "group_size": 3},
        format="json",
    )
    assert created.status_code == 201 and created.json()["kind"] == "high_card"
    league = League.objects.get(pk=created.json()["id"])
    season = SeasonFactory(league=league)
    players = [UserFactory() for _ in range(3)]
    for player in players:
        league_services.signup_add(season_id=season.pk, user=player)
    league_services.season_start(season_id=season.pk, user=staff)
    league_games = list(
        LeagueGame.objects.filter(group__division__season=season).select_related("game")
    )
    games = [lg.game for lg in league_games]
    assert games and {(g.kind, g.status) for g in games} == {("high_card", "running")}
    for game in games:
        seated = set(Seat.objects.filter(game=game).values_list("user_id", flat=True))
        assert seated == {p.pk for p in players}

    # Every game played to its end through the services; each game's end refreshes the
    # standings (the game-over receiver's task) and the last one ends the season.
    for game in games:
        season.refresh_from_db()
        assert season.status == Season.Status.RUNNING
        with django_capture_on_commit_callbacks(execute=True):
            _play_out(game)
        assert game.status == Game.Status.FINISHED
    season.refresh_from_db()
    assert season.status == Season.Status.FINISHED

    # The final standings count each game's ranks and tricks, and every game is rated in
    # High Card's own ratings.
    [group] = Group.objects.filter(division__season=season)
    rows = league_selectors.group_standings(group)
    assert {r.membership.user_id for r in rows} == {p.pk for p in players}
    assert all(r.games == r.games_scheduled == len(games) for r in rows)
    tricks = {
        p.pk: sum(s.final_vp for s in Seat.objects.filter(game__in=games, user=p)) for p in players
    }
    assert {r.membership.user_id: r.vp for r in rows} == tricks
    assert sum(tricks.values()) == 3 * len(games)
    assert sorted(r.rank for r in rows)[0] == 1
    rated = PlayerRating.objects.filter(user__in=players)
    assert {(r.kind, r.games) for r in rated} == {("high_card", len(games))}


def test_secret_commands_and_ledger_rows_reach_only_their_player(
    high_card, client_for, django_capture_on_commit_callbacks
):
    alice, bob = (UserFactory(email=f"{n}@example.org") for n in ("alice", "bob"))
    api = {alice.pk: client_for(alice), bob.pk: client_for(bob)}
    with django_capture_on_commit_callbacks(execute=True):
        game_id = (
            api[alice.pk]
            .post("/api/v1/games/", {"kind": "high_card", "player_count": 2}, format="json")
            .data["id"]
        )
        api[bob.pk].post(f"/api/v1/games/{game_id}/join/")
    [waiting] = api[alice.pk].get(f"/api/v1/games/{game_id}/").json()["waiting_for"]
    first = Seat.objects.get(game_id=game_id, position=waiting["seat"]).user_id
    other = alice.pk if first == bob.pk else bob.pk
    command = api[first].get(f"/api/v1/games/{game_id}/legal/").json()["commands"][0]
    mail.outbox.clear()
    with django_capture_on_commit_callbacks(execute=True):
        api[first].post(
            f"/api/v1/games/{game_id}/moves/",
            {"command": command, "expected_move_number": 0},
            format="json",
        )

    def log(user_id):
        moves = api[user_id].get(f"/api/v1/games/{game_id}/moves/").json()["results"]
        return [m["command"] for m in moves]

    assert log(first) == [command]
    assert log(other) == ["play a card"]
    spectator = client_for().get(f"/api/v1/games/{game_id}/moves/").json()["results"]
    assert [m["command"] for m in spectator] == ["play a card"]
    own = api[first].get(f"/api/v1/games/{game_id}/ledger/").json()
    seen = api[other].get(f"/api/v1/games/{game_id}/ledger/").json()
    assert "hand_after" in own[0]["rows"][0] and own[0]["command"] == command
    assert "hand_after" not in seen[0]["rows"][0] and seen[0]["command"] == "play a card"
    # The other player's turn mail lists the move without the card.
    [turn] = [m for m in mail.outbox if "Your turn" in m.subject]
    body = turn.body + "".join(str(a[0]) for a in getattr(turn, "alternatives", []))
    assert "play a card" in body and command not in body


def test_a_player_who_resigns_from_a_kind_without_roles_is_dropped_not_aborted(
    high_card, client_for
):
    players = [UserFactory() for _ in range(3)]
    api = [client_for(p) for p in players]
    game_id = (
        api[0]
        .post("/api/v1/games/", {"kind": "high_card", "player_count": 3}, format="json")
        .data["id"]
    )
    for client in api[1:]:
        client.post(f"/api/v1/games/{game_id}/join/")
    assert api[2].post(f"/api/v1/games/{game_id}/resign/").status_code == 200
    game = Game.objects.get(pk=game_id)
    assert game.status == "running"
    seat = Seat.objects.get(game=game, user=players[2])
    assert seat.dropped and seat.faction == ""
    assert Move.objects.filter(game=game, kind="drop").count() == 1
    # The two left play on; the dropped seat is never waited for.
    for _ in range(6):
        game = Game.objects.get(pk=game_id)
        if game.status != "running":
            break
        [waiting] = api[0].get(f"/api/v1/games/{game_id}/").json()["waiting_for"]
        assert waiting["seat"] != seat.position
        on_turn = next(
            c
            for p, c in zip(players, api, strict=True)
            if Seat.objects.get(game=game, user=p).position == waiting["seat"]
        )
        command = on_turn.get(f"/api/v1/games/{game_id}/legal/").json()["commands"][0]
        posted = on_turn.post(
            f"/api/v1/games/{game_id}/moves/",
            {"command": command, "expected_move_number": game.move_count},
            format="json",
        )
        assert posted.status_code == 201, posted.data
    assert Game.objects.get(pk=game_id).status == "finished"
