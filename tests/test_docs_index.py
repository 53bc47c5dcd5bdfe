"""The README's table of documentation lists every document in docs/."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_the_readme_lists_every_document():
    listed = set(re.findall(r"^\| (docs/[\w.-]+\.md) \|", (ROOT / "README.md").read_text(), re.M))
    present = {f"docs/{p.name}" for p in (ROOT / "docs").glob("*.md")}
    assert present - listed == set(), "documents missing from the README's table"
    assert listed - present == set(), "the README's table lists documents that are gone"
