// Reading legal command rows: where they act on the map, which group they belong to, and a
// label a player understands. Rows are terra.snellman.net notation; a row can hold several
// sub-commands joined by ".".

import { gettext, interpolate, ngettext, pgettext } from "../../web/js/i18n.js";

const HEX = "([A-Z]\\d{1,2}|r\\d{1,2})";
const PATTERNS = [
  ["build", new RegExp(`^build ${HEX}$`, "i")],
  ["transform", new RegExp(`^transform ${HEX} to (\\w+)$`, "i")],
  ["upgrade", new RegExp(`^upgrade ${HEX} to (\\w+)$`, "i")],
  ["bridge", new RegExp(`^bridge ${HEX}:${HEX}$`, "i")],
  ["connect", new RegExp(`^connect ${HEX}$`, "i")],
  // Merchants of the Seas: a sailing row acts on the hex the ship ends on.
  ["build_ship", new RegExp(`^build ${HEX} with ship$`, "i")],
  ["dock", new RegExp(`^dock ${HEX}$`, "i")],
  ["ship", new RegExp(`^ship ${HEX}$`, "i")],
  ["trade", new RegExp(`^trade ${HEX}( for \\w+)?$`, "i")],
  ["sail", new RegExp(`^sail (?:\\w+-)+${HEX}(?: from bowl (?:II|III))?$`, "i")],
];

export const CULT_NAMES = { FIRE: gettext("Fire"), WATER: gettext("Water"), EARTH: gettext("Earth"), AIR: gettext("Air") };
// A trade's rewards to choose besides a cult track (temple, sanctuary, shipyard), in words.
const TRADE_CHOICES = { PW: gettext("power"), P: gettext("a priest"), SHIP: gettext("a new ship"), ACTMV: gettext("the move action again") };

export function splitRow(row) {
  return row
    .split(".")
    .map((part) => part.trim())
    .filter(Boolean);
}

export function joinRow(parts) {
  return parts.join(". ");
}

function hexesOf(sub) {
  for (const [, pattern] of PATTERNS) {
    const match = sub.match(pattern);
    if (!match) continue;
    if (pattern === PATTERNS[3][1]) return [match[1], match[2]];
    return [match[1]];
  }
  return [];
}

function groupOf(first) {
  const word = first.split(" ")[0].toLowerCase();
  if (word === "leech" || word === "decline") return "leech";
  if (word === "setup") return "faction";
  if (word === "bid") return "bid";
  if (word === "pick-color" || word === "unlock-terrain") return "colour";
  if (word === "pass") return "pass";
  if (word === "send") return "cult";
  if (word === "burn" || word === "convert") return "convert";
  if (word === "advance") return "advance";
  if (word === "action") return /^action ACT[1-9]$/i.test(first) ? "power" : "special";
  if (word === "choose") return "favor";
  if (/^\+\d*(FIRE|WATER|EARTH|AIR)$/i.test(first)) return "cult";
  if (/^\+FAV\d+$/i.test(first)) return "favor";
  if (/^\+TW\d+$/i.test(first)) return "town";
  if (first.startsWith("-")) return "skip";
  return "other";
}

export function classify(row) {
  const subs = splitRow(row);
  const hexes = [];
  for (const sub of subs) for (const hex of hexesOf(sub)) if (!hexes.includes(hex)) hexes.push(hex);
  return { row, subs, hexes, group: hexes.length ? "hex" : groupOf(subs[0] || "") };
}

// An amount of a resource in words ("1 coin", "3 power").
function amount(n, res) {
  const forms = {
    PW: ngettext("%(n)s power", "%(n)s power", n),
    C: ngettext("%(n)s coin", "%(n)s coins", n),
    W: ngettext("%(n)s worker", "%(n)s workers", n),
    P: ngettext("%(n)s priest", "%(n)s priests", n),
    VP: ngettext("%(n)s VP", "%(n)s VP", n),
  };
  return interpolate(forms[res.toUpperCase()] || `%(n)s ${res}`, { n });
}

