// Mythotopia's commands in words: "deploy Darb pay Darb Diclesium" reads "Deploy 2 armies to
// Darb — pay Darb, Diclesium", with the cards' names in the page's language. The command
// language is docs/mythotopia.md's; a command this module does not know reads as it is typed.

import { gettext, interpolate, ngettext } from "../../web/js/i18n.js";

export function describer(board, colourName = (colour) => colour) {
  const provinceByLower = new Map(Object.keys(board.provinces).map((name) => [name.toLowerCase(), name]));
  const seaBySlug = new Map(Object.keys(board.seas).map((sea) => [sea.toLowerCase().replace(/\s+/g, "-"), sea]));
  const province = (word) => provinceByLower.get(String(word).toLowerCase());
  const cardId = (word) => province(word) || String(word).toLowerCase();

  function cardName(word) {
    const id = cardId(word);
    if (board.provinces[id]) return id;
    return (board.cards[id] && board.cards[id].name) || word;
  }

  function symbols(word) {
    const id = cardId(word);
    if (board.provinces[id]) return { [board.provinces[id].symbol]: 1 };
    return (board.cards[id] && board.cards[id].symbols) || {};
  }

  const symbolName = (kind) => (board.symbols && board.symbols[kind]) || kind;
  const place = (word) => province(word) || seaBySlug.get(String(word).toLowerCase()) || word;
  const list = (names) => names.join(", ");
  const armies = (n) => interpolate(ngettext("%(n)s army", "%(n)s armies", n), { n });
  const ships = (n) => interpolate(ngettext("%(n)s ship", "%(n)s ships", n), { n });
  const mercenaries = (n) => interpolate(ngettext("%(n)s mercenary", "%(n)s mercenaries", n), { n });

  // One item of a payment: "market:gold", "Fadge", "merchant:Fadge:gold", "water-mill:Mome".
  function payItem(item) {
    const parts = item.split(":");
    const [first] = parts;
    if (parts.length === 3 && cardId(first) === "merchant") {
      return { kind: parts[2], label: interpolate(gettext("%(benefit)s: %(card)s as %(resource)s"), { benefit: cardName(first), card: cardName(parts[1]), resource: symbolName(parts[2]) }) };
    }
    if (cardId(first) === "water-mill" && parts.length >= 2) {
      const shown = symbols(parts[1]);
      const kind = parts[2] || Object.keys(shown)[0];
      return { kind, label: interpolate(gettext("%(benefit)s: %(card)s twice"), { benefit: cardName(first), card: card(parts[1], kind) }) };
    }
    const shown = symbols(first);
    const kind = parts[1] || Object.keys(shown)[0];
    if (parts[1] && !shown[parts[1]]) {
      // Farming, Gold Mine, Levies or Quarry in the reserve: any card as one of their symbol.
      return { kind, count: 1, label: interpolate(gettext("%(card)s as %(resource)s"), { card: cardName(first), resource: symbolName(kind) }) };
    }
    return { kind, count: shown[kind] || 0, label: card(first, kind) };
  }

  // A card with several kinds of symbols names the resource it pays; armies and ships go
  // without saying (the sentence counts them).
  function card(word, kind) {
    const several = Object.keys(symbols(word)).length > 1;
    if (several && kind && kind !== "army" && kind !== "ship") {
      return interpolate(gettext("%(card)s (%(resource)s)"), { card: cardName(word), resource: symbolName(kind) });
    }
    return cardName(word);
  }

  function payment(words) {
    const at = words.indexOf("pay");
    const items = at < 0 ? [] : words.slice(at + 1).map(payItem);
    const count = (kind) => items.filter((i) => i.kind === kind).reduce((sum, i) => sum + (i.count || 0), 0);
    return {
      head: at < 0 ? words : words.slice(0, at),
      items,
      count,
      cost: items.length ? interpolate(gettext("pay %(cards)s"), { cards: list(items.map((i) => i.label)) }) : "",
    };
  }

  const cardText = (word) => {
    const info = board.cards[cardId(word)];
    return info && info.text ? info.text : "";
  };

  function describePlay(head) {
    const [, which, ...rest] = head;
    const id = cardId(which);
    const name = cardName(which);
    const values = { card: name };
    switch (id) {
      case "militia":
        return gettext("Militia: take 1 army from the general supply");
      case "providence":
        return gettext("Providence: draw 2 cards");
      case "philosopher":
        return gettext("Philosopher: look at the top 3 progress cards and take 1");
      case "counsellor":
        return rest.length
          ? interpolate(gettext("Counsellor: discard %(cards)s and draw as many"), { cards: list(rest.map(cardName)) })
          : gettext("Counsellor: discard cards and draw as many");
      case "alchemist":
        return rest[0] === "2"
          ? gettext("Alchemist: exchange a 2-VP token for a 3-VP token")
          : gettext("Alchemist: exchange a 1-VP token for a 2-VP token");
      case "mystic":
        return rest.length && !rest[0].startsWith("(")
          ? interpolate(gettext("Mystic: take %(card)s back from your discard pile"), { card: cardName(rest[0]) })
          : gettext("Mystic: take a card back from your discard pile");
      case "mercenary":
        return interpolate(gettext("Mercenary: %(mercenaries)s to %(province)s"), { mercenaries: mercenaries(Number(rest[1] || 1)), province: place(rest[0]) });
      case "diplomat":
        return interpolate(gettext("Diplomat: end the war in %(province)s (the defender wins)"), { province: place(rest[0]) });
      case "marauders":
        return interpolate(gettext("Marauders: remove an army (%(colour)s) from %(province)s"), { colour: colourName(rest[1]), province: place(rest[0]) });
      case "warehouse":
        return interpolate(gettext("Warehouse: put %(card)s into your reserve"), { card: cardName(rest[0]) });
      default:
        return rest.length ? `${interpolate(gettext("Play %(card)s"), values)}: ${rest.join(" ")}` : interpolate(gettext("Play %(card)s"), values);
    }
  }

  // The road move: "march 2 from Palmain to Nusus [and 2 from Blore to Scombroid]".
  function describeMarch(head) {
    const groups = head.slice(1).join(" ").split(" and ").map((group) => group.split(" "));
    const moves = groups.map(([n, from, source, to, target]) => (from === "from" && to === "to"
      ? interpolate(gettext("%(armies)s from %(source)s to %(target)s"), { armies: armies(Number(n)), source: place(source), target: place(target) })
      : null));
    return moves.length && moves.every(Boolean) ? interpolate(gettext("Move %(moves)s along your roads"), { moves: moves.join("; ") }) : null;
  }

  function withdrawn(head) {
    // "withdraw 2 from P", "withdraw 1 mercenaries from P", "withdraw 1 armies 2 mercenaries from P"
    const at = head.indexOf("from");
    const counts = head.slice(1, at);
    const parts = [];
    if (counts.length === 1) parts.push(armies(Number(counts[0])));
    for (let i = 0; i + 1 < counts.length; i += 2) {
      parts.push(counts[i + 1].startsWith("merc") ? mercenaries(Number(counts[i])) : armies(Number(counts[i])));
    }
    return interpolate(gettext("Withdraw %(what)s from %(province)s"), { what: parts.join(gettext(" and ")), province: place(head[at + 1]) });
  }

  function describe(command) {
    const words = command.trim().split(/\s+/);
    const verb = (words[0] || "").toLowerCase();
    // What another player's log shows of a secret: "discard 2 cards", "citadel (secret choice)".
    if (words.some((w) => w.startsWith("(secret"))) return { text: gettext("A secret choice"), cost: "", note: "", known: true };
    if (/^\d+$/.test(words[1] || "") && (words[2] || "").startsWith("card")) {
      const n = Number(words[1]);
      if (verb === "discard") return { text: interpolate(ngettext("Discard %(n)s card", "Discard %(n)s cards", n), { n }), cost: "", note: "", known: true };
      if (verb === "take") return { text: interpolate(ngettext("Take %(n)s card into the hand", "Take %(n)s cards into the hand", n), { n }), cost: "", note: "", known: true };
    }
    const pay = payment(words);
    const head = pay.head;
    let text = null;
    let note = "";
    switch (verb) {
      case "pass":
        text = gettext("Pass");
        break;
      case "end":
        if (head[1] === "game") text = gettext("End the game");
        else if (head[1] === "war") {
          text = head[3] === "with"
            ? interpolate(gettext("End the war in %(province)s, playing %(hero)s"), { province: place(head[2]), hero: cardName("hero") })
            : interpolate(gettext("End the war in %(province)s"), { province: place(head[2]) });
        }
        break;
      case "attack": {
        const target = place(head[1]);
        const source = head[3];
        const via = head.indexOf("via") > 0 ? head.slice(head.indexOf("via") + 1) : [];
        const values = { target, armies: armies(pay.count("army")), source: place(source), cards: list(via.map(cardName)) };
        if (cardId(source) === "portal") text = interpolate(gettext("Attack %(target)s with %(armies)s through the Portal"), values);
        else if (cardId(source) === "general") {
          text = via.length
            ? interpolate(gettext("Attack %(target)s with %(armies)s with the General, across the sea (%(cards)s)"), values)
            : interpolate(gettext("Attack %(target)s with %(armies)s with the General"), values);
        } else {
          text = via.length
            ? interpolate(gettext("Attack %(target)s with %(armies)s from %(source)s across the sea (%(cards)s)"), values)
            : interpolate(gettext("Attack %(target)s with %(armies)s from %(source)s"), values);
        }
        break;
      }
      case "deploy":
        text = interpolate(gettext("Deploy %(armies)s to %(province)s"), { armies: armies(pay.count("army")), province: place(head[1]) });
        break;
      case "withdraw":
        if (head.includes("from")) text = withdrawn(head);
        break;
      case "sail":
        text = interpolate(gettext("Deploy %(ships)s to %(sea)s"), { ships: ships(pay.count("ship")), sea: place(head[1]) });
        break;
      case "recall":
        text = interpolate(gettext("Withdraw %(ships)s from %(sea)s"), { ships: ships(Number(head[1])), sea: place(head[3]) });
        break;
      case "buy": {
        const bought = [];
        for (let i = 1; i + 1 < head.length; i += 2) bought.push(head[i + 1].startsWith("ship") ? ships(Number(head[i])) : armies(Number(head[i])));
        text = interpolate(gettext("Buy %(what)s"), { what: bought.join(gettext(" and ")) });
        break;
      }
      case "add":
        text = interpolate(gettext("Add %(card)s to your deck"), { card: cardName(head[1]) });
        note = cardText(head[1]);
        break;
      case "take":
        text = interpolate(gettext("Take %(card)s into your hand"), { card: cardName(head[1]) });
        note = cardText(head[1]);
        break;
      case "reserve":
        text = interpolate(gettext("Put %(cards)s into your reserve"), { cards: list(head.slice(1).map(cardName)) });
        note = head.length === 2 ? cardText(head[1]) : "";
        break;
      case "discard":
        text = interpolate(gettext("Discard %(cards)s"), { cards: list(head.slice(1).map(cardName)) });
        break;
      case "remove":
        text = interpolate(gettext("Remove %(cards)s from your deck"), { cards: list(head.slice(1).map(cardName)) });
        break;
      case "patronage":
        text = gettext("Patronage: take a VP token");
        break;
      case "build": {
        const at = head.indexOf("with");
        const used = head.slice(at + 1).map(cardName);
        const values = { province: place(head[2]), cards: list(used) };
        if (head[1] === "city") text = interpolate(gettext("Build a city in %(province)s with %(cards)s"), values);
        else if (head[1] === "castle") text = interpolate(gettext("Build a castle in %(province)s with %(cards)s"), values);
        else if (head[1] === "road") text = interpolate(gettext("Build a road from %(province)s to %(other)s with %(cards)s"), { ...values, other: place(head[3]) });
        // One gold more than the stone takes the Guilded City's or the Roadside Inns' token.
        if (text && pay.count("gold") > 0) {
          text += " " + interpolate(gettext("and take a %(card)s token"), { card: board.vp_cards[head[1] === "road" ? "inns" : "guilded-city"] || "" });
        }
        break;
      }
      case "play":
        text = describePlay(head);
        note = cardText(head[1]);
        break;
      case "march":
        text = describeMarch(head);
        break;
      case "citadel":
        text = interpolate(gettext("Place your citadel in %(province)s"), { province: place(head[1]) });
        break;
      case "return":
        text = interpolate(gettext("Give up %(provinces)s (start choice)"), { provinces: list(head.slice(1).map(place)) });
        break;
      case "scribe":
        text = head[1] === "supply"
          ? gettext("Scribe: take your VP tokens from the unused tokens")
          : gettext("Scribe: take your VP tokens from the VP cards again");
        break;
      default:
        break;
    }
    return { text: text || command, cost: pay.cost, note, known: Boolean(text) };
  }

  return { describe, cardName, symbols, symbolName };
}
