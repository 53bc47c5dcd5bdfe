// Everything around the map: faction panels, cult board, tiles and actions, ledger.

import { gettext, interpolate, ngettext, pgettext } from "../../web/js/i18n.js";
import { h } from "../../web/js/api.js";
import { CULT_NAMES, factionName, powerActionCost } from "./commands.js";

const BUILDINGS = ["D", "TP", "TE", "SH", "SA"];
// The buildings' short names on the faction panels.
const BUILDING_LABELS = {
  D: pgettext("building", "D"),
  TP: pgettext("building", "TP"),
  TE: pgettext("building", "TE"),
  SH: pgettext("building", "SH"),
  SA: pgettext("building", "SA"),
};
// The resources' short names, as the faction panels and the ledger head them.
export const RES_LABELS = {
  C: pgettext("resource", "C"),
  W: pgettext("resource", "W"),
  P: pgettext("resource", "P"),
  PW: pgettext("resource", "PW"),
  VP: pgettext("resource", "VP"),
  SPADE: gettext("spade"),
};
// What a faction still has to use from an action (the state's "pending"), in words.
const PENDING = {
  spades: (n) => ngettext("%(n)s spade", "%(n)s spades", n),
  cult_steps: (n) => ngettext("%(n)s cult step", "%(n)s cult steps", n),
  favor_tiles: (n) => ngettext("%(n)s favor tile", "%(n)s favor tiles", n),
  town_tiles: (n) => ngettext("%(n)s town tile", "%(n)s town tiles", n),
  bridges: (n) => ngettext("%(n)s bridge", "%(n)s bridges", n),
  free_dwellings: (n) => ngettext("%(n)s free dwelling", "%(n)s free dwellings", n),
  free_trading_houses: (n) => ngettext("%(n)s free trading house", "%(n)s free trading houses", n),
  worker_to_priest: (n) => ngettext("%(n)s worker into a priest", "%(n)s workers into priests", n),
};

function chip(text, title) {
  return h("span", { class: "tile-chip", title: title || null }, text);
}

function incomeText(income) {
  const parts = Object.entries(income || {})
    .filter(([, n]) => n)
    .map(([res, n]) => `+${n} ${RES_LABELS[res] || res}`);
  return parts.length ? parts.join(" ") : "–";
}

// Yucata's virtual final scoring: what the final scoring would add if the game ended now.
function projectedRow(p) {
  if (!p) return null;
  const parts = interpolate(gettext("cults +%(cults)s, network +%(network)s, resources +%(resources)s"), p);
  const steps = interpolate(gettext("burn %(burned)s; %(power_to_coins)s power, %(priests_to_coins)s priests, %(workers_to_coins)s workers into coins; %(coins_to_vp)s coins into %(resources)s VP"), p);
  const title = interpolate(gettext("If the game ended now: %(parts)s. Resources: %(steps)s"), { parts, steps });
  return h("div", { class: "res-row projected", title },
    h("span", { class: "label" }, `${gettext("if it ended now")} `), h("b", {}, p.total), h("span", { class: "muted" }, ` ${RES_LABELS.VP} (${parts})`));
}

export function factionOrder(view) {
  const order = (view.turn_order && view.turn_order.length ? view.turn_order : view.seat_order) || [];
  const rest = Object.keys(view.factions || {}).filter((f) => !order.includes(f));
  return [...order, ...rest];
}

export function formatDuration(seconds) {
  const s = Math.max(0, Math.floor(seconds));
  const d = Math.floor(s / 86400);
  const h = Math.floor((s % 86400) / 3600);
  const m = Math.floor((s % 3600) / 60);
  if (d) return `${d}d ${h}h`;
  if (h) return `${h}h ${m}m`;
  return `${m}m`;
}

function clockText(clock, since) {
  if (!clock) return null;
  const elapsed = clock.running ? (Date.now() - since) / 1000 : 0;
  const left = clock.time_left - elapsed;
  return h("span", { class: `res clock${clock.running ? " running" : ""}`, title: clock.running ? gettext("time left, running") : gettext("time left") },
    h("span", { class: "label" }, `${gettext("time")} `), h("b", {}, formatDuration(left)));
}

