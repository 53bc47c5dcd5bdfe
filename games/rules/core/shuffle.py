"""Seeded shuffles that reproduce terra.snellman.net's setup draws.

The site seeds a Mersenne Twister (``init_by_array``) with the SHA-1 digest of the seed
text read as little-endian 32-bit words, and shuffles a list by drawing one number per
element and sorting by it. Python's ``random`` is the same MT19937 with the same seeding,
as long as the key's last word is non-zero (Python drops high zero words of the integer).
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Iterable


class SnellmanRandom:
    def __init__(self, seed: str) -> None:
        digest = hashlib.sha1(seed.encode()).digest()
        key = int.from_bytes(digest, "little")
        if key >> 128 == 0:
            raise ValueError(f"seed {seed!r} cannot be reproduced: its digest ends in a zero word")
        self._rng = random.Random(key)

    def rand(self) -> float:
        return self._rng.getrandbits(32) / 2**32


def mt_shuffle(rng: SnellmanRandom, items: Iterable[str]) -> list[str]:
    """Draw one number per item in order, then sort by (number, item)."""
    keyed = [(rng.rand(), item) for item in items]
    keyed.sort()
    return [item for _, item in keyed]
