"""deploy/pick-python: which interpreter `make install` makes the virtual environment from.

The choice among candidates is held to its rules with their facts given; the script itself is
run on this machine, where its pick must be of python3's version, able to make a virtual
environment, and as good as the best candidate on PATH.
"""

from __future__ import annotations

import subprocess
import sys
from importlib.machinery import SourceFileLoader
from importlib.util import module_from_spec, spec_from_loader
from pathlib import Path

import pytest

SCRIPT = Path(__file__).resolve().parents[2] / "deploy" / "pick-python"


def load_script():
    loader = SourceFileLoader("pick_python", str(SCRIPT))
    module = module_from_spec(spec_from_loader("pick_python", loader))
    loader.exec_module(module)
    return module


@pytest.fixture
def pick(monkeypatch):
    """The script's ``main`` over made-up candidates: command -> (executable, version, venv,
    headers, static core)."""
    module = load_script()

    def choose(facts: dict[str, tuple[str, str, int, int, int]], path: list[str]) -> str:
        monkeypatch.setattr(module, "probe", facts.get)
        monkeypatch.setattr(module, "candidates", lambda version: path)
        return module.main()

    return choose


SHARED = ("/pyenv/bin/python3.11", "3.11", 1, 1, 0)
STATIC = ("/usr/bin/python3.11", "3.11", 1, 1, 1)


def test_a_core_linked_into_the_executable_is_preferred_to_a_shared_libpython(pick):
    facts = {"python3": SHARED, "/shims/python3": SHARED, "/usr/bin/python3.11": STATIC}
    assert pick(facts, ["/shims/python3", "/usr/bin/python3.11"]) == "/usr/bin/python3.11"


def test_another_version_or_a_build_without_venv_is_never_picked(pick):
    other_version = ("/usr/bin/python3.12", "3.12", 1, 1, 1)
    no_venv = ("/usr/bin/python3.11", "3.11", 0, 1, 1)
    facts = {"python3": SHARED, "/a": SHARED, "/b": other_version, "/c": no_venv}
    assert pick(facts, ["/a", "/b", "/c"]) == "/pyenv/bin/python3.11"


def test_the_headers_the_compiled_build_needs_come_before_a_static_core(pick):
    static_without_headers = ("/usr/bin/python3.11", "3.11", 1, 0, 1)
    facts = {"python3": SHARED, "/a": static_without_headers, "/b": SHARED}
    assert pick(facts, ["/a", "/b"]) == "/pyenv/bin/python3.11"


def test_with_no_python3_to_ask_it_says_python3(pick):
    assert pick({}, ["/a"]) == "python3"


def test_on_this_machine_the_pick_is_python3s_version_and_the_best_on_path():
    module = load_script()
    chosen = subprocess.run(
        [sys.executable, str(SCRIPT)], capture_output=True, text=True, check=True
    ).stdout.strip()
    facts = module.probe(chosen)
    default = module.probe("python3")
    assert facts is not None and default is not None
    assert facts[1] == default[1]
    assert facts[2] == 1, "the pick cannot make a virtual environment"
    ranks = [module.probe(c) for c in module.candidates(default[1])]
    best = max((f[3], f[4]) for f in ranks if f and f[1] == default[1] and f[2])
    assert (facts[3], facts[4]) == best