export function renderFactions(container, view, { catalog, mySeat, clocks = {}, clocksAt = Date.now() }) {
  const usernames = {};
  for (const p of view.players || []) if (p.faction) usernames[p.faction] = p.username;
  const acting = new Set((view.waiting_for || []).filter((d) => d.kind !== "leech").map((d) => d.actor));
  const offered = new Set((view.waiting_for || []).filter((d) => d.kind === "leech").map((d) => d.actor));
  const panels = [];
  for (const name of factionOrder(view)) {
    const f = view.factions[name];
    if (!f) continue;
    const mine = mySeat && f.seat === mySeat;
    const badges = [];
    if (mine) badges.push(h("span", { class: "badge" }, gettext("you")));
    if (acting.has(name)) badges.push(h("span", { class: "badge turn" }, gettext("to act")));
    else if (offered.has(name)) badges.push(h("span", { class: "badge offer", title: gettext("a power offer is waiting for an answer") }, gettext("power offer")));
    if (f.passed) badges.push(h("span", { class: "badge passed" }, gettext("passed")));
    if (f.dropped) badges.push(h("span", { class: "badge" }, gettext("dropped")));
    const left = BUILDINGS.map((b) =>
      h("span", { class: "res", title: interpolate(gettext("%(building)s: %(left)s of %(supply)s left to build"), { building: catalog.buildings[b], left: f.buildings_left[b], supply: catalog.supply[b] }) },
        h("span", { class: "label" }, BUILDING_LABELS[b]), " ", h("b", {}, f.buildings_left[b])),
    );
    const tiles = [];
    if (f.bonus_tile) tiles.push(chip(f.bonus_tile, (catalog.bonus[f.bonus_tile] || {}).text));
    for (const t of f.favor_tiles || []) tiles.push(chip(t, (catalog.favor[t] || {}).text));
    for (const t of f.town_tiles || []) tiles.push(chip(t, (catalog.town[t] || {}).text));
    if (f.pass_vp && !f.passed && !view.finished) tiles.push(h("span", { class: "pass-vp", title: interpolate(gettext("VP for passing now (%(tile)s)"), { tile: f.bonus_tile }) }, interpolate(gettext("pass +%(vp)s VP"), { vp: f.pass_vp })));
    const pending = Object.entries(f.pending || {}).map(([k, n]) => (PENDING[k] ? interpolate(PENDING[k](n), { n }) : `${k.replace(/_/g, " ")}: ${n}`));
    // BON4 adds a shipping level for the round it is held (not for the Dwarves or Fakirs).
    const shipBonus = f.shipping_max && !f.passed ? (catalog.bonus[f.bonus_tile] || {}).shipping || 0 : 0;
    const user = usernames[name] || f.player || "";
    panels.push(
      h("article", { class: `faction-panel faction-${name}${acting.has(name) ? " acting" : ""}`, "data-faction": name, "aria-label": interpolate(gettext("%(faction)s, %(vp)s VP"), { faction: factionName(name, catalog), vp: f.VP }) },
        h("header", {},
          h("h3", {}, h("span", { class: "swatch" }), " ", factionName(name, catalog), homeBadge(name, f, catalog)),
          h("span", { class: "vp" }, interpolate(gettext("%(vp)s VP"), { vp: f.VP }))),
        h("div", { class: "player" }, usernames[name] ? h("a", { href: `/players/${encodeURIComponent(user)}/` }, user) : user, ` · ${interpolate(gettext("seat %(seat)s"), { seat: f.seat })} `, ...badges, " ", clockText(clocks[f.seat], clocksAt)),
        h("div", { class: "res-row" },
          h("span", { class: "res", title: gettext("coins") }, h("span", { class: "label" }, RES_LABELS.C), " ", h("b", {}, f.C)),
          h("span", { class: "res", title: gettext("workers") }, h("span", { class: "label" }, RES_LABELS.W), " ", h("b", {}, f.W)),
          h("span", { class: "res", title: gettext("priests") }, h("span", { class: "label" }, RES_LABELS.P), " ", h("b", {}, f.P)),
          h("span", { class: "res", title: gettext("power in bowls I, II and III") }, h("span", { class: "label" }, `${RES_LABELS.PW} `),
            h("span", { class: "bowls" }, h("span", { class: "bowl" }, f.PW[0]), h("span", { class: "bowl" }, f.PW[1]), h("span", { class: "bowl b3" }, f.PW[2])))),
        h("div", { class: "res-row", "aria-label": gettext("Buildings left to build") }, h("span", { class: "label muted" }, gettext("left:")), ...left),
        h("div", { class: "res-row" },
          f.shipping_max ? h("span", { class: "res ship", title: shipBonus ? interpolate(gettext("shipping %(level)s, +%(bonus)s from %(tile)s this round"), { level: f.shipping, bonus: shipBonus, tile: f.bonus_tile }) : gettext("shipping level") }, h("span", { class: "label" }, `${gettext("ship")} `), h("b", {}, f.shipping + shipBonus), shipBonus ? h("span", { class: "muted" }, ` (${f.shipping}+${shipBonus})`) : null, `/${f.shipping_max}`) : null,
          h("span", { class: "res" }, h("span", { class: "label" }, `${gettext("dig")} `), h("b", {}, f.digging), `/${f.digging_max}`),
          f.teleport_range !== null && f.teleport_range !== undefined ? h("span", { class: "res" }, h("span", { class: "label" }, `${gettext("range")} `), h("b", {}, f.teleport_range)) : null,
          h("span", { class: "res", title: gettext("town keys") }, h("span", { class: "label" }, `${gettext("keys")} `), h("b", {}, f.keys)),
          h("span", { class: "res", title: gettext("largest connected network") }, h("span", { class: "label" }, `${gettext("network")} `), h("b", {}, f.network))),
        tiles.length ? h("div", { class: "res-row" }, ...tiles) : null,
        merchantsRow(view, name),
        view.round < 6 && !view.finished ? h("div", { class: "res-row income", title: gettext("What this faction receives at the next income, as Yucata shows it") }, h("span", { class: "label" }, `${gettext("next income")} `), incomeText(f.income)) : null,
        projectedRow(view.projected_final && view.projected_final[name]),
        pending.length ? h("div", { class: "res-row muted" }, `${gettext("pending:")} ${pending.join(", ")}`) : null,
        factionDetails(name, f, catalog),
      ),
    );
  }
  const auction = auctionPanel(view, catalog);
  if (auction) panels.unshift(auction);
  if (panels.length <= (auction ? 1 : 0)) {
    for (const p of view.players || []) {
      panels.push(h("article", { class: "faction-panel" }, h("header", {}, h("h3", {}, p.username)), h("div", { class: "player" }, `${interpolate(gettext("seat %(seat)s"), { seat: p.seat })} · ${gettext("choosing a faction")} `, clockText(clocks[p.seat], clocksAt))));
    }
  }
  container.replaceChildren(...panels);
}

