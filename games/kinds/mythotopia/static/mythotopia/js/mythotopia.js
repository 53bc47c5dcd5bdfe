// The Mythotopia game page: the map, the viewer's cards, the players and the VP cards, drawn
// from the viewer's own view (other players' hands arrive only as sizes). Actions are the
// legal commands in words ("Deploy 2 armies to Darb — pay Darb, Diclesium"), grouped by what
// they do, or typed; each is previewed by the server and confirmed before it is sent, and the
// page refreshes from the API whenever the game's WebSocket reports a new move.
// Below them: the game log (the ledger as the viewer may see it: their own drawn cards, never
// another player's), the chat, taking back one's last move, and resigning or leaving.

import { api, h, showError } from "../../web/js/api.js";
import { setupChat } from "../../web/js/chat.js";
import { followGame } from "../../web/js/live.js";
import { gettext, interpolate, ngettext } from "../../web/js/i18n.js";
import { describer } from "./mythotopia_commands.js";
import { colourName, describeProvince, describeSea, drawMap, watchScroll } from "./mythotopia_map.js";

const data = JSON.parse(document.getElementById("myth-data").textContent);
const root = document.getElementById("myth");
const gameId = data.game.id;
const base = `/api/v1/games/${gameId}`;
const $ = (id) => document.getElementById(id);
const words = describer(data.board, colourName);

const st = {
  view: data.view,
  legal: data.legal,
  moveNumber: data.game.move_number,
  layout: null,
  selected: null,
  pending: null,
  log: null, // the ledger's entries, once loaded
};

const GROUPS = {
  attack: gettext("Attack"),
  deploy: gettext("Deploy armies"),
  withdraw: gettext("Withdraw armies"),
  sail: gettext("Deploy ships"),
  recall: gettext("Withdraw ships"),
  end: gettext("End a war or the game"),
  patronage: gettext("Patronage"),
  add: gettext("Add a card"),
  buy: gettext("Buy"),
  reserve: gettext("Reserve"),
  discard: gettext("Discard"),
  remove: gettext("Remove"),
  play: gettext("Card actions"),
  build: gettext("Build"),
  pass: gettext("Pass"),
  march: gettext("March along a road"),
  take: gettext("Take a card (Philosopher)"),
  citadel: gettext("Choose your citadel"),
  return: gettext("Give up provinces (start choice)"),
  scribe: gettext("Scribe"),
};

function seatRow(seat) {
  return (st.view.seats || {})[String(seat)];
}

// Commands name a sea by its id: "Serpent Sea" is serpent-sea.
const seaId = (sea) => sea.toLowerCase().replace(/\s+/g, "-");

function placesIn(command) {
  const words = command.split(/[\s:,]+/);
  const provinces = Object.keys(data.board.provinces).filter((name) => words.includes(name));
  const seas = Object.keys(data.board.seas).filter((sea) => words.includes(seaId(sea)));
  return [...provinces, ...seas];
}

function legalPlaces() {
  const places = new Set();
  for (const command of st.legal) for (const name of placesIn(command)) places.add(name);
  return places;
}

function renderTurn() {
  // Secret setup choices wait for every seat at once: the viewer's own entry comes first.
  const list = st.view.waiting_for || [];
  const waiting = list.find((w) => w.seat === data.me.seat) || list[0];
  let text = "";
  if (st.view.finished) {
    const winner = seatRow(st.view.winner);
    text = winner ? interpolate(gettext("The game is over: %(player)s wins."), { player: winner.player }) : gettext("The game is over.");
  } else if (waiting && waiting.category === "setup") {
    const others = list.filter((w) => w.seat !== data.me.seat).map((w) => seatRow(w.seat).player).join(", ");
    text = waiting.seat === data.me.seat
      ? gettext("Your turn: choose in secret; the choices are revealed when every player has chosen.")
      : interpolate(gettext("Waiting for the secret choices of: %(players)s."), { players: others });
  } else if (waiting) {
    const row = seatRow(waiting.seat);
    const left = Math.max(0, 2 - ((st.view.turn && st.view.turn.actions) || 0));
    text = waiting.seat === data.me.seat
      ? interpolate(ngettext("Your turn: %(n)s more action.", "Your turn: %(n)s more actions.", left), { n: left })
      : interpolate(gettext("%(player)s's turn (%(colour)s)."), { player: row.player, colour: colourName(row.colour) });
  } else if (!st.view.started) {
    text = gettext("The game has not started yet.");
  }
  $("myth-turn").textContent = text;
  $("myth-turn").classList.toggle("mine", Boolean(waiting && waiting.seat === data.me.seat));
  $("myth-move").textContent = String(st.moveNumber);
  // The note in the page's language (the state carries the engine's English text).
  $("myth-provisional").textContent = data.board.provisional_note || st.view.provisional_components || "";
}