// What a power action costs the faction acting (the Yetis pay 1 power less).
export function powerActionCost(id, catalog, faction) {
  const action = catalog.power_actions[id] || {};
  const own = (catalog.factions[(faction || "").toLowerCase()] || {}).power_discount || 0;
  return Math.max((action.cost || 0) - own, 0);
}

export function labelSub(sub, catalog, { omitHex, faction } = {}) {
  const terrain = (colour) => (catalog.terrains && catalog.terrains[colour]) || colour;
  const building = (b) => (catalog.buildings && catalog.buildings[b.toUpperCase()]) || b;
  let m;
  if ((m = sub.match(/^build (\S+)$/i))) return omitHex === m[1] ? gettext("Build a dwelling") : interpolate(gettext("Build a dwelling on %(hex)s"), { hex: m[1] });
  if ((m = sub.match(/^transform (\S+) to (\w+)$/i))) return omitHex === m[1] ? interpolate(gettext("Transform to %(terrain)s"), { terrain: terrain(m[2]) }) : interpolate(gettext("Transform %(hex)s to %(terrain)s"), { hex: m[1], terrain: terrain(m[2]) });
  if ((m = sub.match(/^upgrade (\S+) to (\w+)$/i))) return omitHex === m[1] ? interpolate(gettext("Upgrade to %(building)s"), { building: building(m[2]) }) : interpolate(gettext("Upgrade %(hex)s to %(building)s"), { hex: m[1], building: building(m[2]) });
  if ((m = sub.match(/^bridge (\S+):(\S+)$/i))) return interpolate(gettext("Bridge %(from)s–%(to)s"), { from: m[1], to: m[2] });
  if ((m = sub.match(/^connect (\S+)$/i))) return interpolate(gettext("Found a town across river %(river)s"), { river: m[1] });
  if ((m = sub.match(/^dig (\d+)$/i))) return interpolate(ngettext("Dig %(n)s spade", "Dig %(n)s spades", m[1]), { n: m[1] });
  if ((m = sub.match(/^build (\S+) with ship$/i))) return omitHex === m[1] ? gettext("Build a dwelling, paid with a ship") : interpolate(gettext("Build a dwelling on %(hex)s, paid with a ship"), { hex: m[1] });
  if ((m = sub.match(/^dock (\S+)$/i))) return interpolate(gettext("Dock on %(hex)s"), { hex: m[1] });
  if ((m = sub.match(/^ship (\S+)$/i))) return interpolate(gettext("Place a ship on %(hex)s"), { hex: m[1] });
  if ((m = sub.match(/^sail (\S+) from bowl (II|III)$/i))) return interpolate(gettext("Sail %(path)s, the extra step paid from bowl %(bowl)s"), { path: m[1].split("-").join(" → "), bowl: m[2].toUpperCase() });
  if ((m = sub.match(/^sail (\S+)$/i))) return interpolate(gettext("Sail %(path)s"), { path: m[1].split("-").join(" → ") });
  if ((m = sub.match(/^trade (\S+) for (\w+)$/i))) return interpolate(gettext("Trade with %(hex)s for %(choice)s"), { hex: m[1], choice: TRADE_CHOICES[m[2].toUpperCase()] || CULT_NAMES[m[2].toUpperCase()] || m[2] });
  if ((m = sub.match(/^trade (\S+)$/i))) return interpolate(gettext("Trade with %(hex)s"), { hex: m[1] });
  if ((m = sub.match(/^choose coins (\w+)$/i))) return interpolate(gettext("1 step on %(track)s and 4 coins"), { track: CULT_NAMES[m[1].toUpperCase()] || m[1] });
  if (/^choose ship$/i.test(sub)) return gettext("1 shipping advance and 1 worker");
  if ((m = sub.match(/^choose priest (\w+)$/i))) return interpolate(gettext("A priest from the supply to %(track)s and 4 coins"), { track: CULT_NAMES[m[1].toUpperCase()] || m[1] });
  if ((m = sub.match(/^action (ACT[1-9])$/i))) {
    const id = m[1].toUpperCase();
    const action = catalog.power_actions[id];
    return action ? interpolate(gettext("Power action %(id)s: %(text)s (%(cost)s power)"), { id, text: action.text, cost: powerActionCost(id, catalog, faction) }) : interpolate(gettext("Power action %(id)s"), { id });
  }
  if ((m = sub.match(/^action (\w+)$/i))) {
    const id = m[1].toUpperCase();
    const special = catalog.special_actions[id];
    if (special && !special.faction) return interpolate(gettext("Action: %(text)s"), { text: special.text || id });
    // The Engineers' bridge is theirs from the start; the others come with the stronghold.
    if (special && !special.stronghold) return interpolate(gettext("Special action: %(text)s"), { text: special.text || id });
    if (special) return interpolate(gettext("Stronghold action: %(text)s"), { text: special.text || id });
    const tile = (id.startsWith("BON") ? catalog.bonus : catalog.favor)[id];
    const what = tile && tile.action ? `: ${tile.action}` : "";
    if (id.startsWith("BON")) return interpolate(gettext("Bonus tile %(id)s"), { id }) + what;
    if (id.startsWith("FAV")) return interpolate(gettext("Favor tile %(id)s"), { id }) + what;
    return interpolate(gettext("Action %(id)s"), { id });
  }
  if ((m = sub.match(/^\+(\d*)(FIRE|WATER|EARTH|AIR)$/i))) return `+${m[1] || 1} ${CULT_NAMES[m[2].toUpperCase()]}`;
  if ((m = sub.match(/^send p to (\w+)( for (\d+))?$/i))) {
    const track = CULT_NAMES[m[1].toUpperCase()] || m[1];
    if (!m[2]) return interpolate(gettext("Send a priest to %(track)s"), { track });
    return interpolate(ngettext("Send a priest to %(track)s for %(n)s step", "Send a priest to %(track)s for %(n)s steps", m[3]), { track, n: m[3] });
  }
  if ((m = sub.match(/^pass( (BON\d+))?$/i))) {
    if (!m[2]) return gettext("Pass");
    const id = m[2].toUpperCase();
    const tile = catalog.bonus[id];
    return interpolate(gettext("Pass, take %(id)s"), { id }) + (tile ? ` (${tile.text})` : "");
  }
  if ((m = sub.match(/^burn (\d+)$/i))) return interpolate(gettext("Burn %(n)s power"), { n: m[1] });
  if ((m = sub.match(/^convert (\d+)(\w+) to (\d+)(\w+)$/i))) return interpolate(gettext("Convert %(from)s → %(to)s"), { from: amount(m[1], m[2]), to: amount(m[3], m[4]) });
  if (/^advance ship/i.test(sub)) return gettext("Advance shipping");
  if (/^advance dig/i.test(sub)) return gettext("Advance digging");
  if ((m = sub.match(/^leech (\d+) from (\w+)$/i))) return interpolate(gettext("Accept %(n)s power from %(faction)s"), { n: m[1], faction: factionName(m[2], catalog) });
  if ((m = sub.match(/^decline (\d+) from (\w+)$/i))) return interpolate(gettext("Decline %(n)s power from %(faction)s"), { n: m[1], faction: factionName(m[2], catalog) });
  if ((m = sub.match(/^\+(FAV\d+)$/i))) {
    const id = m[1].toUpperCase();
    const tile = catalog.favor[id];
    return interpolate(gettext("Take %(id)s"), { id }) + (tile ? ` (${tile.text})` : "");
  }
  if ((m = sub.match(/^\+(TW\d+)$/i))) {
    const id = m[1].toUpperCase();
    const tile = catalog.town[id];
    return interpolate(gettext("Take town tile %(id)s"), { id }) + (tile ? ` (${tile.text})` : "");
  }
  if ((m = sub.match(/^pick-color (\w+)$/i))) return interpolate(gettext("Home colour: %(terrain)s"), { terrain: terrain(m[1]) });
  if (/^unlock-terrain gain-priest$/i.test(sub)) return gettext("Keep the priest");
  if ((m = sub.match(/^unlock-terrain (\w+)$/i))) return interpolate(gettext("Unlock %(terrain)s"), { terrain: terrain(m[1]) });
  if (/^gain P3 for VP$/i.test(sub)) return gettext("Take a power chip into bowl III for 1 VP");
  if (/^-GAIN_P3_FOR_VP$/i.test(sub)) return gettext("Do not take the power chip");
  if ((m = sub.match(/^-(\d+)(FIRE|WATER|EARTH|AIR)$/i))) return interpolate(gettext("Give up %(n)s steps on %(track)s"), { n: m[1], track: CULT_NAMES[m[2].toUpperCase()] });
  if (/^-SPADE$/i.test(sub)) return gettext("Give up the remaining spades");
  if (/^-VOLCANO_TF$/i.test(sub)) return gettext("Give up the volcano transformation");
  if (/CONVERT_W_TO_P$/i.test(sub)) return gettext("Do not convert workers to priests");
  if ((m = sub.match(/^setup (\w+)$/i))) return interpolate(gettext("Play the %(faction)s"), { faction: factionName(m[1], catalog) });
  if ((m = sub.match(/^setup (\w+) position (\d+)$/i))) return interpolate(gettext("Play the %(faction)s, turn position %(n)s"), { faction: factionName(m[1], catalog), n: m[2] });
  if ((m = sub.match(/^bid (\d+)$/i))) return interpolate(gettext("Bid %(n)s VP"), { n: m[1] });
  if ((m = sub.match(/^bid (\w+) (\d+)$/i))) return interpolate(gettext("Bid %(n)s VP for the %(faction)s"), { n: m[2], faction: factionName(m[1], catalog) });
  return sub;
}