// The faction auction: the factions offered, who holds or took each, at what bid, and the
// bid running now (shown until the first round starts).
function auctionPanel(view, catalog) {
  const a = view.auction;
  if (!a || !a.kind || view.round) return null;
  const seatName = (seat) => {
    const p = (view.players || []).find((x) => x.seat === seat);
    return p ? p.username : interpolate(gettext("seat %(seat)s"), { seat });
  };
  const rows = a.factions.map((name) => {
    let state;
    if (name in a.paid) state = interpolate(gettext("taken for %(bid)s VP, position %(n)s"), { bid: a.paid[name], n: a.positions[name] });
    else if (name in a.holder) state = interpolate(gettext("%(player)s bids %(bid)s VP"), { player: seatName(a.holder[name]), bid: a.bids[name] });
    else state = gettext("open");
    return h("li", { "data-faction": name }, h("b", {}, factionName(name, catalog)), ` · ${state}`);
  });
  const running = [];
  if (a.kind === "faction-auction" && a.leader !== null && a.leader !== undefined) {
    running.push(h("p", { class: "auction-bid" }, interpolate(gettext("Highest bid: %(bid)s VP by %(player)s"), { bid: a.bid, player: seatName(a.leader) })));
  }
  if (a.passed && a.passed.length) {
    running.push(h("p", { class: "muted" }, interpolate(gettext("Passed in this auction: %(players)s"), { players: a.passed.map(seatName).join(", ") })));
  }
  const title = a.kind === "fast-auction" ? gettext("Fast faction auction") : gettext("Faction auction");
  return h("article", { class: "faction-panel auction-panel", id: "auction-panel" },
    h("header", {}, h("h3", {}, title)),
    h("p", { class: "muted" }, gettext("Every player starts with 40 VP and pays the bid.")),
    h("ul", {}, ...rows), ...running);
}

