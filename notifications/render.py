"""A move's mails (your turn, a decision awaits, every move) written without the template
engine: the same text as their templates give, at a fraction of the CPU.

The worker renders two templates for nearly every move; through Django's engine (the base
template, the block, the include, the translation tags) that cost more than a millisecond a
mail (docs/scaling.md, issue 28). The templates under notifications/templates/notifications/
email/ stay the reference and render every other kind of mail; these functions write the same
characters, with the same catalog entries (the templates' msgids) in the active language and
the same escaping in the HTML part. tests/notifications/test_render.py renders both ways, in
English and German, with and without faction, clock and earlier moves, with names to escape,
and asserts they are equal.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any

from django.core.signals import setting_changed
from django.dispatch import receiver
from django.utils import translation
from django.utils.html import escape
from django.utils.translation import get_language

from games import names

# The catalogs' entries these mails use, per language: Django's gettext looks each up anew
# (the active translation, then every catalog it falls back on), a dozen times a mail.
_translated: dict[tuple[str | None, str], str] = {}


def gettext(message: str) -> str:
    key = (get_language(), message)
    found = _translated.get(key)
    if found is None:
        found = _translated[key] = translation.gettext(message)
    return found


@receiver(setting_changed)
def _catalogs_changed(*, setting: str, **kwargs: Any) -> None:
    if setting in {"LANGUAGES", "LANGUAGE_CODE", "LOCALE_PATHS", "INSTALLED_APPS"}:
        _translated.clear()


def mail(template: str, context: dict[str, Any]) -> tuple[str, str] | None:
    """(plain text, HTML) of ``notifications/email/<template>`` for ``context``; None for a
    template written only as a template."""
    body = _BODIES.get(template)
    if body is None:
        return None
    try:
        return _text(context, body(context, False)), _html(context, body(context, True))
    except KeyError:  # a context these mails do not have: the template renders what it can
        return None


def _text(c: dict[str, Any], body: str) -> str:
    """base.txt (autoescape off)."""
    return (
        f"{gettext('Hello %(name)s,') % {'name': c['name']}}\n\n"
        f"{body}\n{c['url']}\n\n-- \n"
        f"{gettext('These mails follow your notification settings:')} {c['preferences_url']}\n"
        f"{gettext('Unsubscribe from this kind of mail:')} {c['unsubscribe_url']}\n"
        f"{gettext('Unsubscribe from every mail:')} {c['unsubscribe_all_url']}\n\n"
    )


def _html(c: dict[str, Any], body: str) -> str:
    """base.html."""
    e = escape
    settings_line = gettext(
        'These mails follow your <a href="%(preferences_url)s">notification settings</a>.'
    ) % {"preferences_url": e(c["preferences_url"])}
    return (
        f'<!DOCTYPE html>\n<html lang="{e(get_language())}">\n'
        f'<head><meta charset="utf-8"><title>{e(c["site_name"])}</title></head>\n'
        '<body style="font-family: sans-serif; color: #222; max-width: 40em;">\n'
        f"<p>{gettext('Hello %(name)s,') % {'name': e(c['name'])}}</p>\n"
        f"{body}\n"
        f'<p><a href="{e(c["url"])}">{gettext("Open the game")}</a></p>\n'
        "<hr>\n"
        '<p style="font-size: small; color: #666;">\n'
        f"{settings_line}\n"
        f'<a href="{e(c["unsubscribe_url"])}">{gettext("Unsubscribe from this kind of mail")}'
        "</a> ·\n"
        f'<a href="{e(c["unsubscribe_all_url"])}">{gettext("Unsubscribe from every mail")}</a>\n'
        "</p>\n</body>\n</html>\n"
    )


def _waiting(template: str, c: dict[str, Any], html: bool) -> str:
    """The body of your_turn and decision (.txt and .html): the headline, the decisions, the
    clock, the moves since the player's last turn."""
    with_faction, without_faction = _HEADLINES[template, html]
    e: Callable[[object], str] = escape if html else str
    values = {"url": e(c["url"]), "game_name": e(c["game_name"])}
    if c["faction"]:
        values["faction"] = e(names.faction_name(c["faction"]))
        head = gettext(with_faction) % values
    else:
        head = gettext(without_faction) % values
    decisions = "; ".join(e(names.decision_text(d)) for d in c["decisions"])
    clock = c["clock"]
    if html:
        out = f"<p>{head}\n{decisions}.</p>\n"
        out += f"<p><strong>{e(clock)}</strong></p>" if clock else ""
        return f"{out}\n{_moves_html(c)}"
    out = f"{head} {decisions}.\n" + (f"{clock}\n" if clock else "")
    return f"{out}\n{_moves_text(c)}"


