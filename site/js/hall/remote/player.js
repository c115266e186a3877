// The player's side of a game hosted in another browser (docs/multiplayer.md), for every
// game: an invite opened, a state link opened (the game's own table for this seat, from the
// view the link carries), the action code made, the live bar; and the lobby's "Play with
// others" panel (together.js). What the browser keeps per hosted game, and which links it keeps: playlink.js.

import { h, clear } from "../../shell/dom.js";
import { t, errorText, setReader } from "../../shell/i18n.js";
import * as store from "../../shell/store.js";
import { call, notify, showError } from "../../shell/ui.js";
import { readActionHeader } from "../../net/links.js";
import { readInvite } from "../../net/invite.js";
import { codeBox, codeKind, pasteBox, linkFor } from "./codes.js";
import { book } from "./book.js";
import { showing, gameOfTag } from "../games.js";
import * as live from "./liveplayer.js";
import { prePanel, commitCode, onLink, fairLine, auditPanel } from "./fairplayer.js";
import { playerBoard } from "./board.js";
import { readPlay, keepLink, refusal } from "./playlink.js";
import { loadPlay, savePlay } from "../lobby/together.js";
import { seatNotice } from "./seatnote.js";
import { undoButton, undoStep } from "./playundo.js";
import { during } from "../../shell/settle.js";

/** Open a pasted or visited link or code. Resolves with the route to show, or throws. */
export async function openCode(text, { hostGames = () => [] } = {}) {
  const kind = codeKind(text);
  if (kind === "i") {
    const inv = await readInvite(text);
    const game = gameOfTag(inv.game);
    book.addInvite(inv);
    const play = loadPlay(inv.gameId);
    savePlay(inv.gameId, { ...play, name: inv.name, seat: inv.seat, game });
    notify(t("net.invite_kept", { name: inv.name }));
    return { page: "play", g: inv.gameId };
  }
  if (kind === "r") return { page: "play", g: await keepLink(text) };
  if (kind === "o") {
    const header = await readActionHeader(text);
    const game = store.allGames().find((x) => x.net && x.net.inbox && x.net.inbox.g === header.gameId);
    if (!game) throw refusal(hostGames().length ? "code_other_game" : "no_host_game");
    return { page: "game", id: game.id, code: text };
  }
  if (kind === "f") return { page: "play", g: await live.offerGame(text), offer: text };
  if (kind === "w") return { page: "replay", code: text.slice(text.lastIndexOf("#") + 1).replace(/\s+/g, "") };
  if (!String(text || "").trim()) throw refusal("code_empty");
  throw refusal("code_unknown_kind");
}

// the open player's page: the draft of the seat's move (a card picked, a turn planned but not
// sent) survives redraws within one step, and a reload: it is kept in storage whenever the
// page is hidden or left
let drafts = { key: null, draft: {} };
const keepDraft = () => drafts.g && store.set(`draft.${drafts.g}`, { key: drafts.key, draft: drafts.draft });
addEventListener("pagehide", keepDraft);
document.addEventListener("visibilitychange", () => document.visibilityState === "hidden" && keepDraft());
let renders = 0;

