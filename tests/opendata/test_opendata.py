"""Open data: nightly dumps of finished public games, their schema, the API and the page."""

from __future__ import annotations

import gzip
import json

import jsonschema
import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.utils import timezone

from games import services as game_services
from games.kinds.terra_mystica import notation
from games.models import Game, Move, Seat
from opendata import services
from opendata.models import Dump
from tests.conftest import load_corpus_game

pytestmark = pytest.mark.django_db

CORPUS_GAME = "4pLeague_S60_D1L1_G1"
SCHEMA = json.loads(services.SCHEMA_SOURCE.read_text())


@pytest.fixture(autouse=True)
def dump_root(settings, tmp_path):
    settings.OPENDATA_ROOT = str(tmp_path / "dumps")
    return tmp_path / "dumps"


def _import(public: bool = True) -> Game:
    creator = get_user_model().objects.get_or_create(username="importer")[0]
    return game_services.game_import(
        game_file=notation.corpus_entries(load_corpus_game(CORPUS_GAME)),
        created_by=creator,
        public=public,
        attach_existing=True,
    )


def _records(path) -> list[dict]:
    with gzip.open(path, "rt", encoding="utf-8") as lines:
        return [json.loads(line) for line in lines]


@pytest.fixture
def games():
    public, private = _import(), _import(public=False)
    running, _ = Game.objects.get_or_create(
        kind="terra_mystica", created_by=public.created_by, player_count=2, status="running"
    )
    return public, private, running


def test_a_dumped_game_reimported_replays_identically(games, dump_root):
    public, private, _ = games
    written = services.dumps_build()
    month = public.finished_at.strftime("%Y-%m")
    assert written == [f"terra_mystica-{month}.jsonl.gz"]
    records = _records(dump_root / written[0])
    # Only the finished public game: never the private one, nor a game still running.
    assert [r["id"] for r in records] == [public.pk]
    record = records[0]
    jsonschema.Draft202012Validator(SCHEMA).validate(record)
    assert private.pk not in {r["id"] for r in records}

    again = game_services.game_import(
        game_file=notation.parse_export(record["snellman"]),
        created_by=public.created_by,
        attach_existing=True,
    )
    assert again.status == Game.Status.FINISHED

    def result(game: Game) -> list[tuple]:
        return list(
            Seat.objects.filter(game=game)
            .order_by("position")
            .values_list("user__username", "faction", "final_vp", "rank", "dropped")
        )

    def ledger(game: Game) -> list:
        return [
            (m.actor, m.command, m.ledger)
            for m in Move.objects.filter(game=game).order_by("number")
        ]

    assert result(again) == result(public)
    assert ledger(again) == ledger(public)
    # The record's own result and log say the same as the game.
    assert [
        (p["player"], p["role"], p["score"], p["rank"], p["dropped"]) for p in record["players"]
    ] == result(public)
    assert [(e["actor"], e["command"]) for e in record["log"]] == [
        (a, c) for a, c, _ in ledger(public)
    ]


def test_dumps_are_rebuilt_the_same_and_a_month_without_public_games_goes(games, dump_root):
    public, _, _ = games
    first = services.dumps_build()
    digest = Dump.objects.get().sha256
    assert services.dumps_build() == first
    assert Dump.objects.get().sha256 == digest  # same games, same bytes
    assert (dump_root / services.SCHEMA_FILE).is_file()
    Game.objects.filter(pk=public.pk).update(public=False)
    assert services.dumps_build() == []
    assert not Dump.objects.exists() and not (dump_root / first[0]).exists()


def test_the_command_builds_the_dumps(games, dump_root, capsys):
    call_command("build_dumps")
    assert "1 files" in capsys.readouterr().out
    assert Dump.objects.get().games == 1


def test_a_mythotopia_record_keeps_the_seed_out(dump_root):
    owner = get_user_model().objects.create(username="owner")
    other = get_user_model().objects.create(username="other")
    game = Game.objects.create(
        kind="mythotopia",
        created_by=owner,
        player_count=2,
        status="finished",
        setup={"players": ["owner", "other"], "seed": "secret-seed", "options": []},
        finished_at=timezone.now(),
    )
    for position, (u, colour, vp, rank) in enumerate(
        [(owner, "red", 30, 1), (other, "blue", 40, 2)], 1
    ):
        Seat.objects.create(
            game=game, user=u, position=position, faction=colour, final_vp=vp, rank=rank
        )
    name = services.dumps_build()[0]
    (record,) = _records(dump_root / name)
    jsonschema.Draft202012Validator(SCHEMA).validate(record)
    assert "secret-seed" not in json.dumps(record)
    assert record["snellman"] is None and record["map_id"] is None


def test_api_lists_the_files_and_pages_through_the_games(games, api):
    public, private, _ = games
    second = _import()
    services.dumps_build()
    listing = api.get("/api/v1/open-data/dumps/").json()
    (dump,) = listing["dumps"]
    assert dump["games"] == 2 and dump["url"].endswith(
        f"/open-data/files/{Dump.objects.get().file_name}"
    )
    download = api.get(dump["url"])
    assert download.status_code == 200
    assert gzip.decompress(b"".join(download.streaming_content)).count(b"\n") == 2
    schema = api.get(listing["schema"])
    assert json.loads(b"".join(schema.streaming_content))["title"].startswith(
        "A finished public game"
    )

    page = api.get("/api/v1/open-data/games/", {"kind": "terra_mystica", "page_size": 1}).json()
    assert [r["id"] for r in page["results"]] == [public.pk]
    jsonschema.Draft202012Validator(SCHEMA).validate(page["results"][0])
    following = api.get(page["next"]).json()
    assert [r["id"] for r in following["results"]] == [second.pk]
    assert following["next"] is None
    assert private.pk not in {r["id"] for r in page["results"] + following["results"]}


@pytest.mark.parametrize(
    ("params", "status", "rule"),
    [
        ({"month": "2025-13"}, 400, "YYYY-MM"),
        ({"kind": "chess"}, 400, "Unknown game kind"),
        ({"page_size": "1000"}, 400, "page_size"),
        ({"cursor": "not-a-cursor"}, 404, "cursor"),
    ],
)
def test_api_refuses_bad_filters(api, params, status, rule):
    response = api.get("/api/v1/open-data/games/", params)
    assert response.status_code == status
    assert rule.lower() in response.json()["error"].lower()


def test_page_lists_the_files_and_serves_only_listed_ones(games, client, dump_root):
    assert "opendata-empty" in client.get("/open-data/").content.decode()
    services.dumps_build()
    name = Dump.objects.get().file_name
    html = client.get("/open-data/").content.decode()
    assert f'href="/open-data/files/{name}"' in html
    (dump_root / "terra_mystica-2000-01.jsonl.gz").write_bytes(b"not listed")
    for bad in ("terra_mystica-2000-01.jsonl.gz", "..%2Fsettings.py", "x"):
        assert client.get(f"/open-data/files/{bad}").status_code == 404
    german = client.get("/open-data/", HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert "Offene Daten" in german