const SOURCE_ORDER = ["start", "round scoring", "town", "favor tiles", "bonus tiles", "advances", "faction", "dig", "leech", "cults", "network", "resources"];
// The engine's names of VP sources, in words of the page's language.
const SOURCE_NAMES = {
  start: gettext("start"),
  "round scoring": gettext("round scoring"),
  town: gettext("town"),
  "favor tiles": gettext("favor tiles"),
  "bonus tiles": gettext("bonus tiles"),
  advances: gettext("advances"),
  faction: gettext("faction"),
  dig: gettext("digging"),
  leech: gettext("power offers"),
  cults: gettext("cults"),
  network: gettext("network"),
  resources: gettext("resources"),
};

// Fire & Ice factions pick a home colour in play: show it (and the colours unlocked) by name.
// Merchants of the Seas: ships on the map and in the supply, trade markers left.
function merchantsRow(view, name) {
  const m = view.merchants && view.merchants.factions[name];
  if (!m) return null;
  const onMap = m.ships.length;
  return h(
    "div",
    { class: "res-row merchants-row" },
    h("span", { class: "res", title: gettext("ships on the map / in the supply") }, h("span", { class: "label" }, `${gettext("ships")} `), h("b", {}, onMap), `/${3 - onMap - m.ships_to_place}`),
    h("span", { class: "res", title: gettext("trade markers left (of 15)") }, h("span", { class: "label" }, `${gettext("trade markers")} `), h("b", {}, m.trade_markers_left)),
    m.dock ? null : h("span", { class: "res muted" }, gettext("no dock yet")),
  );
}

function homeBadge(name, f, catalog) {
  const info = catalog.factions[name] || {};
  if (!info.chosen_home) return null;
  const picked = f.color && f.color !== info.color ? f.color : null;
  const terrain = (c) => catalog.terrains[c] || c;
  const text = picked ? interpolate(gettext("home: %(terrain)s"), { terrain: terrain(picked) }) : gettext("home not chosen yet");
  const unlocked = (f.unlocked || []).map(terrain);
  return h("span", { class: "home-badge", "data-home": picked || "" },
    " ", picked ? h("span", { class: `swatch terrain-swatch-${picked}` }) : null, ` ${text}`,
    unlocked.length ? ` · ${interpolate(gettext("unlocked: %(list)s"), { list: unlocked.join(", ") })}` : "");
}

function costLine(info) {
  const names = { D: gettext("dwelling"), TP: gettext("trading house"), TE: gettext("temple"), SH: gettext("stronghold"), SA: gettext("sanctuary") };
  return Object.entries(info.costs || {}).map(([b, cost]) => `${names[b] || b} ${cost}`).join("; ");
}

// What a faction can do and where its VP came from: readable without hovering, on a phone too.
function factionDetails(name, f, catalog) {
  const info = catalog.factions[name] || {};
  const tileLines = [];
  const tileText = (id, table) => h("li", {}, h("b", {}, id), " ", (table[id] || {}).text || "");
  if (f.bonus_tile) tileLines.push(tileText(f.bonus_tile, catalog.bonus));
  for (const t of f.favor_tiles || []) tileLines.push(tileText(t, catalog.favor));
  for (const t of f.town_tiles || []) tileLines.push(tileText(t, catalog.town));
  const sources = Object.entries(f.vp_by_source || {})
    .sort(([a], [b]) => (SOURCE_ORDER.indexOf(a) + 99) % 99 - (SOURCE_ORDER.indexOf(b) + 99) % 99);
  const built = f.buildings && f.buildings.SH > 0;
  return h("details", { class: "faction-more" },
    h("summary", {}, gettext("Abilities, tiles and VP")),
    info.ability ? h("p", {}, h("b", {}, `${gettext("Ability")}: `), info.ability) : null,
    info.stronghold ? h("p", {}, h("b", {}, built ? `${gettext("Stronghold (built)")}: ` : `${gettext("Stronghold")}: `), info.stronghold) : null,
    info.stronghold_action ? h("p", {}, h("b", {}, `${gettext("Stronghold action")}: `), info.stronghold_action) : null,
    info.costs ? h("p", { class: "costs" }, h("b", {}, `${gettext("Costs")}: `), costLine(info)) : null,
    tileLines.length ? h("ul", { class: "tile-lines" }, ...tileLines) : null,
    f.pass_vp ? h("p", {}, h("b", {}, `${gettext("Passing now")}: `), interpolate(gettext("+%(vp)s VP from %(tile)s"), { vp: f.pass_vp, tile: f.bonus_tile })) : null,
    sources.length ? h("table", { class: "vp-sources", "aria-label": gettext("VP by source") },
      h("tbody", {}, ...sources.map(([source, vp]) => h("tr", {}, h("th", { scope: "row" }, SOURCE_NAMES[source] || source), h("td", { class: "num" }, vp))))) : null);
}

