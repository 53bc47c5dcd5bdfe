"""How the statistics pages print an estimate and its interval."""

from __future__ import annotations

from django import template
from django.utils.formats import number_format

register = template.Library()


def _number(x: float, digits: int, percent: bool) -> str:
    text = number_format(100 * x if percent else x, digits)
    return f"{text}\u2009%" if percent else text


@register.filter
def estimate(value: dict | None, spec: str = "1") -> str:
    """``{"value", "low", "high"}`` as "52.0 (48.1 … 55.9)"; spec: digits, "%" for a share."""
    if not value or value.get("value") is None:
        return "\u2013"
    percent = spec.endswith("%")
    digits = int(spec.rstrip("%") or 0)
    text = _number(value["value"], digits, percent)
    if value.get("low") is not None and value.get("high") is not None:
        low = _number(value["low"], digits, percent)
        high = _number(value["high"], digits, percent)
        text += f" ({low} \u2026 {high})"
    return text
