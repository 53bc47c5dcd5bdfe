"""The platform's modules import each other without cycles (the layers between apps are
import-linter's contracts in pyproject.toml; this covers the modules inside each app)."""

from __future__ import annotations

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


def test_no_module_of_the_platform_imports_itself_in_a_circle():
    graph = grimp.build_graph(*PACKAGES, include_external_packages=False)
    modules = sorted(m for m in graph.modules if not m.startswith("games.rules"))
    cycles = {
        tuple(sorted((module, imported)))
        for module in modules
        for imported in graph.find_modules_directly_imported_by(module)
        if not imported.startswith("games.rules")
        and graph.chain_exists(importer=imported, imported=module)
    }
    assert cycles == set()
