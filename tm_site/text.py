"""Text that users type, made safe for the places it goes (mail headers, file headers, URLs)."""

from __future__ import annotations

import re
import unicodedata

# Every kind of line or paragraph break, tab and other control or format character.
_BREAKS = re.compile(r"[\s\u0085\u2028\u2029]+")


def single_line(value: str) -> str:
    """One line: breaks and runs of white space become one space, control characters go."""
    value = "".join(
        " " if unicodedata.category(c) in ("Cc", "Zl", "Zp") else c
        for c in value
        if unicodedata.category(c) != "Cf"
    )
    return _BREAKS.sub(" ", value).strip()
