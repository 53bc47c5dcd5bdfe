// The game page: renders the state, lets the player compose a move by clicking or typing,
// previews it on the server, sends it, and follows the game live over a WebSocket.

import { gettext, interpolate, ngettext } from "../../web/js/i18n.js";
import { api, h, showError } from "../../web/js/api.js";
import { changedHexes, renderMap } from "./board.js";
import { colourOf, lineChart } from "../../web/js/charts.js";
import { setupChat } from "../../web/js/chat.js";
import { followGame } from "../../web/js/live.js";
import { classify, factionName, joinRow, labelRow, splitRow, todoText } from "./commands.js";
import { renderLedger, roundStarts } from "./ledger.js";
import { renderCults, renderFactions, renderTiles } from "./panels.js";

const data = JSON.parse(document.getElementById("game-data").textContent);
const catalog = data.catalog;
const gameId = data.game.id;
const base = `/api/v1/games/${gameId}`;
const query = data.invite ? `?invite=${encodeURIComponent(data.invite)}` : "";
const mySeat = data.me.seat;
const baseTitle = document.title;

const st = {
  view: data.view,
  legal: data.legal || [],
  sacrifices: data.sacrifices || [],
  parts: null, // {hex, report}: transform and build of the hex last clicked, when one is not possible
  moveNumber: data.game.move_number,
  status: data.game.status,
  preview: null,
  busy: false,
  // A move is on its way: the live update of that very move may arrive before its answer, and
  // the row in the box must not be previewed again on the state it has already changed.
  sending: false,
  refreshing: 0,
  ledgerLoaded: false,
  wasMyTurn: null,
  clocks: data.clocks || {},
  clocksAt: Date.now(),
  ledger: null, // the entries, once loaded
  ledgerFilters: {},
  history: null, // {moveNumber, view} while looking back
  // The private planner: rows tried on a copy of the game; base is the server's answer for
  // them ({state, legal, actor, broken}).
  plan: { on: false, rows: [], notes: "", actor: "", base: null, loaded: false },
  premoves: data.premoves ? data.premoves.commands : [],
  // Why the last queue was cancelled ({command, reason, move_number}), until the next one.
  premoveCancelled: data.premoves ? data.premoves.cancelled : null,
};
const timed = data.game.time_control && data.game.time_control !== "none";

const $ = (id) => document.getElementById(id);
const el = {
  map: $("map"),
  factions: $("factions"),
  cults: $("cults"),
  tiles: $("tiles"),
  ledger: $("ledger"),
  ledgerDetails: $("ledger-details"),
  banner: $("turn-banner"),
  previewBanner: $("preview-banner"),
  prompt: $("decision-prompt"),
  promptError: $("prompt-error"),
  choices: $("choices"),
  form: $("command-form"),
  input: $("command-input"),
  error: $("command-error"),
  send: $("send-button"),
  undo: $("undo-step"),
  expected: $("expected-move"),
  hexInfo: $("hex-info"),
  moveNumber: $("move-number"),
  roundText: $("round-text"),
  zoom: $("zoom-button"),
  autoleechForm: $("autoleech-form"),
  autoleechFields: $("autoleech-fields"),
  autoleechStatus: $("autoleech-status"),
  autoleechError: $("autoleech-error"),
  actionError: $("action-error"),
  historyBar: $("history-bar"),
  historyButton: $("history-button"),
  moveEntry: $("move-entry"),
  moveEntryTitle: $("move-entry-title"),
  planButton: $("plan-button"),
  planPanel: $("plan-panel"),
  planRows: $("plan-rows"),
  planActor: $("plan-actor"),
  planNotes: $("plan-notes"),
  planStatus: $("plan-status"),
  planTools: $("plan-tools"),
  premoves: $("premoves"),
  premoveList: $("premove-list"),
  premoveError: $("premove-error"),
  premoveNotice: $("premove-notice"),
};
const chat = setupChat({
  elements: { list: $("chat-messages"), form: $("chat-form"), input: $("chat-input"), error: $("chat-error") },
  url: `${base}/chat/`,
  query,
});

const normalize = (text) => text.split(/\s+/).join(" ").trim();
const running = () => st.status === "running";
const seated = () => mySeat && running() && !data.me.dropped;
const planning = () => st.plan.on && !!st.plan.base;
const canPlay = () => (planning() ? true : seated());

// What a player must do, in the order it has to be done (commands.js words it).
const todo = (decisions) => todoText(decisions, catalog);

// The faction the move entry acts for: the one planned for, or the player's own.
function actingFaction() {
  if (planning()) return st.plan.actor;
  const me = ((st.view || {}).players || []).find((p) => p.seat === mySeat);
  return me ? me.faction || me.actor : null;
}

// A sentence naming a command: the command as notation (the same in every language).
function withCommand(text, command) {
  const [before, after] = text.split("%(command)s");
  return [before, h("code", {}, command), after || ""];
}

// A player's name for the log's "player1" (a seat before it has a faction), else the faction.
function actorName(actor) {
  const m = /^player(\d+)$/.exec(actor || "");
  const seat = m ? Number(m[1]) : null;
  const player = seat !== null ? ((st.view || {}).players || []).find((p) => p.seat === seat) : null;
  return player ? player.username : factionName(actor, catalog);
}

// The decisions of whoever the move entry acts for: the player, or in the planner the
// faction being planned for.
function myDecisions(view = st.view) {
  if (!view) return [];
  if (planning()) return (view.waiting_for || []).filter((d) => d.actor === st.plan.actor);
  if (!mySeat) return [];
  return (view.waiting_for || []).filter((d) => d.seat === mySeat);
}

// The player's own decisions in the game itself, whatever the planner shows.
function ownDecisions() {
  if (!st.view || !mySeat) return [];
  return (st.view.waiting_for || []).filter((d) => d.seat === mySeat);
}

// --- the options a player has now --------------------------------------------------------------

function trackOf(subs) {
  for (const sub of subs) {
    const m = sub.match(/^send p to (\w+)/i) || sub.match(/^\+\d*(FIRE|WATER|EARTH|AIR)$/i);
    if (m) return m[1].toUpperCase();
  }
  return null;
}

function currentOptions() {
  const rows = st.preview ? st.preview.legal : planning() ? st.plan.base.legal : st.legal;
  const options = rows.map((row) => {
    const c = classify(row);
    c.label = labelRow(row, catalog, { faction: actingFaction() });
    c.track = trackOf(c.subs);
    c.key = row.toLowerCase();
    return c;
  });
  return [...options, ...sacrifices(options)];
}

