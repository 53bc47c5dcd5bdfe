"""The platform's modules and the rules engines' import each other without cycles (the layers
between apps are import-linter's contracts in pyproject.toml; this covers the modules inside
each app and each engine, annotations and imports inside functions included)."""

from __future__ import annotations

import ast
from pathlib import Path

import grimp

PACKAGES = (
    "accounts",
    "bots",
    "games",
    "leagues",
    "notifications",
    "outbox",
    "ratings",
    "tm_site",
    "web",
)


def test_no_module_imports_itself_in_a_circle():
    """Every package, the rules engines (games.rules) included: no module reaches back to
    itself through the modules it imports."""
    graph = grimp.build_graph(
        *PACKAGES, "stats", "opendata", include_external_packages=False, cache_dir=None
    )
    cycles = {
        tuple(sorted((module, imported)))
        for module in sorted(graph.modules)
        for imported in graph.find_modules_directly_imported_by(module)
        if graph.chain_exists(importer=imported, imported=module)
    }
    assert cycles == set()


def _private_names_of_other_modules(tree: ast.Module) -> list[str]:
    """``from m import _x`` and ``m._x`` for a module ``m`` this one imports."""
    imported, used = set(), []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            for alias in node.names:
                imported.add(alias.asname or alias.name)
                if alias.name.startswith("_") and not alias.name.startswith("__"):
                    used.append(f"{node.module}.{alias.name}")
        elif isinstance(node, ast.Import):
            imported.update((a.asname or a.name).split(".")[0] for a in node.names)
    for node in ast.walk(tree):
        if (
            isinstance(node, ast.Attribute)
            and node.attr.startswith("_")
            and not node.attr.startswith("__")
            and isinstance(node.value, ast.Name)
            and node.value.id in imported
        ):
            used.append(f"{node.value.id}.{node.attr}")
    return used


def test_no_module_of_the_rules_engines_reads_another_s_private_names():
    """What a module keeps to itself (``_name``) stays there: another module that needs it
    gets a public name or a hook."""
    root = Path(__file__).resolve().parent.parent
    used = {
        str(path.relative_to(root)): names
        for path in sorted((root / "games" / "rules").rglob("*.py"))
        if (names := _private_names_of_other_modules(ast.parse(path.read_text())))
    }
    assert used == {}


# A game's own code: the platform (every package above, statistics and open data) reaches it
# only through the registry.
GAME_CODE = (
    "games.kinds.terra_mystica",
    "games.kinds.mythotopia",
    "games.rules.terra_mystica",
    "games.rules.mythotopia",
)


def _is_game_code(module: str) -> bool:
    return any(module == g or module.startswith(g + ".") for g in GAME_CODE)


def test_the_platform_reaches_a_game_only_through_the_registry():
    graph = grimp.build_graph(
        *PACKAGES, "stats", "opendata", include_external_packages=False, cache_dir=None
    )
    importing = {
        module
        for module in graph.modules
        if not module.startswith("games.rules")
        and not _is_game_code(module)
        and any(_is_game_code(m) for m in graph.find_modules_directly_imported_by(module))
    }
    assert importing == set()


def _writes_status(node: ast.AST) -> bool:
    """``x.status = Game.Status.…`` or ``….update(status=Game.Status.…)``."""
    if isinstance(node, ast.Assign):
        return "Game.Status" in ast.unparse(node.value) and any(
            isinstance(t, ast.Attribute) and t.attr == "status" for t in node.targets
        )
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
        return node.func.attr == "update" and any(
            k.arg == "status" and "Game.Status" in ast.unparse(k.value) for k in node.keywords
        )
    return False


def test_a_game_s_status_is_written_by_its_life_alone():
    """``Game.status`` changes in games/life.py only (start, finish, abort, reopen)."""
    root = Path(__file__).resolve().parent.parent
    writers = set()
    for package in (*PACKAGES, "stats", "opendata"):
        for path in (root / package).rglob("*.py"):
            if "migrations" in path.parts or "management" in path.parts:
                continue  # benchmarks set up their games directly
            for node in ast.walk(ast.parse(path.read_text())):
                if _writes_status(node):
                    writers.add(str(path.relative_to(root)))
    assert writers == {"games/life.py"}
