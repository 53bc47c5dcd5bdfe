"""Pages. Thin: read through selectors, write through the same services as the API.

Forms post here when the page runs without JavaScript; with JavaScript the pages call the
REST API instead. Either way the services decide and their messages are shown to the player.
"""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from django.contrib import messages
from django.contrib.auth import login, logout
from django.contrib.auth.decorators import login_required
from django.contrib.auth.forms import AuthenticationForm
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import translation
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from accounts import services as account_services
from bots import services as bot_services
from games import kinds
from games import services as game_services
from tm_site.exceptions import ApplicationError, NotFound
from tm_site.throttling import page_throttled

from . import autoleech, selectors, services
from .forms import ChatForm, MoveForm, NewGameForm, RegisterForm
from .language_views import language_remember
from .page_site import SITE
from .plain_page import game_page_plain


def _next_url(request: HttpRequest, default: str = "/") -> str:
    target = request.POST.get("next") or request.GET.get("next") or default
    if url_has_allowed_host_and_scheme(target, {request.get_host()}, request.is_secure()):
        return target
    return default


# --- lobby -----------------------------------------------------------------------------------


def home(request: HttpRequest) -> HttpResponse:
    context = {
        "lists": selectors.lobby(request.user),
        "form": NewGameForm() if request.user.is_authenticated else None,
    }
    return render(request, "web/home.html", context)


@login_required
def new_game(request: HttpRequest) -> HttpResponse:
    form = NewGameForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        timing: dict[str, Any] = {
            key: timedelta(seconds=value) if isinstance(value, int) else value
            for key, value in data["timing"].items()
        }
        try:
            game = game_services.game_create(
                user=request.user,
                kind=data["kind"],
                player_count=data["player_count"],
                options=data["options"],
                public=data["public"],
                rated=data["rated"],
                setup=data["setup"],
                name=data["name"],
                map_id=data["map_id"],
                bots=data["bots"],
                **timing,
            )
        except ApplicationError as exc:
            form.add_error(None, exc.message)
        else:
            return redirect("game-page", game_id=game.pk)
    return render(request, "web/new_game.html", {"form": form})


def _game_action(request: HttpRequest, game_id: int, action, done: str) -> HttpResponse:
    # A private game the user may not see is a 404, as in the API: never a redirect that
    # would tell it exists.
    _game_or_404(request, game_id)
    try:
        action()
        messages.success(request, done)
    except ApplicationError as exc:
        if isinstance(exc, NotFound):
            raise Http404(exc.message) from exc
        messages.error(request, exc.message)
    return redirect(_next_url(request, reverse("game-page", kwargs={"game_id": game_id})))


@require_POST
@login_required
def join_game(request: HttpRequest, game_id: int) -> HttpResponse:
    invite = request.POST.get("invite_code", "")
    return _game_action(
        request,
        game_id,
        lambda: game_services.game_join(game_id=game_id, user=request.user, invite_code=invite),
        _("You joined the game."),
    )


@require_POST
@login_required
def leave_game(request: HttpRequest, game_id: int) -> HttpResponse:
    return _game_action(
        request,
        game_id,
        lambda: game_services.game_leave(game_id=game_id, user=request.user),
        _("You left the game."),
    )


@require_POST
@login_required
def start_game(request: HttpRequest, game_id: int) -> HttpResponse:
    return _game_action(
        request,
        game_id,
        lambda: game_services.game_start(game_id=game_id, user=request.user),
        _("The game has started."),
    )


@require_POST
@login_required
def resign_game(request: HttpRequest, game_id: int) -> HttpResponse:
    return _game_action(
        request,
        game_id,
        lambda: game_services.game_resign(game_id=game_id, user=request.user),
        _("You resigned."),
    )


@require_POST
@login_required
def hand_seat_to_bot(request: HttpRequest, game_id: int) -> HttpResponse:
    try:
        position = int(request.POST.get("position", ""))
    except ValueError:
        position = 0
    level = request.POST.get("level", "")[:20]
    return _game_action(
        request,
        game_id,
        lambda: bot_services.seat_hand_over(
            game_id=game_id, position=position, user=request.user, level=level
        ),
        _("The computer plays that seat now."),
    )


# --- a game ----------------------------------------------------------------------------------


def _game_or_404(request: HttpRequest, game_id: int):
    try:
        invite = request.POST.get("invite_code") or request.GET.get("invite", "")
        return selectors.game_for_page(game_id, request.user, invite)
    except NotFound as exc:
        raise Http404(exc.message) from exc


def game_page(request: HttpRequest, game_id: int) -> HttpResponse:
    """A game's page: its kind's board, or the plain page for a kind without one."""
    game = _game_or_404(request, game_id)
    if kinds.offers(game.kind, "board_page"):
        return kinds.engine_for(game.kind).board_page(request, game, SITE)
    return game_page_plain(request, game)


@require_POST
@login_required
def play_move(request: HttpRequest, game_id: int) -> HttpResponse:
    _game_or_404(request, game_id)
    form = MoveForm(request.POST)
    if not form.is_valid():
        messages.error(request, _("Send a command and the move number you have seen."))
    else:
        try:
            result = game_services.move_submit(
                game_id=game_id, user=request.user, **form.cleaned_data
            )
            messages.success(
                request,
                _("Move %(number)s played: %(command)s")
                % {"number": result.move.number, "command": result.move.command},
            )
        except ApplicationError as exc:
            messages.error(request, exc.message, extra_tags="move")
    return redirect(reverse("game-page", kwargs={"game_id": game_id}) + "#move-entry")


