"""The lobby's new-game form: the game kind first (any kind the site hosts), then that kind's
options in words, grouped, with their defaults; "How to play" covers every kind."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from django.urls import reverse

from games.models import ORIGINAL_MAP_ID, Game
from games.rules.terra_mystica.setup import DEFAULT_OPTIONS
from tests.web.test_web_german_pages import shown_texts

pytestmark = pytest.mark.django_db


def logged_in(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def visible(html: str) -> str:
    return " ".join(shown_texts(html))


def test_the_form_offers_every_kind_of_the_registry_first(user, high_card):
    html = logged_in(user).get(reverse("game-new")).content.decode()
    radios = re.findall(r'<input type="radio" name="kind" value="([^"]+)"', html)
    assert radios == ["terra_mystica", "mythotopia", "high_card"]
    assert html.index('name="kind"') < html.index('name="player_count"')
    # Each kind's options in a section of its own; a kind without a label shows its words.
    assert 'data-kind="high_card"' in html
    assert "Nothing changes: kept to show an option" in visible(html)


def test_options_are_words_in_groups_with_their_defaults_ticked(user):
    html = logged_in(user).get(reverse("game-new")).content.decode()
    text = visible(html)
    for group in ("Rules errata", "Expansions", "Variants", "Promos"):
        assert group in text
    assert "Chaos Magicians' double action ends with passing" in text
    assert "Fire & Ice: the variable factions, revised" in text
    # No raw option ids for players to read (they stay the boxes' values).
    for raw in ("strict-chaosmagician-sh", "fire-and-ice-factions/variable_v5", "email-notify"):
        assert raw not in text
    # The option that changes nothing is not offered at all.
    assert 'value="email-notify"' not in html
    ticked = set(re.findall(r'name="options" value="([^"]+)" id="[^"]+" checked', html))
    assert ticked == set(DEFAULT_OPTIONS) and len(ticked) == 7
    assert text.count("default") == len(ticked)


def test_the_form_in_german_names_groups_and_options_in_german(user):
    client = logged_in(user)
    text = visible(client.get(reverse("game-new"), HTTP_ACCEPT_LANGUAGE="de").content.decode())
    assert "Welches Spiel?" in text and "Optionen für Mythotopia" in text
    assert "Regel-Errata" in text and "Erweiterungen" in text and "Varianten" in text
    assert "Feuer & Eis: die Eisvölker" in text and "Völkerauktion" in text
    assert "Startprovinzen wählen" in text


def test_a_mythotopia_game_is_created_from_the_form_without_script(user):
    """A browser without script posts every box it shows: the other kinds' are left out."""
    response = logged_in(user).post(
        reverse("game-new"),
        {
            "kind": "mythotopia",
            "name": "Kingdoms",
            "player_count": "3",
            "options": ["strict-leech", "shipping-bonus", "start-choice"],
            "map_id": "95a66999127893f5925a5f591d54f8bcb9a670e6",
            "time_control": "none",
            "public": "on",
        },
    )
    assert response.status_code == 302, response.content.decode()[-1500:]
    game = Game.objects.get(name="Kingdoms")
    assert response["Location"] == reverse("game-page", args=[game.pk])
    assert (game.kind, game.player_count, game.options) == ("mythotopia", 3, ["start-choice"])
    assert game.map_id == ORIGINAL_MAP_ID
    page = logged_in(user).get(response["Location"]).content.decode()
    assert "Mythotopia" in page


def test_a_player_count_the_kind_is_not_played_by_is_refused_by_name(user):
    response = logged_in(user).post(
        reverse("game-new"),
        {"kind": "mythotopia", "player_count": "5", "time_control": "none"},
        HTTP_ACCEPT_LANGUAGE="de",
    )
    assert response.status_code == 200
    assert "Mythotopia wird von 2, 3, 4 Spielern gespielt." in response.content.decode()
    assert not Game.objects.exists()


def test_terra_mystica_stays_the_default_kind(user):
    response = logged_in(user).post(
        reverse("game-new"),
        {"name": "Plain", "player_count": "2", "options": ["strict-leech"], "time_control": "none"},
    )
    assert response.status_code == 302
    assert Game.objects.get(name="Plain").kind == "terra_mystica"


def test_how_to_play_covers_every_kind_in_both_languages(high_card):
    english = Client().get(reverse("how-to-play"), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    german = Client().get(reverse("how-to-play"), HTTP_ACCEPT_LANGUAGE="de").content.decode()
    for html in (english, german):
        listed = re.findall(r'<dt data-kind="([^"]+)">', html)
        assert listed == ["terra_mystica", "mythotopia", "high_card"]
        assert 'id="mythotopia"' in html
    assert "Fire &amp; Ice: the ice factions" in english
    assert "Feuer &amp; Eis: die Eisvölker" in german


def test_the_game_page_names_its_options_in_words(started_game):
    game, (creator, _joiner) = started_game(options=("strict-leech", "fire-and-ice-factions/ice"))
    html = logged_in(creator).get(reverse("game-page", args=[game.pk])).content.decode()
    options = re.search(
        r'<details class="game-options muted" id="game-options">.*?</details>', html, re.S
    )
    assert options
    assert "Power offers in order" in options.group(0)
    assert "Fire &amp; Ice: the ice factions" in options.group(0)
    assert "strict-leech" not in visible(options.group(0))


def test_the_api_gives_each_option_its_words_and_group(client):
    body = client.get("/api/v1/kinds/").json()
    options = {k["kind"]: {o["name"]: o for o in k["options"]} for k in body}
    assert options["terra_mystica"]["strict-chaosmagician-sh"] == {
        "name": "strict-chaosmagician-sh",
        "description": "Chaos Magicians passing during their double action lose the rest.",
        "default": True,
        "label": "Chaos Magicians' double action ends with passing",
        "group": "errata",
        "offered": True,
    }
    assert options["terra_mystica"]["email-notify"]["offered"] is False
    assert options["mythotopia"]["start-choice"]["group"] == "variant"