// Words a step's label may begin with that are written in lower case when the step continues
// a sentence ("…, then build a dwelling"): "*" for every word (English); a translation lists
// its own (German keeps the capitals of its nouns).
const CONTINUED = pgettext("words lower-cased when a step continues a sentence", "*");

function continued(label) {
  const first = label.split(" ")[0];
  const lower = CONTINUED === "*" || CONTINUED.split(" ").includes(first.toLowerCase());
  return lower ? label.charAt(0).toLowerCase() + label.slice(1) : label;
}

export function labelRow(row, catalog, options = {}) {
  return splitRow(row)
    .map((sub, i) => {
      const label = labelSub(sub, catalog, options);
      return i ? continued(label) : label;
    })
    .join(gettext(", then "));
}

export function factionName(name, catalog) {
  const key = (name || "").toLowerCase();
  return (catalog.factions[key] && catalog.factions[key].display) || name;
}

// What the game waits for, by the kind of decision the engine reports (its "description" is
// English, for the API).
const DECISION_TEXT = {
  faction: gettext("choose a faction"),
  bid: gettext("bid in the faction auction"),
  "pick-color": gettext("choose your home colour"),
  dwelling: gettext("place an initial dwelling"),
  bonus: gettext("choose a bonus tile"),
  action: gettext("take an action"),
  cult: gettext("advance on a cult track"),
  favor: gettext("take a favor tile"),
  town: gettext("take a town tile"),
  transform: gettext("use spades"),
  bridge: gettext("place the bridge"),
  convert: gettext("convert workers to priests (or decline)"),
  upgrade: gettext("upgrade a dwelling for free"),
  "unlock-terrain": gettext("unlock a terrain or keep the priest"),
  dock: gettext("place the dock"),
  ship: gettext("place a ship"),
  trade: gettext("resolve a trade"),
  "favor-choice": gettext("choose the favor tile's reward"),
};

export function decisionText(d, catalog) {
  if (d.kind === "leech") {
    return interpolate(gettext("accept or decline %(n)s power from the %(faction)s"), { n: d.amount, faction: factionName(d.from_faction, catalog) });
  }
  return DECISION_TEXT[d.kind] || d.description;
}

// What a player must do, in the order it has to be done: what an action left open (a favor
// tile after a temple, spades, a town) before the next action.
export function todoText(decisions, catalog) {
  const ordered = [...decisions.filter((d) => d.kind !== "action"), ...decisions.filter((d) => d.kind === "action")];
  return [...new Set(ordered.map((d) => decisionText(d, catalog)))].join(gettext(", then "));
}
