// The ledger: one line per ledger row as terra.snellman.net shows it (resources after each row
// and the change), filtered by faction and round, each line a way into the game's history.

import { gettext, interpolate, ngettext } from "../../web/js/i18n.js";
import { h } from "../../web/js/api.js";
import { CULT_NAMES, factionName } from "./commands.js";
import { RES_LABELS } from "./panels.js";

// Rows the engine writes itself, in words.
const ENGINE_ROWS = {
  setup: gettext("chose this faction"),
  wait: gettext("waited"),
  cult_income_for_faction: gettext("income: cult bonus of the round"),
  other_income_for_faction: gettext("income: buildings, bonus and favor tiles"),
  score_resources: gettext("final scoring: resources into VP"),
  "[opponent accepted power]": gettext("an opponent took power: one cult step"),
  "[all opponents declined power]": gettext("every opponent declined: 1 power"),
};

export function engineLabel(command) {
  return ENGINE_ROWS[(command || "").trim()] || null;
}

const ROUND = /^Round (\d+) income$/;

// The engine's comment rows (English, terra.snellman.net's words), in the page's language;
// "player2" (a seat before it has a faction) by the player's name. Other comments (imported
// games) stay as written.
function commentText(comment, { catalog, players = [], options = {} }) {
  const player = (seat) => {
    const p = players.find((x) => x.seat === Number(seat));
    return p ? p.username : interpolate(gettext("seat %(seat)s"), { seat });
  };
  const faction = (name) => factionName(name, catalog);
  const tile = (id) => ((catalog.scoring || {})[id] || {}).text || "";
  const rules = [
    [/^Round (\d+) income$/, (m) => interpolate(gettext("Round %(n)s income"), { n: m[1] })],
    [/^Round (\d+), turn (\d+)$/, (m) => interpolate(gettext("Round %(n)s, turn %(turn)s"), { n: m[1], turn: m[2] })],
    [/^player(\d+) bids (\d+)$/, (m) => interpolate(gettext("%(player)s bids %(n)s VP"), { player: player(m[1]), n: m[2] })],
    [/^player(\d+) passes$/, (m) => interpolate(gettext("%(player)s passes"), { player: player(m[1]) })],
    [/^player(\d+) bids (\d+) for (\w+)$/, (m) => interpolate(gettext("%(player)s bids %(n)s VP for the %(faction)s"), { player: player(m[1]), n: m[2], faction: faction(m[3]) })],
    [/^player(\d+) is outbid for (\w+)$/, (m) => interpolate(gettext("%(player)s is outbid for the %(faction)s"), { player: player(m[1]), faction: faction(m[2]) })],
    [/^(\w+) dropped from the game$/, (m) => interpolate(gettext("The %(faction)s left the game"), { faction: faction(m[1]) })],
    [/^option (\S+)$/, (m) => interpolate(gettext("Option: %(option)s"), { option: options[m[1]] || m[1] })],
    [/^Round (\d+) scoring: (\w+), .*$/, (m) => interpolate(gettext("Round %(n)s scoring: %(tile)s, %(text)s"), { n: m[1], tile: m[2], text: tile(m[2]) })],
    [/^Removing tile (\w+)$/, (m) => interpolate(gettext("Tile %(tile)s is out of the game"), { tile: m[1] })],
    [/^Player (\d+): (.+)$/, (m) => interpolate(gettext("Seat %(n)s: %(name)s"), { n: m[1], name: m[2] })],
    [/^Added final scoring tile: (\S+)$/, (m) => interpolate(gettext("Final scoring tile: %(tile)s"), { tile: (catalog.final_tiles || {})[m[1]] || m[1] })],
    [/^Scoring (\w+) cult$/, (m) => interpolate(gettext("Scoring: %(track)s cult"), { track: CULT_NAMES[m[1]] || m[1] })],
    [/^Scoring network$/, () => gettext("Scoring: largest network")],
    [/^Scoring (\S+)$/, (m) => interpolate(gettext("Scoring: %(tile)s"), { tile: (catalog.final_tiles || {})[m[1]] || m[1] })],
    [/^Converting resources to VPs$/, () => gettext("Resources into VP")],
    [/^(\w+) place their dock on (\S+)$/, (m) => interpolate(gettext("The %(faction)s place their dock on %(hex)s"), { faction: faction(m[1]), hex: m[2] })],
    [/^(\w+) have no dock or shipyard: (\d+) ship\(s\) lost$/, (m) => interpolate(ngettext("The %(faction)s have no dock or shipyard: %(n)s ship lost", "The %(faction)s have no dock or shipyard: %(n)s ships lost", Number(m[2])), { faction: faction(m[1]), n: m[2] })],
    [/^(\w+) have no ship left in their supply: (\d+) lost$/, (m) => interpolate(ngettext("The %(faction)s have no ship left in their supply: %(n)s lost", "The %(faction)s have no ship left in their supply: %(n)s lost", Number(m[2])), { faction: faction(m[1]), n: m[2] })],
  ];
  for (const [pattern, text] of rules) {
    const m = pattern.exec(comment);
    if (m) return text(m);
  }
  return comment;
}

// Each ledger row with the round it belongs to (0 before the first income) and the faction's
// values before it.
export function ledgerLines(entries) {
  const lines = [];
  const last = {};
  let round = 0;
  for (const entry of entries) {
    for (const row of entry.rows || []) {
      if (row.comment !== undefined) {
        const m = row.comment.match(ROUND);
        if (m) round = Number(m[1]);
      }
      lines.push({ entry, row, round, before: row.faction ? last[row.faction] : undefined });
      if (row.faction && row.after) last[row.faction] = row.after;
    }
  }
  return lines;
}