export async function showPlay(main, g, nav, route = {}) {
  if (route && route.offer) {
    // an offer opened as a link: answer it (the page redraws)
    const offer = route.offer;
    delete route.offer;
    live.openOffer(offer, nav);
  }
  const play = loadPlay(g);
  const inv = book.invite(g);
  // the page redraws whenever a link comes: what had the focus gets it back (a message
  // being written on the board, a radio button of the day)
  const focusKey = document.activeElement && document.activeElement.dataset && document.activeElement.dataset.focus;
  const restoreFocus = () => {
    const again = focusKey && main.querySelector(`[data-focus="${CSS.escape(focusKey)}"]`);
    if (again) {
      again.focus();
      if (again.tagName === "TEXTAREA") again.setSelectionRange(again.value.length, again.value.length);
    }
  };
  // the new page is built aside and swapped in at once: the old one stays (and the reader's
  // place in it) while the link is read; a later call (a newer link) wins, and so does
  // another page asked for meanwhile (the lobby, after a link refused while this one was read)
  const token = ++renders;
  const page = h("div", { class: "play", id: "by-play", "data-game": g });
  const add = (...nodes) => page.append(...nodes.filter(Boolean));
  const show = () => {
    if (token === renders && document.documentElement.dataset.page === "play") {
      clear(main);
      main.append(page);
      live.freshenLive(g);
      restoreFocus();
    }
    return true;
  };
  if (!play.link) {
    add(
      h(
        "section",
        { class: "card-panel" },
        h("h2", {}, inv ? t("net.joined_title", { name: inv.name }) : t("net.no_link_yet")),
        h("p", {}, t("net.joined_text")),
        pasteBox({
          name: "link",
          label: t("net.open_label"),
          button: t("net.open"),
          onsubmit: async (text) => nav.go(await openCode(text)),
        }),
        live.joinBox(g, nav),
      ),
    );
    return show();
  }
  let got, name, game, view, kinds, undo;
  try {
    ({ got, name, game, view, kinds, undo } = await readPlay(g, play.link));
    showing(name, game.table);
    if (got.step < 0) {
      // a fair deal's exchange before the game (fairplayer.js)
      add(prePanel(g, got), await seatNotice(got));
      add(live.playerBar(g, { players: (got.public.pre || {}).names }, got.seat ?? null, nav));
      add(newerLinkBox(nav));
      return show();
    }
  } catch (error) {
    failed(page, error, nav);
    return show();
  }
  try {
    const notice = await seatNotice(got); // another device tried this seat (the host refused it)
    tablePage(add, { main, g, play, nav, got, name, game, view, kinds, undo, notice });
  } catch (error) {
    // a kept link whose view the table cannot draw (kept by an older version of the page):
    // the refusal and the box for a newer link, never a broken page
    console.warn("a kept state link's view cannot be drawn", error);
    failed(page, { code: "code_invalid", params: { where: "view" } }, nav);
  }
  return show();
}

/** The page says why the kept link cannot be shown, and takes a newer one. */
function failed(page, error, nav) {
  clear(page);
  page.append(
    h(
      "section",
      { class: "card-panel" },
      h("p", { class: "bad", role: "alert", id: "by-play-error" }, errorText(error)),
    ),
    newerLinkBox(nav),
  );
}

/** The player's page for a read state link: the game's table for the seat (or for a
 *  spectator), the live bar, the action code made, the board. */
