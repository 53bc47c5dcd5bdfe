// A game's chat, as every game page shows it: the list of messages (oldest first, scrolled to
// the newest) and, for the game's players, a form that posts one. The page reloads the list
// when its WebSocket reports a chat event.

import { api, h, showError } from "./api.js";
import { gettext } from "./i18n.js";

function messageItem(message) {
  const when = new Date(message.created_at).toLocaleString([], { month: "short", day: "numeric", hour: "2-digit", minute: "2-digit" });
  return h("li", {},
    h("strong", {}, h("a", { href: `/players/${encodeURIComponent(message.username)}/` }, message.username)), " ",
    h("time", { class: "muted", datetime: message.created_at }, when),
    h("p", {}, message.text));
}

// elements: {list, form, input, error}, any of which may be missing (a spectator has no form).
// url: the chat endpoint; query: the page's query string ("" or "?invite=…").
export function setupChat({ elements, url, query = "" }) {
  const { list, form, input, error } = elements;

  async function load() {
    if (!list) return;
    try {
      const page = await api("GET", `${url}${query ? query + "&" : "?"}page_size=500`);
      const items = page.results.map(messageItem);
      list.replaceChildren(...(items.length ? items : [h("li", { class: "muted empty" }, gettext("No messages yet."))]));
      list.scrollTop = list.scrollHeight;
    } catch (failure) {
      if (error) showError(error, failure.message);
    }
  }

  async function post(event) {
    event.preventDefault();
    const text = input.value.trim();
    if (!text) return;
    try {
      await api("POST", `${url}${query}`, { text });
      input.value = "";
      showError(error, "");
      load();
    } catch (failure) {
      showError(error, failure.message);
    }
  }

  if (form && input) form.addEventListener("submit", post);
  return { load };
}
