// What the page says when its storage does not keep what it writes (store.js's news): a
// storage that is full (the newest changes live in this page only, and how to keep them), and
// a game that another tab of the browser changed (this tab stopped saving it). Lasting
// notices, in the reader's language, for as long as it holds.

import { onNews } from "./store.js";
import { t } from "./i18n.js";
import { keepNotice, dropNotice } from "./ui.js";

onNews(({ unsaved, elsewhere }) => {
  if (unsaved) keepNotice("unsaved", () => t("storage.unsaved", { button: t("lobby.export") }));
  else dropNotice("unsaved");
  if (elsewhere.length) keepNotice("elsewhere", () => t("storage.elsewhere"));
  else dropNotice("elsewhere");
});
