"""Ledgers of this engine and of terra.snellman.net's, compared row by row.

The differential check of new factions (bench/fire_and_ice_oracle.py) and the fixtures it
writes use this: both ledgers are brought to the rows the two engines can agree on, then
the values after every row (VP, C, W, P, bowls, cults, power offered) must be equal.
"""

from __future__ import annotations

from .ledger import LedgerRow


def ledger_values(row: LedgerRow) -> dict:
    """One of our ledger rows in the reference's terms (bowls and cults as "a/b/c")."""
    return {
        "faction": row.faction,
        "commands": row.command,
        "VP": row.vp,
        "C": row.c,
        "W": row.w,
        "P": row.p,
        "PW": "/".join(map(str, row.power)),
        "CULT": "/".join(map(str, row.cult)),
        "leech": {k: v for k, v in row.leech.items() if v},
    }


LEDGER_FIELDS = ("faction", "VP", "C", "W", "P", "PW", "CULT", "leech")


def normalized(ledger: list[dict]) -> list[dict]:
    """Rows as both engines can agree on them: the reference starts a new row only when
    another faction acts (its input here is one sub-command a line), so consecutive rows of
    one faction are merged; setup rows are left out (it writes them all first); power
    offers are compared by amount (its keys are colours). A reward for declined power
    is written into the builder's row, before the rows of the players who declined, as the
    site does when the declines are automatic."""
    ledger = list(ledger)
    for k, row in enumerate(ledger):
        if row["commands"].startswith("[all opponents declined power]"):
            # Back over the rows of the players whose declines closed the offers.
            j = k
            while j and ledger[j - 1]["faction"] != row["faction"]:
                j -= 1
            if j:
                ledger.insert(j, ledger.pop(k))
    out: list[dict] = []
    for row in ledger:
        if row["commands"].split(" ")[0] == "setup":
            continue
        leech = row.get("leech") or {}
        amounts = leech.values() if isinstance(leech, dict) else leech
        offers = sorted(int(v) for v in amounts if int(v))
        if out and out[-1]["faction"] == row["faction"]:
            merged = {**row, "commands": f"{out[-1]['commands']}. {row['commands']}"}
            merged["leech"] = sorted(out[-1]["leech"] + offers)
            out[-1] = merged
        else:
            out.append({**row, "leech": offers})
    return out


def first_row_difference(ours: list[dict], theirs: list[dict]) -> str | None:
    """Where the two ledgers first differ, row by row (None: every row agrees)."""
    found = first_difference_at(ours, theirs)
    return found[1] if found else None


def first_difference_at(ours: list[dict], theirs: list[dict]) -> tuple[int, str] | None:
    """The index in ``normalized(ours)`` of the first row that differs, and how."""
    ours, theirs = normalized(ours), normalized(theirs)
    for i, (a, b) in enumerate(zip(ours, theirs, strict=False)):
        for name in LEDGER_FIELDS:
            mine, ref = a[name], b.get(name)
            if name in ("VP", "C", "W", "P") and ref is not None:
                ref = int(ref)
            if mine != ref:
                return (
                    i,
                    f"row {i} ({a['faction']}: {a['commands']!r} / {b['commands']!r}): {name} {mine!r} vs {ref!r}",
                )
    if len(ours) != len(theirs):
        return min(len(ours), len(theirs)), f"{len(ours)} rows vs {len(theirs)}"
    return None


def from_first_pass(ledger: list[dict]) -> list[dict]:
    """The ledger from its first row that takes a bonus card on (the end of the setup).

    Games with a faction auction are compared from there: the reference has no auction and
    gets each faction's starting VP as an adjustment, which it writes into whichever row is
    open while the first dwellings are placed; the values after later rows carry them."""
    first = next((i for i, r in enumerate(ledger) if "pass" in r["commands"].lower()), 0)
    return ledger[first:]
