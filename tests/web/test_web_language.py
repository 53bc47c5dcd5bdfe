"""The interface in English and German: the browser's language, the header's switch, mails."""

from __future__ import annotations

import gettext
import re
import shutil
import subprocess
from pathlib import Path

import pytest
from django.conf import settings
from django.test import Client
from django.urls import reverse

from accounts.models import Profile
from tests.factories import PASSWORD, SeasonFactory, UserFactory
from tests.web.test_web_pages import script_data

pytestmark = pytest.mark.django_db

# Phrases of the main paths that a German page must not show in English.
ENGLISH = [
    "Log in",
    "Log out",
    "Register",
    "Leaderboard",
    "Leagues",
    "How to play",
    "Your games",
    "Open games",
    "Games in progress",
    "Finished games",
    "New game",
    "Create game",
    "Public game",
    "Your turn",
    "Your move",
    "Waiting for",
    "Cult board",
    "Tiles and actions",
    "Ledger",
    "No messages yet",
    "Your account",
    "Mail notifications",
    "Automatic power offers",
    "Change the password",
    "Display name",
    "Rating history",
    "Finished games",
    "Average VP",
    "Established players",
    "provisional players",
    "Forgotten your password?",
    "Username",
    "Password",
    "Terra Mystica and Mythotopia at your own pace",
    "Skip to content",
    "players",
    "Witches",
    "Engineers",
    "Chaos Magicians",
    "Darklings",
    "players per game",
    "League points by place",
    "signed up",
    "Sign up for season",
]


def visible_text(html: str) -> str:
    """The page's text as a reader sees it: no scripts, styles, tags or attribute values."""
    html = re.sub(r"<(script|style)\b.*?</\1>", " ", html, flags=re.S)
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


def english_left(html: str) -> list[str]:
    text = visible_text(html)
    return [p for p in ENGLISH if re.search(rf"(?<![\w-]){re.escape(p)}(?![\w-])", text)]


def german(client: Client, path: str) -> str:
    response = client.get(path, HTTP_ACCEPT_LANGUAGE="de-DE,de;q=0.9,en;q=0.5")
    assert response.status_code == 200, path
    assert '<html lang="de">' in response.text
    return response.text


def main_paths(game, player) -> list[str]:
    return [
        reverse("home"),
        reverse("game-page", args=[game.pk]),
        reverse("account"),
        reverse("leaderboard"),
        reverse("leaderboard") + "?provisional=1",
        reverse("player-page", args=[player.username]),
        "/leagues/",
    ]


def test_german_browsers_get_the_main_paths_in_german(started_game):
    game, (creator, _) = started_game()
    client = Client()
    client.force_login(creator)
    for path in main_paths(game, creator):
        html = german(client, path)
        assert english_left(html) == [], path
    lobby = german(client, "/")
    assert "Deine Partien" in lobby and "Abmelden" in lobby
    page = german(client, reverse("game-page", args=[game.pk]))
    assert "Kulttafel" in page and "Protokoll" in page
    standing = german(client, reverse("leaderboard"))
    assert re.search(r"beendete Partien mit \d bis \d Spielern", standing)


def test_league_pages_in_german(user):
    season = SeasonFactory(status="signup")
    client = Client()
    client.force_login(user)
    paths = [
        "/leagues/",
        reverse("league-page", args=[season.league.pk]),
        reverse("league-season-page", args=[season.pk]),
    ]
    for path in paths:
        assert english_left(german(client, path)) == [], path
    assert "Für Saison" in german(client, paths[2])


def test_visitors_pages_in_german():
    client = Client()
    paths = ["/", reverse("login"), reverse("register"), reverse("password-reset")]
    for path in [*paths, reverse("how-to-play")]:
        html = german(client, path)
        assert english_left(html) == [], path
    assert "Spiele Terra Mystica und Mythotopia in deinem Tempo" in german(client, "/")
    assert "<h1>So spielst du hier</h1>" in german(client, reverse("how-to-play"))
    english = client.get(reverse("how-to-play"), HTTP_ACCEPT_LANGUAGE="en").text
    assert "<h1>How to play here</h1>" in english


def test_the_word_list_finds_english(started_game):
    """The check above can fail: an English browser's pages show the phrases."""
    _game, (creator, _) = started_game()
    client = Client()
    client.force_login(creator)
    html = client.get(reverse("home"), HTTP_ACCEPT_LANGUAGE="en").text
    assert '<html lang="en">' in html
    assert {"Log out", "Your games", "Leaderboard"} <= set(english_left(html))


# The factions as the German rulebooks of the base game and of Fire & Ice name them.
GERMAN_FACTIONS = {
    "alchemists": "Alchimisten",
    "auren": "Auren",
    "chaosmagicians": "Chaosmagier",
    "cultists": "Kultisten",
    "darklings": "Düsterlinge",
    "dwarves": "Zwerge",
    "engineers": "Konstrukteure",
    "fakirs": "Fakire",
    "giants": "Giganten",
    "halflings": "Halblinge",
    "mermaids": "Nixen",
    "nomads": "Nomaden",
    "swarmlings": "Schwarmlinge",
    "witches": "Hexen",
    "icemaidens": "Frostfeen",
    "yetis": "Yetis",
    "acolytes": "Geweihte",
    "dragonlords": "Drachenmeister",
    "shapeshifters": "Gestaltwandler",
    "riverwalkers": "Flussläufer",
}


def test_faction_names_follow_the_german_rulebook(started_game):
    game, (creator, _) = started_game()
    client = Client()
    client.force_login(creator)
    page = client.get(reverse("game-page", args=[game.pk]), HTTP_ACCEPT_LANGUAGE="de")
    factions = script_data(page)["catalog"]["factions"]
    assert {key: spec["display"] for key, spec in factions.items()} == GERMAN_FACTIONS
    assert factions["giants"]["terrain"] == "Einöde"