def _earlier(c: dict[str, Any], e: Callable[[object], str]) -> str:
    if not c["earlier_moves"]:
        return ""
    values = {"shown": e(len(c["moves"])), "earlier": e(c["earlier_moves"])}
    return " " + gettext("(the last %(shown)s; %(earlier)s earlier)") % values


def _moves_text(c: dict[str, Any]) -> str:
    """_moves.txt."""
    moves = c["moves"]
    if not moves:
        return "\n"
    rows = "".join(
        f"  {m['number']}. {m['actor'] or 'admin'}: {m['command'] or m['kind']}\n" for m in moves
    )
    return f"{gettext('Moves since your last turn')}{_earlier(c, str)}:\n{rows}\n"


def _moves_html(c: dict[str, Any]) -> str:
    """_moves.html."""
    moves = c["moves"]
    if not moves:
        return "\n"
    e = escape
    cell = '<td style="padding: 0 .5em;">'
    rows = "".join(
        f'<tr><td style="padding: 0 .5em; text-align: right;">{e(m["number"])}</td>'
        f"{cell}{e(m['actor'] or 'admin')}</td>"
        f"{cell}<code>{e(m['command'] or m['kind'])}</code></td></tr>\n"
        for m in moves
    )
    return (
        f"<p>{gettext('Moves since your last turn')}{_earlier(c, e)}:</p>\n"
        f'<table style="border-collapse: collapse;">\n{rows}</table>\n'
    )


# The headlines of your_turn and decision: (with the faction, without), plain text and HTML.
_HEADLINES = {
    ("your_turn", False): (
        "It is your turn (%(faction)s) in %(game_name)s:",
        "It is your turn in %(game_name)s:",
    ),
    ("your_turn", True): (
        'It is your turn (%(faction)s) in <a href="%(url)s">%(game_name)s</a>:',
        'It is your turn in <a href="%(url)s">%(game_name)s</a>:',
    ),
    ("decision", False): (
        "A decision awaits you (%(faction)s) in %(game_name)s:",
        "A decision awaits you in %(game_name)s:",
    ),
    ("decision", True): (
        'A decision awaits you (%(faction)s) in <a href="%(url)s">%(game_name)s</a>:',
        'A decision awaits you in <a href="%(url)s">%(game_name)s</a>:',
    ),
}


def _move(c: dict[str, Any], html: bool) -> str:
    if html:
        e = escape
        values = {
            "url": e(c["url"]),
            "game_name": e(c["game_name"]),
            "number": e(c["move"].number),
            "line": e(c["line"]),
        }
        msgid = '<a href="%(url)s">%(game_name)s</a>, move %(number)s: <code>%(line)s</code>'
        return f"<p>{gettext(msgid) % values}</p>"
    values = {"game_name": c["game_name"], "number": c["move"].number, "line": c["line"]}
    return gettext("%(game_name)s, move %(number)s: %(line)s") % values + "\n"


_BODIES: dict[str, Callable[[dict[str, Any], bool], str]] = {
    "your_turn": partial(_waiting, "your_turn"),
    "decision": partial(_waiting, "decision"),
    "move": _move,
}