// The end-of-game conversion of one faction step by step (as Yucata shows it): bowl II burnt,
// power, priests and workers into coins, coins into VP.
function conversionText(before, after) {
  if (!before || !after) return "";
  const bowls = before.PW || [0, 0, 0];
  const left = after.PW || [0, 0, 0];
  const burned = Math.max(Math.floor((bowls[1] - left[1]) / 2), 0);
  const power = bowls[2] + burned;
  const priests = (before.P || 0) - (after.P || 0);
  const workers = (before.W || 0) - (after.W || 0);
  const coins = (before.C || 0) + power + priests + workers;
  return interpolate(
    gettext("%(burned)s power burnt; %(power)s power, %(priests)s priests, %(workers)s workers into coins; %(spent)s of %(coins)s coins into +%(vp)s VP"),
    { burned, power, priests, workers, coins, spent: coins - (after.C || 0), vp: (after.VP || 0) - (before.VP || 0) },
  );
}

// The first move of each round: where "jump to a round" lands.
export function roundStarts(entries) {
  const starts = new Map([[0, 0]]);
  for (const { entry, row, round } of ledgerLines(entries)) {
    if (row.comment !== undefined && ROUND.test(row.comment) && !starts.has(round)) starts.set(round, entry.move_number);
  }
  return starts;
}

function deltaSpan(n) {
  if (!n) return null;
  return h("span", { class: "delta" }, n > 0 ? `+${n}` : `${n}`);
}

export function renderLedger(container, entries, { catalog, players = [], options = {}, factions = [], filters = {}, current = null, onShow = null, onFilter = null }) {
  const lines = ledgerLines(entries);
  // A seat acting before it has a faction ("player1" in an auction) by its player's name.
  const actor = (name) => {
    const m = /^player(\d+)$/.exec(name || "");
    const p = m ? players.find((x) => x.seat === Number(m[1])) : null;
    return p ? p.username : factionName(name, catalog);
  };
  const rounds = [...new Set(lines.map((l) => l.round))];
  const select = (name, label, options, value) =>
    h("label", {}, `${label} `,
      h("select", { name, onchange: (e) => onFilter && onFilter({ ...filters, [name]: e.target.value }) },
        ...options.map(([v, text]) => h("option", { value: v, selected: String(value ?? "") === String(v) }, text))));
  const bar = h("div", { class: "ledger-filters" },
    select("faction", gettext("Faction"), [["", gettext("all")], ...factions.map((f) => [f, factionName(f, catalog)])], filters.faction),
    select("round", gettext("Round"), [["", gettext("all")], ...rounds.map((r) => [r, r ? interpolate(gettext("round %(round)s"), { round: r }) : gettext("setup")])], filters.round));
  const rows = [];
  for (const { entry, row, round, before } of lines) {
    if (filters.round !== undefined && filters.round !== "" && String(round) !== String(filters.round)) continue;
    if (row.comment !== undefined) {
      if (!filters.faction) rows.push(h("tr", { class: "comment" }, h("td", { colspan: 9 }, commentText(row.comment, { catalog, players, options }))));
      continue;
    }
    if (filters.faction && row.faction !== filters.faction) continue;
    const a = row.after || {};
    const d = row.delta || {};
    const cult = a.cult || {};
    const label = engineLabel(row.command);
    const show = onShow
      ? h("a", { href: `?at=${entry.move_number}`, class: "show-move", title: interpolate(gettext("The board after move %(n)s"), { n: entry.move_number }),
        onclick: (e) => { e.preventDefault(); onShow(entry.move_number); } }, entry.move_number)
      : entry.move_number;
    rows.push(
      h("tr", { class: `faction-${row.faction}${current === entry.move_number ? " current" : ""}`, "data-move": entry.move_number },
        h("td", { class: "num muted" }, show),
        h("td", {}, h("span", { class: "swatch" }), " ", actor(row.faction)),
        h("td", { class: "num" }, a.VP, deltaSpan(d.VP)),
        h("td", { class: "num" }, a.C, deltaSpan(d.C)),
        h("td", { class: "num" }, a.W, deltaSpan(d.W)),
        h("td", { class: "num" }, a.P, deltaSpan(d.P)),
        h("td", { class: "num" }, (a.PW || []).join("/"), deltaSpan(d.PW)),
        h("td", { class: "num" }, ["FIRE", "WATER", "EARTH", "AIR"].map((t) => cult[t]).join("/")),
        // A player's command is notation, the same in every language.
        h("td", { class: label ? "cmd engine" : "cmd", translate: label ? null : "no" }, label || row.command,
          row.command === "score_resources" ? h("span", { class: "conversion-steps" }, conversionText(before, row.after)) : null)),
    );
  }
  const table = h("table", { class: "data-table ledger-table" },
    h("thead", {}, h("tr", {}, ...["#", gettext("Faction"), RES_LABELS.VP, RES_LABELS.C, RES_LABELS.W, RES_LABELS.P, RES_LABELS.PW, gettext("Cults F/W/E/A"), gettext("Command")].map((c) => h("th", { scope: "col" }, c)))),
    h("tbody", {}, ...rows));
  const scroll = h("div", { class: "table-scroll ledger-scroll" }, table);
  container.replaceChildren(bar, scroll);
  const mark = current !== null ? scroll.querySelector("tr.current") : null;
  if (mark) scroll.scrollTop = mark.offsetTop - scroll.clientHeight / 2;
  else scroll.scrollTop = scroll.scrollHeight;
}