// Power actions and conversions that only burning power pays for (the server's list: at the
// start of the turn, or after what the row holds so far in a preview), offered as Yucata
// does: marked as needing the burn, and choosing one adds the fewest tokens to burn with it.
// The preview checks them like any other row.
function sacrifices(options) {
  const offers = st.preview ? st.preview.sacrifices || [] : st.sacrifices;
  if (planning() || !offers.length) return [];
  const direct = new Set(options.map((o) => o.key));
  const extra = [];
  for (const offer of offers) {
    const key = offer.command.toLowerCase();
    if (direct.has(key)) continue;
    const c = classify(offer.row);
    const own = classify(offer.command);
    c.group = own.group;
    c.key = key;
    c.burn = offer.burn;
    c.label = `${labelRow(offer.command, catalog, { faction: actingFaction() })} ${interpolate(gettext("(needs burning %(n)s power)"), { n: offer.burn })}`;
    extra.push(c);
  }
  return extra;
}

function hexOptions(options) {
  const byHex = new Map();
  for (const option of options) {
    if (option.group !== "hex") continue;
    for (const hex of option.hexes) {
      if (!byHex.has(hex)) byHex.set(hex, []);
      byHex.get(hex).push(option);
    }
  }
  return byHex;
}

// --- rendering ---------------------------------------------------------------------------------

function shownView() {
  if (st.history) return st.history.view;
  if (st.preview) return st.preview.state;
  return planning() ? st.plan.base.state : st.view;
}

function render() {
  closeMenu();
  const view = shownView();
  if (!view) return;
  const options = canPlay() && !st.history ? currentOptions() : [];
  const byHex = hexOptions(options);
  renderHeader();
  renderMap(el.map, view, {
    catalog,
    legal: new Set(byHex.keys()),
    changed: st.preview ? changedHexes(planning() ? st.plan.base.state : st.view, st.preview.state) : planning() ? changedHexes(st.view, st.plan.base.state) : new Set(),
    onHex: (hex, event) => onHex(hex, byHex.get(hex) || [], event),
    onHover: (hex, text) => {
      if (el.hexInfo) el.hexInfo.textContent = text;
    },
    onBackground: closeMenu,
  });
  el.map.classList.toggle("previewing", (!!st.preview || planning()) && !st.history);
  el.map.classList.toggle("history", !!st.history);
  renderHistoryBar();
  renderPlanner();
  renderFactions(el.factions, view, { catalog, mySeat, clocks: st.clocks, clocksAt: st.clocksAt });
  renderCults(el.cults, view, {
    catalog,
    options: options.filter((o) => o.track && (o.group === "cult" || o.group === "special")),
    onChoose: (choices, title, anchor) => openMenu(title, choices, anchor),
  });
  const exact = new Map(options.map((o) => [o.key, o]));
  renderTiles(el.tiles, view, {
    catalog,
    faction: actingFaction(),
    optionFor: (row) => exact.get(row.toLowerCase()),
    onPick: pick,
    onExplain: seated() && !planning() && !st.history ? (row, anchor) => explain(row, anchor, null, row.replace(/^(pass|action|\+)\s*/i, "")) : null,
  });
  renderMoveEntry(options, byHex);
}

function renderHeader() {
  const view = st.view;
  if (el.moveNumber) el.moveNumber.textContent = st.moveNumber;
  if (el.roundText) el.roundText.textContent = view.finished ? gettext("game over") : view.round ? interpolate(gettext("round %(round)s"), { round: view.round }) : gettext("setup");
  const mine = ownDecisions();
  const myTurn = seated() && mine.length > 0;
  if (el.banner) {
    el.banner.classList.toggle("my-turn", myTurn);
    if (view.finished) el.banner.textContent = gettext("The game is over.");
    else if (myTurn) el.banner.textContent = interpolate(gettext("Your turn: %(todo)s"), { todo: todo(mine) });
    else {
      // Each player named links to their profile.
      const seen = new Set();
      const names = [];
      for (const d of view.waiting_for || []) {
        const player = (view.players || []).find((p) => p.seat === d.seat);
        const who = player ? `${player.username}${player.faction ? ` (${factionName(player.faction, catalog)})` : ""}` : d.actor;
        if (seen.has(who)) continue;
        seen.add(who);
        if (names.length) names.push(", ");
        names.push(player ? h("a", { href: `/players/${encodeURIComponent(player.username)}/` }, who) : who);
      }
      const [before, after] = gettext("Waiting for %(names)s").split("%(names)s");
      el.banner.replaceChildren(...(names.length ? [before, ...names, after || ""] : []));
    }
  }
  document.title = myTurn ? `▶ ${gettext("Your turn")} · ${baseTitle}` : baseTitle;
  const icon = document.getElementById("favicon");
  if (icon) icon.href = myTurn ? icon.dataset.turn : icon.dataset.idle;
  if (st.wasMyTurn !== null && st.wasMyTurn !== myTurn) refreshAutoleech();
  st.wasMyTurn = myTurn;
}

const GROUPS = [
  ["leech", gettext("Power offers")],
  ["faction", gettext("Choose your faction")],
  ["bid", gettext("Faction auction: your bid")],
  ["colour", gettext("Choose a colour")],
  ["pass", gettext("Pass")],
  ["power", gettext("Power actions")],
  ["special", gettext("Special actions")],
  ["cult", gettext("Cults")],
  ["favor", gettext("Favor tiles")],
  ["town", gettext("Town tiles")],
  ["advance", gettext("Advance")],
  ["convert", gettext("Conversions and burning")],
  ["skip", gettext("Skip")],
  ["other", gettext("Other")],
];

