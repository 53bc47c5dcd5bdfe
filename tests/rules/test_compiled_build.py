"""The optional compiled engine: a compiled module older than its source is never run."""

from __future__ import annotations

import os

import pytest

from games.rules.terra_mystica import compiled

SO = "turns.cpython-311-x86_64-linux-gnu.so"


def _touch(path, mtime: float) -> None:
    path.write_text("")
    os.utime(path, (mtime, mtime))


@pytest.mark.parametrize(
    ("built_at", "name"),
    [(None, "pure Python"), (200, "compiled with mypyc (1 modules: turns)")],
    ids=["pure", "compiled-after-source"],
)
def test_build_in_use_is_named_and_accepted(tmp_path, monkeypatch, built_at, name):
    monkeypatch.setattr(compiled, "PACKAGE_DIR", tmp_path)
    _touch(tmp_path / "turns.py", 100)
    if built_at is not None:
        _touch(tmp_path / SO, built_at)
    compiled.refuse_stale_build()
    assert compiled.build_name() == name


def test_compiled_module_older_than_its_source_is_refused(tmp_path, monkeypatch):
    monkeypatch.setattr(compiled, "PACKAGE_DIR", tmp_path)
    _touch(tmp_path / SO, 100)
    _touch(tmp_path / "turns.py", 200)
    with pytest.raises(ImportError, match="make engine-compiled"):
        compiled.refuse_stale_build()
