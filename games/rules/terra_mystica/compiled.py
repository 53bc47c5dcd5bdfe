"""The optional compiled build of the engine (``make engine-compiled``): which modules it holds.

The pure Python modules are the reference; a module compiled with mypyc sits beside its
source as an extension module and is imported in its place. One older than its source would
run rules that are no longer there, so the package refuses to load it.
"""

from __future__ import annotations

from pathlib import Path

PACKAGE_DIR = Path(__file__).parent


def compiled_modules() -> list[str]:
    """Names of the engine's modules present in compiled form (empty: pure Python)."""
    return sorted(p.name.split(".", 1)[0] for p in PACKAGE_DIR.glob("*.so"))


def refuse_stale_build() -> None:
    for name in compiled_modules():
        built = next(PACKAGE_DIR.glob(f"{name}.*.so"))
        source = PACKAGE_DIR / f"{name}.py"
        if source.exists() and source.stat().st_mtime > built.stat().st_mtime:
            raise ImportError(
                f"{built.name} is older than {source.name}: "
                "run `make engine-compiled` again, or `make engine-pure` to drop the compiled build"
            )


def build_name() -> str:
    modules = compiled_modules()
    if not modules:
        return "pure Python"
    return f"compiled with mypyc ({len(modules)} modules: {', '.join(modules)})"
