// The map as SVG: hexes (odd rows shifted half a hex right), rivers, bridges, buildings in
// their faction's colour (one shape per building type), town markers, coordinates; with
// Merchants of the Seas also canals, docks, shipyards, ships and trade markers.

import { gettext, interpolate } from "../../web/js/i18n.js";
import { s } from "../../web/js/api.js";
import { factionName } from "./commands.js";

const R = 20; // hex circumradius in SVG units
const W = Math.sqrt(3) * R;
const PAD = 4;

const SHAPES = {
  D: "M-7,7 L7,7 L7,-2 L0,-9 L-7,-2 Z",
  TP: "M-10,8 L10,8 L10,-3 L5,-9 L0,-3 L-5,-9 L-10,-3 Z",
  SH: "M-11,9 L11,9 L11,-9 L7,-9 L7,-5 L3,-5 L3,-9 L-3,-9 L-3,-5 L-7,-5 L-7,-9 L-11,-9 Z",
  SA: "M-12,8 L12,8 L12,0 A12,11 0 0 0 -12,0 Z",
  // The shipyard: a hull with a mast and a sail.
  SY: "M-12,2 L12,2 L8,9 L-8,9 Z M-1.2,2 L-1.2,-10 L1.2,-10 L1.2,2 Z M1.2,-9 L10,0 L1.2,0 Z",
};
const SHIP = "M-6,0 L6,0 L4,4 L-4,4 Z M-0.6,0 L-0.6,-7 L0.6,-7 L0.6,0 Z M0.6,-6 L5,-1 L0.6,-1 Z";
const FLAG = "M0,0 L0,-7 L5,-5 L0,-3";
const DARK_TERRAIN = new Set(["black", "blue", "brown", "green", "red", "gray"]);

// `top` is the first row with hexes: a map whose first row is indented (Lakes) starts at row 1.
export function hexCenter(cell, top = 0) {
  const x = PAD + W / 2 + cell.col * W + (cell.row % 2 ? W / 2 : 0);
  const y = PAD + R + (cell.row - top) * 1.5 * R;
  return [x, y];
}

function hexPoints(scale = 1) {
  const r = R * scale;
  const w = (W / 2) * scale;
  return [
    [0, -r],
    [w, -r / 2],
    [w, r / 2],
    [0, r],
    [-w, r / 2],
    [-w, -r / 2],
  ]
    .map(([x, y]) => `${x.toFixed(2)},${y.toFixed(2)}`)
    .join(" ");
}

// Ice and volcano factions keep their printed colour on the map (their homes are ice and
// volcano hexes); Shapeshifters and Riverwalkers show the home colour they picked.
function pieceColour(name, view, catalog) {
  const owner = view.factions[name];
  if (!owner) return "gray";
  const printed = ((catalog && catalog.factions[name]) || {}).color;
  return printed && printed !== "variable" ? printed : owner.color;
}

export function buildingShape(kind, colour, { x = 0, y = 0, scale = 1, hex = null } = {}) {
  const g = s("g", {
    class: `building bld-${colour}`,
    transform: `translate(${x},${y}) scale(${scale})`,
    "data-kind": kind,
    "data-hex": hex,
  });
  if (kind === "TE") {
    g.append(s("circle", { r: 8.5, class: "bld-outline" }), s("circle", { r: 8.5, class: "bld-fill" }));
  } else {
    const d = SHAPES[kind] || SHAPES.D;
    g.append(s("path", { d, class: "bld-outline" }), s("path", { d, class: "bld-fill" }));
  }
  return g;
}

function describe(hex, cell, view, catalog) {
  const terrain = catalog.terrains[cell.terrain] || cell.terrain;
  let text = `${hex} · ${terrain}`;
  if (cell.building) {
    const owner = view.factions[cell.owner];
    const name = owner ? factionName(cell.owner, catalog) : cell.owner;
    text += ` · ${interpolate(gettext("%(building)s of the %(faction)s"), { building: catalog.buildings[cell.building] || cell.building, faction: name })}`;
  }
  if (cell.town) text += ` · ${gettext("town")}`;
  for (const [name, m] of Object.entries((view.merchants || {}).factions || {})) {
    const faction = factionName(name, catalog);
    const ships = (m.ships || []).filter((h) => h === hex).length;
    if (ships) text += ` · ${interpolate(gettext("%(n)s ship(s) of the %(faction)s"), { n: ships, faction })}`;
    if ((m.traded || []).includes(hex)) text += ` · ${interpolate(gettext("trade marker of the %(faction)s"), { faction })}`;
    if (m.dock === hex) text += ` · ${interpolate(gettext("dock of the %(faction)s"), { faction })}`;
  }
  return text;
}

