"""A pseudo-locale: German with every letter swapped for a look-alike, to find the words
that bypass the catalogs.

``build(folder)`` writes ``folder/de/LC_MESSAGES/{django,djangojs}.mo`` from the project's
German catalogs (and Django's own German, which the pages use for form errors and dates), every
ASCII letter of each translation replaced by an accented one ("Wartet auf" → "Ŵáŕţéţ áúƒ"),
placeholders and markup kept. A page rendered with these catalogs as LOCALE_PATHS shows every
string that went through gettext (Python, templates, the scripts' catalog) without a plain
ASCII word; ``untranslated(texts, names)`` returns the texts that still hold one: English that
never reached a catalog, also when it was put into a translated sentence. Names (players,
games, the games' own names), numbers, ids (D6, BON3, SCORE9) and punctuation are no words
to translate.
"""

from __future__ import annotations

import array
import ast
import re
import struct
from pathlib import Path

import django

PLAIN = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
LOOKALIKE = "áƀçđéƒĝĥíĵķĺɱñóþʠŕśţúṽŵẋýžÁƁÇĐÉƑĜĤÍĴĶĹṀÑÓÞɊŔŚŢÚṼŴẊÝŽ"
_SWAP = str.maketrans(PLAIN, LOOKALIKE)
# Kept as they are: placeholders (%(name)s, %s, {name}), markup and entities.
_KEEP = re.compile(r"%\(\w+\)[sdfi]|%[sdfi]|\{\w*\}|<[^>]*>|&#?\w+;")
ROOT = Path(__file__).resolve().parents[2]
PROJECT = ROOT / "locale" / "de" / "LC_MESSAGES"
# Django's German for what the pages take from it (form errors, dates, the auth forms).
DJANGO = [
    Path(django.__file__).parent / "conf" / "locale" / "de" / "LC_MESSAGES",
    Path(django.__file__).parent / "contrib" / "auth" / "locale" / "de" / "LC_MESSAGES",
]
_WORD = re.compile(r"\w+")


def swap(text: str) -> str:
    """The translation with its letters swapped, its placeholders and markup kept."""
    out, at = [], 0
    for kept in _KEEP.finditer(text):
        out.append(text[at : kept.start()].translate(_SWAP))
        out.append(kept.group(0))
        at = kept.end()
    out.append(text[at:].translate(_SWAP))
    return "".join(out)


def parse_po(path: Path) -> list[dict]:
    """The entries of a .po file: msgctxt, msgid, msgid_plural, msgstr (a list)."""
    entries: list[dict] = []
    entry: dict = {}
    field = ""

    def close() -> None:
        if "msgid" in entry:
            entries.append(dict(entry))
        entry.clear()

    for line in path.read_text(encoding="utf-8").splitlines():
        line = line.strip()
        if not line or line.startswith("#"):
            if not line and "msgstr" in entry:
                close()
            continue
        if line.startswith('"'):
            value = ast.literal_eval(line)
            if field.startswith("msgstr"):
                entry["msgstr"][-1] += value
            else:
                entry[field] += value
            continue
        keyword, _, rest = line.partition(" ")
        value = ast.literal_eval(rest)
        if keyword in ("msgctxt", "msgid") and "msgstr" in entry:
            close()
        if keyword.startswith("msgstr"):
            entry.setdefault("msgstr", []).append(value)
            field = "msgstr"
        else:
            entry[keyword] = value
            field = keyword
    close()
    return entries


def _key(entry: dict) -> bytes:
    key = entry["msgid"]
    if "msgid_plural" in entry:
        key += "\0" + entry["msgid_plural"]
    if "msgctxt" in entry:
        key = entry["msgctxt"] + "\x04" + key
    return key.encode()


def write_mo(messages: dict[bytes, bytes], path: Path) -> None:
    """A GNU .mo file (the layout of CPython's Tools/i18n/msgfmt.py)."""
    keys = sorted(messages)
    ids = strs = b""
    offsets = []
    for key in keys:
        offsets.append((len(ids), len(key), len(strs), len(messages[key])))
        ids += key + b"\0"
        strs += messages[key] + b"\0"
    keystart = 7 * 4 + 16 * len(keys)
    valuestart = keystart + len(ids)
    table: list[int] = []
    for o1, l1, _o2, _l2 in offsets:
        table += [l1, o1 + keystart]
    for _o1, _l1, o2, l2 in offsets:
        table += [l2, o2 + valuestart]
    header = struct.pack("Iiiiiii", 0x950412DE, 0, len(keys), 7 * 4, 7 * 4 + len(keys) * 8, 0, 0)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(header + array.array("i", table).tobytes() + ids + strs)


def _catalog(files: list[Path]) -> dict[bytes, bytes]:
    """Every translated entry of the files (later files win), its letters swapped."""
    messages: dict[bytes, bytes] = {}
    for file in files:
        if not file.exists():
            continue
        for entry in parse_po(file):
            strings = entry.get("msgstr") or [""]
            if not entry["msgid"]:
                messages[b""] = strings[0].encode()  # the header: charset, plural forms
                continue
            if not all(strings):
                continue  # untranslated: gettext falls back to the English, unmarked
            messages[_key(entry)] = "\0".join(swap(s) for s in strings).encode()
    return messages


def build(folder: Path) -> Path:
    """The pseudo-locale's catalogs under ``folder`` (a LOCALE_PATHS entry)."""
    target = folder / "de" / "LC_MESSAGES"
    django_files = [d / "django.po" for d in DJANGO]
    write_mo(_catalog([*django_files, PROJECT / "django.po"]), target / "django.mo")
    js_files = [d / "djangojs.po" for d in DJANGO]
    write_mo(_catalog([*js_files, PROJECT / "djangojs.po"]), target / "djangojs.mo")
    return folder


def untranslated(texts: list[str], names: list[str] = ()) -> list[str]:
    """The texts that show a plain ASCII word (two letters or more) that is not a name: a
    word no catalog translated. Words with digits are ids (D6, BON3, player002)."""
    known = {w for name in names for w in _WORD.findall(name)}
    left = []
    for text in texts:
        for word in _WORD.findall(text):
            plain = word.isascii() and word.isalpha() and len(word) >= 2
            if plain and word not in known:
                left.append(" ".join(text.split()))
                break
    return sorted(set(left))
