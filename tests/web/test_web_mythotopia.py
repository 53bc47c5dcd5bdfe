"""The Mythotopia game page: a board page of its own whose script data is the viewer's view,
so the HTML holds the viewer's hand and never another player's."""

from __future__ import annotations

import json
import re

import pytest
from django.test import Client

from games.models import Game
from tests.factories import UserFactory
from tests.support.mythotopia_api import choose_citadels

pytestmark = pytest.mark.django_db


def _script_data(html: str) -> dict:
    match = re.search(r'<script id="myth-data" type="application/json">(.*?)</script>', html, re.S)
    assert match, "the page carries its script data"
    return json.loads(match.group(1))


def test_a_mythotopia_game_gets_its_board_page_with_only_the_viewers_cards(client_for):
    users = [UserFactory(), UserFactory()]
    created = client_for(users[0]).post(
        "/api/v1/games/", {"kind": "mythotopia", "player_count": 2}, format="json"
    )
    game_id = created.data["id"]
    assert client_for(users[1]).post(f"/api/v1/games/{game_id}/join/").status_code == 200
    assert Game.objects.get(pk=game_id).status == "running"
    # The first hands are drawn once the secret citadel choices (when the Citadel card is in
    # play) are made.
    choose_citadels(game_id, [client_for(user) for user in users])
    hands = {}
    for seat, user in enumerate(users, start=1):
        state = client_for(user).get(f"/api/v1/games/{game_id}/state/").json()
        hands[seat] = state["my_hand"]
        assert hands[seat], "every seat holds its first hand"

    browser = Client()
    browser.force_login(users[0])
    response = browser.get(f"/games/{game_id}/")
    assert response.status_code == 200
    html = response.content.decode()
    assert 'id="myth-map"' in html and "mythotopia/js/mythotopia.js" in html
    assert "no board page" not in html
    data = _script_data(html)
    assert data["view"]["my_hand"] == hands[1]
    assert data["legal"], "the player on turn gets their legal commands"
    assert "hand" not in data["view"]["seats"]["2"]
    assert data["view"]["seats"]["2"]["hand_size"] == len(hands[2])
    # The other player's hand as the list it is appears nowhere in the page.
    assert json.dumps(hands[2]) not in html
    assert "my_discard" in data["view"] and "provisional" in data["view"]["provisional_components"]


def test_a_spectator_sees_the_mythotopia_page_without_any_hand(client_for):
    users = [UserFactory(), UserFactory()]
    created = client_for(users[0]).post(
        "/api/v1/games/", {"kind": "mythotopia", "player_count": 2}, format="json"
    )
    game_id = created.data["id"]
    client_for(users[1]).post(f"/api/v1/games/{game_id}/join/")
    browser = Client()
    browser.force_login(UserFactory())
    html = browser.get(f"/games/{game_id}/").content.decode()
    data = _script_data(html)
    assert "my_hand" not in data["view"] and data["legal"] == []
    assert 'id="myth-command"' not in html


def test_the_lobby_lists_a_running_mythotopia_game_and_whom_it_waits_for(client_for):
    users = [UserFactory(), UserFactory()]
    created = client_for(users[0]).post(
        "/api/v1/games/", {"kind": "mythotopia", "player_count": 2}, format="json"
    )
    game_id = created.data["id"]
    client_for(users[1]).post(f"/api/v1/games/{game_id}/join/")
    state = client_for(users[0]).get(f"/api/v1/games/{game_id}/state/").json()
    on_turn = users[state["waiting_for"][0]["seat"] - 1]
    browser = Client()
    browser.force_login(on_turn)
    response = browser.get("/")
    assert response.status_code == 200
    assert f"/games/{game_id}/" in response.content.decode()
    assert on_turn.username in response.content.decode()


def test_an_open_mythotopia_game_renders_before_it_starts(client_for):
    user = UserFactory()
    created = client_for(user).post(
        "/api/v1/games/", {"kind": "mythotopia", "player_count": 2}, format="json"
    )
    browser = Client()
    browser.force_login(user)
    response = browser.get(f"/games/{created.data['id']}/")
    assert response.status_code == 200
    data = _script_data(response.content.decode())
    assert data["view"]["started"] is False and data["legal"] == []