export function renderCults(container, view, { catalog, options, onChoose }) {
  const rewards = Object.fromEntries(catalog.cult_power.map(([level, pw]) => [level, pw]));
  const tracks = [];
  for (const track of catalog.cults) {
    const board = (view.cult_board || {})[track] || { positions: {}, priests: [] };
    const levels = [];
    for (let level = 10; level >= 0; level -= 1) {
      const tokens = Object.entries(board.positions)
        .filter(([name, pos]) => pos === level && view.factions[name])
        .map(([name]) =>
          h("span", { class: `cult-token faction-${name}`, title: `${factionName(name, catalog)}: ${level}` }, factionName(name, catalog).charAt(0)),
        );
      levels.push(
        h("div", { class: `cult-level${level === 10 ? " top" : ""}` },
          h("span", { class: "lvl" }, level, level === 10 ? h("sup", { class: "key-mark", title: gettext("needs a town key") }, pgettext("town key, short", "k")) : null),
          h("span", { class: "tokens" }, ...tokens),
          rewards[level] ? h("span", { class: "reward", title: interpolate(gettext("%(n)s power on reaching %(level)s"), { n: rewards[level], level }) }, `+${rewards[level]}`, h("span", { class: "unit" }, ` ${RES_LABELS.PW}`)) : null),
      );
    }
    const slots = catalog.cult_spaces.map((value, i) => {
      const owner = board.priests[i];
      const steps = interpolate(ngettext("%(n)s step", "%(n)s steps", value), { n: value });
      const title = owner ? interpolate(gettext("Priest of the %(faction)s (%(steps)s)"), { faction: factionName(owner, catalog), steps }) : steps;
      return h("div", { class: `priest-slot${owner ? ` taken faction-${owner}` : ""}`, title }, value);
    });
    const choices = options.filter((o) => o.track === track);
    tracks.push(
      h("section", { class: `cult-track cult-${track}${choices.length ? " legal" : ""}`, "aria-label": interpolate(gettext("%(track)s cult track"), { track: CULT_NAMES[track] }) },
        h("h3", {}, CULT_NAMES[track].toUpperCase()),
        ...levels,
        h("div", { class: "priest-slots", "aria-label": gettext("Priest spaces") }, ...slots),
        choices.length ? h("button", { type: "button", class: "cult-action", onclick: (e) => onChoose(choices, interpolate(gettext("%(track)s cult"), { track: CULT_NAMES[track] }), e.currentTarget) }, choices.length === 1 ? choices[0].label : interpolate(ngettext("%(n)s choice…", "%(n)s choices…", choices.length), { n: choices.length })) : null),
    );
  }
  container.replaceChildren(h("div", { class: "cult-board" }, ...tracks));
}

function tileButton(legal, attrs, ...children) {
  if (legal) return h("button", { type: "button", class: `tile legal ${attrs.class || ""}`, title: attrs.title, onclick: attrs.onclick, "aria-label": attrs.label, "data-row": attrs.row }, ...children);
  return h("div", { class: `tile ${attrs.class || ""}`, title: attrs.title, onclick: attrs.explain || null }, ...children);
}

