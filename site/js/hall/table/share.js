// "Share and embed" at a hosted game's table: its replay link (public information only,
// engine/core/replay.py), a ready <iframe> snippet of the embedded frame (embed.html), and a
// live preview of that frame.

import { h } from "../../shell/dom.js";
import { t, current } from "../../shell/i18n.js";
import { call } from "../../shell/ui.js";
import { codeBox } from "../remote/codes.js";
import { replayCode } from "./replay.js";

/** The replay's address in the hall and in the embedded frame. */
export function replayUrls(code, lang = current()) {
  const hall = new URL("./", location.href);
  const embed = new URL("embed.html", hall);
  embed.searchParams.set("lang", lang);
  return { hall: `${hall.href}#${code}`, embed: `${embed.href}#${code}` };
}

export const iframeSnippet = (src, title) =>
  `<iframe src="${src.replace(/"/g, "&quot;")}" title="${title.replace(/"/g, "&quot;")}" ` +
  `style="width:100%;max-width:640px;height:520px;border:0" loading="lazy"></iframe>`;

/** The box for game `id` (its replay so far). */
export async function shareBox(id, gameName) {
  const code = await replayCode(await call("hall_replay_link", { id }, { busy: true }));
  const urls = replayUrls(code);
  const snippet = iframeSnippet(urls.embed, `${gameName} — ${t("replay.title")}`);
  const preview = h("div", { class: "share-preview" });
  return h(
    "section",
    { class: "card-panel share-box", id: "by-share-box", "data-length": String(urls.hall.length) },
    h("h3", {}, t("replay.share")),
    codeBox({ name: "replay", title: t("replay.link"), hint: t("replay.link_hint"), text: urls.hall }),
    codeBox({ name: "embed", title: t("replay.embed"), text: snippet }),
    h(
      "button",
      {
        type: "button",
        class: "btn",
        id: "by-share-preview",
        onclick: () => {
          if (!preview.firstChild) preview.append(h("iframe", { src: urls.embed, title: t("replay.preview") }));
        },
      },
      t("replay.preview"),
    ),
    preview,
  );
}
