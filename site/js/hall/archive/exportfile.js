// A game exported as a file. A finished game's record holds nothing the table does not know
// by then. A game still being played holds secrets in its record — the seed, so what is still
// to be drawn, and every hidden move (a hand, a role, the spies' pick) — and every game of the
// hall has some: so the page asks first, says what the full record reveals, and by default
// writes the public file, which replays only what everyone at the table may know so far (what
// a replay link carries: engine/core/replay.py); the full record is the host's explicit
// choice. The lobby's import opens a public file as a replay (isPublicFile).

import { t } from "../../shell/i18n.js";
import { call, confirmDialog, download, fileSafe } from "../../shell/ui.js";

/** Export `record` of `game` (`over`: finished). */
export async function exportRecord(game, record, over) {
  const name = `${game}-${fileSafe(record.players.join("-"))}`;
  if (over) return download(`${name}.json`, record);
  const answer = await confirmDialog({
    title: t("export.ask_title"),
    text: t("export.ask_text", { button: t("lobby.import_button") }),
    ok: t("export.public"),
    also: t("export.full"),
  });
  if (answer === "also") download(`${name}.json`, record);
  else if (answer) download(`${name}-public.json`, await call("replay_of_record", { record }, { busy: true }));
}

/** A public file (a replay's contents: {game, version, public | steps}) rather than a record. */
export const isPublicFile = (value) =>
  !!value &&
  typeof value === "object" &&
  typeof value.game === "string" &&
  Number.isInteger(value.version) &&
  ("public" in value || "steps" in value) &&
  !("actions" in value);
