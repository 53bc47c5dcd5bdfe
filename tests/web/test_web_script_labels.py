"""The labels the game page's script gives to legal moves, run in Node with the page's own
catalogs (the German one from /jsi18n/): who pays what for a power action, which actions come
with the stronghold, and German steps joined in one sentence."""

from __future__ import annotations

import atexit
import functools
import json
import shutil
import subprocess
import tempfile
from pathlib import Path

import pytest
from django.contrib.staticfiles import finders
from django.test import Client
from django.urls import reverse
from django.utils import translation

from games.kinds.terra_mystica import catalog

pytestmark = pytest.mark.django_db

# The scripts as the site serves them: the kind's beside the web app's, under one static root
# (a kind's script reaches the site's shared modules as ../../web/js/…).
SCRIPTS = ("web/js/i18n.js", "terra_mystica/js/commands.js")


@functools.cache
def commands_module() -> Path:
    root = Path(tempfile.mkdtemp(prefix="tm-static-"))
    atexit.register(shutil.rmtree, root, ignore_errors=True)
    for name in SCRIPTS:
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(finders.find(name), root / name)
    return root / SCRIPTS[-1]


# Node: the catalog script first (it defines globalThis.django), then the page's module.
RUNNER = """
import { pathToFileURL } from "node:url";
let input = "";
for await (const chunk of process.stdin) input += chunk;
const { jsi18n, catalog, rows, waits, module } = JSON.parse(input);
if (jsi18n) (0, eval)(jsi18n);
const { labelRow, todoText } = await import(pathToFileURL(module).href);
const out = rows ? rows.map(([row, faction]) => labelRow(row, catalog, { faction })) : todoText(waits, catalog);
console.log(JSON.stringify(out));
"""


def run(language: str, **payload):
    node = shutil.which("node")
    if node is None:
        pytest.skip("Node is not installed")
    jsi18n = ""
    if language != "en":
        response = Client().get(reverse("javascript-catalog"), HTTP_ACCEPT_LANGUAGE=language)
        jsi18n = response.content.decode()
    with translation.override(language):
        words = catalog.localized()
    payload |= {"jsi18n": jsi18n, "catalog": words, "module": str(commands_module())}
    out = subprocess.run(
        [node, "--input-type=module", "-e", RUNNER],
        input=json.dumps(payload),
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    return json.loads(out.stdout)


def labels(rows: list[tuple[str, str]], language: str) -> list[str]:
    return run(language, rows=rows)


def test_the_yetis_see_what_a_power_action_costs_them():
    rows = [("action ACT1", "yetis"), ("action ACT1", "witches"), ("action ACT6", "yetis")]
    assert labels(rows, "en") == [
        "Power action ACT1: build a bridge (2 power)",
        "Power action ACT1: build a bridge (3 power)",
        "Power action ACT6: transform+build with 2 free spades (may be split over two hexes) "
        "(5 power)",
    ]


def test_the_engineers_bridge_is_no_stronghold_action():
    rows = [("action ACTE", "engineers"), ("action ACTA", "auren"), ("action ACTW", "witches")]
    assert labels(rows, "en") == [
        "Special action: 1 bridge",
        "Stronghold action: 2 cult steps",
        "Stronghold action: free dwelling on any empty forest hex, no reachability, "
        "no terraforming",
    ]


def test_german_labels_join_steps_in_one_sentence():
    rows = [
        ("transform E7 to yellow. build E7", "nomads"),
        ("burn 2. action ACT1", "yetis"),
        ("action ACTE", "engineers"),
        ("pass BON1", "witches"),
    ]
    assert labels(rows, "de") == [
        "E7 in Wüste umwandeln, dann ein Wohnhaus auf E7 bauen",
        "2 Macht opfern, dann Machtaktion ACT1: eine Brücke bauen (2 Macht)",
        "Sonderaktion: 1 Brücke",
        "Passen, BON1 nehmen (+2 Münzen; Aktion: Umwandeln und Bauen mit 1 freien Spaten)",
    ]


def test_the_banner_names_factions_as_players_know_them():
    """What the game waits for, in order: the engine's own words (lower-case ids) never."""
    waits = [
        {"kind": "action", "description": "take an action"},
        {
            "kind": "leech",
            "amount": 1,
            "from_faction": "riverwalkers",
            "description": "accept or decline power: 1 from riverwalkers",
        },
    ]
    assert run("en", waits=waits) == (
        "accept or decline 1 power from the Riverwalkers, then take an action"
    )
    assert run("de", waits=waits) == (
        "das Machtangebot der Flussläufer (1) annehmen oder ablehnen, dann eine Aktion ausführen"
    )