// Bids of the faction auction: per faction bid on (none in the printed auction, where the
// bid is for the first choice), the amount between the lowest legal bid and 40.
function bidForms(items) {
  const byFaction = new Map();
  for (const o of items) {
    const m = o.subs[0].match(/^bid (?:(\w+) )?(\d+)$/i);
    if (!m) continue;
    const key = (m[1] || "").toLowerCase();
    if (!byFaction.has(key)) byFaction.set(key, []);
    byFaction.get(key).push({ n: Number(m[2]), option: o });
  }
  return [...byFaction].map(([faction, bids]) => {
    const amounts = bids.map((b) => b.n);
    const low = Math.min(...amounts);
    const input = h("input", { type: "number", class: "bid-amount", min: String(low), max: String(Math.max(...amounts)), value: String(low), "aria-label": gettext("VP to bid") });
    const send = () => {
      const bid = bids.find((b) => b.n === Number(input.value));
      if (bid) pick(bid.option);
      else showError(el.error, interpolate(gettext("Bid from %(low)s to %(high)s VP."), { low, high: Math.max(...amounts) }));
    };
    const label = faction ? factionName(faction, catalog) : gettext("First choice of faction and position");
    return h("div", { class: "button-row bid-row", "data-faction": faction },
      h("span", {}, label), input,
      h("button", { type: "button", class: "button small", "data-bid": faction || "first", onclick: send }, gettext("Bid")));
  });
}

// The factions to choose from, each with its home; after the auction, one card per faction
// with a button per turn position still free (the name never squeezed beside the positions).
function factionPicker(items) {
  const byFaction = new Map();
  for (const o of items) {
    const m = o.subs[0].match(/^setup (\w+)(?: position (\d+))?$/i);
    if (!m) continue;
    const name = m[1].toLowerCase();
    if (!byFaction.has(name)) byFaction.set(name, []);
    byFaction.get(name).push({ option: o, position: m[2] });
  }
  const cards = [...byFaction].map(([name, choices]) => {
    const info = catalog.factions[name] || {};
    const title = [h("span", { class: "faction-choice-name" }, info.display || name), h("span", { class: "muted faction-choice-home" }, info.terrain || "")];
    if (choices.length === 1 && !choices[0].position) {
      const { option } = choices[0];
      return h("button", { type: "button", class: `button faction-choice faction-${name}`, "data-row": option.row, onclick: () => pick(option) }, ...title);
    }
    return h("div", { class: `faction-choice faction-${name}`, "data-faction": name }, ...title,
      h("div", { class: "button-row positions" }, ...choices.map(({ option, position }) =>
        h("button", { type: "button", class: "button small", "data-row": option.row, title: option.label, onclick: () => pick(option) },
          interpolate(gettext("position %(n)s"), { n: position })))));
  });
  return h("div", { class: "faction-picker" }, ...cards);
}

// pick-color and unlock-terrain: a swatch of the terrain beside its name.
function colourButton(o) {
  const colour = o.subs[0].split(" ")[1].toLowerCase();
  const swatch = h("span", { class: `swatch terrain-swatch-${colour}`, "aria-hidden": "true" });
  return h("button", { type: "button", class: "button small colour-choice", onclick: () => pick(o), title: o.row, "data-row": o.row }, swatch, o.label);
}

function renderMoveEntry(options, byHex) {
  if (!el.choices) return;
  renderPrompt();
  const groups = [];
  for (const [group, title] of GROUPS) {
    // Offers are answered in their own prompt, except in the planner.
    if (group === "leech" && !planning()) continue;
    const items = options.filter((o) => o.group === group);
    if (!items.length) continue;
    if (group === "bid") {
      groups.push(h("section", { class: "choice-group" }, h("h3", {}, title), ...bidForms(items)));
      continue;
    }
    if (group === "faction") {
      groups.push(h("section", { class: "choice-group" }, h("h3", {}, title), factionPicker(items)));
      continue;
    }
    const buttons = items.map((o) => {
      if (group === "colour") return colourButton(o);
      return h("button", { type: "button", class: `button small${o.burn ? " needs-burn" : ""}`, onclick: () => pick(o), title: o.row, "data-row": o.row }, o.label);
    });
    groups.push(h("section", { class: "choice-group" }, h("h3", {}, title), h("div", { class: "button-row" }, ...buttons)));
  }
  if (byHex.size) {
    const all = options.filter((o) => o.group === "hex");
    groups.unshift(h("section", { class: "choice-group" },
      h("h3", {}, gettext("On the map")),
      h("p", { class: "choice-hint" }, `${interpolate(ngettext("Click a highlighted hex (%(n)s place).", "Click a highlighted hex (%(n)s places).", byHex.size), { n: byHex.size })} `),
      h("details", {}, h("summary", {}, interpolate(gettext("List them (%(count)s)"), { count: all.length })),
        h("div", { class: "button-row" }, ...all.map((o) => h("button", { type: "button", class: "button small", "data-row": o.row, onclick: () => pick(o) }, o.label))))));
  }
  if (st.preview) {
    const left = myDecisions(st.preview.state).filter((d) => d.kind !== "leech" && d.kind !== "action");
    let hint;
    // A choice that cannot join this row (a home colour after the faction) comes after it.
    if (left.length && st.preview.legal.length) hint = interpolate(gettext("Still to do: %(todo)s. Choose it now, or confirm and choose it next."), { todo: todo(left) });
    else if (left.length) hint = interpolate(gettext("Confirm this move; then %(todo)s."), { todo: todo(left) });
    else if (st.preview.legal.length) hint = gettext("Add more to this row (below), or confirm it as it is.");
    else hint = gettext("This row completes your turn. Confirm it, or undo a step.");
    groups.unshift(h("p", { class: `choice-hint${left.length ? " pending" : ""}`, id: "preview-hint" }, hint));
    const parts = partsNote();
    if (parts) groups.splice(1, 0, parts);
  } else if (planning() && !myDecisions(shownView()).length) {
    groups.push(h("p", { class: "choice-hint" }, st.plan.base.broken ? gettext("The plan stops at a row the game no longer allows: remove it.") : gettext("Choose whom to plan for above.")));
  } else if (!planning() && canPlay() && !myDecisions().length) {
    groups.push(h("p", { class: "choice-hint" }, gettext("Not your turn: nothing to do here until the game waits for you. You can plan ahead, or queue premoves.")));
  }
  el.choices.replaceChildren(...groups);
  const previewing = st.preview && normalize(el.input.value) === st.preview.command;
  el.send.textContent = previewing ? (planning() ? gettext("Add to plan") : gettext("Confirm move")) : planning() ? gettext("Try") : gettext("Preview");
  el.undo.hidden = !el.input.value.trim();
  el.send.disabled = st.busy;
  if (el.expected) el.expected.value = st.moveNumber;
  if (el.previewBanner) {
    el.previewBanner.hidden = !st.preview;
    const text = planning() ? gettext("Planning “%(command)s”: not sent yet. Changed hexes are outlined.") : gettext("Preview of “%(command)s”: not sent yet. Changed hexes are outlined.");
    el.previewBanner.replaceChildren(...(st.preview ? withCommand(text, st.preview.command) : []));
  }
}

