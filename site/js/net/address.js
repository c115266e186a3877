// Who can open a link to an address: the host's invites and state links start with the page's
// own address (hall/remote/codes.js, linkFor), and a friend's device can open them only when that
// address reaches it. Decided here alone; the host's tab warns when it does not.

/** Who can open `url`: "anyone"; "device" (this device only: localhost, 127.x, ::1);
 *  "network" (devices on the same local network only: 10.x, 172.16–31.x, 192.168.x,
 *  169.254.x, IPv6 fc00::/7 and fe80::/10, a name without a dot or ending .local, .lan,
 *  .home.arpa or .internal); "file" (a file on this device). */
export function reach(url) {
  let u;
  try {
    u = new URL(String(url));
  } catch {
    return "device";
  }
  if (u.protocol === "file:") return "file";
  if (u.protocol !== "http:" && u.protocol !== "https:") return "device";
  const host = u.hostname.toLowerCase().replace(/\.$/, "");
  if (host.startsWith("[")) return ipv6(host.slice(1, -1));
  const v4 = ipv4(host);
  if (v4) return v4Reach(v4);
  if (host === "localhost" || host.endsWith(".localhost")) return "device";
  if (!host.includes(".") || /\.(local|lan|home\.arpa|internal)$/.test(host)) return "network";
  return "anyone";
}

// the URL parser has made every IPv4 form (0x7f.1, 2130706433) dotted decimal already
function ipv4(host) {
  const m = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(host);
  return m ? m.slice(1).map(Number) : null;
}

function v4Reach([a, b]) {
  if (a === 127 || a === 0) return "device";
  if (a === 10 || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168) || (a === 169 && b === 254))
    return "network";
  return "anyone";
}

// the URL parser gives IPv6 compressed and in lower case: "::1", "fe80::1", "::ffff:7f00:1"
function ipv6(host) {
  if (host === "::1" || host === "::") return "device";
  const mapped = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(host);
  if (mapped) {
    const hi = parseInt(mapped[1], 16);
    return v4Reach([hi >> 8, hi & 255]);
  }
  const first = parseInt(host.split(":")[0] || "0", 16);
  if ((first & 0xfe00) === 0xfc00 || (first & 0xffc0) === 0xfe80) return "network";
  return "anyone";
}
