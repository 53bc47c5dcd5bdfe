// The game page: renders the state, lets the player compose a move by clicking or typing,
// previews it on the server, sends it, and follows the game live over a WebSocket.

import { api, h, showError } from "./api.js";
import { changedHexes, renderMap } from "./board.js";
import { colourOf, lineChart } from "./charts.js";
import { classify, factionName, joinRow, labelRow, splitRow } from "./commands.js";
import { renderCults, renderFactions, renderLedger, renderTiles } from "./panels.js";

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
  moveNumber: data.game.move_number,
  status: data.game.status,
  preview: null,
  busy: false,
  refreshing: 0,
  ledgerLoaded: false,
  wasMyTurn: null,
  clocks: data.clocks || {},
  clocksAt: Date.now(),
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
  chatList: $("chat-messages"),
  chatForm: $("chat-form"),
  chatInput: $("chat-input"),
  chatError: $("chat-error"),
  autoleechForm: $("autoleech-form"),
  autoleechFields: $("autoleech-fields"),
  autoleechStatus: $("autoleech-status"),
  autoleechError: $("autoleech-error"),
  actionError: $("action-error"),
};

const normalize = (text) => text.split(/\s+/).join(" ").trim();
const running = () => st.status === "running";
const canPlay = () => mySeat && running() && !data.me.dropped;

function myDecisions(view = st.view) {
  if (!view || !mySeat) return [];
  return (view.waiting_for || []).filter((d) => d.seat === mySeat);
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
  const rows = st.preview ? st.preview.legal : st.legal;
  const options = rows.map((row) => {
    const c = classify(row);
    c.label = labelRow(row, catalog);
    c.track = trackOf(c.subs);
    c.key = row.toLowerCase();
    return c;
  });
  return [...options, ...sacrifices(options)];
}

