"""The German pages say nothing in English: every word a reader sees comes from the catalogs.

Proof by a pseudo-locale (tests/support/pseudo_locale.py): the German catalogs with every
letter swapped for a look-alike. A plain ASCII word left on a page rendered with them never
went through gettext, also when it sits inside a translated sentence. The scripts' panels are
checked the same way in a browser (tests/e2e/test_e2e_language.py).
"""

from __future__ import annotations

from html.parser import HTMLParser

import pytest
from django.conf import settings
from django.test import Client, override_settings
from django.urls import reverse
from django.utils import translation

from games.kinds.terra_mystica import catalog
from games.kinds.terra_mystica.texts import DATA_TEXTS
from games.models import Game
from leagues.models import League
from tests.factories import SeasonFactory
from tests.support import pseudo_locale

pytestmark = pytest.mark.django_db

# Attributes a reader sees or hears (tooltips, screen readers, empty fields).
SHOWN_ATTRIBUTES = ("title", "aria-label", "placeholder", "alt")
SKIPPED = {"script", "style", "code", "template"}


class _Text(HTMLParser):
    """The page's text as a reader meets it: text nodes and shown attributes, without
    scripts, notation (<code>, translate="no") and the values players typed."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.texts: list[str] = []
        self.skipping: list[str] = []

    def handle_starttag(self, tag: str, attrs: list) -> None:
        values = dict(attrs)
        void = tag in ("input", "img", "br", "meta", "link", "hr", "source")
        if not void and (tag in SKIPPED or values.get("translate") == "no"):
            self.skipping.append(tag)
        if self.skipping:
            return
        self.texts += [values[a] for a in SHOWN_ATTRIBUTES if values.get(a)]
        if tag == "input" and values.get("type") in ("submit", "button") and values.get("value"):
            self.texts.append(values["value"])

    def handle_endtag(self, tag: str) -> None:
        if self.skipping and self.skipping[-1] == tag:
            self.skipping.pop()

    def handle_data(self, data: str) -> None:
        if not self.skipping and data.strip():
            self.texts.append(data)


def shown_texts(html: str) -> list[str]:
    parser = _Text()
    parser.feed(html)
    return parser.texts


@pytest.fixture
def pseudo(tmp_path):
    """The site's catalogs swapped for the pseudo-locale while the test runs."""
    folder = pseudo_locale.build(tmp_path / "locale")
    catalog._built.cache_clear()  # the catalog's texts are cached per language
    with override_settings(LOCALE_PATHS=[folder]):
        yield folder
    catalog._built.cache_clear()


def names_on_the_site() -> list[str]:
    """What players and organisers named (never translated), and the games' own names."""
    from django.contrib.auth import get_user_model

    users = get_user_model().objects.all()
    return [
        settings.SITE_NAME,
        "Terra Mystica",
        "Mythotopia",
        *[u.username for u in users],
        *[u.profile.display_name for u in users if hasattr(u, "profile")],
        *[g.name for g in Game.objects.all()],
        *[league.name for league in League.objects.all()],
    ]


def german(client: Client, path: str) -> str:
    response = client.get(path, HTTP_ACCEPT_LANGUAGE="de")
    assert response.status_code == 200, path
    return response.content.decode()


def test_the_pseudo_locale_finds_english_even_inside_a_translated_sentence(pseudo):
    swapped = pseudo_locale.swap("Du bist am Zug: %(todo)s")
    assert swapped == "Đú ƀíśţ áɱ Žúĝ: %(todo)s"
    assert pseudo_locale.untranslated([swapped % {"todo": "take an action"}]) == [
        "Đú ƀíśţ áɱ Žúĝ: take an action"
    ]
    assert pseudo_locale.untranslated([swapped % {"todo": pseudo_locale.swap("handeln")}]) == []
    assert pseudo_locale.untranslated(["alice · D6 · BON3 · 12"], ["alice"]) == []
    with translation.override("de"):
        assert translation.gettext("Log out") == pseudo_locale.swap("Abmelden")


def test_every_word_of_the_german_pages_comes_from_the_catalogs(
    pseudo, started_game, finished_game
):
    game, (creator, _joiner) = started_game(
        options=("strict-leech", "fire-and-ice-factions/ice", "faction-auction")
    )
    season = SeasonFactory(status="running")
    client = Client()
    client.force_login(creator)
    paths = [
        reverse("home"),
        reverse("game-new"),
        reverse("game-page", args=[game.pk]),
        reverse("game-page", args=[finished_game.pk]),
        reverse("leaderboard"),
        "/leagues/",
        reverse("league-page", args=[season.league.pk]),
        reverse("league-season-page", args=[season.pk]),
    ]
    names = names_on_the_site()
    english = {
        path: pseudo_locale.untranslated(shown_texts(german(client, path)), names) for path in paths
    }
    left = {path: texts for path, texts in english.items() if texts}
    assert left == {}, "\n".join(f"{p}: {t}" for p, ts in left.items() for t in ts)


def test_the_english_pages_would_fail_the_check(started_game):
    """The check can fail: without the catalogs the same pages are full of plain words."""
    game, (creator, _joiner) = started_game()
    client = Client()
    client.force_login(creator)
    html = client.get(reverse("game-page", args=[game.pk]), HTTP_ACCEPT_LANGUAGE="en").text
    assert "Cult board" in pseudo_locale.untranslated(shown_texts(html), names_on_the_site())


def test_every_text_of_the_rules_data_is_listed_and_translated():
    """Tile, action and faction texts come from the engine's data: each must be in the
    catalogs (texts.py lists them), with a German translation."""
    used: set[str] = set()
    original = catalog._text

    def spy(text: str) -> str:
        used.add(text)
        return original(text)

    catalog._text = spy  # type: ignore[assignment]
    try:
        catalog._build()
    finally:
        catalog._text = original  # type: ignore[assignment]
    used.discard("")
    assert used - set(DATA_TEXTS) == set(), "add them to games/kinds/terra_mystica/texts.py"
    with translation.override("de"):
        missing = [t for t in DATA_TEXTS if translation.gettext(t) == t]
    assert missing == []


def test_the_german_catalog_describes_tiles_and_actions_in_german():
    with translation.override("de"):
        german_catalog = catalog.localized()
    assert german_catalog["power_actions"]["ACT1"]["text"] == "eine Brücke bauen"
    assert german_catalog["bonus"]["BON1"]["text"] == (
        "+2 Münzen; Aktion: Umwandeln und Bauen mit 1 freien Spaten"
    )
    assert german_catalog["favor"]["FAV7"]["text"] == "+2 Erde; Einkommen 1 Arbeiter, 1 Macht"
    assert german_catalog["town"]["TW1"]["text"] == "1 Schlüssel, 5 SP, 6 Münzen"
    assert german_catalog["scoring"]["SCORE4"] == {
        "text": "Festung, Heiligtum: +5 SP",
        "bonus": "je 2 Feuer: 1 Arbeiter",
    }
    # The English catalog stays English for the API's and the English pages' sake.
    assert catalog.catalog()["power_actions"]["ACT1"]["text"] == "build a bridge"