def test_card_names_and_the_provisional_note_go_through_translation(client_for):
    """Every name of the data files has its translatable entry, and the page takes the names
    and the provisional note from them (in the viewer's language)."""
    from games.kinds.mythotopia import board
    from games.kinds.mythotopia.names import CARD_NAMES, PROVISIONAL_NOTE, VP_CARD_NAMES
    from games.rules.mythotopia import data

    public = board()
    assert {info["name"] for info in public["cards"].values()} <= set(CARD_NAMES)
    assert set(public["vp_cards"].values()) <= set(VP_CARD_NAMES)
    assert str(PROVISIONAL_NOTE) == data.provisional_note()

    user = UserFactory()
    created = client_for(user).post(
        "/api/v1/games/", {"kind": "mythotopia", "player_count": 2}, format="json"
    )
    browser = Client()
    browser.force_login(user)
    page = _script_data(browser.get(f"/games/{created.data['id']}/").content.decode())
    assert page["board"]["provisional_note"] == data.provisional_note()
    assert page["board"]["cards"]["water-mill"]["name"] == "Water Mill"
    assert page["board"]["vp_cards"]["isles"] == "Lord of the Isles"


def _running_game(client_for) -> tuple[int, list]:
    users = [UserFactory(), UserFactory()]
    created = client_for(users[0]).post(
        "/api/v1/games/", {"kind": "mythotopia", "player_count": 2}, format="json"
    )
    client_for(users[1]).post(f"/api/v1/games/{created.data['id']}/join/")
    return created.data["id"], users


def _page(user, game_id: int) -> str:
    browser = Client()
    browser.force_login(user)
    return browser.get(f"/games/{game_id}/").content.decode()


def test_a_player_gets_the_game_log_the_chat_undo_and_resigning(client_for):
    game_id, users = _running_game(client_for)
    html = _page(users[0], game_id)
    assert 'id="myth-log"' in html and "Game log" in html
    assert 'id="chat-messages"' in html and 'id="chat-form"' in html
    # The script shows the button once the player's own move is the last one.
    assert re.search(r'<button[^>]*id="myth-undo"[^>]*hidden', html)
    resign = re.search(
        r'<form id="myth-seat-action" data-api-action="resign" data-confirm="([^"]+)"', html
    )
    assert resign and "Resign from this game?" in resign.group(1)
    # The Content-Security-Policy: no inline handlers or styles on the new parts either.
    assert " onclick=" not in html and " onsubmit=" not in html and " style=" not in html


def test_a_spectator_reads_the_log_and_the_chat_but_cannot_write_undo_or_resign(client_for):
    game_id, _ = _running_game(client_for)
    html = _page(UserFactory(), game_id)
    assert 'id="myth-log"' in html and 'id="chat-messages"' in html
    assert 'id="chat-form"' not in html
    assert 'id="myth-undo"' not in html and 'id="myth-seat-action"' not in html


def test_a_player_of_an_open_mythotopia_game_may_leave_it(client_for):
    creator, joiner = UserFactory(), UserFactory()
    created = client_for(creator).post(
        "/api/v1/games/", {"kind": "mythotopia", "player_count": 3}, format="json"
    )
    game_id = created.data["id"]
    client_for(joiner).post(f"/api/v1/games/{game_id}/join/")
    for user, label in ((creator, "Cancel game"), (joiner, "Leave")):
        html = _page(user, game_id)
        action = re.search(r'id="myth-seat-action" data-api-action="(\w+)"(.*?)</form>', html, re.S)
        assert action and action.group(1) == "leave" and label in action.group(2)
        assert 'id="myth-undo"' not in html