def test_the_switch_sets_the_language_and_it_persists():
    client = Client()
    assert '<html lang="en">' in client.get("/", HTTP_ACCEPT_LANGUAGE="en").text
    response = client.post(reverse("language-set"), {"language": "de", "next": "/leaderboard/"})
    assert response.status_code == 302 and response["Location"] == "/leaderboard/"
    # The English browser now gets German pages, on every later request.
    for path in ["/", "/leaderboard/", reverse("login")]:
        html = client.get(path, HTTP_ACCEPT_LANGUAGE="en").text
        assert '<html lang="de">' in html, path
        assert english_left(html) == [], path
    client.post(reverse("language-set"), {"language": "en", "next": "/"})
    assert '<html lang="en">' in client.get("/", HTTP_ACCEPT_LANGUAGE="de").text


def test_the_switch_refuses_foreign_next_urls_and_unknown_languages():
    client = Client()
    response = client.post(
        reverse("language-set"), {"language": "fr", "next": "https://evil.example/"}
    )
    assert response.status_code == 302 and "evil" not in response["Location"]
    assert '<html lang="en">' in client.get("/", HTTP_ACCEPT_LANGUAGE="en").text
    assert client.get(reverse("language-set")).status_code == 405


def test_the_header_switch_works_without_script():
    html = Client().get("/", HTTP_ACCEPT_LANGUAGE="en").text
    form = re.search(r'<form[^>]*class="language-switch".*?</form>', html, re.S)
    assert form, "a switch in the header"
    assert f'action="{reverse("language-set")}"' in form.group(0)
    assert 'name="language" value="de"' in form.group(0)
    assert "<script" not in form.group(0) and "onclick" not in form.group(0)


def test_a_players_choice_is_kept_and_follows_them_to_another_browser():
    user = UserFactory()
    home = Client()
    home.force_login(user)
    home.post(reverse("language-set"), {"language": "de", "next": "/"})
    assert Profile.objects.get(user=user).language == "de"
    elsewhere = Client()
    response = elsewhere.post(
        reverse("login"), {"username": user.username, "password": PASSWORD, "next": "/"}
    )
    assert response.status_code == 302
    assert '<html lang="de">' in elsewhere.get("/", HTTP_ACCEPT_LANGUAGE="en").text


def test_registering_in_german_keeps_german_for_mails():
    client = Client()
    response = client.post(
        reverse("register"),
        {
            "username": "neu",
            "password": "ein-langes-Passwort-7",
            "password_again": "ein-langes-Passwort-7",
            "email": "",
            "display_name": "",
        },
        HTTP_ACCEPT_LANGUAGE="de",
    )
    assert response.status_code == 302
    assert Profile.objects.get(user__username="neu").language == "de"
    assert "Willkommen, neu!" in client.get("/", HTTP_ACCEPT_LANGUAGE="de").text


@pytest.mark.parametrize("domain", ["django", "djangojs"])
def test_the_committed_catalog_is_compiled_from_the_po_file(tmp_path, domain):
    """locale/de's .mo is committed (a fresh clone needs no msgfmt): it must match the .po."""
    msgfmt = shutil.which("msgfmt")
    if msgfmt is None:
        pytest.skip("msgfmt (gettext) is not installed")
    folder = Path(settings.BASE_DIR) / "locale" / "de" / "LC_MESSAGES"
    fresh = tmp_path / f"{domain}.mo"
    subprocess.run([msgfmt, "--check", "-o", fresh, folder / f"{domain}.po"], check=True)

    def catalog(path: Path) -> dict:
        with path.open("rb") as f:
            return dict(gettext.GNUTranslations(f)._catalog)  # type: ignore[attr-defined]

    assert catalog(folder / f"{domain}.mo") == catalog(fresh), (
        f"run `make messages` and commit locale/de/LC_MESSAGES/{domain}.mo"
    )


def test_the_scripts_get_their_words_from_the_catalog():
    response = Client().get(reverse("javascript-catalog"), HTTP_ACCEPT_LANGUAGE="de")
    assert response.status_code == 200
    assert "Wartet auf %(names)s" in response.content.decode()
    html = Client().get("/", HTTP_ACCEPT_LANGUAGE="de").text
    # Loaded from this site (the Content-Security-Policy allows no inline script).
    assert f'<script src="{reverse("javascript-catalog")}"></script>' in html


def test_the_platforms_refusals_speak_german(started_game, other_user):
    game, _players = started_game()
    client = Client()
    client.force_login(other_user)
    page = client.post(
        reverse("game-join-page", args=[game.pk]), follow=True, HTTP_ACCEPT_LANGUAGE="de"
    ).text
    assert "Die Partie ist nicht offen für Mitspieler." in page
    english = client.post(
        reverse("game-join-page", args=[game.pk]), follow=True, HTTP_ACCEPT_LANGUAGE="en"
    ).text
    assert "The game is not open for players." in english


@pytest.mark.parametrize("domain", ["django", "djangojs"])
def test_every_message_has_a_german_translation(domain):
    msgfmt = shutil.which("msgfmt")
    if msgfmt is None:
        pytest.skip("msgfmt (gettext) is not installed")
    po = Path(settings.BASE_DIR) / "locale" / "de" / "LC_MESSAGES" / f"{domain}.po"
    out = subprocess.run(
        [msgfmt, "--statistics", "-o", "/dev/null", po], capture_output=True, text=True, check=True
    )
    assert "untranslated" not in out.stderr and "fuzzy" not in out.stderr, out.stderr