export function renderTiles(container, view, { catalog, optionFor, onPick, onExplain = null, faction = null }) {
  // A click on a tile that cannot be taken now says why, next to it.
  const why = (row) => (onExplain ? (event) => onExplain(row, event.currentTarget) : null);
  const round = view.round || 0;
  const scoring = (view.scoring_tiles || []).map((t) =>
    h("div", { class: `tile${t.current ? " current" : ""}${round > t.round && !t.current ? " past" : ""}`, title: (catalog.scoring[t.id] || {}).bonus, "data-tile": t.id },
      h("span", { class: "id" }, interpolate(gettext("R%(round)s"), { round: t.round })), " ", (catalog.scoring[t.id] || {}).text || t.text,
      h("span", { class: "text" }, (catalog.scoring[t.id] || {}).bonus || ""),
      t.current ? h("span", { class: "visually-hidden" }, ` ${gettext("(current round)")}`) : null),
  );
  const holders = {};
  for (const [name, f] of Object.entries(view.factions || {})) if (f.bonus_tile) holders[f.bonus_tile] = name;
  const bonusIds = [...new Set([...Object.keys(view.bonus_tiles || {}), ...Object.keys(holders)])].sort((a, b) => Number(a.slice(3)) - Number(b.slice(3)));
  const bonus = bonusIds.map((id) => {
    const info = (view.bonus_tiles || {})[id];
    const holder = holders[id];
    const option = optionFor(`pass ${id}`) || optionFor(`pass ${id.toLowerCase()}`);
    return tileButton(!!option, {
      class: holder ? "held" : "",
      title: (catalog.bonus[id] || {}).text,
      label: option ? option.label : null,
      row: option ? option.row : null,
      onclick: option ? () => onPick(option) : null,
      explain: why(view.round === 6 ? "pass" : `pass ${id}`),
    },
      h("span", { class: "id" }, id),
      info && info.coins ? h("span", { class: "coins", title: interpolate(ngettext("%(n)s coin on it", "%(n)s coins on it", info.coins), { n: info.coins }) }, `${info.coins}${RES_LABELS.C}`) : null,
      h("span", { class: "text" }, (catalog.bonus[id] || {}).text || ""),
      holder ? h("span", { class: `owner faction-${holder}` }, h("span", { class: "swatch" }), " ", factionName(holder, catalog)) : null);
  });
  const favor = Object.entries(view.favor_tiles || {}).map(([id, n]) => {
    const option = optionFor(`+${id}`);
    return tileButton(!!option, { class: n ? "" : "none-left", title: (catalog.favor[id] || {}).text, label: option ? option.label : null, row: option ? option.row : null, onclick: option ? () => onPick(option) : null, explain: why(`+${id}`) },
      h("span", { class: "id" }, id), h("span", { class: "count", title: interpolate(gettext("%(n)s left"), { n }) }, `×${n}`), h("span", { class: "text" }, (catalog.favor[id] || {}).text || ""));
  });
  const town = Object.entries(view.town_tiles || {}).map(([id, n]) => {
    const option = optionFor(`+${id}`);
    return tileButton(!!option, { class: n ? "" : "none-left", title: (catalog.town[id] || {}).text, label: option ? option.label : null, row: option ? option.row : null, onclick: option ? () => onPick(option) : null, explain: why(`+${id}`) },
      h("span", { class: "id" }, id), h("span", { class: "count", title: interpolate(gettext("%(n)s left"), { n }) }, `×${n}`), h("span", { class: "text" }, (catalog.town[id] || {}).text || ""));
  });
  const actions = Object.entries(view.power_actions || {}).map(([id, used]) => {
    const option = optionFor(`action ${id}`);
    const info = catalog.power_actions[id] || {};
    // Payable only after burning power: marked, with the tokens to burn.
    const burn = option && option.burn ? h("span", { class: "needs-burn-note" }, interpolate(gettext("burn %(n)s"), { n: option.burn })) : null;
    return tileButton(!!option, { class: `${used ? "used" : ""}${burn ? " needs-burn" : ""}`, title: info.text, label: option ? option.label : null, row: option ? option.row : null, onclick: option ? () => onPick(option) : null, explain: why(`action ${id}`) },
      h("span", { class: "id" }, id), ` ${powerActionCost(id, catalog, faction)} ${RES_LABELS.PW}`, burn,
      used ? h("span", { class: "used-note" }, gettext("used")) : null, h("span", { class: "text" }, info.text || ""));
  });
  // "BON1/darklings": the tile or action, and who used it.
  const special = (view.used_special_actions || []).map((a) => {
    const [id, owner] = a.split("/");
    return chip(owner ? `${id} (${factionName(owner, catalog)})` : id);
  });
  const parts = [
    h("h3", {}, gettext("Round scoring")), h("div", { class: "tile-grid scoring-tiles" }, ...scoring),
    h("h3", {}, gettext("Power actions")), h("div", { class: "tile-grid power-actions" }, ...actions),
    special.length ? h("p", { class: "muted" }, `${gettext("Special actions used this round:")} `, ...special) : null,
    h("h3", {}, gettext("Bonus tiles")), h("div", { class: "tile-grid bonus-tiles" }, ...bonus),
    h("h3", {}, gettext("Favor tiles left")), h("div", { class: "tile-grid favor-tiles" }, ...favor),
    h("h3", {}, gettext("Town tiles left")), h("div", { class: "tile-grid town-tiles" }, ...town),
  ];
  container.replaceChildren(...parts.filter(Boolean));
}