function renderMap() {
  if (!st.layout) return; // before the game starts the map is drawn bare
  $("myth-map").replaceChildren(drawMap({
    layout: st.layout,
    board: data.board,
    view: st.view,
    legalPlaces: legalPlaces(),
    selected: st.selected,
    onSelect: selectProvince,
  }));
}

function selectProvince(name) {
  st.selected = st.selected === name ? null : name;
  let text = gettext("Tap a province for its details.");
  if (st.selected && data.board.provinces[name]) text = describeProvince(name, data.board, (st.view.provinces || {})[name] || {}, st.view);
  else if (st.selected) text = describeSea(name, (st.view.ships || {})[name], st.view);
  $("myth-province-info").textContent = text;
  renderMap();
  renderLegal();
  renderJump();
}

// On a phone the actions are below the map: a selected place with actions offers a way down.
function renderJump() {
  const jump = $("myth-to-actions");
  if (!jump) return;
  const count = st.selected ? st.legal.filter((c) => placesIn(c).includes(st.selected)).length : 0;
  jump.hidden = !count;
  jump.textContent = interpolate(ngettext("Its %(n)s action ↓", "Its %(n)s actions ↓", count), { n: count });
}

function cardInfo(card) {
  // Provinces are cards under their own names; other cards have a name and the id commands use.
  const province = data.board.provinces[card];
  if (province) return { name: card, symbols: { [province.symbol]: 1 } };
  return data.board.cards[card] || { name: card, symbols: {} };
}

function symbolsText(symbols) {
  return Object.entries(symbols || {}).map(([kind, n]) => (n > 1 ? `${words.symbolName(kind)} ×${n}` : words.symbolName(kind))).join(" · ");
}

// A card as a player reads it: its name, its symbols, and what its text lets them do. The id
// beside a translated name is what the command box takes.
function cardItem(card, { text = true } = {}) {
  const info = cardInfo(card);
  const symbols = symbolsText(info.symbols);
  return h("li", { class: "myth-card", dataset: { card } },
    h("strong", {}, info.name),
    info.name !== card && info.name.toLowerCase() !== card ? h("code", { class: "muted" }, ` ${card}`) : null,
    symbols ? h("span", { class: "myth-symbols muted" }, symbols) : null,
    text && info.text ? h("span", { class: "myth-card-text" }, info.heading_label ? h("b", {}, `${info.heading_label}: `) : null, info.text) : null);
}

function cardList(cards, empty) {
  if (!cards.length) return h("p", { class: "muted" }, empty);
  return h("ul", { class: "myth-cards" }, cards.map((card) => cardItem(card)));
}

function renderHand() {
  const el = $("myth-hand");
  if (!el) return;
  const me = seatRow(data.me.seat);
  if (!me) return el.replaceChildren();
  el.replaceChildren(
    h("h3", {}, gettext("Hand")), cardList(st.view.my_hand || [], gettext("No cards in hand.")),
    h("h3", {}, interpolate(gettext("Reserve (%(n)s of %(capacity)s)"), { n: me.reserve.length, capacity: me.reserve_capacity })),
    cardList(me.reserve, gettext("The reserve is empty.")),
    h("p", { class: "muted" }, interpolate(gettext("Deck: %(deck)s cards · discard: %(discard)s cards"), { deck: me.deck_size, discard: me.discard_size })),
  );
}

