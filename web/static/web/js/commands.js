// Reading legal command rows: where they act on the map, which group they belong to, and a
// label a player understands. Rows are terra.snellman.net notation; a row can hold several
// sub-commands joined by ".".

import { gettext } from "./i18n.js";

const HEX = "([A-Z]\\d{1,2}|r\\d{1,2})";
const PATTERNS = [
  ["build", new RegExp(`^build ${HEX}$`, "i")],
  ["transform", new RegExp(`^transform ${HEX} to (\\w+)$`, "i")],
  ["upgrade", new RegExp(`^upgrade ${HEX} to (\\w+)$`, "i")],
  ["bridge", new RegExp(`^bridge ${HEX}:${HEX}$`, "i")],
  ["connect", new RegExp(`^connect ${HEX}$`, "i")],
];

export const CULT_NAMES = { FIRE: gettext("Fire"), WATER: gettext("Water"), EARTH: gettext("Earth"), AIR: gettext("Air") };

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
  if (word === "pass") return "pass";
  if (word === "send") return "cult";
  if (word === "burn" || word === "convert") return "convert";
  if (word === "advance") return "advance";
  if (word === "action") return /^action ACT[1-6]$/i.test(first) ? "power" : "special";
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

function plural(n, word) {
  return `${n} ${word}${Number(n) === 1 ? "" : "s"}`;
}

export function labelSub(sub, catalog, { omitHex } = {}) {
  const terrain = (colour) => (catalog.terrains && catalog.terrains[colour]) || colour;
  const building = (b) => (catalog.buildings && catalog.buildings[b.toUpperCase()]) || b;
  const at = (hex) => (omitHex === hex ? "" : ` on ${hex}`);
  let m;
  if ((m = sub.match(/^build (\S+)$/i))) return `Build a dwelling${at(m[1])}`;
  if ((m = sub.match(/^transform (\S+) to (\w+)$/i))) return `Transform${omitHex === m[1] ? "" : " " + m[1]} to ${terrain(m[2])}`;
  if ((m = sub.match(/^upgrade (\S+) to (\w+)$/i))) return `Upgrade${omitHex === m[1] ? "" : " " + m[1]} to ${building(m[2])}`;
  if ((m = sub.match(/^bridge (\S+):(\S+)$/i))) return `Bridge ${m[1]}–${m[2]}`;
  if ((m = sub.match(/^connect (\S+)$/i))) return `Found a town across river ${m[1]}`;
  if ((m = sub.match(/^dig (\d+)$/i))) return `Dig ${plural(m[1], "spade")}`;
  if ((m = sub.match(/^action (ACT[1-6])$/i))) {
    const action = catalog.power_actions[m[1].toUpperCase()];
    return `Power action ${m[1].toUpperCase()}${action ? `: ${action.text} (${action.cost} power)` : ""}`;
  }
  if ((m = sub.match(/^action (\w+)$/i))) {
    const id = m[1].toUpperCase();
    const special = catalog.special_actions[id];
    if (special) return `Stronghold action: ${special.text || id}`;
    const tile = (id.startsWith("BON") ? catalog.bonus : catalog.favor)[id];
    if (id.startsWith("BON")) return `Bonus tile ${id}${tile && tile.action ? `: ${tile.action}` : ""}`;
    if (id.startsWith("FAV")) return `Favor tile ${id}${tile && tile.action ? `: ${tile.action}` : ""}`;
    return `Action ${id}`;
  }
  if ((m = sub.match(/^\+(\d*)(FIRE|WATER|EARTH|AIR)$/i))) return `+${m[1] || 1} ${CULT_NAMES[m[2].toUpperCase()]}`;
  if ((m = sub.match(/^send p to (\w+)( for (\d+))?$/i))) {
    const track = CULT_NAMES[m[1].toUpperCase()] || m[1];
    return m[2] ? `Send a priest to ${track} for ${plural(m[3], "step")}` : `Send a priest to ${track}`;
  }
  if ((m = sub.match(/^pass( (BON\d+))?$/i))) {
    if (!m[2]) return "Pass";
    const tile = catalog.bonus[m[2].toUpperCase()];
    return `Pass, take ${m[2].toUpperCase()}${tile ? ` (${tile.text})` : ""}`;
  }
  if ((m = sub.match(/^burn (\d+)$/i))) return `Burn ${m[1]} power`;
  if ((m = sub.match(/^convert (\d+)(\w+) to (\d+)(\w+)$/i))) {
    const names = { PW: "power", C: "coin", W: "worker", P: "priest", VP: "VP" };
    const from = names[m[2].toUpperCase()] || m[2];
    const to = names[m[4].toUpperCase()] || m[4];
    const fmt = (n, name) => (name === "power" || name === "VP" ? `${n} ${name}` : plural(n, name));
    return `Convert ${fmt(m[1], from)} → ${fmt(m[3], to)}`;
  }
  if (/^advance ship/i.test(sub)) return "Advance shipping";
  if (/^advance dig/i.test(sub)) return "Advance digging";
  if ((m = sub.match(/^leech (\d+) from (\w+)$/i))) return `Accept ${m[1]} power from ${factionName(m[2], catalog)}`;
  if ((m = sub.match(/^decline (\d+) from (\w+)$/i))) return `Decline ${m[1]} power from ${factionName(m[2], catalog)}`;
  if ((m = sub.match(/^\+(FAV\d+)$/i))) {
    const tile = catalog.favor[m[1].toUpperCase()];
    return `Take ${m[1].toUpperCase()}${tile ? ` (${tile.text})` : ""}`;
  }
  if ((m = sub.match(/^\+(TW\d+)$/i))) {
    const tile = catalog.town[m[1].toUpperCase()];
    return `Take town tile ${m[1].toUpperCase()}${tile ? ` (${tile.text})` : ""}`;
  }
  if (/^-SPADE$/i.test(sub)) return "Give up the remaining spades";
  if (/CONVERT_W_TO_P$/i.test(sub)) return "Do not convert workers to priests";
  if ((m = sub.match(/^setup (\w+)$/i))) return `Play the ${factionName(m[1], catalog)}`;
  return sub;
}

export function labelRow(row, catalog, options = {}) {
  return splitRow(row)
    .map((sub, i) => {
      const label = labelSub(sub, catalog, options);
      return i ? label.charAt(0).toLowerCase() + label.slice(1) : label;
    })
    .join(", then ");
}

export function factionName(name, catalog) {
  const key = (name || "").toLowerCase();
  return (catalog.factions[key] && catalog.factions[key].display) || name;
}
