"""The ledger's sentences. The engine writes them in English and keeps, beside each, its
template and values, so that a page can say it in its reader's language.

``gettext_noop`` only marks a template for the translation catalog (``makemessages`` finds
templates by that name); the engine imports nothing of Django. Where a number decides the
grammar, the engine picks the singular or plural template itself: each is its own catalog
entry, which suits every language whose plural rule is "one or more" (English, German)."""

from __future__ import annotations

from typing import Any


def gettext_noop(template: str) -> str:
    return template


def said(seat: int | None, template: str, /, **values: Any) -> dict[str, Any]:
    """A ledger event: the English sentence, and the template and values it was made from."""
    event: dict[str, Any] = {"event": template % values, "say": [template, values]}
    if seat is not None:
        event["seat"] = seat
    return event


def counted(n: int, one: str, many: str) -> str:
    return one if n == 1 else many
