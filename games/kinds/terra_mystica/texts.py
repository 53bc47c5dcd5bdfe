"""The rules data's English texts that the game pages show: faction abilities, tile and
action effects, the sources of Merchants of the Seas' provisional components.

Listed here so that the translation catalogs hold them; the catalog translates each when it
builds the texts of a language. tests/web/test_web_language.py fails on a text of the data
missing here, and on one without a German translation.
"""

from __future__ import annotations

from django.utils.translation import gettext_noop

DATA_TEXTS = (
    gettext_noop("build a bridge"),
    gettext_noop("transform+build with 1 free spade"),
    gettext_noop("transform+build with 2 free spades (may be split over two hexes)"),
    gettext_noop("move all ships"),
    gettext_noop("place 1 ship"),
    gettext_noop("return 1 priest, take 1 favor tile"),
    gettext_noop("two more full actions"),
    gettext_noop(
        "free transformation of an edge-adjacent hex to desert (not a spade), then optional dwelling"
    ),
    gettext_noop("free dwelling->trading house upgrade"),
    gettext_noop("free dwelling on any empty forest hex, no reachability, no terraforming"),
    gettext_noop("No shipping. Carpet flight: skip one hex for 1 priest (+4 VP)."),
    gettext_noop("Carpet range 2 (skip up to 2 hexes)."),
    gettext_noop("Start with 3 dwellings on the map (third placed after everybody's second)."),
    gettext_noop(
        "Once per round: sandstorm - turn one empty hex edge-adjacent (not via river/bridge) to a Nomad building into desert, free (not a spade); may then build a dwelling there paying its cost."
    ),
    gettext_noop(
        "When Cultists build/upgrade and opponents could gain power: if at least one accepts, Cultists advance 1 step on a cult track of their choice (once per build); if all able opponents decline, Cultists gain 1 power (errata, option errata-cultist-power); nothing if nobody could gain power."
    ),
    gettext_noop("On building: +7 VP."),
    gettext_noop("+1 VP for every spade received (any source)."),
    gettext_noop(
        "On building: 3 spades to use at once (up to 3 hexes, at most one ending on non-home terrain); may then build 1 dwelling (paying its cost) on a hex turned to plains with them."
    ),
    gettext_noop(
        "During their turn: 1 VP -> 1 coin and 2 coins -> 1 VP, any number of times. Final resource scoring: 1 VP per 2 coins."
    ),
    gettext_noop(
        "On building: gain 12 power. From then on +2 power for every spade received (any source)."
    ),
    gettext_noop("Buy spades with priests (1 P per spade, +2 VP per spade bought)."),
    gettext_noop(
        "On building: once, convert up to 3 workers into priests 1:1 (single conversion command; option strict-darkling-sh: must be used or declined in that turn)."
    ),
    gettext_noop(
        "For town formation, one river hex between Mermaid buildings may be treated as connecting them (declared with 'connect'); town tile placed on the river hex."
    ),
    gettext_noop(
        "On building: advance shipping by one free of cost, gaining the VP of the level reached."
    ),
    gettext_noop("+3 workers whenever the Swarmlings found a town (per town tile)."),
    gettext_noop(
        "Once per round: upgrade a dwelling to a trading house free of cost (normal triggers)."
    ),
    gettext_noop("No special ability."),
    gettext_noop(
        "On building: take 1 favor tile. Once per round: +2 steps on one cult track (10 still needs a key)."
    ),
    gettext_noop("+5 VP whenever the Witches found a town (per town tile taken)."),
    gettext_noop(
        "Once per round: place a dwelling free of cost on any empty forest hex (must already be forest), ignoring reachability; no terraforming in that action."
    ),
    gettext_noop("No shipping. Tunnelling: skip one hex for 2 workers (+4 VP)."),
    gettext_noop("Tunnelling costs 1 worker instead of 2."),
    gettext_noop(
        "Special action ACTE: build a bridge for 2 workers; may be used any number of times per round (each use is a full action); max 3 bridges total."
    ),
    gettext_noop(
        "When passing: +3 VP per Engineers' bridge whose two end hexes both carry Engineers' buildings."
    ),
    gettext_noop(
        "One initial dwelling only, placed last. Each temple and the sanctuary give 2 (different) favor tiles."
    ),
    gettext_noop(
        "Once per round: take two more full actions in a row (passing counts as one; with strict-chaosmagician-sh passing forfeits the remaining action)."
    ),
    gettext_noop(
        "Any transformation costs exactly 2 spades (to wasteland from any terrain); a single spade is useless."
    ),
    gettext_noop(
        "Once per round: 2 free spades to turn one reachable hex into wasteland; may then build a dwelling there paying its cost."
    ),
    gettext_noop("When taking the faction, also take one favor tile (+FAVn right after setup)."),
    gettext_noop("When passing (every round, round 6 included): 3 VP per temple on the map."),
    gettext_noop(
        "Power actions of the game board cost 1 power less; stronghold and sanctuary have power value 4."
    ),
    gettext_noop(
        "Power actions of the game board may be taken even when already covered this round."
    ),
    gettext_noop(
        "Transform into volcano by giving up cult steps on one track (4 on another faction's home terrain, else 3); each spade gained is a cult step instead."
    ),
    gettext_noop("Each priest sent to a cult track advances one step more."),
    gettext_noop(
        "Transform into volcano by removing power chips (2 on another faction's home terrain, else 1); each spade gained brings a new chip into bowl I."
    ),
    gettext_noop("Once, when built: as many new chips into bowl I as there are players."),
    gettext_noop(
        "Build only on the start colour and unlocked colours, reached by shipping only; never transform. A priest gained may unlock a colour instead (revision: for 1 coin, 2 on another faction's home). Six priests start on the wheel: one priest in play."
    ),
    gettext_noop("Once, when built: up to two bridges for free."),
    gettext_noop(
        "Home colour chosen when taking the faction. When opponents take power from a build: one new chip into bowl III (revision: for 1 VP, optional); when all decline: 1 power."
    ),
    gettext_noop(
        "Change the home colour: 3 power from bowl III or 3 chips removed, +2 VP (revision: 5, no VP). Repeatable."
    ),
    gettext_noop("ACTH1/ACTH2 (revision ACTH5/ACTH6)"),
    gettext_noop("+1 step on a cult track of choice"),
    gettext_noop("4 VP if stronghold on map, 4 VP if sanctuary on map"),
    gettext_noop("2 VP per trading house on map"),
    gettext_noop("1 VP per dwelling on map"),
    gettext_noop("3 VP per shipping level"),
    gettext_noop("4 VP each for stronghold, sanctuary, shipyard on map"),
    gettext_noop("3 VP per own ship on the map"),
    gettext_noop(
        "town power requirement 6 instead of 7 (4 buildings still needed); re-check all own building groups immediately"
    ),
    gettext_noop("+1 step on a cult track of choice, once per round"),
    gettext_noop("+3 VP for each dwelling upgraded to a trading house"),
    gettext_noop("+2 VP for each dwelling built in phase II"),
    gettext_noop("when passing: 2/3/3/4 VP for 1/2/3/4 trading houses on map"),
    gettext_noop(
        "one-time: +1 step on a cult track of choice and 4 coins, or 1 free shipping advance and 1 worker"
    ),
    gettext_noop(
        "each trade: +1 VP (dwelling, trading house, temple), +2 VP (stronghold, sanctuary, shipyard)"
    ),
    gettext_noop("when passing: 2/3/4/5 VP for 1-3/4-6/7-9/10+ own trade markers on the map"),
    gettext_noop(
        "shipyard boards (costs, ship action, one-time bonus): PR44 per-faction SY advance cost, one-time gain and ACTP ship-action cost"
    ),
    gettext_noop(
        "round scoring tiles SCORE10-SCORE21: PR44 (SCORE10-21); the action-phase rewards and round-end rewards are named by the rulebook, their pairing is PR44's"
    ),
    gettext_noop("move action without cost: PR44 (no cost for any faction), SB names no cost"),
    gettext_noop(
        "Yetis' shipyard power value: rulebook silent; PR44 uses 4; the rulebook's general value 3 is used"
    ),
    gettext_noop("FAV13: cult: PR44; effect: rulebook"),
    gettext_noop("FAV14: cult: PR44; effect: rulebook"),
    gettext_noop("FAV15: cult: PR44; effect: rulebook"),
    gettext_noop("FAV16: cult: PR44; VP steps: rulebook and PR44 agree"),
    gettext_noop("BON14: rulebook (card A); no income: PR44"),
    gettext_noop(
        "canals: 1 canal around the western mountain peninsula; position only in a picture; 1 canal joining the two northern rivers; position only in a picture; 7 canals joining the lakes; positions only in pictures; PR44 'D4:F4' read as row letter + position (interpretation); the rulebook: one canal in the western half joining the upper and lower river arm; as the Original map; the base map's canal; whether printed at the same place is not known"
    ),
    gettext_noop(
        "fakirs: the Fakirs' reach track of Merchants of the Seas (fields, ranges, traders) is not known from any source, so they cannot play with the expansion yet"
    ),
    gettext_noop(
        "dwarves: the Dwarves' reach track of Merchants of the Seas (fields, ranges, traders) is not known from any source, so they cannot play with the expansion yet"
    ),
    gettext_noop(
        "the Fakirs' reach track of Merchants of the Seas (fields, ranges, traders) is not known from any source, so they cannot play with the expansion yet"
    ),
    gettext_noop(
        "the Dwarves' reach track of Merchants of the Seas (fields, ranges, traders) is not known from any source, so they cannot play with the expansion yet"
    ),
)
