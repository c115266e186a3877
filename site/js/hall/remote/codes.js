// Codes and links passed between people: a box that shows one (copy, share, QR code) and a
// box to paste one into. Used by the host's tab, the player's page and live rooms.

import { h, newId } from "../../shell/dom.js";
import { t, errorText } from "../../shell/i18n.js";
import { notify } from "../../shell/ui.js";
import { during } from "../../shell/settle.js";
import { qrSvg } from "../../net/qr.js";
import { MAX_TEXT } from "../../net/codec.js";

/** The kind letter of a pasted code or link ("i", "r", "o", "f", "a"), or null. */
export function codeKind(text) {
  const s = String(text || "");
  const tail = s.slice(s.lastIndexOf("#") + 1).replace(/\s+/g, "");
  const m = /^([a-z])[0-9]+\./.exec(tail);
  return m ? m[1] : null;
}

/** The code a link opened in the address bar carries (`location.hash`), or a refusal
 *  ({code}): a fragment whose percent-encoding is broken, one far too long, or one that is not
 *  a code of this hall (the code itself is checked where it is read). */
export function fragmentCode(hash) {
  const refusal = (code, params = {}) => Object.assign(new Error(code), { code, params });
  const raw = String(hash || "").replace(/^#/, "");
  // percent-encoding makes a character at most three times as long
  if (raw.length > 3 * MAX_TEXT) throw refusal("code_too_long", { limit: MAX_TEXT });
  let text;
  try {
    text = decodeURIComponent(raw);
  } catch {
    throw refusal("link_malformed");
  }
  if (text.length > MAX_TEXT) throw refusal("code_too_long", { limit: MAX_TEXT });
  if (!codeKind(text)) throw refusal("code_unknown_kind");
  return text;
}

export const linkFor = (code) => `${location.origin}${location.pathname}#${code}`;

// ---------------------------------------------------------------- sharing a code
async function copyText(text) {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    const area = h("textarea", { class: "sr-only", readonly: true });
    area.value = text;
    document.body.append(area);
    area.select();
    let ok = false;
    try {
      ok = document.execCommand("copy");
    } catch {
      ok = false;
    }
    area.remove();
    return ok;
  }
}

/** A code or link for someone else: the text (read-only, selectable), Copy, Share (where the
 *  browser can), and a QR code on request. `name` marks it for tests (data-code); `onUse()`
 *  is called when the text is passed on (copied, shared, its QR code shown). */
export function codeBox({
  name,
  title,
  hint,
  text,
  qrTitle,
  ecl = "M",
  open = false,
  hideTitle = false,
  onUse = null,
}) {
  const used = () => onUse && onUse();
  const id = newId("code");
  const area = h("textarea", {
    id,
    class: "code-text",
    readonly: true,
    rows: 3,
    spellcheck: "false",
    "data-code": name,
    onfocus: (e) => e.target.select(),
    oncopy: used,
  });
  area.value = text;
  const qrHolder = h("div", { class: "qr-holder", hidden: !open });
  const qrButton = h(
    "button",
    {
      type: "button",
      class: "btn",
      "aria-expanded": open ? "true" : "false",
      "data-qr-toggle": name,
      onclick: () => {
        const show = qrHolder.hidden;
        if (show && !qrHolder.firstChild) qrHolder.append(qrFigure(text, qrTitle || title, ecl, name));
        if (show) used();
        qrHolder.hidden = !show;
        qrButton.setAttribute("aria-expanded", show ? "true" : "false");
        qrButton.textContent = show ? t("net.hide_qr") : t("net.show_qr");
      },
    },
    open ? t("net.hide_qr") : t("net.show_qr"),
  );
  if (open) qrHolder.append(qrFigure(text, qrTitle || title, ecl, name));
  const buttons = h(
    "div",
    { class: "row" },
    h(
      "button",
      {
        type: "button",
        class: "btn btn-primary",
        "data-copy": name,
        onclick: async () => {
          const ok = await copyText(text);
          if (ok) used();
          notify(ok ? t("net.copied") : t("net.copy_failed"), "info");
        },
      },
      t("net.copy"),
    ),
    typeof navigator.share === "function"
      ? h(
          "button",
          {
            type: "button",
            class: "btn",
            onclick: () =>
              navigator
                .share({
                  title: document.title,
                  text: title,
                  url: text.startsWith("http") ? text : undefined,
                  ...(text.startsWith("http") ? {} : { text }),
                })
                .then(used, () => {}),
          },
          t("net.share"),
        )
      : null,
    qrButton,
  );
  return h(
    "div",
    { class: "code-box", "data-box": name },
    title ? h("label", { for: id, class: hideTitle ? "sr-only" : "code-title" }, title) : null,
    hint ? h("p", { class: "hint small" }, hint) : null,
    area,
    buttons,
    qrHolder,
  );
}

function qrFigure(text, label, ecl, name) {
  try {
    const svg = qrSvg(text, { ecl, label: t("net.qr_of", { what: label }) });
    return h("figure", { class: "qr-figure", "data-qr": name }, svg);
  } catch {
    return h("p", { class: "bad small" }, t("net.qr_too_long"));
  }
}

/** A box to paste a code or link into; `onsubmit(text)` resolves with {ok, message}. */
export function pasteBox({ name, label, hint, button, onsubmit }) {
  const id = newId("paste");
  const result = h("p", { class: "paste-result", id: `${id}-result`, role: "status", "data-result": name });
  const area = h("textarea", {
    id,
    class: "code-input",
    rows: 3,
    spellcheck: "false",
    autocomplete: "off",
    "data-paste": name,
    "aria-describedby": `${id}-result`,
  });
  const form = h(
    "form",
    {
      class: "paste-box",
      onsubmit: (e) => {
        e.preventDefault();
        during(() => readPaste());
      },
    },
    h("label", { for: id, class: "code-title" }, label),
    hint ? h("p", { class: "hint small" }, hint) : null,
    area,
    h("div", { class: "row" }, h("button", { type: "submit", class: "btn btn-primary", "data-submit": name }, button)),
    result,
  );
  // the answer shows after the work and a blink: the page is not at rest until it does
  async function readPaste() {
    const submit = form.querySelector("button[type=submit]");
    submit.disabled = true;
    let out;
    try {
      out = await onsubmit(area.value);
    } catch (error) {
      out = {
        ok: false,
        message: error && error.code ? errorText(error) : String((error && error.message) || error),
      };
    } finally {
      submit.disabled = false;
    }
    if (!out) return;
    // the page may have been redrawn meanwhile (a round resolved): show it in the new box
    const shown = form.isConnected ? result : document.querySelector(`[data-result="${name}"]`) || result;
    // the same message twice (the same bad paste again) blinks, so the answer is seen (and
    // announced again): without that a repeated refusal looked like nothing happened
    shown.textContent = "";
    delete shown.dataset.ok;
    await new Promise((resolve) => setTimeout(resolve, 80));
    shown.textContent = out.message || "";
    shown.className = `paste-result ${out.ok ? "good" : "bad"}`;
    shown.dataset.ok = out.ok ? "1" : "0";
    if (out.ok) area.value = "";
    else if (!form.isConnected) {
      const again = document.querySelector(`[data-paste="${name}"]`);
      if (again) again.value = area.value;
    }
  }
  return form;
}
