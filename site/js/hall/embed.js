// The embedded frame (embed.html): a compact page without the hall's chrome, for an <iframe>
// in a wiki or a blog. It shows a replay from its link (embed.html#w1.…) or starts a fresh
// solo game against bots with options from the address (embed.html?game=broker-yard&bots=
// easy,normal&deal=3%2B5&lang=es). It needs no storage (store.js keeps a game in memory when
// a cross-origin frame has none), follows a `lang` parameter (else the browser's language),
// and links to the hall ("open in full").

import { ready } from "../shell/runtime.js";
import { h, clear } from "../shell/dom.js";
import * as i18n from "../shell/i18n.js";
import { t, errorText } from "../shell/i18n.js";
import { showError } from "../shell/ui.js";
import { hold } from "../shell/settle.js";
import { readReplay, showReplay, LETTER } from "./table/replay.js";
import { showGame, closeGame } from "./table/table.js";
import { createGame } from "./lobby/newgame.js";
import { formOf, gameNames, seatLimits } from "./games.js";

document.head.append(h("link", { rel: "stylesheet", href: new URL("../../css/app.css", import.meta.url).href }));

const params = new URLSearchParams(location.search);
const code = location.hash.slice(1).replace(/\s+/g, "");
const HALL = new URL("./", location.href);

/** "Open in full": the hall, with the replay when there is one. */
const openFull = () =>
  h(
    "a",
    {
      class: "btn btn-link embed-full",
      id: "by-open-full",
      href: `${HALL.href}${code.startsWith(`${LETTER}1.`) ? `#${code}` : ""}`,
      target: "_blank",
      rel: "noopener",
    },
    t("replay.open_full"),
    " ↗",
  );

/** A solo game's seats and options from the address: every option of the game's catalog by
 *  its key, `bots` (levels, comma-separated, or a count of the catalog's middle level; by
 *  default three, or as many as the game needs with these options: a duel one, the spy
 *  game four). */
async function soloFromParams() {
  const game = params.get("game") || gameNames()[0]; // none named: the lobby's first

  const { catalog } = await formOf(game);
  const options = {};
  for (const spec of catalog.options) {
    const raw = params.get(spec.key);
    if (raw == null) continue;
    options[spec.key] =
      spec.kind === "bool"
        ? raw === "1" || raw === "true"
        : spec.kind === "int" && /^-?\d+$/.test(raw)
          ? Number(raw)
          : raw;
  }
  const limits = seatLimits(catalog, options);
  const middle = catalog.bots[Math.floor(catalog.bots.length / 2)];
  const wanted = params.get("bots") || String(Math.max(limits.min - 1, Math.min(3, limits.max - 1)));
  const levels = /^\d+$/.test(wanted)
    ? Array(Math.min(Number(wanted), limits.max - 1)).fill(middle)
    : wanted.split(",");
  const seats = [{ name: t("lobby.player_n", { n: "1" }), kind: "human" }].concat(
    levels.map((level, i) => ({ name: `${t("lobby.bot_name")} ${i + 1}`, kind: "bot", level })),
  );
  return { game, seats, options };
}

async function startSolo(main) {
  const { game, seats, options } = await soloFromParams();
  const id = await createGame(game, options, seats);
  const nav = {
    go: async (next) => {
      if (next && next.page === "game" && next.id) await showGame(main, next.id, nav);
      else {
        closeGame();
        await startSolo(main); // "lobby": a fresh game against the same bots
      }
    },
  };
  await showGame(main, id, nav);
}

/** The frame's own line over whatever the page shows (outside #app, which tables redraw). */
function decorate(main) {
  const old = document.querySelector(".embed-bar");
  if (old) old.remove();
  main.before(h("nav", { class: "embed-bar", "aria-label": t("app.title") }, openFull()));
}

async function start() {
  const lang = params.get("lang");
  try {
    await i18n.setLanguage(i18n.LANGUAGES.some((l) => l.code === lang) ? lang : i18n.preferred());
  } catch (error) {
    console.error(error);
  }
  try {
    await ready;
  } catch {
    return;
  }
  const main = document.getElementById("app");
  main.setAttribute("aria-label", t("app.title"));
  decorate(main);
  try {
    if (code) {
      const replay = await readReplay(code);
      await showReplay(main, replay);
    } else {
      await startSolo(main);
    }
  } catch (error) {
    clear(main);
    main.append(
      h(
        "section",
        { class: "card-panel", id: "by-embed-error", role: "alert" },
        h(
          "p",
          {},
          h("strong", {}, t(code ? "replay.failed" : "link.failed")),
          " ",
          error && error.code ? errorText(error) : "",
        ),
        openFull(),
      ),
    );
    if (!(error && error.code)) showError(error);
  }
  document.documentElement.dataset.embed = "ready";
}

const starting = hold(); // at rest once the frame shows its replay or game (or why not)
start().finally(starting);