@require_POST
@login_required
def undo_move(request: HttpRequest, game_id: int) -> HttpResponse:
    _game_or_404(request, game_id)
    form = MoveForm({"command": "undo", **request.POST.dict()})
    if not form.is_valid():
        messages.error(request, _("Send the move number you have seen."))
    else:
        try:
            game_services.move_undo(
                game_id=game_id,
                user=request.user,
                expected_move_number=form.cleaned_data["expected_move_number"],
            )
            messages.success(request, _("Your last move was taken back."))
        except ApplicationError as exc:
            messages.error(request, exc.message, extra_tags="move")
    return redirect(reverse("game-page", kwargs={"game_id": game_id}) + "#move-entry")


@require_POST
@login_required
def post_chat(request: HttpRequest, game_id: int) -> HttpResponse:
    _game_or_404(request, game_id)
    form = ChatForm(request.POST)
    if form.is_valid():
        try:
            game_services.chat_post(game_id=game_id, user=request.user, **form.cleaned_data)
        except ApplicationError as exc:
            messages.error(request, exc.message)
    else:
        messages.error(request, _("The message is empty or too long."))
    return redirect(reverse("game-page", kwargs={"game_id": game_id}) + "#chat")


@require_POST
@login_required
def save_autoleech(request: HttpRequest, game_id: int) -> HttpResponse:
    game = _game_or_404(request, game_id)
    form = autoleech.form_class()(request.POST)
    if not form.is_valid():
        messages.error(request, _("Auto-leech: amounts are whole numbers from 0 to 99."))
    else:
        try:
            services.autoleech_settings_update(
                game=game, user=request.user, settings=form.cleaned_data
            )
            messages.success(request, _("Auto-leech settings saved."))
        except ApplicationError as exc:
            messages.error(request, exc.message)
    return redirect(reverse("game-page", kwargs={"game_id": game_id}) + "#autoleech")


# --- players ---------------------------------------------------------------------------------


def profile(request: HttpRequest, username: str) -> HttpResponse:
    try:
        player = selectors.player_get(username)
    except NotFound as exc:
        raise Http404(exc.message) from exc
    context = {"player": player, **selectors.player_profile(player, request.user)}
    return render(request, "web/profile.html", context)


def how_to_play(request: HttpRequest) -> HttpResponse:
    # Long prose: one template per language (how_to_play_de.html), English for the others;
    # every kind the site hosts is listed from the registry, with its options in words.
    language = translation.get_language() or ""
    names = [f"web/how_to_play_{language}.html", "web/how_to_play.html"]
    context = {"kinds": NewGameForm().kind_sections}
    return render(request, names if language != "en" else names[1:], context)


def leaderboard(request: HttpRequest, bots: bool = False) -> HttpResponse:
    asked = request.GET.get("provisional")
    provisional = asked == "1"
    page = selectors.leaderboard_page(request.GET.get("page"), provisional=provisional, bots=bots)
    # Until someone is established the list would be empty: everyone rated is shown, saying so.
    everyone_provisional = False
    if asked is None and not page.object_list:
        everyone = selectors.leaderboard_page(request.GET.get("page"), provisional=True, bots=bots)
        if everyone.object_list:
            page, provisional, everyone_provisional = everyone, True, True
    context = {
        "page": page,
        "provisional": provisional,
        "everyone_provisional": everyone_provisional,
        "standing": selectors.rating_standing(request.user),
        "bots": bots,
    }
    return render(request, "web/leaderboard.html", context)


# --- accounts --------------------------------------------------------------------------------


def email_confirm_page(request: HttpRequest, token: str) -> HttpResponse:
    """The link mailed to a new address: a button, so that mail scanners opening links confirm
    nothing."""
    context: dict = {}
    if request.method == "POST":
        try:
            context["confirmed"] = account_services.email_confirm(token=token)
        except ApplicationError as exc:
            context["error"] = exc.message
    return render(
        request, "web/email_confirm.html", context, status=400 if "error" in context else 200
    )


def login_page(request: HttpRequest) -> HttpResponse:
    form = AuthenticationForm(request, data=request.POST or None)
    if page_throttled(request, "login"):
        return render(
            request, "web/login.html", {"form": AuthenticationForm(), "throttled": True}, status=429
        )
    if request.method == "POST" and form.is_valid():
        login(request, form.get_user())
        return language_remember(redirect(_next_url(request)), form.get_user())
    return render(request, "web/login.html", {"form": form, "next": _next_url(request)})


def register_page(request: HttpRequest) -> HttpResponse:
    form = RegisterForm(request.POST or None)
    if page_throttled(request, "register"):
        return render(
            request, "web/register.html", {"form": RegisterForm(), "throttled": True}, status=429
        )
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            user = account_services.user_register(
                username=data["username"],
                password=data["password"],
                email=data["email"],
                display_name=data["display_name"],
            )
        except ApplicationError as exc:
            form.add_error(None, exc.message)
        else:
            # Mails go out in the language the player registered in until they switch.
            account_services.profile_update(user=user, language=translation.get_language())
            login(request, user, backend="django.contrib.auth.backends.ModelBackend")
            messages.success(request, _("Welcome, %(name)s!") % {"name": user.get_username()})
            return redirect(_next_url(request))
    return render(request, "web/register.html", {"form": form, "next": _next_url(request)})


@require_POST
def logout_page(request: HttpRequest) -> HttpResponse:
    logout(request)
    return redirect("home")
