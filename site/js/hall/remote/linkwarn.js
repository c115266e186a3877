// The host's warning when the links it hands out point at an address a friend's device cannot
// open (net/address.js decides who can): this device only (127.0.0.1, localhost), the local
// network only (192.168.x and the like), or a file. Shown on the Remote players tab and on a
// fair deal's exchange, before anything is sent.

import { h } from "../../shell/dom.js";
import { t, ltr } from "../../shell/i18n.js";
import { reach } from "../../net/address.js";

/** The address the page's links start with (what codes.js's linkFor puts before the `#`). */
function address(loc) {
  return loc.protocol === "file:" ? `${loc.protocol}//${loc.pathname}` : loc.origin;
}

/** The warning for the page's own address, or null when anyone can open its links. */
export function addressWarning(loc = location) {
  const who = reach(loc.href);
  if (who === "anyone") return null;
  return h(
    "div",
    { class: "notice-warn net-address", id: "by-link-address", "data-reach": who, role: "note" },
    h("strong", {}, t(who === "network" ? "net.address_nearby" : "net.address_nobody")),
    " ",
    t(`net.address_${who}`, { address: ltr(address(loc)) }),
  );
}
