"""Terra Mystica on the platform: its adapter to the engine contract (``adapter``), the one
door to its rules package (``engine``) and terra.snellman.net's text formats (``notation``)."""

from .adapter import TerraMystica

__all__ = ["TerraMystica"]