def test_the_api_names_no_map_for_a_mythotopia_game_and_the_map_of_a_terra_mystica_one(
    client_for,
):
    """Mythotopia is played on its own board: the API said "Original", Terra Mystica's map."""
    user = UserFactory()
    client = client_for(user)
    myth = client.post("/api/v1/games/", {"kind": "mythotopia", "player_count": 2}, format="json")
    assert myth.status_code == 201
    assert myth.data["map_id"] is None and myth.data["map_name"] is None
    listed = client.get("/api/v1/games/", {"kind": "mythotopia"}).json()
    rows = listed["results"] if isinstance(listed, dict) else listed
    assert [(r["map_id"], r["map_name"]) for r in rows if r["id"] == myth.data["id"]] == [
        (None, None)
    ]
    tm = client.post("/api/v1/games/", {"player_count": 3}, format="json")
    assert tm.data["map_name"] == "Original" and tm.data["map_id"]


def test_every_card_and_vp_card_has_its_text_and_every_symbol_its_name():
    """What a card does is on the page (not its id): each card of the data files has a text
    unless it only carries symbols, each VP card has one, and the headings are named."""
    from games.kinds.mythotopia import board
    from games.kinds.mythotopia.names import CARD_TEXTS, VP_CARD_TEXTS, localized_board

    public = board()
    shown = localized_board(public)
    for card, info in shown["cards"].items():
        assert info["text"], f"{card} has no text"
        assert info["heading_label"] or info["heading"] == "symbols", card
    assert set(shown["vp_card_texts"]) == set(public["vp_cards"])
    assert {info["name"] for info in public["cards"].values()} <= set(CARD_TEXTS)
    assert set(public["vp_cards"].values()) <= set(VP_CARD_TEXTS)
    assert set(shown["symbols"]) == {"food", "stone", "gold", "army", "ship"}


def test_the_german_page_names_cards_symbols_and_texts_as_the_german_rulebook(client_for):
    """German players read the rulebook's names ("Queen (Königin)") and texts, and the
    resources in German: the page said "stone" and "army x2 · gold"."""
    game_id, users = _running_game(client_for)
    browser = Client()
    browser.force_login(users[0])
    html = browser.get(f"/games/{game_id}/", HTTP_ACCEPT_LANGUAGE="de").content.decode()
    board = _script_data(html)["board"]
    assert board["cards"]["queen"]["name"] == "Königin"
    assert board["cards"]["water-mill"]["name"] == "Wassermühle"
    assert board["cards"]["army"]["name"] == "Armee" and board["cards"]["build"]["name"] == "Bauen"
    assert board["cards"]["queen"]["text"] == "Du kannst 6 Karten auf der Hand halten."
    assert board["cards"]["queen"]["heading_label"] == "Reserve"
    assert board["cards"]["counsellor"]["heading_label"] == "Freie Aktion"
    assert board["vp_cards"]["isles"] == "Herr der Inseln"
    assert board["vp_cards"]["streets"] == "Straßen"
    assert board["vp_card_texts"]["patronage"].startswith("Zahle als Aktion 2 Gold")
    assert board["symbols"] == {
        "food": "Nahrung",
        "stone": "Stein",
        "gold": "Gold",
        "army": "Armee",
        "ship": "Schiff",
    }
    # The legend explains the marks of the map.
    assert "Was die Karte zeigt" in html
    assert "v ein Dorf, C eine Stadt" in html and "die Zahl ist seine Kampfstärke" in html
    assert "Gestrichelter Ring: raues Gelände" in html


def test_the_legend_explains_the_map_and_the_phone_hint_is_there(client_for):
    game_id, users = _running_game(client_for)
    html = _page(users[0], game_id)
    for words in (
        "v a village, C a city, ★ the citadel",
        "the number is its strength, which an attack must beat",
        "Dashed ring: rough terrain",
        "Outer ring: a castle",
        "Red dashed ring: a war",
        "a player's armies in a province, or ships in a sea",
        "▲ a dragon",
        "mountains: no attack and no road across",
    ):
        assert words in html, words
    assert 'id="myth-map-hint"' in html and "swipe it sideways" in html
    # Taking a move back asks first.
    assert re.search(r'id="myth-undo"[^>]*data-confirm="Take back your last move\?"', html)
