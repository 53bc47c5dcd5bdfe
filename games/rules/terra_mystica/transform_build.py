"""Transform and build, each part's legality on its own (Yucata shows the part that is not
possible now as unavailable, e.g. a transform whose dwelling the player cannot pay)."""

from __future__ import annotations

from .legal import legal_commands
from .state import GameState


def transform_and_build(state: GameState, actor: str, hex_id: str) -> dict[str, str | None]:
    """The shortest legal row that transforms ``hex_id`` to the actor's home terrain, and the
    shortest that builds a dwelling there (with its transform); None where it is not possible."""
    f = state.factions.get(actor)
    if f is None:
        return {"transform": None, "build": None}
    transform, build = f"transform {hex_id} to {f.color}", f"build {hex_id}"
    transforms: list[str] = []
    builds: list[str] = []
    for row in legal_commands(state, actor):
        steps = [s.strip() for s in row.split(".")]
        if build in steps:
            builds.append(row)
        elif steps[-1] == transform:
            transforms.append(row)
    return {
        "transform": min(transforms, key=len, default=None),
        "build": min(builds, key=len, default=None),
    }