// Power actions that burning power would pay for, offered with the smallest burn first, as
// Yucata does; the preview checks them like any other row.
function sacrifices(options) {
  const view = shownView();
  const me = Object.values(view.factions || {}).find((f) => f.seat === mySeat);
  // Only while the turn's action is still to come: passing is then one of the options.
  const actionLeft = options.some((o) => o.group === "pass");
  if (!me || !actionLeft || !options.some((o) => /^burn \d+$/i.test(o.row))) return [];
  const direct = new Set(options.map((o) => o.key));
  const extra = [];
  for (const [id, used] of Object.entries(view.power_actions || {})) {
    const action = catalog.power_actions[id];
    if (used || !action || direct.has(`action ${id}`.toLowerCase())) continue;
    const need = action.cost - me.PW[2];
    if (need <= 0 || me.PW[1] < 2 * need) continue;
    const row = `burn ${need}. action ${id}`;
    const c = classify(row);
    c.group = "power";
    c.key = `action ${id}`.toLowerCase();
    c.label = `${labelRow(`action ${id}`, catalog)}, burning ${need} first`;
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
  return st.preview ? st.preview.state : st.view;
}

function render() {
  closeMenu();
  const view = shownView();
  if (!view) return;
  const options = canPlay() ? currentOptions() : [];
  const byHex = hexOptions(options);
  renderHeader();
  renderMap(el.map, view, {
    catalog,
    legal: new Set(byHex.keys()),
    changed: st.preview ? changedHexes(st.view, st.preview.state) : new Set(),
    onHex: (hex, event) => onHex(hex, byHex.get(hex) || [], event),
    onHover: (hex, text) => {
      if (el.hexInfo) el.hexInfo.textContent = text;
    },
    onBackground: closeMenu,
  });
  el.map.classList.toggle("previewing", !!st.preview);
  renderFactions(el.factions, view, { catalog, mySeat, clocks: st.clocks, clocksAt: st.clocksAt });
  renderCults(el.cults, view, {
    catalog,
    options: options.filter((o) => o.track && (o.group === "cult" || o.group === "special")),
    onChoose: (choices, title, anchor) => openMenu(title, choices, anchor),
  });
  const exact = new Map(options.map((o) => [o.key, o]));
  renderTiles(el.tiles, view, {
    catalog,
    optionFor: (row) => exact.get(row.toLowerCase()),
    onPick: pick,
  });
  renderMoveEntry(options, byHex);
}

function renderHeader() {
  const view = st.view;
  if (el.moveNumber) el.moveNumber.textContent = st.moveNumber;
  if (el.roundText) el.roundText.textContent = view.finished ? "game over" : view.round ? `round ${view.round}` : "setup";
  const mine = myDecisions();
  const myTurn = canPlay() && mine.length > 0;
  if (el.banner) {
    el.banner.classList.toggle("my-turn", myTurn);
    if (view.finished) el.banner.textContent = "The game is over.";
    else if (myTurn) el.banner.textContent = `Your turn: ${[...new Set(mine.map((d) => d.description))].join("; ")}`;
    else {
      const names = [];
      for (const d of view.waiting_for || []) {
        const player = (view.players || []).find((p) => p.seat === d.seat);
        const who = player ? `${player.username}${player.faction ? ` (${factionName(player.faction, catalog)})` : ""}` : d.actor;
        if (!names.includes(who)) names.push(who);
      }
      el.banner.textContent = names.length ? `Waiting for ${names.join(", ")}` : "";
    }
  }
  document.title = myTurn ? `▶ Your turn · ${baseTitle}` : baseTitle;
  const icon = document.getElementById("favicon");
  if (icon) icon.href = myTurn ? icon.dataset.turn : icon.dataset.idle;
  if (st.wasMyTurn !== null && st.wasMyTurn !== myTurn) refreshAutoleech();
  st.wasMyTurn = myTurn;
}

const GROUPS = [
  ["faction", "Choose your faction"],
  ["pass", "Pass"],
  ["power", "Power actions"],
  ["special", "Special actions"],
  ["cult", "Cults"],
  ["favor", "Favor tiles"],
  ["town", "Town tiles"],
  ["advance", "Advance"],
  ["convert", "Conversions and burning"],
  ["skip", "Skip"],
  ["other", "Other"],
];

function renderMoveEntry(options, byHex) {
  if (!el.choices) return;
  renderPrompt();
  const groups = [];
  for (const [group, title] of GROUPS) {
    const items = options.filter((o) => o.group === group);
    if (!items.length) continue;
    const buttons = items.map((o) => {
      if (group === "faction") {
        const name = o.subs[0].split(" ")[1].toLowerCase();
        const info = catalog.factions[name] || {};
        return h("button", { type: "button", class: `button faction-${name}`, onclick: () => pick(o) },
          info.display || name, h("span", { class: "muted" }, ` ${info.terrain || ""}`));
      }
      return h("button", { type: "button", class: "button small", onclick: () => pick(o), title: o.row }, o.label);
    });
    groups.push(h("section", { class: "choice-group" }, h("h3", {}, title),
      h("div", { class: group === "faction" ? "faction-picker" : "button-row" }, ...buttons)));
  }
  if (byHex.size) {
    const all = options.filter((o) => o.group === "hex");
    groups.unshift(h("section", { class: "choice-group" },
      h("h3", {}, "On the map"),
      h("p", { class: "choice-hint" }, `Click a highlighted hex (${byHex.size} place${byHex.size === 1 ? "" : "s"}). `),
      h("details", {}, h("summary", {}, `List them (${all.length})`),
        h("div", { class: "button-row" }, ...all.map((o) => h("button", { type: "button", class: "button small", onclick: () => pick(o) }, o.label))))));
  }
  if (st.preview) {
    const turnOver = !st.preview.legal.length;
    groups.unshift(h("p", { class: "choice-hint" }, turnOver
      ? "This row completes your turn. Confirm it, or undo a step."
      : "Add more to this row, or confirm it as it is."));
  } else if (canPlay() && !myDecisions().length) {
    groups.push(h("p", { class: "choice-hint" }, "Not your turn: you can still type a command, e.g. a conversion."));
  }
  el.choices.replaceChildren(...groups);
  const previewing = st.preview && normalize(el.input.value) === st.preview.command;
  el.send.textContent = previewing ? "Confirm move" : "Preview";
  el.undo.hidden = !el.input.value.trim();
  el.send.disabled = st.busy;
  if (el.expected) el.expected.value = st.moveNumber;
  if (el.previewBanner) {
    el.previewBanner.hidden = !st.preview;
    el.previewBanner.textContent = st.preview ? `Preview of “${st.preview.command}”: not sent yet. Changed hexes are outlined.` : "";
  }
}

function renderPrompt() {
  if (!el.prompt) return;
  const offers = myDecisions().filter((d) => d.kind === "leech");
  const blocks = [];
  for (const d of offers) {
    const amount = d.actual ?? d.amount;
    const cost = Math.max(amount - 1, 0);
    const from = factionName(d.from_faction, catalog);
    const accept = `leech ${d.amount} from ${d.from_faction}`;
    const decline = `decline ${d.amount} from ${d.from_faction}`;
    blocks.push(h("div", { class: "leech-offer" },
      h("p", {}, h("strong", {}, `The ${from} offer you ${d.amount} power`),
        amount !== d.amount ? ` (you can take ${amount})` : "",
        cost ? `: taking it costs ${cost} VP.` : ": it is free."),
      h("div", { class: "button-row" },
        h("button", { type: "button", class: "button primary", onclick: () => sendDirect(accept) }, `Accept ${amount} power`),
        h("button", { type: "button", class: "button", onclick: () => sendDirect(decline) }, "Decline"))));
  }
  el.prompt.replaceChildren(...blocks);
}

// --- choosing, previewing, sending -----------------------------------------------------------

function pick(option) {
  closeMenu();
  if (option.group === "leech") {
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
  st.busy = true;
  try {
    st.preview = await api("POST", `${base}/preview/${query}`, { command, expected_move_number: st.moveNumber });
    showError(el.error, "");
  } catch (error) {
    st.preview = null;
    if (error.status === 409) {
      showError(el.error, "The game moved on: the board is up to date again. Check your move.");
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
  st.busy = true;
  render();
  try {
    await api("POST", `${base}/moves/${query}`, { command, expected_move_number: st.moveNumber });
    el.input.value = "";
    st.preview = null;
    showError(el.error, "");
  } catch (error) {
    if (error.status === 409) showError(el.error, "The game moved on since your preview: check the board and send again.");
    else showError(el.error, error.message);
  } finally {
    st.busy = false;
  }
  await refresh({ keepPreview: !!el.input.value.trim() });
}

async function sendDirect(command) {
  st.busy = true;
  try {
    await api("POST", `${base}/moves/${query}`, { command, expected_move_number: st.moveNumber });
    showError(el.promptError, "");
  } catch (error) {
    showError(el.promptError, error.status === 409 ? "The game moved on: look again and answer." : error.message);
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
  if (!options.length) return;
  if (options.length === 1) {
    pick(options[0]);
    return;
  }
  const cell = el.map.querySelector(`.hex-cell[data-hex="${hex}"]`);
  openMenu(`${hex}: choose`, options, cell, event, hex);
}

function openMenu(title, options, anchor, event, hex) {
  closeMenu();
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
  const list = h("ul", {}, ...options.map((o) =>
    h("li", {}, h("button", { type: "button", class: "button small", onclick: () => pick(o), title: o.row }, labelRow(o.row, catalog, { omitHex: hex })))));
  menu = h("div", { class: "hex-menu", role: "dialog", "aria-label": title },
    h("h3", {}, title), list,
    h("button", { type: "button", class: "link-button", onclick: closeMenu }, "Cancel"));
  document.body.append(menu);
  const width = menu.offsetWidth;
  const left = Math.max(8, Math.min(x - width / 2, document.documentElement.clientWidth - width - 8));
  menu.style.left = `${left + window.scrollX}px`;
  menu.style.top = `${y + window.scrollY + 8}px`;
  const first = menu.querySelector("button");
  if (first) first.focus({ preventScroll: true });
}

document.addEventListener("keydown", (event) => {
  if (event.key === "Escape") closeMenu();
});
document.addEventListener("click", (event) => {
  if (menu && !menu.contains(event.target) && !event.target.closest(".hex-cell, .cult-action")) closeMenu();
});

// --- keeping up with the game ------------------------------------------------------------------

async function refresh({ keepPreview = true } = {}) {
  const token = ++st.refreshing;
  let view;
  let legal = null;
  try {
    [view, legal] = await Promise.all([
      api("GET", `${base}/state/${query}`),
      canPlay() ? api("GET", `${base}/legal/${query}`) : Promise.resolve(null),
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
  if (legal && legal.move_number !== view.move_number) setTimeout(() => refresh(), 300);
  if (st.preview && keepPreview && el.input.value.trim()) {
    await preview();
  } else {
    if (!keepPreview) st.preview = null;
    render();
  }
  if (st.ledgerLoaded && el.ledgerDetails && el.ledgerDetails.open) loadLedger();
  if (timed) loadClocks();
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

async function loadLedger() {
  try {
    const entries = await api("GET", `${base}/ledger/${query}`);
    renderLedger(el.ledger, entries, { catalog });
    st.ledgerLoaded = true;
  } catch (error) {
    el.ledger.replaceChildren(h("p", { class: "form-error" }, error.message));
  }
}

async function loadChat() {
  if (!el.chatList) return;
  try {
    const page = await api("GET", `${base}/chat/${query ? query + "&" : "?"}page_size=500`);
    const items = page.results.map((m) =>
      h("li", {}, h("strong", {}, m.username), " ",
        h("time", { class: "muted", datetime: m.created_at }, new Date(m.created_at).toLocaleString([], { month: "short", day: "numeric", hour: "2-digit", minute: "2-digit" })),
        h("p", {}, m.text)));
    el.chatList.replaceChildren(...(items.length ? items : [h("li", { class: "muted empty" }, "No messages yet.")]));
    el.chatList.scrollTop = el.chatList.scrollHeight;
  } catch (error) {
    showError(el.chatError, error.message);
  }
}

let socket = null;
let backoff = 1000;

function connect() {
  const scheme = window.location.protocol === "https:" ? "wss" : "ws";
  socket = new WebSocket(`${scheme}://${window.location.host}/ws/games/${gameId}/${query}`);
  socket.addEventListener("open", () => {
    backoff = 1000;
  });
  socket.addEventListener("message", (event) => {
    let message;
    try {
      message = JSON.parse(event.data);
    } catch (error) {
      return;
    }
    if (message.event === "chat") loadChat();
    if (message.status && message.status !== st.status && message.status !== "aborted") {
      window.location.reload();
      return;
    }
    if (typeof message.move_number === "number" && message.move_number > st.moveNumber) refresh();
  });
  socket.addEventListener("close", (event) => {
    if (event.code === 4404) return;
    setTimeout(connect, backoff);
    backoff = Math.min(backoff * 2, 30000);
  });
}

// --- forms -------------------------------------------------------------------------------------

function setupForms() {
  if (el.form) {
    el.form.addEventListener("submit", (event) => {
      event.preventDefault();
      const command = normalize(el.input.value);
      if (!command) {
        showError(el.error, "Type a command, or click on the board to build one.");
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
  if (el.chatForm) {
    el.chatForm.addEventListener("submit", async (event) => {
      event.preventDefault();
      const text = el.chatInput.value.trim();
      if (!text) return;
      try {
        await api("POST", `${base}/chat/${query}`, { text });
        el.chatInput.value = "";
        showError(el.chatError, "");
        loadChat();
      } catch (error) {
        showError(el.chatError, error.message);
      }
    });
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
        el.autoleechStatus.textContent = "Saved.";
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
    undoForm.addEventListener("submit", async (event) => {
      event.preventDefault();
      try {
        await api("POST", `${base}/undo/${query}`, { expected_move_number: st.moveNumber });
        showError(el.error, "");
      } catch (error) {
        showError(el.error, error.message);
      }
      refresh({ keepPreview: false });
    });
  }
  if (el.zoom) {
    el.zoom.addEventListener("click", () => {
      const zoomed = el.map.classList.toggle("zoomed");
      el.zoom.setAttribute("aria-pressed", String(zoomed));
      el.zoom.textContent = zoomed ? "Fit map" : "Zoom map";
    });
  }
  if (el.ledgerDetails) {
    el.ledgerDetails.addEventListener("toggle", () => {
      if (el.ledgerDetails.open) loadLedger();
    });
  }
}

async function refreshAutoleech() {
  if (!el.autoleechFields) return;
  try {
    const settings = await api("GET", `${base}/autoleech/${query}`);
    el.autoleechFields.disabled = !settings.editable;
    el.autoleechStatus.textContent = settings.editable ? (settings.stored ? "" : "Not set up yet: every offer is asked.") : settings.reason;
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
  lineChart(box, { series, marks: data.vp_series.marks, step: true, yLabel: "Victory points over the game" });
}

setupForms();
if (st.view) {
  render();
  renderResults();
}
if (st.status === "open" || st.status === "running") connect();
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