function renderPrompt() {
  if (!el.prompt) return;
  const offers = planning() ? [] : myDecisions().filter((d) => d.kind === "leech");
  const blocks = [];
  for (const d of offers) {
    const amount = d.actual ?? d.amount;
    const cost = Math.max(amount - 1, 0);
    const from = factionName(d.from_faction, catalog);
    const accept = `leech ${d.amount} from ${d.from_faction}`;
    const decline = `decline ${d.amount} from ${d.from_faction}`;
    const offer = interpolate(gettext("The %(faction)s offer you %(n)s power"), { faction: from, n: d.amount });
    blocks.push(h("div", { class: "leech-offer" },
      h("p", {}, h("strong", {}, offer),
        amount !== d.amount ? ` ${interpolate(gettext("(you can take %(n)s)"), { n: amount })}` : "",
        cost ? interpolate(gettext(": taking it costs %(vp)s VP."), { vp: cost }) : gettext(": it is free.")),
      h("div", { class: "button-row" },
        h("button", { type: "button", class: "button primary", "data-row": accept, onclick: () => sendDirect(accept) }, interpolate(gettext("Accept %(n)s power"), { n: amount })),
        h("button", { type: "button", class: "button", "data-row": decline, onclick: () => sendDirect(decline) }, gettext("Decline")))));
  }
  el.prompt.replaceChildren(...blocks);
}

// --- choosing, previewing, sending -----------------------------------------------------------

function pick(option) {
  closeMenu();
  if (option.group === "leech" && !planning()) {
    sendDirect(option.row);
    return;
  }
  const current = el.input.value.trim();
  el.input.value = current ? joinRow([...splitRow(current), ...option.subs]) : option.row;
  preview();
}

async function preview() {
  const command = normalize(el.input.value);
  if (!command) {
    st.preview = null;
    showError(el.error, "");
    render();
    return;
  }
  // The button waits with the request: a click meanwhile would only ask for the same preview again.
  st.busy = true;
  render();
  try {
    if (planning()) {
      const result = await api("POST", `${base}/plan/try/${query}`, { rows: st.plan.rows, actor: st.plan.actor, command });
      st.preview = { command: result.command, state: result.state, legal: result.legal, ledger: result.ledger };
    } else {
      st.preview = await api("POST", `${base}/preview/${query}`, { command, expected_move_number: st.moveNumber });
    }
    showError(el.error, "");
  } catch (error) {
    st.preview = null;
    if (error.status === 409) {
      showError(el.error, gettext("The game moved on: the board is up to date again. Check your move."));
      st.busy = false;
      await refresh({ keepPreview: false });
      return;
    }
    showError(el.error, error.message);
  } finally {
    st.busy = false;
  }
  render();
}

async function confirmMove(command) {
  if (planning()) {
    st.plan.rows = [...st.plan.rows, { actor: st.plan.actor, command }];
    el.input.value = "";
    st.preview = null;
    st.plan.actor = "";
    await loadPlanBase();
    savePlan();
    return;
  }
  st.busy = true;
  st.sending = true;
  render();
  try {
    await api("POST", `${base}/moves/${query}`, { command, expected_move_number: st.moveNumber });
    el.input.value = "";
    st.preview = null;
    showError(el.error, "");
  } catch (error) {
    if (error.status === 409) showError(el.error, gettext("The game moved on since your preview: check the board and send again."));
    else showError(el.error, error.message);
  } finally {
    st.busy = false;
    st.sending = false;
  }
  await refresh({ keepPreview: !!el.input.value.trim() });
}

async function sendDirect(command) {
  st.busy = true;
  try {
    await api("POST", `${base}/moves/${query}`, { command, expected_move_number: st.moveNumber });
    showError(el.promptError, "");
  } catch (error) {
    showError(el.promptError, error.status === 409 ? gettext("The game moved on: look again and answer.") : error.message);
  } finally {
    st.busy = false;
  }
  await refresh({ keepPreview: !!el.input.value.trim() });
}

function undoStep() {
  const parts = splitRow(el.input.value);
  parts.pop();
  el.input.value = joinRow(parts);
  preview();
}

// --- the hex menu ------------------------------------------------------------------------------

let menu = null;

function closeMenu() {
  if (menu) {
    menu.remove();
    menu = null;
  }
}

function onHex(hex, options, event) {
  closeMenu();
  const cell = el.map.querySelector(`.hex-cell[data-hex="${hex}"]`);
  const parts = transformBuildParts(hex);
  if (!options.length) {
    if (parts) parts.then((report) => (report ? note(partsText(hex, report), cell, event) : explainHex(hex, cell, event)));
    else explainHex(hex, cell, event);
    return;
  }
  // A part that cannot be done is named in the menu, and beside the preview of a row on the hex.
  if (options.length === 1) pick(options[0]);
  else openMenu(interpolate(gettext("%(hex)s: choose"), { hex }), options, cell, event, hex);
  const shown = menu;
  if (!parts) return;
  parts.then((report) => {
    if (!report || !partMissing(report)) return;
    st.parts = { hex, report };
    if (shown && menu === shown) shown.querySelector("h3").after(partsList(report));
    else if (st.preview && !st.busy) render();
  });
}

// --- transform and build, each part on its own ----------------------------------------------

// At the start of the player's own action on free land, the server says whether the
// transform and the dwelling are each possible, and if not why (Yucata shows the part that
// cannot be done as unavailable): "transform: possible; build: a dwelling costs 1W 2C; ...".
function transformBuildParts(hex) {
  if (!seated() || planning() || st.history || st.preview) return null;
  if (!myDecisions().some((d) => d.kind === "action")) return null;
  const cell = (st.view.map || {})[hex];
  if (!cell || cell.building || cell.terrain === "river") return null;
  const sep = query ? "&" : "?";
  // Without the report the click works as before.
  return api("GET", `${base}/transform-build/${query}${sep}hex=${encodeURIComponent(hex)}`).catch(() => null);
}

const partMissing = (report) => !report.transform.row || !report.build.row;

// The report of the hex the row being previewed acts on.
function partsNote() {
  const parts = st.parts;
  if (!parts || !st.preview || !new RegExp(`\\b${parts.hex}\\b`, "i").test(st.preview.command)) return null;
  return h("div", { class: "choice-hint", id: "transform-build-parts" }, `${parts.hex}:`, partsList(parts.report));
}

