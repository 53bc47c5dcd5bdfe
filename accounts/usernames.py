"""What makes a username acceptable, and when two usernames are too alike to tell apart."""

from __future__ import annotations

import re

USERNAME_PATTERN = r"^[A-Za-z0-9][A-Za-z0-9._-]{1,39}\Z"
USERNAME_RULE = (
    "2 to 40 characters: letters a-z, digits, '.', '_' or '-', starting with a letter or digit."
)
_USERNAME = re.compile(USERNAME_PATTERN)
# Characters that read alike once case is ignored; separators are easy to miss.
_ALIKE = str.maketrans(
    {"0": "o", "1": "l", "i": "l", "|": "l", "5": "s", ".": None, "_": None, "-": None}
)


def username_problem(name: str) -> str | None:
    """Why ``name`` cannot be a username, or None."""
    if not isinstance(name, str) or not _USERNAME.match(name):
        return f"{name!r} is not a valid username: {USERNAME_RULE}"
    return None


def is_username(name: str) -> bool:
    return username_problem(name) is None


def username_key(name: str) -> str:
    """The form of a name that two confusable names share ('Anna_1', 'anna1', 'ANNAl')."""
    key = name.casefold().replace("rn", "m").replace("vv", "w")
    return key.translate(_ALIKE)
