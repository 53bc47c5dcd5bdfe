// Lobby: the new-game form and the join buttons go through the REST API; without
// JavaScript the same forms post to the pages.

import { gettext } from "./i18n.js";
import { api, showError } from "./api.js";

// The kind chosen first: its radio button carries its player counts and whether it has maps.
function chosenKind(form) {
  return form.querySelector('input[name="kind"]:checked') || form.querySelector('input[name="kind"]');
}

function payload(form) {
  const data = new FormData(form);
  const kind = chosenKind(form);
  const maps = !kind || kind.dataset.maps === "1";
  const body = {
    player_count: Number(data.get("player_count")),
    // The boxes of other kinds are disabled, so only the chosen kind's options are sent.
    options: data.getAll("options"),
    public: data.get("public") === "on",
    name: (data.get("name") || "").trim(),
  };
  if (kind) body.kind = kind.value;
  // Computer seats: one level per seat, all at the level chosen.
  const bots = Number(data.get("bots") || 0);
  if (bots > 0) body.bots = Array(bots).fill(data.get("bot_level"));
  if (maps) body.map_id = data.get("map_id") || undefined;
  const time = data.get("time_control") || "none";
  body.time_control = time;
  if (time === "move") body.move_time_limit = Number(data.get("move_time_limit"));
  if (time === "chess") {
    body.clock_initial = Number(data.get("clock_initial"));
    body.clock_bonus = Number(data.get("clock_bonus"));
  }
  if (maps && data.get("explicit_setup") === "on") {
    body.setup = {
      scoring_tiles: [1, 2, 3, 4, 5, 6].map((n) => data.get(`scoring_${n}`) || ""),
      removed_bonus_tiles: data.getAll("removed_bonus_tiles"),
      seat_order: (data.get("seat_order") || "").split(",").map((u) => u.trim()).filter(Boolean),
    };
    if (body.setup.scoring_tiles.some((t) => !t)) return { error: gettext("Choose a scoring tile for each of the six rounds.") };
  }
  return { body };
}

// Only the chosen kind's options, player counts and (for kinds with maps) map and setup.
function showKind(form) {
  const kind = chosenKind(form);
  if (!kind) return;
  const maps = kind.dataset.maps === "1";
  for (const section of form.querySelectorAll(".kind-options")) {
    const mine = section.dataset.kind === kind.value;
    section.hidden = !mine;
    section.disabled = !mine;
  }
  for (const field of form.querySelectorAll("[data-map-field]")) {
    field.hidden = !maps;
    field.querySelectorAll("input, select").forEach((input) => {
      input.disabled = !maps;
    });
  }
  const counts = kind.dataset.playerCounts.split(",");
  const select = form.querySelector('select[name="player_count"]');
  if (!select) return;
  for (const option of select.options) option.disabled = !counts.includes(option.value);
  if (select.selectedOptions[0] && select.selectedOptions[0].disabled) {
    select.value = counts.includes("4") ? "4" : counts[counts.length - 1];
  }
}

// The API's per-field messages, under the fields they are about.
function showFieldErrors(form, fields) {
  form.querySelectorAll(".field-error.from-api").forEach((note) => note.remove());
  for (const [name, messages] of Object.entries(fields)) {
    const field = form.querySelector(`[name="${name}"]`);
    const row = field && field.closest(".form-row, fieldset");
    if (!row) continue;
    const text = Array.isArray(messages) ? messages.join(" ") : JSON.stringify(messages);
    const note = document.createElement("p");
    note.className = "field-error from-api";
    note.setAttribute("role", "alert");
    note.textContent = text;
    row.append(note);
  }
}

const form = document.getElementById("new-game-form");
if (form) {
  const error = document.getElementById("new-game-error");
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const { body, error: problem } = payload(form);
    if (problem) {
      showError(error, problem);
      return;
    }
    const button = form.querySelector('button[type="submit"]');
    button.disabled = true;
    try {
      const game = await api("POST", "/api/v1/games/", body);
      window.location.assign(`/games/${game.id}/`);
    } catch (failure) {
      showError(error, failure.message);
      showFieldErrors(form, failure.body.fields || {});
      button.disabled = false;
    }
  });
  form.querySelectorAll('input[name="kind"]').forEach((radio) => radio.addEventListener("change", () => showKind(form)));
  showKind(form);
  // Only the fields of the chosen time control are shown.
  const control = form.querySelector('select[name="time_control"]');
  const showTimeFields = () => {
    form.querySelectorAll("[data-time]").forEach((row) => {
      row.hidden = row.dataset.time !== control.value;
    });
  };
  if (control) {
    control.addEventListener("change", showTimeFields);
    showTimeFields();
  }
  // Choosing any setup field turns the explicit setup on.
  const toggle = form.querySelector('input[name="explicit_setup"]');
  form.querySelectorAll('.setup-section select, .setup-section input:not([name="explicit_setup"])').forEach((field) => {
    field.addEventListener("change", () => {
      if (toggle) toggle.checked = true;
    });
  });
}

for (const join of document.querySelectorAll("form[data-api-join]")) {
  join.addEventListener("submit", async (event) => {
    event.preventDefault();
    const id = join.dataset.apiJoin;
    try {
      await api("POST", `/api/v1/games/${id}/join/`, {});
      window.location.assign(`/games/${id}/`);
    } catch (failure) {
      let note = join.querySelector(".form-error");
      if (!note) {
        note = document.createElement("p");
        note.className = "form-error";
        note.setAttribute("role", "alert");
        join.append(note);
      }
      showError(note, failure.message);
    }
  });
}
