// The Mythotopia map as SVG: provinces as labelled nodes at the positions of the layout file
// (UI data, web/static/web/data/mythotopia-layout.json), borders and sea coasts as lines,
// roads and wars over them, and each province's owner, building, castle, dragon, runestone,
// armies and ships. Each province and sea is tapped through a transparent area larger than
// what is drawn: at the map's smallest size (640 px wide on a phone) it is 44 px or more.

import { s } from "../../web/js/api.js";
import { gettext, interpolate } from "../../web/js/i18n.js";

const RADIUS = 26;
// Provinces are at least 77 units apart: hit areas of this radius never overlap.
const HIT_RADIUS = 38;

function colourOf(view, seat) {
  const row = view.seats && view.seats[String(seat)];
  return row ? row.colour : "neutral";
}

// The players' colours in words, for the texts (class names keep the engine's ids).
const COLOUR_NAMES = {
  red: gettext("red"), blue: gettext("blue"), yellow: gettext("yellow"), green: gettext("green"),
};
const BUILDINGS = { village: gettext("village"), city: gettext("city"), citadel: gettext("citadel") };

export function colourName(colour) {
  return COLOUR_NAMES[colour] || colour;
}

function line(a, b, cls) {
  return s("line", { x1: a[0], y1: a[1], x2: b[0], y2: b[1], class: cls });
}

function buildingMark(place, x, y) {
  if (!place.building) return null;
  const letter = { village: "v", city: "C", citadel: "★" }[place.building] || place.building[0];
  return s("text", { x, y: y - 6, class: `myth-building b-${place.building}` }, letter);
}

function pieces(counts, view, x, y, cls) {
  // One small marker per player with pieces here, the count inside it.
  const entries = Object.entries(counts || {}).filter(([, n]) => n > 0);
  return entries.map(([seat, n], i) =>
    s("g", { class: `${cls} seat-${colourOf(view, seat)}` },
      s("rect", { x: x - 9 + (i - (entries.length - 1) / 2) * 20, y: y, width: 18, height: 14, rx: 3 }),
      s("text", { x: x + (i - (entries.length - 1) / 2) * 20, y: y + 11 }, String(n))));
}

export function describeProvince(name, board, place, view) {
  const info = board.provinces[name];
  const parts = [name];
  parts.push(place.owner ? interpolate(gettext("owned by %(colour)s"), { colour: colourName(colourOf(view, place.owner)) })
    : interpolate(gettext("neutral strength %(n)s"), { n: info.neutral }));
  parts.push(interpolate(gettext("symbol: %(symbol)s"), { symbol: (board.symbols || {})[info.symbol] || info.symbol }));
  if (place.building) parts.push(BUILDINGS[place.building] || place.building);
  if (place.castle) parts.push(gettext("castle"));
  if (place.dragon) parts.push(gettext("dragon (+4 strength)"));
  if (place.runestone) parts.push(gettext("runestone"));
  if (info.rough) parts.push(gettext("rough terrain"));
  if (info.island) parts.push(gettext("island"));
  const armies = Object.entries(place.armies || {}).map(([seat, n]) => `${colourName(colourOf(view, seat))} ${n}`);
  if (armies.length) parts.push(interpolate(gettext("armies: %(list)s"), { list: armies.join(", ") }));
  const war = (view.wars || []).find((w) => w.province === name);
  if (war) {
    // The engine names the neutral party "0"; the players by their seats.
    const sides = Object.entries(war.strength).map(([party, n]) => `${party === "0" ? gettext("neutral") : colourName(colourOf(view, party))} ${n}`);
    parts.push(interpolate(gettext("war: %(sides)s"), { sides: sides.join(" vs ") }));
  }
  return parts.join(" · ");
}

export function describeSea(sea, ships, view) {
  const fleets = Object.entries(ships || {}).filter(([, n]) => n > 0).map(([seat, n]) => `${colourName(colourOf(view, seat))} ${n}`);
  return fleets.length ? `${sea} · ${interpolate(gettext("ships: %(list)s"), { list: fleets.join(", ") })}` : sea;
}

function clickable(node, name, onSelect) {
  node.addEventListener("click", () => onSelect(name));
  node.addEventListener("keydown", (event) => {
    if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      onSelect(name);
    }
  });
  return node;
}