// "needs 1 more worker" for the one resource a part lacks.
const SHORT_TEXT = {
  W: (n) => ngettext("needs %(n)s more worker", "needs %(n)s more workers", n),
  C: (n) => ngettext("needs %(n)s more coin", "needs %(n)s more coins", n),
  P: (n) => ngettext("needs %(n)s more priest", "needs %(n)s more priests", n),
  PW: (n) => ngettext("needs %(n)s more power in bowl III", "needs %(n)s more power in bowl III", n),
};

function partText(part, label) {
  if (part.row) return `${label}: ${gettext("possible")}`;
  const [name, n] = Object.entries(part.short || {})[0] || [];
  const short = name && SHORT_TEXT[name] ? interpolate(SHORT_TEXT[name](n), { n }) : "";
  return short ? `${label}: ${short} (${part.reason})` : `${label}: ${part.reason}`;
}

function partsText(hex, parts) {
  // Neither part possible, for the same reason: the reason once.
  const same = parts.transform.reason === parts.build.reason && JSON.stringify(parts.transform.short) === JSON.stringify(parts.build.short);
  if (!parts.transform.row && !parts.build.row && same) return `${hex}: ${partText(parts.build, "").slice(2)}.`;
  return `${hex}: ${partText(parts.transform, gettext("transform"))}; ${partText(parts.build, gettext("build"))}.`;
}

function partsList(parts) {
  const items = [["transform", gettext("transform")], ["build", gettext("build")]].map(([key, label]) =>
    h("li", { class: `part ${parts[key].row ? "part-ok" : "part-unavailable"}`, "data-part": key }, partText(parts[key], label)));
  return h("ul", { class: "transform-build-parts" }, ...items);
}

// --- why a click does nothing --------------------------------------------------------------

const NEXT_BUILDING = { D: "TP", TP: "TE", TE: "SA" };

// The command a click on a hex most likely meant: upgrading one's own building, else building.
function commandForHex(hex) {
  const cell = (shownView().map || {})[hex];
  if (!cell) return null;
  const me = Object.entries(shownView().factions || {}).find(([, f]) => f.seat === mySeat);
  if (cell.building && me && cell.owner === me[0]) {
    return NEXT_BUILDING[cell.building] ? `upgrade ${hex} to ${NEXT_BUILDING[cell.building]}` : null;
  }
  return `build ${hex}`;
}

function waitingText() {
  const names = [];
  for (const d of st.view.waiting_for || []) {
    const player = (st.view.players || []).find((p) => p.seat === d.seat);
    const who = player ? player.username : d.actor;
    if (!names.includes(who)) names.push(who);
  }
  return names.join(", ");
}

async function explain(command, anchor, event, subject) {
  if (!seated() || planning()) return;
  if (!myDecisions().length) {
    note(interpolate(gettext("Not your turn: the game waits for %(names)s."), { names: waitingText() }), anchor, event);
    return;
  }
  if (!command) {
    note(interpolate(gettext("%(what)s: nothing can be done here."), { what: subject }), anchor, event);
    return;
  }
  const current = normalize(el.input.value);
  const row = current && st.preview ? joinRow([...splitRow(current), command]) : command;
  try {
    const result = await api("POST", `${base}/explain/${query}`, { command: row });
    const possible = interpolate(gettext("%(what)s: %(step)s is possible, but not as the next step of this move."), { what: subject, step: labelRow(command, catalog, { faction: actingFaction() }) });
    note(result.legal ? possible : `${subject}: ${result.reason}.`, anchor, event);
  } catch (error) {
    note(error.message, anchor, event);
  }
}

function explainHex(hex, cell, event) {
  explain(commandForHex(hex), cell, event, hex);
}

let noteTimer = null;

function note(text, anchor, event) {
  closeMenu();
  menu = h("div", { class: "hex-menu click-note", role: "status" }, h("p", {}, text),
    h("button", { type: "button", class: "link-button", onclick: closeMenu }, gettext("OK")));
  place(menu, anchor, event);
  clearTimeout(noteTimer);
  const shown = menu;
  noteTimer = setTimeout(() => {
    if (menu === shown) closeMenu();
  }, 8000);
}

function place(box, anchor, event) {
  let x = window.innerWidth / 2;
  let y = window.innerHeight / 3;
  if (event && event.clientX) {
    x = event.clientX;
    y = event.clientY;
  } else if (anchor) {
    const r = anchor.getBoundingClientRect();
    x = r.left + r.width / 2;
    y = r.bottom;
  }
  document.body.append(box);
  const width = box.offsetWidth;
  const left = Math.max(8, Math.min(x - width / 2, document.documentElement.clientWidth - width - 8));
  box.style.left = `${left + window.scrollX}px`;
  box.style.top = `${y + window.scrollY + 8}px`;
}

function openMenu(title, options, anchor, event, hex) {
  closeMenu();
  const list = h("ul", {}, ...options.map((o) =>
    h("li", {}, h("button", { type: "button", class: "button small", onclick: () => pick(o), title: o.row, "data-row": o.row }, labelRow(o.row, catalog, { omitHex: hex, faction: actingFaction() })))));
  menu = h("div", { class: "hex-menu", role: "dialog", "aria-label": title },
    h("h3", {}, title), list,
    h("button", { type: "button", class: "link-button", onclick: closeMenu }, gettext("Cancel")));
  place(menu, anchor, event);
  const first = menu.querySelector("button");
  if (first) first.focus({ preventScroll: true });
}

document.addEventListener("keydown", (event) => {
  if (event.key === "Escape") closeMenu();
});
document.addEventListener("click", (event) => {
  if (menu && !menu.contains(event.target) && !event.target.closest(".hex-cell, .cult-action, .tile")) closeMenu();
});

// --- keeping up with the game ------------------------------------------------------------------