function renderPlayers() {
  const rows = Object.entries(st.view.seats || {}).map(([seat, row]) => {
    const now = (st.view.waiting_for || []).some((w) => String(w.seat) === seat);
    return h("tr", { class: now ? "now" : null },
      h("td", {}, h("span", { class: `myth-swatch seat-${row.colour}` }), " ", row.player, now ? " ◀" : ""),
      h("td", {}, String(row.vp)),
      h("td", {}, String(row.hand_size)),
      h("td", {}, String(row.reserve.length)),
      h("td", {}, `${row.deck_size}/${row.discard_size}`),
      h("td", {}, `${row.supply.armies}/${row.supply.ships}`));
  });
  $("myth-players").replaceChildren(h("table", { class: "myth-table" },
    h("thead", {}, h("tr", {}, [gettext("Player"), gettext("VP"), gettext("Hand"), gettext("Reserve"),
      gettext("Deck / discard"), gettext("Armies / ships")].map((t) => h("th", {}, t)))),
    h("tbody", {}, rows)));
}

function renderVpCards() {
  const cards = Object.entries(st.view.vp_cards || {});
  $("myth-vp-cards").replaceChildren(...cards.map(([card, tokens]) =>
    h("li", { dataset: { vpCard: card } }, h("strong", {}, data.board.vp_cards[card] || card), " ",
      h("span", { class: "muted" }, tokens.length
        ? interpolate(ngettext("%(n)s token left (%(values)s VP)", "%(n)s tokens left (%(values)s VP)", tokens.length), { n: tokens.length, values: tokens.join(", ") })
        : gettext("empty")),
      (data.board.vp_card_texts || {})[card] ? h("span", { class: "myth-card-text" }, data.board.vp_card_texts[card]) : null)));
  const display = st.view.progress_display || [];
  $("myth-progress-count").textContent = String(display.length);
  $("myth-progress").replaceChildren(display.length
    ? h("ul", { class: "myth-cards myth-display" }, display.map((card) => cardItem(card)))
    : h("p", { class: "muted" }, gettext("No progress cards are left on display.")));
}

function renderLegal() {
  const el = $("myth-legal");
  if (!el) return;
  const commands = st.selected ? st.legal.filter((c) => placesIn(c).includes(st.selected)) : st.legal;
  $("myth-command-list").replaceChildren(...st.legal.map((c) => h("option", { value: c, label: words.describe(c).text })));
  if (!st.legal.length) return el.replaceChildren(h("p", { class: "muted" }, gettext("Nothing to do now.")));
  const groups = new Map();
  for (const command of commands) {
    const word = command.split(" ")[0];
    if (!groups.has(word)) groups.set(word, []);
    groups.get(word).push(command);
  }
  const sections = [...groups].map(([word, list]) =>
    h("details", { class: "myth-group", open: st.selected || groups.size <= 2 || word === "pass" ? true : null, dataset: { group: word } },
      h("summary", {}, `${GROUPS[word] || word} (${list.length})`),
      h("div", { class: "myth-buttons" }, list.map((command) => moveButton(command)))));
  const note = st.selected ? h("p", { class: "muted" }, interpolate(gettext("Commands naming %(province)s."), { province: st.selected }),
    " ", h("button", { type: "button", class: "link", onclick: () => selectProvince(st.selected) }, gettext("Show all"))) : null;
  el.replaceChildren(...[note, ...sections].filter(Boolean));
}

function moveButton(command) {
  const said = words.describe(command);
  return h("button", { type: "button", class: "myth-move", dataset: { command }, title: command, onclick: () => ask(command) },
    h("span", { class: "myth-move-text" }, said.text),
    said.cost ? h("span", { class: "myth-move-cost" }, ` — ${said.cost}`) : null,
    said.note ? h("span", { class: "myth-move-note" }, said.note) : null);
}

async function ask(command) {
  // The server tries the command for this seat without playing it: the player sees what it
  // would do (or the rule it breaks) before confirming. Cards a turn would draw stay hidden.
  const pending = command.trim();
  if (!pending) return;
  st.pending = null;
  $("myth-confirm").hidden = true;
  showError($("myth-error"), "");
  let result;
  try {
    result = await api("POST", `${base}/preview/`, { command: pending, expected_move_number: st.moveNumber });
  } catch (error) {
    showError($("myth-error"), error.message);
    return;
  }
  st.pending = pending;
  const said = words.describe(pending);
  $("myth-confirm-text").textContent = said.cost ? `${said.text} — ${said.cost}` : said.text;
  $("myth-confirm-command").textContent = pending;
  $("myth-preview").replaceChildren(...previewLines(result));
  $("myth-confirm").hidden = false;
  $("myth-confirm-yes").focus();
}