export function drawMap({ layout, board, view, legalPlaces, selected, onSelect }) {
  const pos = layout.positions;
  const svg = s("svg", {
    viewBox: `0 0 ${layout.width} ${layout.height}`,
    class: "myth-svg",
    role: "img",
    "aria-label": gettext("Map of Mythotopia"),
  });
  const lines = s("g", { class: "myth-lines" });
  for (const [name, info] of Object.entries(board.provinces)) {
    for (const [other, kind] of Object.entries(info.borders)) {
      if (name < other && pos[other]) lines.append(line(pos[name], pos[other], kind === "normal" ? "border" : `border ${kind}`));
    }
  }
  for (const [sea, info] of Object.entries(board.seas)) {
    for (const coast of info.provinces) lines.append(line(pos[sea], pos[coast], "coast"));
    for (const other of info.seas) if (sea < other) lines.append(line(pos[sea], pos[other], "coast"));
  }
  for (const [a, b] of view.roads || []) lines.append(line(pos[a], pos[b], "road"));
  svg.append(lines);

  for (const [sea] of Object.entries(board.seas)) {
    const [x, y] = pos[sea];
    const classes = ["myth-sea", legalPlaces.has(sea) ? "legal" : "", selected === sea ? "selected" : ""];
    svg.append(clickable(s("g", { class: classes.join(" ").trim(), "data-sea": sea, tabindex: "0", role: "button",
      "aria-label": describeSea(sea, (view.ships || {})[sea], view) },
      s("ellipse", { cx: x, cy: y, rx: 62, ry: 36, class: "hit" }),
      s("ellipse", { cx: x, cy: y, rx: 48, ry: 20 }),
      s("text", { x, y: y + 4, class: "label" }, sea),
      pieces((view.ships || {})[sea], view, x, y + 14, "myth-ships")), sea, onSelect));
  }

  const wars = new Set((view.wars || []).map((w) => w.province));
  for (const [name, info] of Object.entries(board.provinces)) {
    const [x, y] = pos[name];
    const place = (view.provinces || {})[name] || {};
    const owner = place.owner ? colourOf(view, place.owner) : "neutral";
    const classes = ["myth-province", `seat-${owner}`];
    if (wars.has(name)) classes.push("war");
    if (legalPlaces.has(name)) classes.push("legal");
    if (selected === name) classes.push("selected");
    if (info.rough) classes.push("rough");
    const node = s("g", { class: classes.join(" "), "data-province": name, tabindex: "0", role: "button",
      "aria-label": describeProvince(name, board, place, view) },
      s("circle", { cx: x, cy: y, r: HIT_RADIUS, class: "hit" }),
      s("circle", { cx: x, cy: y, r: RADIUS, class: "land" }),
      place.castle ? s("circle", { cx: x, cy: y, r: RADIUS + 4, class: "castle" }) : null,
      buildingMark(place, x, y),
      place.dragon ? s("text", { x: x + RADIUS - 4, y: y - RADIUS + 10, class: "myth-dragon" }, "▲") : null,
      place.runestone ? s("text", { x: x - RADIUS + 4, y: y - RADIUS + 10, class: "myth-runestone" }, "◆") : null,
      s("text", { x, y: y + 8, class: "neutral-strength" }, place.owner ? "" : String(info.neutral)),
      s("text", { x, y: y + RADIUS + 13, class: "label" }, name),
      pieces(place.armies, view, x, y - RADIUS - 14, "myth-armies"));
    svg.append(clickable(node, name, onSelect));
  }
  return svg;
}

// A map wider than its frame (a phone) scrolls sideways: the hint says so while there is more
// to see, and the frame's edges are shaded on the side that hides some.
export function watchScroll(frame, hint) {
  if (!frame) return;
  const update = () => {
    const more = frame.scrollWidth - frame.clientWidth;
    frame.classList.toggle("more-left", frame.scrollLeft > 4);
    frame.classList.toggle("more-right", frame.scrollLeft < more - 4);
    if (hint) hint.hidden = more <= 4;
  };
  frame.addEventListener("scroll", update, { passive: true });
  window.addEventListener("resize", update);
  new MutationObserver(update).observe(frame, { childList: true });
  update();
}