async function refresh({ keepPreview = true } = {}) {
  const token = ++st.refreshing;
  let view;
  let legal = null;
  try {
    [view, legal] = await Promise.all([
      api("GET", `${base}/state/${query}`),
      seated() ? api("GET", `${base}/legal/${query}`) : Promise.resolve(null),
    ]);
  } catch (error) {
    showError(el.error, error.message);
    return;
  }
  if (token !== st.refreshing) return;
  if (view.finished && st.status === "running") {
    window.location.reload();
    return;
  }
  st.view = view;
  st.moveNumber = view.move_number;
  st.legal = legal && legal.move_number === view.move_number ? legal.commands : [];
  st.sacrifices = legal && legal.move_number === view.move_number ? legal.sacrifices || [] : [];
  if (legal && legal.move_number !== view.move_number) setTimeout(() => refresh(), 300);
  if (planning()) {
    // The plan is played on the new state of the game.
    try {
      await loadPlanBase();
    } catch (error) {
      showError(el.error, error.message);
    }
    if (st.preview && keepPreview && el.input.value.trim()) await preview();
  } else if (st.preview && keepPreview && el.input.value.trim() && !st.sending) {
    await preview();
  } else {
    if (!keepPreview) st.preview = null;
    render();
  }
  if (st.ledgerLoaded && el.ledgerDetails && el.ledgerDetails.open) loadLedger();
  else if (st.history) fetchLedger().then(() => renderHistoryBar()).catch(() => {});
  if (timed) loadClocks();
  refreshPremoves();
}

async function loadClocks() {
  try {
    const game = await api("GET", `${base}/${query}`);
    st.clocks = Object.fromEntries(game.seats.map((seat) => [seat.position, seat.clock]));
    st.clocksAt = Date.now();
    if (st.view) renderFactions(el.factions, shownView(), { catalog, mySeat, clocks: st.clocks, clocksAt: st.clocksAt });
  } catch (error) {
    /* the clocks are shown again after the next update */
  }
}

async function fetchLedger() {
  st.ledger = await api("GET", `${base}/ledger/${query}`);
  return st.ledger;
}

async function loadLedger() {
  try {
    await fetchLedger();
    drawLedger();
    st.ledgerLoaded = true;
  } catch (error) {
    el.ledger.replaceChildren(h("p", { class: "form-error" }, error.message));
  }
}

function drawLedger() {
  if (!st.ledger || !el.ledger) return;
  renderLedger(el.ledger, st.ledger, {
    catalog,
    players: (st.view || {}).players || [],
    options: data.options || {},
    factions: Object.keys((st.view || {}).factions || {}),
    filters: st.ledgerFilters,
    current: st.history ? st.history.moveNumber : null,
    onShow: (number) => showHistory(number),
    onFilter: (filters) => {
      st.ledgerFilters = filters;
      drawLedger();
    },
  });
}

// --- the planner: moves tried on a copy of the game -------------------------------------------

async function togglePlanner() {
  if (st.plan.on) {
    st.plan.on = false;
    st.preview = null;
    el.input.value = "";
    render();
    return;
  }
  if (st.history) closeHistory();
  try {
    if (!st.plan.loaded) {
      const saved = await api("GET", `${base}/plan/${query}`);
      st.plan.rows = saved.rows;
      st.plan.notes = saved.notes;
      st.plan.loaded = true;
    }
    st.plan.on = true;
    st.preview = null;
    el.input.value = "";
    await loadPlanBase();
  } catch (error) {
    st.plan.on = false;
    showError(el.error, error.message);
    render();
  }
}

async function loadPlanBase() {
  const result = await api("POST", `${base}/plan/try/${query}`, { rows: st.plan.rows, actor: st.plan.actor });
  st.plan.base = result;
  st.plan.actor = result.actor;
  render();
}

let saveTimer = null;
let saveGeneration = 0;

function savePlan() {
  clearTimeout(saveTimer);
  // "Kept" only for the latest edit: an earlier save still in flight must not claim it.
  const generation = ++saveGeneration;
  if (el.planStatus) el.planStatus.textContent = gettext("Saving…");
  saveTimer = setTimeout(async () => {
    try {
      await api("PUT", `${base}/plan/${query}`, { rows: st.plan.rows, notes: st.plan.notes });
      if (el.planStatus && generation === saveGeneration) {
        el.planStatus.textContent = gettext("Plan kept (only you see it).");
      }
    } catch (error) {
      if (el.planStatus && generation === saveGeneration) el.planStatus.textContent = error.message;
    }
  }, 500);
}

function myActor() {
  const me = (st.view.players || []).find((p) => p.seat === mySeat);
  return me ? me.actor : null;
}

async function removePlanRow(index) {
  st.plan.rows = st.plan.rows.filter((_, i) => i !== index);
  st.preview = null;
  el.input.value = "";
  st.plan.actor = "";
  await loadPlanBase();
  savePlan();
}

async function sendPlannedMove() {
  const [first, ...rest] = st.plan.rows;
  try {
    await api("POST", `${base}/moves/${query}`, { command: first.command, expected_move_number: st.moveNumber });
  } catch (error) {
    showError(el.error, error.message);
    return;
  }
  st.plan.rows = rest;
  savePlan();
  await refresh({ keepPreview: false });
}

async function queuePremoves(commands) {
  let result;
  try {
    result = await api("PUT", `${base}/premoves/${query}`, { commands, expected_move_number: st.moveNumber });
    showError(el.premoveError, "");
  } catch (error) {
    showError(el.premoveError, error.message);
    return;
  }
  showPremoves(result);
  // Queued while the game waited for me: played at once.
  if (result.move_number > st.moveNumber) await refresh({ keepPreview: false });
}

function showPremoves(queue) {
  st.premoves = queue.commands;
  st.premoveCancelled = queue.cancelled;
  renderPremoves();
}

// The server plays the queue when the game comes to wait for me: look at it after each move.
async function refreshPremoves() {
  if (!el.premoveList || !seated() || !st.premoves.length) return;
  try {
    showPremoves(await api("GET", `${base}/premoves/${query}`));
  } catch (error) {
    showError(el.premoveError, error.message);
  }
}

