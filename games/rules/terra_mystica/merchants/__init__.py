"""Merchants of the Seas: docks, ships that move and trade, shipyards, trade markers.

Switched on per game by the option ``merchants-of-the-seas``. Every component value is in
``data/merchants.json`` with its source; the engine calls into this package only when the
state carries ``GameState.merchants``, so games without the option run exactly as before.

- ``state``: the expansion's part of the state and the component data
- ``ships``: docks, gaining and placing ships, sailing (steps, canals, extra steps)
- ``trade``: trading with buildings, the owner's power offer, trade markers
- ``actions``: the move and ship actions, the shipyard, favor and bonus tiles, pass VP
- ``commands``: the expansion's rows and what a faction still owes in its turn
- ``legal``: the expansion's rows for the legal-move generator
- ``hooks``: what the base game calls (``expansion.MerchantsHooks``), registered on import
"""

from . import hooks  # noqa: F401 - registers the expansion's hooks with the base game