export function renderMap(container, view, options = {}) {
  const { catalog, legal = new Set(), changed = new Set(), selected = null } = options;
  const cells = Object.entries(view.map || {});
  let maxCol = 0;
  let maxRow = 0;
  let top = Infinity;
  for (const [, cell] of cells) {
    maxCol = Math.max(maxCol, cell.col);
    maxRow = Math.max(maxRow, cell.row);
    top = Math.min(top, cell.row);
  }
  if (!cells.length) top = 0;
  const width = PAD * 2 + (maxCol + 1) * W + W / 2;
  const height = PAD * 2 + 2 * R + (maxRow - top) * 1.5 * R;
  const svg = s("svg", {
    viewBox: `0 0 ${width.toFixed(1)} ${height.toFixed(1)}`,
    role: "group",
    "aria-label": gettext("Map of the game"),
  });
  const terrainLayer = s("g");
  const bridgeLayer = s("g");
  const buildingLayer = s("g");
  const centres = {};
  for (const [hex, cell] of cells) {
    const [x, y] = hexCenter(cell, top);
    centres[hex] = [x, y];
    const river = cell.terrain === "river";
    const isLegal = legal.has(hex);
    const g = s("g", {
      class: `hex-cell${isLegal ? " legal" : ""}${changed.has(hex) ? " changed" : ""}${selected === hex ? " selected" : ""}`,
      transform: `translate(${x.toFixed(2)},${y.toFixed(2)})`,
      "data-hex": hex,
      tabindex: isLegal ? "0" : null,
      role: isLegal ? "button" : null,
      "aria-label": isLegal ? `${describe(hex, cell, view, catalog)}: ${gettext("choose an action here")}` : null,
    });
    g.append(
      s("title", {}, describe(hex, cell, view, catalog)),
      s("polygon", { points: hexPoints(river ? 1.03 : 1), class: `hex terrain-${cell.terrain}${river ? " river" : ""}` }),
    );
    if (isLegal) g.append(s("polygon", { points: hexPoints(0.8), class: "legal-ring" }));
    if (!river) {
      const dark = DARK_TERRAIN.has(cell.terrain) && cell.terrain !== "gray";
      g.append(s("text", { class: `hex-label${dark ? " dark" : ""}`, y: 16, "text-anchor": "middle" }, hex));
    }
    terrainLayer.append(g);
    if (cell.building) {
      const colour = pieceColour(cell.owner, view, catalog);
      buildingLayer.append(buildingShape(cell.building, colour, { x, y: y - 2, hex }));
    }
    if (cell.town) {
      buildingLayer.append(s("circle", { class: "town-marker", cx: x + W * 0.3, cy: y - R * 0.45, r: 3.4 }, s("title", {}, gettext("Part of a town"))));
    }
  }
  for (const river of view.river_towns || []) {
    const at = centres[river];
    if (at) buildingLayer.append(s("circle", { class: "town-marker", cx: at[0], cy: at[1], r: 4 }, s("title", {}, interpolate(gettext("%(river)s: a town across the river"), { river }))));
  }
  for (const bridge of view.bridges || []) {
    const a = centres[bridge.from];
    const b = centres[bridge.to];
    if (!a || !b) continue;
    const colour = pieceColour(bridge.faction, view, catalog);
    // From hex edge to hex edge, so the bridge never hides a building.
    const dx = b[0] - a[0];
    const dy = b[1] - a[1];
    const len = Math.hypot(dx, dy) || 1;
    const cut = R * 0.55;
    const x1 = a[0] + (dx / len) * cut;
    const y1 = a[1] + (dy / len) * cut;
    const x2 = b[0] - (dx / len) * cut;
    const y2 = b[1] - (dy / len) * cut;
    bridgeLayer.append(
      s("line", { x1, y1, x2, y2, class: "bridge", stroke: "#111", "stroke-width": 8 }),
      s("line", { x1, y1, x2, y2, class: `bridge bridge-${colour}`, "stroke-width": 5 }, s("title", {}, interpolate(gettext("Bridge of the %(faction)s"), { faction: factionName(bridge.faction, catalog) }))),
    );
  }
  const merchantsLayer = renderMerchants(view, catalog, centres);
  svg.append(terrainLayer, bridgeLayer, buildingLayer, merchantsLayer);

  const hexOf = (event) => {
    const cell = event.target.closest && event.target.closest(".hex-cell");
    return cell ? cell.dataset.hex : null;
  };
  svg.addEventListener("click", (event) => {
    const hex = hexOf(event);
    if (hex && options.onHex) options.onHex(hex, event);
    else if (options.onBackground) options.onBackground();
  });
  svg.addEventListener("keydown", (event) => {
    if (event.key !== "Enter" && event.key !== " ") return;
    const hex = hexOf(event);
    if (hex && options.onHex) {
      event.preventDefault();
      options.onHex(hex, event);
    }
  });
  const hover = (event) => {
    const hex = hexOf(event);
    if (hex && options.onHover) options.onHover(hex, describe(hex, view.map[hex], view, catalog));
  };
  svg.addEventListener("mouseover", hover);
  svg.addEventListener("focusin", hover);
  container.querySelectorAll("svg").forEach((old) => old.remove());
  container.prepend(svg);
  return { svg, centres };
}