function previewLines(result) {
  const shown = result.state;
  const lines = result.ledger.map((row) => h("li", {}, row.text || words.describe(row.command).text));
  const mine = seatRow(data.me.seat);
  const after = (shown.seats || {})[String(data.me.seat)];
  if (mine && after && after.vp !== mine.vp) {
    lines.push(h("li", {}, interpolate(gettext("Your VP: %(before)s → %(after)s"), { before: mine.vp, after: after.vp })));
  }
  if (shown.my_pending_choice) lines.push(h("li", {}, gettext("Your choice stays secret until every player has chosen.")));
  if (shown.cards_to_draw) {
    lines.push(h("li", {}, interpolate(ngettext("Then you draw %(n)s card.", "Then you draw %(n)s cards.", shown.cards_to_draw), { n: shown.cards_to_draw })));
  }
  if (shown.philosopher_cards) {
    lines.push(h("li", {}, interpolate(gettext("You will look at %(n)s progress cards and take one."), { n: shown.philosopher_cards })));
  }
  if (shown.my_hand) {
    const names = shown.my_hand.map((card) => cardInfo(card).name).join(", ") || "–";
    lines.push(h("li", {}, interpolate(gettext("Your hand after it: %(cards)s"), { cards: names })));
  }
  return lines;
}

async function send() {
  const command = st.pending;
  if (!command) return;
  $("myth-confirm-yes").disabled = true;
  try {
    await api("POST", `${base}/moves/`, { command, expected_move_number: st.moveNumber });
    st.pending = null;
    st.selected = null;
    $("myth-confirm").hidden = true;
    $("myth-command").value = "";
    $("myth-province-info").textContent = gettext("Tap a province for its details.");
    await refresh();
  } catch (error) {
    showError($("myth-error"), error.message);
  } finally {
    $("myth-confirm-yes").disabled = false;
  }
}

// --- the game log --------------------------------------------------------------------------

function seatOfColour(colour) {
  return Object.values(st.view.seats || {}).find((row) => row.colour === colour);
}

function myColour() {
  const me = seatRow(data.me.seat);
  return me ? me.colour : null;
}

function cardNames(cards) {
  return cards.map((card) => cardInfo(card).name).join(", ");
}

// One line per ledger row; a move without rows (an automatic one) is its command.
function logLines(entry) {
  const rows = entry.rows && entry.rows.length ? entry.rows : [{ actor: entry.actor, command: entry.command }];
  return rows.map((row) => {
    const colour = row.actor || entry.actor;
    const seat = seatOfColour(colour);
    // Only the viewer's own rows carry the cards drawn and discarded.
    const secrets = [
      row.drawn && row.drawn.length ? interpolate(gettext("You drew: %(cards)s."), { cards: cardNames(row.drawn) }) : null,
      row.discarded && row.discarded.length ? interpolate(gettext("You discarded: %(cards)s."), { cards: cardNames(row.discarded) }) : null,
    ].filter(Boolean);
    return h("li", { class: "myth-log-row", dataset: { move: String(entry.move_number), actor: colour } },
      h("span", { class: "myth-log-move muted" }, `${entry.move_number}.`), " ",
      h("span", { class: `myth-swatch seat-${colour}`, title: colourName(colour) }), " ",
      h("strong", {}, seat ? seat.player : colour), " ",
      h("span", { class: "myth-log-text" }, row.text || words.describe(row.command).text),
      secrets.length ? h("span", { class: "myth-log-secret muted" }, secrets.join(" ")) : null);
  });
}

function renderLog() {
  const list = $("myth-log");
  if (!list || !st.log) return;
  const lines = [...st.log].reverse().flatMap(logLines);
  list.replaceChildren(...(lines.length ? lines : [h("li", { class: "muted" }, gettext("Nothing has happened yet."))]));
}

