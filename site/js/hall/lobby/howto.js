// A game's "How to play" page: its rule book for players in the page's language
// (site/rules/<game>/<lang>.md, English when a language has none), and what the game's table
// adds where the text says `{{name}}` on a line of its own (Broker-Yard: its cards and a worked
// round, from the engine's catalog). Reached from the lobby and from a game's table.

import { h, clear } from "../../shell/dom.js";
import { t, current } from "../../shell/i18n.js";
import { formOf, tableOf, showing } from "../games.js";

const texts = new Map();

async function ruleText(game, lang) {
  const key = `${game}/${lang}`;
  if (!texts.has(key)) {
    const loading = fetch(new URL(`../../../rules/${game}/${lang}.md`, import.meta.url)).then((r) => {
      if (!r.ok) throw new Error(`HTTP ${r.status}`);
      return r.text();
    });
    loading.catch(() => texts.delete(key));
    texts.set(key, loading);
  }
  return texts.get(key);
}

/** "**bold**" inside a line; everything else is text. */
const inline = (text) => text.split("**").map((part, i) => (i % 2 ? h("strong", {}, part) : part));

/** The small Markdown the rule texts use: ##/### headings, - and 1. lists, paragraphs. */
export function renderRules(text, part) {
  const out = [];
  let list = null;
  let para = null;
  const close = () => {
    list = null;
    para = null;
  };
  for (const raw of text.split("\n")) {
    const line = raw.trim();
    const marker = /^\{\{(\w+)\}\}$/.exec(line);
    const heading = /^(#{2,3}) (.*)$/.exec(line);
    const item = /^(-|\d+\.) (.*)$/.exec(line);
    if (!line) close();
    else if (marker) {
      close();
      const node = part(marker[1]);
      if (node) out.push(node);
    } else if (heading) {
      close();
      out.push(h(heading[1] === "##" ? "h3" : "h4", {}, inline(heading[2])));
    } else if (item) {
      para = null;
      const ordered = item[1] !== "-";
      if (!list || (list.tagName === "OL") !== ordered) {
        list = h(ordered ? "ol" : "ul", {});
        out.push(list);
      }
      list.append(h("li", {}, inline(item[2])));
    } else if (list && raw.startsWith("  ")) {
      list.lastChild.append(" ", ...inline(line));
    } else if (para) {
      para.append(" ", ...inline(line));
    } else {
      list = null;
      para = h("p", {}, inline(line));
      out.push(para);
    }
  }
  return out;
}

/** The page for `game`; `back`: the route of the table that opened it (null: the lobby). */
export async function showHowTo(main, game, nav, back = null) {
  const [{ catalog }, table] = await Promise.all([formOf(game), tableOf(game)]);
  showing(game, table);
  const lang = current();
  const text = await ruleText(game, lang)
    .catch(() => ruleText(game, "en"))
    .catch(() => null);
  const part = (name) => (table.howtoPart ? table.howtoPart(name, catalog) : null);
  clear(main);
  main.append(
    h(
      "article",
      { class: "card-panel howto", id: "by-howto", "data-game": game, lang },
      h(
        "div",
        { class: "row" },
        h(
          "button",
          { type: "button", class: "btn", id: "by-howto-back", onclick: () => nav.go(back || { page: "lobby" }) },
          t(back ? "howto.back_game" : "howto.back_lobby"),
        ),
      ),
      h("h2", { id: "by-howto-title" }, t("howto.title", { game: t(`game.${game}.name`) })),
      text == null ? h("p", { class: "bad" }, t("howto.missing")) : renderRules(text, part),
    ),
  );
  const title = document.getElementById("by-howto-title");
  title.tabIndex = -1;
  title.focus({ preventScroll: true });
  return true;
}
