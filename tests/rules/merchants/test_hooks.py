"""The base game reaches Merchants of the Seas only through the hooks of expansion.py: no
base module imports the expansion, so no import cycle runs through it."""

from __future__ import annotations

import grimp

ENGINE = "games.rules.terra_mystica"
EXPANSION = f"{ENGINE}.merchants"


def test_no_base_module_imports_the_expansion_and_it_is_in_no_import_cycle():
    graph = grimp.build_graph("games", exclude_type_checking_imports=True, cache_dir=None)
    expansion = {m for m in graph.modules if m == EXPANSION or m.startswith(f"{EXPANSION}.")}
    base = {m for m in graph.modules if m.startswith(f"{ENGINE}.")} - expansion
    importers = {
        m for m in base for i in graph.find_modules_directly_imported_by(m) if i in expansion
    }
    assert importers == set()  # the package __init__ alone loads it, to register its hooks
    for module in expansion:
        assert not graph.find_upstream_modules(module) & graph.find_downstream_modules(module)