async function loadLog() {
  try {
    st.log = await api("GET", `${base}/ledger/`);
    showError($("myth-log-error"), "");
  } catch (error) {
    showError($("myth-log-error"), error.message);
    return;
  }
  renderLog();
  renderUndo();
}

// --- taking back a move, resigning, leaving ------------------------------------------------------

// The platform takes back the viewer's own last move while nobody has acted since: offered
// while the last move in force is theirs.
function renderUndo() {
  const button = $("myth-undo");
  if (!button) return;
  const last = st.log && st.log.length ? st.log[st.log.length - 1] : null;
  // A move that drew cards or showed a secret is never taken back (the platform refuses it).
  const showed = last && last.rows.some((row) => row.drawn || row.reveals);
  button.hidden = !(last && last.kind === "command" && last.actor === myColour() && !showed && !st.view.finished);
}

async function undo() {
  const button = $("myth-undo");
  if (!window.confirm(button.dataset.confirm)) return;
  button.disabled = true;
  try {
    await api("POST", `${base}/undo/`, { expected_move_number: st.moveNumber });
    showError($("myth-undo-error"), "");
    st.pending = null;
    $("myth-confirm").hidden = true;
  } catch (error) {
    showError($("myth-undo-error"), error.status === 409 ? gettext("The game moved on: look at the board again.") : error.message);
  } finally {
    button.disabled = false;
  }
  await refresh();
}

function setupSeatAction() {
  const form = $("myth-seat-action");
  if (!form) return;
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    if (form.dataset.confirm && !window.confirm(form.dataset.confirm)) return;
    const action = form.dataset.apiAction;
    try {
      await api("POST", `${base}/${action}/`);
      if (action === "leave") window.location.assign("/");
      else window.location.reload();
    } catch (error) {
      showError($("myth-seat-error"), error.message);
    }
  });
}

function renderAll() {
  renderTurn();
  renderMap();
  renderHand();
  renderPlayers();
  renderVpCards();
  renderLegal();
  renderJump();
}

async function refresh() {
  try {
    const [view, legal] = await Promise.all([
      api("GET", `${base}/state/`),
      data.me.seat && data.game.status === "running" ? api("GET", `${base}/legal/`) : Promise.resolve(null),
    ]);
    st.view = view;
    st.moveNumber = view.move_number;
    // The two reads may straddle a move: commands of another move are not offered, and both
    // are read again.
    const current = legal && legal.move_number === view.move_number;
    st.legal = current ? legal.commands : [];
    if (legal && !current) setTimeout(() => refresh(), 300);
    renderAll();
  } catch (error) {
    showError($("myth-error"), error.message);
  }
  await loadLog();
}

const chat = setupChat({
  elements: { list: $("chat-messages"), form: $("chat-form"), input: $("chat-input"), error: $("chat-error") },
  url: `${base}/chat/`,
});

async function start() {
  renderAll();
  loadLog();
  chat.load();
  setupSeatAction();
  if ($("myth-undo")) $("myth-undo").addEventListener("click", undo);
  const form = $("myth-command-form");
  if (form) {
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      ask($("myth-command").value);
    });
    $("myth-confirm-yes").addEventListener("click", send);
    $("myth-confirm-no").addEventListener("click", () => {
      st.pending = null;
      $("myth-confirm").hidden = true;
    });
  }
  if ($("myth-to-actions")) {
    $("myth-to-actions").addEventListener("click", () => $("myth-actions-title").scrollIntoView({ block: "start" }));
  }
  watchScroll($("myth-map"), $("myth-map-hint"));
  // A phone shows the map and the actions first: the long legend and card display fold.
  if (window.matchMedia("(max-width: 700px)").matches) {
    for (const box of [$("myth-legend"), $("myth-progress-box")]) if (box) box.open = false;
  }
  try {
    st.layout = await api("GET", root.dataset.layoutUrl);
    renderMap();
  } catch (error) {
    $("myth-map").textContent = error.message;
  }
  followGame(`/ws/games/${gameId}/`, { chat, status: () => data.game.status, moveNumber: () => st.moveNumber, refresh });
}

start();