// `at`: the hex a ship or trade marker stands on (data-at, so the page names its position).
function piece(d, colour, x, y, title, extra = "", at = null) {
  return s(
    "g",
    { class: `building bld-${colour}${extra}`, transform: `translate(${x.toFixed(2)},${y.toFixed(2)})`, "data-at": at },
    s("path", { d, class: "bld-outline" }),
    s("path", { d, class: "bld-fill" }),
    s("title", {}, title),
  );
}

// Merchants of the Seas: canals, docks, ships (several on one river hex side by side) and
// trade markers (a flag per trader along the foot of the building's hex).
function renderMerchants(view, catalog, centres) {
  const layer = s("g", { class: "merchants" });
  const merchants = view.merchants;
  if (!merchants) return layer;
  for (const [a, b] of merchants.canals || []) {
    const p = centres[a];
    const q = centres[b];
    if (p && q) {
      layer.append(s("line", { x1: p[0], y1: p[1], x2: q[0], y2: q[1], class: "canal" }, s("title", {}, interpolate(gettext("Canal between %(a)s and %(b)s"), { a, b }))));
    }
  }
  const shipsAt = {};
  const flagsAt = {};
  for (const [name, m] of Object.entries(merchants.factions || {})) {
    const colour = pieceColour(name, view, catalog);
    const faction = factionName(name, catalog);
    if (m.dock && centres[m.dock]) {
      const [x, y] = centres[m.dock];
      const title = interpolate(gettext("Dock of the %(faction)s"), { faction });
      layer.append(
        s("circle", { class: "dock-disc", cx: x - W * 0.3, cy: y - R * 0.05, r: 5.2 }, s("title", {}, title)),
        s("text", { class: "dock-marker", x: x - W * 0.3, y: y + 3, "text-anchor": "middle" }, "⚓"),
      );
    }
    for (const hex of m.ships || []) (shipsAt[hex] = shipsAt[hex] || []).push([colour, faction]);
    for (const hex of m.traded || []) (flagsAt[hex] = flagsAt[hex] || []).push([colour, faction]);
  }
  for (const [hex, ships] of Object.entries(shipsAt)) {
    const at = centres[hex];
    if (!at) continue;
    // A ship that ended its move on a building waits to the building's right, not over it.
    const onLand = !hex.startsWith("r");
    const [x, y] = onLand ? [at[0] + W * 0.3, at[1] + R * 0.35] : [at[0], at[1] + 1];
    ships.forEach(([colour, faction], i) => {
      const dx = (i - (ships.length - 1) / 2) * 9;
      layer.append(piece(SHIP, colour, x + dx, y, interpolate(gettext("Ship of the %(faction)s"), { faction }), " ship", hex));
    });
  }
  for (const [hex, flags] of Object.entries(flagsAt)) {
    const at = centres[hex];
    if (!at) continue;
    flags.forEach(([colour, faction], i) => {
      const x = at[0] - W * 0.3 + i * 6;
      layer.append(piece(FLAG, colour, x, at[1] + R * 0.62, interpolate(gettext("Trade marker of the %(faction)s"), { faction }), " trade-marker", hex));
    });
  }
  return layer;
}

export function changedHexes(before, after) {
  const out = new Set();
  if (!before || !after) return out;
  for (const [hex, cell] of Object.entries(after.map || {})) {
    const old = before.map[hex] || {};
    if (old.terrain !== cell.terrain || old.building !== cell.building || old.owner !== cell.owner || !!old.town !== !!cell.town) {
      out.add(hex);
    }
  }
  return out;
}
