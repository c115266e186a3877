// The lobby's "Play with others" panel, and the list of games this browser plays from afar
// (store keys plays and play.<game id>: what playlink.js keeps of each). Light on purpose:
// the lobby draws it at start, and the net layer (player.js and the links) loads only when
// a code is opened or a game played.

import { h } from "../../shell/dom.js";
import { t } from "../../shell/i18n.js";
import * as store from "../../shell/store.js";
import { pasteBox } from "../remote/codes.js";

export function playIds() {
  const ids = store.get("plays", []);
  return Array.isArray(ids) ? ids.filter((x) => typeof x === "string") : [];
}
export function loadPlay(g) {
  const play = store.get(`play.${g}`, null);
  return play && typeof play === "object" && !Array.isArray(play) ? play : {};
}
export function savePlay(g, data) {
  store.set(`play.${g}`, { ...data, updated: new Date().toISOString() });
  if (!playIds().includes(g)) store.set("plays", [g, ...playIds()]);
}

/** The lobby's "Play with others" panel: open a link or code, and the games this browser
 *  plays from afar. */
export function lobbyPanel(nav) {
  const plays = playIds()
    .map((g) => ({ g, ...loadPlay(g) }))
    .filter((p) => p.link || p.name != null);
  return h(
    "section",
    { class: "card-panel", "aria-labelledby": "by-together-title" },
    h("h2", { id: "by-together-title" }, t("net.together")),
    h("p", { class: "small muted" }, t("net.together_hint")),
    pasteBox({
      name: "open",
      label: t("net.open_label"),
      button: t("net.open"),
      onsubmit: async (text) => {
        nav.go(await nav.openCode(text));
        return null;
      },
    }),
    plays.length
      ? h(
          "ul",
          { class: "game-list", id: "by-plays" },
          plays.map((p) =>
            h(
              "li",
              { class: "game-item", "data-play": p.g },
              h(
                "div",
                { class: "game-item-head" },
                h("strong", {}, p.name != null ? h("bdi", {}, p.name) : t("net.watching")),
                h(
                  "span",
                  { class: "muted small" },
                  [
                    p.game ? t(`game.${p.game}.name`) : "",
                    p.link ? (p.over ? t("game.over_title") : p.heading || "") : t("net.no_link_yet"),
                  ]
                    .filter(Boolean)
                    .join(" · "),
                ),
              ),
              h(
                "div",
                { class: "row" },
                h(
                  "button",
                  { type: "button", class: "btn btn-primary", onclick: () => nav.go({ page: "play", g: p.g }) },
                  t("lobby.continue"),
                ),
              ),
            ),
          ),
        )
      : null,
  );
}