function renderPlanner() {
  const on = planning();
  if (el.planButton) {
    el.planButton.textContent = on ? gettext("Leave the planner") : gettext("Planner");
    el.planButton.setAttribute("aria-pressed", String(on));
    el.planButton.hidden = !!st.history;
  }
  if (el.moveEntry) el.moveEntry.classList.toggle("planning", on);
  if (el.moveEntryTitle) el.moveEntryTitle.textContent = on ? gettext("Planner: nothing is sent") : gettext("Your move");
  const undo = document.getElementById("undo-form");
  if (undo) undo.hidden = on;
  const notesBox = document.getElementById("plan-notes-box");
  if (notesBox) notesBox.hidden = !on;
  if (!el.planPanel) return;
  el.planPanel.hidden = !on;
  renderPremoves();
  if (!on) return;
  const result = st.plan.base;
  const broken = result.broken;
  const mine = myActor();
  el.planRows.replaceChildren(...st.plan.rows.map((row, i) => {
    const state = broken && i === broken.index ? "broken" : broken && i > broken.index ? "after-broken" : "";
    return h("li", { class: state, "data-command": row.command },
      h("b", {}, actorName(row.actor)), ": ", labelRow(row.command, catalog, { faction: row.actor }), " ", h("code", {}, row.command),
      state === "broken" ? h("span", {}, ` ${interpolate(gettext("(no longer possible: %(reason)s)"), { reason: broken.reason })}`) : null,
      h("button", { type: "button", class: "link-button", title: gettext("Remove this row (the rows after it stay)"), onclick: () => removePlanRow(i) }, gettext("remove")));
  }));
  if (!st.plan.rows.length) el.planRows.replaceChildren(h("li", { class: "muted" }, gettext("No planned moves yet: click on the board as if playing.")));
  const actors = [];
  for (const p of result.state.players || []) if (!actors.includes(p.actor)) actors.push(p.actor);
  el.planActor.replaceChildren(...actors.map((a) =>
    h("option", { value: a, selected: a === st.plan.actor }, a === mine ? interpolate(gettext("%(name)s (you)"), { name: actorName(a) }) : actorName(a))));
  el.planActor.onchange = async () => {
    st.plan.actor = el.planActor.value;
    st.preview = null;
    el.input.value = "";
    await loadPlanBase();
  };
  const tools = [];
  const first = st.plan.rows[0];
  if (first && seated() && first.actor === mine && !(broken && broken.index === 0) && ownDecisions().length) {
    tools.push(h("button", { type: "button", class: "button small primary", id: "plan-send-first", onclick: sendPlannedMove }, ...withCommand(gettext("Play “%(command)s” now"), first.command)));
  }
  const myRows = st.plan.rows.filter((row) => row.actor === mine).map((row) => row.command);
  if (seated() && myRows.length) {
    const n = Math.min(myRows.length, 5);
    tools.push(h("button", { type: "button", class: "button small", id: "plan-queue", onclick: () => queuePremoves(myRows.slice(0, 5)) },
      interpolate(ngettext("Queue my planned move as a premove", "Queue my %(n)s planned moves as premoves", n), { n })));
  }
  if (st.plan.rows.length) {
    tools.push(h("button", { type: "button", class: "button small", onclick: async () => {
      st.plan.rows = [];
      st.plan.actor = "";
      await loadPlanBase();
      savePlan();
    } }, gettext("Clear the plan")));
  }
  el.planTools.replaceChildren(...tools);
  if (el.planNotes && document.activeElement !== el.planNotes) el.planNotes.value = st.plan.notes;
}

function renderPremoves() {
  if (!el.premoveList) return;
  const cancelled = st.premoveCancelled;
  if (el.premoveNotice) {
    el.premoveNotice.hidden = !cancelled;
    el.premoveNotice.replaceChildren(...(cancelled ? [
      interpolate(gettext("Your premove “%(command)s” was not played after move %(number)s: %(reason)s. The rest of the queue was cancelled."),
        { command: cancelled.command, number: cancelled.move_number, reason: cancelled.reason }),
      " ",
      h("button", { type: "button", class: "link-button", id: "premove-notice-close", onclick: () => queuePremoves(st.premoves) }, gettext("OK")),
    ] : []));
  }
  el.premoveList.replaceChildren(...st.premoves.map((command, i) =>
    h("li", { "data-command": command }, labelRow(command, catalog, { faction: actingFaction() }), " ", h("code", {}, command),
      h("button", { type: "button", class: "link-button", onclick: () => queuePremoves(st.premoves.filter((_, j) => j !== i)) }, gettext("cancel")))));
  if (!st.premoves.length) el.premoveList.replaceChildren(h("li", { class: "muted" }, gettext("Nothing queued.")));
}

// --- history: the game as it stood after any move in force ----------------------------------

function historyMoves() {
  return [0, ...(st.ledger || []).map((e) => e.move_number)];
}

async function showHistory(number) {
  st.plan.on = false;
  try {
    if (!st.ledger || !st.ledger.some((e) => e.move_number === number)) await fetchLedger();
    const view = await api("GET", `${base}/states/${number}/${query}`);
    st.history = { moveNumber: number, view };
    const url = new URL(window.location.href);
    url.searchParams.set("at", number);
    window.history.replaceState(null, "", url);
  } catch (error) {
    showError(el.error, error.message);
    return;
  }
  render();
  drawLedger();
}

function closeHistory() {
  st.history = null;
  const url = new URL(window.location.href);
  url.searchParams.delete("at");
  window.history.replaceState(null, "", url);
  render();
  drawLedger();
}

function renderHistoryBar() {
  if (!el.historyBar) return;
  if (el.moveEntry) el.moveEntry.hidden = !!st.history || (!seated() && !planning());
  if (el.historyButton) el.historyButton.hidden = !!st.history || !st.view;
  if (!st.history) {
    el.historyBar.hidden = true;
    return;
  }
  const numbers = historyMoves();
  const at = numbers.indexOf(st.history.moveNumber);
  const entry = (st.ledger || []).find((e) => e.move_number === st.history.moveNumber);
  const view = st.history.view;
  const starts = roundStarts(st.ledger || []);
  const who = entry ? [`${actorName(entry.actor)}: `, h("code", {}, entry.command)] : [gettext("before the first move")];
  const when = view.round ? interpolate(gettext("round %(round)s"), { round: view.round }) : gettext("setup");
  el.historyBar.hidden = false;
  el.historyBar.replaceChildren(
    h("span", { class: "where", id: "history-where" },
      h("strong", {}, interpolate(gettext("After move %(n)s"), { n: st.history.moveNumber })), ` · ${when} · `, ...who),
    h("button", { type: "button", class: "button small", id: "history-prev", disabled: at <= 0, onclick: () => showHistory(numbers[at - 1]) }, `◀ ${gettext("Back")}`),
    h("button", { type: "button", class: "button small", id: "history-next", disabled: at >= numbers.length - 1, onclick: () => showHistory(numbers[at + 1]) }, `${gettext("Forward")} ▶`),
    h("label", {}, `${gettext("Round")} `,
      h("select", { id: "history-round", onchange: (e) => showHistory(Number(e.target.value)) },
        ...[...starts.entries()].map(([round, number]) =>
          h("option", { value: number, selected: round === (view.round || 0) }, round ? `${round}` : gettext("setup"))))),
    h("button", { type: "button", class: "button small primary", id: "history-close", onclick: closeHistory }, gettext("Back to the game")));
}

