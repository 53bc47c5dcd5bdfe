"""What every game of the platform needs."""

from .errors import RuleError
from .shuffle import SnellmanRandom, mt_shuffle

__all__ = ["RuleError", "SnellmanRandom", "mt_shuffle"]