function tablePage(add, { main, g, play, nav, got, name, game, view, kinds, undo, notice }) {
  const table = game.table;
  const me = got.seat;
  setReader(me, me == null ? null : view.players[me]);
  const fair = !!(game.catalog && game.catalog.fair);
  const key = `${g}:${got.step}:${me}`;
  if (drafts.key !== key) {
    const kept = store.get(`draft.${g}`, null);
    drafts = { g, key, draft: kept && kept.key === key && kept.draft ? kept.draft : {} };
  }
  const heading = table.heading(view);
  if (play.heading !== heading || play.over !== got.over) savePlay(g, { ...loadPlay(g), heading, over: got.over });
  // (the page is not at rest until the new page is in: a redraw awaits the link's reading)
  const redraw = () => during(() => showPlay(main, g, nav));
  const pad = game.catalog && game.catalog.code_bytes;
  // the seat's latest action taken back: asked of the host, who alone takes it back
  const made = undoStep({ got, play, undo, live: live.isLive(g) });
  const askUndo = async () => {
    try {
      const code = await book.undoCode(g, made, pad, got.release);
      savePlay(g, { ...loadPlay(g), undo: { code, at: got.step } });
      const sent = live.sendAction(g, code);
      notify(sent ? t("net.undo_sent") : t("net.undo_made"));
      await redraw();
    } catch (error) {
      showError(error);
    }
  };

  add(
    h(
      "section",
      { class: "game-top" },
      h(
        "div",
        { class: "game-heading" },
        h("h2", {}, got.over ? t("game.over_title") : heading),
        h(
          "ul",
          { class: "chips" },
          table.chips(view.options).map((c) => h("li", {}, c)),
        ),
      ),
      h("p", { class: "play-who" }, me != null ? t("net.you_play", { name: view.players[me] }) : t("net.watching")),
      undoButton(made, askUndo),
      h(
        "button",
        {
          type: "button",
          class: "btn",
          id: "by-howto-open",
          onclick: () => nav.go({ page: "rules", game: name, back: { page: "play", g } }),
        },
        t("howto.open"),
      ),
    ),
  );
  if (!got.verified)
    add(h("p", { class: "panel-note notice-warn", id: "by-unverified", role: "note" }, t("net.unverified")));
  if (got.problem)
    add(
      h(
        "p",
        { class: "panel-note bad", id: "by-link-problem", role: "alert" },
        errorText({ code: got.problem, params: {} }),
      ),
    );
  add(notice);
  add(live.playerBar(g, view, me ?? null, nav));

  const ctx = {
    game: name,
    view,
    kinds, // which seats are bots: the link says so, as the host's table marks them
    seat: me,
    step: got.step,
    over: got.over,
    remote: true,
    draft: drafts.draft,
    saveLabel: t("net.make_code"),
    redraw,
    // this seat's code for this step is made: the table says so (instead of asking again)
    // until the host's newer link comes, unless the player chose to decide again
    sent: !!play.code && play.codeStep === got.step && !drafts.draft.again,
    again: () => {
      drafts.draft.again = true;
      redraw();
    },
    /** A turn composed on this page before it is sent (a game that plans one: Ekonos), played
     *  ahead on the state this link describes, in one call: {view, done, events, packed}. */
    plan: (actions) =>
      call("net_plan", { game: name, public: got.public, private: got.private, seat: me, actions }, { busy: true }),
    /** The seat's move (one action or a whole turn as a list) as a code for the host; `packed`:
     *  the move as the code carries it, when a plan already has it (`plan`). */
    act: async (action, packed = null) => {
      try {
        const actions = Array.isArray(action) ? action : [action];
        const planned = !!packed; // a whole turn planned on the page: sent when it ends
        packed = packed || (await call("net_pack_action", { game: name, action }));
        // a fair deal's: the code carries this device's commitment to its moves
        const commit = fair ? await commitCode(g, got.step, actions) : null;
        const code = await book.actionCode(g, got.step, packed, commit, pad, got.release);
        savePlay(g, { ...loadPlay(g), code, codeStep: got.step, planned });
        delete drafts.draft.again;
        const sent = live.sendAction(g, code);
        notify(sent ? t("net.order_sent") : t("net.code_made"));
        await redraw();
        const box = document.querySelector("[data-box=order]");
        if (box) box.scrollIntoView({ block: "nearest" });
        return { sent };
      } catch (error) {
        showError(error);
        return null;
      }
    },
  };
  if (me != null && !got.over) {
    add(h("p", { class: "small", id: "by-turn-note" }, view.legal ? t("net.your_turn") : t("net.not_your_turn")));
  }
  if (fair && me != null) {
    const counts = onLink(g, got, view, table);
    if (got.over) add(auditPanel(g, got, name));
    else add(fairLine(counts));
  }
  add(table.remote(ctx));
  if (me != null) add(playerBoard(g, view, table, redraw));
  const undoCode = play.undo && play.undo.at === got.step && !got.over ? play.undo.code : null;
  if (undoCode && !live.isLive(g)) {
    add(
      h(
        "section",
        { class: "card-panel net-section" },
        h("h3", {}, t("net.undo_code_title")),
        codeBox({ name: "undo", title: t("net.undo_code"), hint: t("net.undo_code_hint"), text: linkFor(undoCode) }),
      ),
    );
  }
  if (play.code && play.codeStep === got.step && !got.over) {
    add(
      h(
        "section",
        { class: "card-panel net-section" },
        h("h3", {}, t("net.order_code_title")),
        codeBox({
          name: "order",
          title: t("net.order_code"),
          hint: t("net.order_code_hint"),
          text: linkFor(play.code),
        }),
      ),
    );
  }
  add(newerLinkBox(nav));
}

function newerLinkBox(nav) {
  return h(
    "section",
    { class: "card-panel" },
    pasteBox({
      name: "link",
      label: t("net.open_newer"),
      button: t("net.open"),
      onsubmit: async (text) => {
        nav.go(await openCode(text));
        return null;
      },
    }),
  );
}
