"""Terra Mystica on the platform, a Django app of its own (``apps``) holding everything of the
game: its adapter to the engine contract (``adapter``), the one door to its rules package
(``engine``), terra.snellman.net's text formats (``notation``), the texts of its pages
(``catalog``), its API setup fields (``serializers``) and its management commands.

The adapter is loaded on first use (``settings.GAME_KINDS`` names it), not when Django
populates its apps: the catalog's texts need the translation machinery ready.
"""

from typing import Any

__all__ = ["TerraMystica"]


def __getattr__(name: str) -> Any:
    if name == "TerraMystica":
        from .adapter import TerraMystica

        return TerraMystica
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