// --- forms -------------------------------------------------------------------------------------

function setupForms() {
  if (el.form) {
    el.form.addEventListener("submit", (event) => {
      event.preventDefault();
      const command = normalize(el.input.value);
      if (!command) {
        showError(el.error, gettext("Type a command, or click on the board to build one."));
        return;
      }
      if (st.preview && st.preview.command === command) confirmMove(command);
      else preview();
    });
    el.input.addEventListener("input", () => {
      const stale = st.preview && normalize(el.input.value) !== st.preview.command;
      if (stale) {
        st.preview = null;
        render();
      } else {
        el.undo.hidden = !el.input.value.trim();
      }
    });
    el.undo.addEventListener("click", undoStep);
  }
  if (el.autoleechForm) {
    el.autoleechForm.addEventListener("submit", async (event) => {
      event.preventDefault();
      const form = new FormData(el.autoleechForm);
      const body = {
        enabled: form.get("enabled") === "on",
        take_up_to: Number(form.get("take_up_to")),
        decline_from: Number(form.get("decline_from")),
        cultists_take_up_to: Number(form.get("cultists_take_up_to")),
        cultists_decline_from: Number(form.get("cultists_decline_from")),
        last_round_free_cultist: form.get("last_round_free_cultist"),
      };
      try {
        await api("PUT", `${base}/autoleech/${query}`, body);
        showError(el.autoleechError, "");
        el.autoleechStatus.textContent = gettext("Saved.");
      } catch (error) {
        showError(el.autoleechError, error.message);
      }
    });
  }
  for (const form of document.querySelectorAll("form[data-api-action]")) {
    form.addEventListener("submit", async (event) => {
      event.preventDefault();
      if (form.dataset.confirm && !window.confirm(form.dataset.confirm)) return;
      const action = form.dataset.apiAction;
      const body = action === "join" ? { invite_code: data.invite || "" } : undefined;
      try {
        await api("POST", `${base}/${action}/${query}`, body);
        if (action === "leave") window.location.assign("/");
        else window.location.reload();
      } catch (error) {
        showError(el.actionError || el.error, error.message);
      }
    });
  }
  const undoForm = document.getElementById("undo-form");
  if (undoForm) {
    const undoError = document.getElementById("undo-error");
    const question = document.getElementById("undo-confirm");
    document.getElementById("undo-no").addEventListener("click", () => {
      question.open = false;
    });
    undoForm.addEventListener("submit", async (event) => {
      event.preventDefault();
      question.open = false;
      try {
        await api("POST", `${base}/undo/${query}`, { expected_move_number: st.moveNumber });
        showError(undoError, "");
      } catch (error) {
        showError(undoError, error.status === 409 ? gettext("The game moved on: look at the board again.") : error.message);
      }
      refresh({ keepPreview: false });
    });
  }
  if (el.zoom) {
    el.zoom.addEventListener("click", () => {
      const zoomed = el.map.classList.toggle("zoomed");
      el.zoom.setAttribute("aria-pressed", String(zoomed));
      el.zoom.textContent = zoomed ? gettext("Fit map") : gettext("Zoom map");
    });
    // A phone opens the map zoomed: hexes a finger can tap (site.css sizes them).
    if (window.matchMedia("(max-width: 600px)").matches) el.zoom.click();
  }
  if (el.ledgerDetails) {
    el.ledgerDetails.addEventListener("toggle", () => {
      if (el.ledgerDetails.open) loadLedger();
    });
  }
  if (el.planButton) el.planButton.addEventListener("click", togglePlanner);
  if (el.planNotes) {
    el.planNotes.addEventListener("input", () => {
      st.plan.notes = el.planNotes.value;
      savePlan();
    });
  }
  if (el.historyButton) {
    el.historyButton.addEventListener("click", async () => {
      try {
        await fetchLedger();
      } catch (error) {
        showError(el.error, error.message);
        return;
      }
      const numbers = historyMoves();
      showHistory(numbers[numbers.length - 1]);
    });
  }
}

async function refreshAutoleech() {
  if (!el.autoleechFields) return;
  try {
    const settings = await api("GET", `${base}/autoleech/${query}`);
    el.autoleechFields.disabled = !settings.editable;
    el.autoleechStatus.textContent = !settings.editable
      ? settings.reason
      : settings.from_account
        ? gettext("Your account's answers apply here; saving sets this game's own.")
        : settings.stored ? "" : gettext("Not set up yet: every offer is asked.");
  } catch (error) {
    showError(el.autoleechError, error.message);
  }
}

function renderResults() {
  const box = document.getElementById("vp-chart");
  if (!box || !data.vp_series || !st.view) return;
  const series = Object.entries(data.vp_series.series).map(([name, points]) => ({
    label: factionName(name, catalog),
    colour: colourOf((st.view.factions[name] || {}).color),
    points,
  }));
  series.sort((a, b) => b.points[b.points.length - 1][1] - a.points[a.points.length - 1][1]);
  lineChart(box, { series, marks: data.vp_series.marks, step: true, yLabel: gettext("Victory points over the game") });
}

setupForms();
renderPremoves();
if (st.view) {
  render();
  renderResults();
  const at = new URL(window.location.href).searchParams.get("at");
  if (at !== null && /^\d+$/.test(at)) showHistory(Number(at));
}
if (st.status === "open" || st.status === "running") {
  followGame(`/ws/games/${gameId}/${query}`, { chat, status: () => st.status, moveNumber: () => st.moveNumber, refresh });
}
if (timed && st.view && st.status === "running") {
  // Running clocks count down on the page between updates.
  setInterval(() => renderFactions(el.factions, shownView(), { catalog, mySeat, clocks: st.clocks, clocksAt: st.clocksAt }), 30000);
}
if (st.status === "open") {
  // Joins are not pushed: look at the seats now and then until the game starts.
  setInterval(async () => {
    try {
      const game = await api("GET", `${base}/${query}`);
      if (game.status !== st.status || game.seats.length !== document.querySelectorAll(".seat-list li").length) window.location.reload();
    } catch (error) {
      /* the next look will tell */
    }
  }, 8000);
}
