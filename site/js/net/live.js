// Live rooms over WebRTC data channels, signalled by hand: the host shows an offer code (text
// and QR), the player pastes or scans it and shows back an answer code. No signalling server,
// no STUN or TURN server: only host candidates, so the two browsers must reach each other
// directly (one LAN, or loopback in tests).
//
//   offer   "f3." {g, s, e, x, H}      x = AES-GCM(seat's view key,  compact SDP)   host -> player
//   answer  "a3." {g, s, e, p, x, S}   x = AES-GCM(seat's order key, compact SDP)   player -> host
//
// Both are sealed with the seat's keys (docs/multiplayer.md): a relay cannot read them, swap
// in its own DTLS fingerprint (a man in the middle) or answer for another seat. The offer is
// signed by the host (`H`, the game's host key that the seat pinned with its invite:
// hostkey.js), so another holder of the same invite cannot pose as the host and feed the seat
// links, statuses or results of its own. The answer carries the device's public key `p` and
// its signature `S` of the answer bound to this very offer (its sealed part, fresh for every
// offer, is the challenge): the host's room admits a seat's bound device only (device.js), and
// an old answer never fits a new offer.
//
// Sealed SDPs and the room's messages are padded to buckets (links.js, `padded`): what a seat
// is sent — its own state link, the board's private threads — must not show in a length.

import { NetError, encode, decode, b64encode, b64decode } from "./codec.js";
import { seal, open } from "./seal.js";
import { OFFER_VERSION, keysFor, hostSigned, padded } from "./links.js";
import { publicBytes, sign, verify } from "./device.js";

export const ANSWER_VERSION = 3; // 3: the device's key and signature

const text = (bytes) => new TextDecoder().decode(bytes);
const isInt = (v) => Number.isSafeInteger(v);
export const GATHER_TIMEOUT_MS = 5000;
const SDP_BYTES = 0; // a compact SDP: its own bucket (its length tells only the network's candidates)
export const MESSAGE_BYTES = 512; // a message over the channel, at least (a state link: more)

/** A message as it goes over a data channel: its JSON padded with spaces to its bucket, at
 *  least `size` bytes (JSON.parse skips them). */
export const wire = (message, size = MESSAGE_BYTES) => padded(JSON.stringify(message), size);

// ------------------------------------------------------------------ compact SDP
/** What a data-channel SDP needs: ICE credentials, the DTLS fingerprint, the DTLS role and the
 *  UDP candidates' addresses. Everything else is the same in every such SDP. */
export function compactSdp(sdp) {
  const line = (re) => {
    const m = re.exec(sdp);
    return m ? m[1].trim() : null;
  };
  const fp = line(/^a=fingerprint:sha-256 ([0-9A-Fa-f:]+)/m);
  const out = {
    u: line(/^a=ice-ufrag:(\S+)/m),
    p: line(/^a=ice-pwd:(\S+)/m),
    f: fp ? b64encode(Uint8Array.from(fp.split(":").map((h) => parseInt(h, 16)))) : null,
    r: { actpass: "x", active: "a", passive: "p" }[line(/^a=setup:(\S+)/m)] || "x",
    c: [],
  };
  for (const m of sdp.matchAll(/^a=candidate:\S+ 1 udp \d+ (\S+) (\d+) typ host/gim)) {
    out.c.push([m[1], Number(m[2])]);
  }
  if (!out.u || !out.p || !out.f) throw new NetError("live_no_sdp");
  return out;
}

export function expandSdp(c) {
  const fp = b64decode(c.f);
  if (
    typeof c.u !== "string" ||
    typeof c.p !== "string" ||
    !fp ||
    fp.length !== 32 ||
    !Array.isArray(c.c) ||
    !/^[\x21-\x7e]{1,256}$/.test(c.u + c.p)
  ) {
    throw new NetError("code_invalid", { where: "sdp" });
  }
  const setup = { x: "actpass", a: "active", p: "passive" }[c.r];
  if (!setup) throw new NetError("code_invalid", { where: "sdp" });
  const lines = [
    "v=0",
    "o=- 1 2 IN IP4 127.0.0.1",
    "s=-",
    "t=0 0",
    "a=group:BUNDLE 0",
    "a=msid-semantic: WMS",
    "m=application 9 UDP/DTLS/SCTP webrtc-datachannel",
    "c=IN IP4 0.0.0.0",
    `a=ice-ufrag:${c.u}`,
    `a=ice-pwd:${c.p}`,
    "a=ice-options:trickle",
    `a=fingerprint:sha-256 ${Array.from(fp, (b) => b.toString(16).padStart(2, "0").toUpperCase()).join(":")}`,
    `a=setup:${setup}`,
    "a=mid:0",
    "a=sctp-port:5000",
    "a=max-message-size:262144",
  ];
  c.c.forEach((cand, i) => {
    if (
      !Array.isArray(cand) ||
      typeof cand[0] !== "string" ||
      !/^[0-9A-Za-z.:-]{1,80}$/.test(cand[0]) ||
      !isInt(cand[1]) ||
      cand[1] < 1 ||
      cand[1] > 65535
    )
      throw new NetError("code_invalid", { where: "sdp" });
    lines.push(`a=candidate:${i + 1} 1 udp ${2122260223 - i} ${cand[0]} ${cand[1]} typ host generation 0`);
  });
  lines.push("a=end-of-candidates");
  return lines.join("\r\n") + "\r\n";
}

function gathered(pc, timeout = GATHER_TIMEOUT_MS) {
  if (pc.iceGatheringState === "complete") return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      pc.removeEventListener("icegatheringstatechange", check);
      resolve();
    };
    const check = () => {
      if (pc.iceGatheringState === "complete") done();
    };
    const timer = setTimeout(done, timeout);
    pc.addEventListener("icegatheringstatechange", check);
  });
}

function channelOpen(channel) {
  if (channel.readyState === "open") return Promise.resolve(channel);
  return new Promise((resolve, reject) => {
    channel.addEventListener("open", () => resolve(channel), { once: true });
    channel.addEventListener("close", () => reject(new NetError("live_closed")), { once: true });
  });
}

const offerAad = (g, s, e) => `by1|offer|${g}|${s}|${e}`;
const answerAad = (g, s, e, p, offer) => `by${ANSWER_VERSION}|answer|${g}|${s}|${e}|${p}|${offer}`;

// ------------------------------------------------------------------ the host's side
/** One pending connection to one seat (`auth`: HostInbox.seatAuth): `code` is the offer to
 *  show, signed for the host; `accept(answer)` resolves with {seat, key (the answering
 *  device's public key), channel} once the data channel is open. */
export async function hostOffer({ gameId, seat, epoch, secret, signer }, rtc = {}) {
  const pc = new RTCPeerConnection({ iceServers: [], ...rtc });
  const channel = pc.createDataChannel("by", { ordered: true });
  await pc.setLocalDescription(await pc.createOffer());
  await gathered(pc);
  const sdp = compactSdp(pc.localDescription.sdp);
  const { view } = await keysFor(secret, gameId);
  const x = b64encode(await seal(view, padded(JSON.stringify(sdp), SDP_BYTES), offerAad(gameId, seat, epoch)));
  const v = { g: gameId, s: seat, e: epoch, x };
  v.H = await sign(await signer(), hostSigned("f", v, OFFER_VERSION));
  const code = await encode("f", OFFER_VERSION, v);
  return {
    code,
    pc,
    channel,
    sdp,
    /** Check the player's answer (refused with a NetError, leaving the offer usable) and
     *  connect. */
    async accept(answer) {
      const { value: v } = await decode(answer, { a: ANSWER_VERSION });
      if (!v || v.g !== gameId) throw new NetError("code_other_game");
      if (v.s !== seat || v.e !== epoch || typeof v.x !== "string") throw new NetError("code_forged");
      if (!publicBytes(v.p) || typeof v.S !== "string") throw new NetError("code_invalid", { where: "answer" });
      const box = b64decode(v.x);
      const { order } = await keysFor(secret, gameId);
      const aad = answerAad(gameId, seat, epoch, v.p, x);
      const plain = await open(order, box, aad, "code_forged");
      if (!(await verify(v.p, v.S, `${aad}|${v.x}`))) throw new NetError("code_forged");
      let a;
      try {
        a = JSON.parse(text(plain));
      } catch {
        throw new NetError("code_forged");
      }
      if (!a || typeof a !== "object") throw new NetError("code_invalid", { where: "answer" });
      await pc.setRemoteDescription({ type: "answer", sdp: expandSdp(a.sdp) });
      await channelOpen(channel);
      return { seat, key: v.p, channel, pc };
    },
    close() {
      pc.close();
    },
  };
}

// ------------------------------------------------------------------ the player's side
/** Answer a host's offer with this browser's invite for that game, signed by `device`
 *  (device.js): {code, connected}, where `connected` resolves with the open data channel. An
 *  offer the host did not sign (checked with the host's key pinned with the invite) is refused
 *  (link_forged) before anything connects. */
export async function playerAnswer(offer, keyring, device, rtc = {}) {
  const { value: v } = await decode(offer, { f: OFFER_VERSION });
  if (
    !v ||
    typeof v.g !== "string" ||
    !isInt(v.s) ||
    !isInt(v.e) ||
    typeof v.x !== "string" ||
    typeof v.H !== "string"
  ) {
    throw new NetError("code_invalid", { where: "offer" });
  }
  const inv = keyring.find((k) => k && k.gameId === v.g);
  if (!inv) throw new NetError("no_invite");
  if (!publicBytes(inv.host)) throw new NetError("invite_old");
  const { H, ...signed } = v;
  if (!(await verify(inv.host, H, hostSigned("f", signed, OFFER_VERSION)))) throw new NetError("link_forged");
  if (inv.seat !== v.s) throw new NetError("invite_wrong_seat");
  if (inv.epoch !== v.e) throw new NetError(v.e > inv.epoch ? "invite_replaced" : "link_old");
  const { view, order } = await keysFor(inv.secret, v.g);
  const plain = await open(view, b64decode(v.x), offerAad(v.g, v.s, v.e), "link_forged");
  let sdp;
  try {
    sdp = JSON.parse(text(plain));
  } catch {
    throw new NetError("link_forged");
  }
  const pc = new RTCPeerConnection({ iceServers: [], ...rtc });
  const connected = new Promise((resolve) => {
    pc.addEventListener("datachannel", (event) => resolve(channelOpen(event.channel)), { once: true });
  });
  connected.catch(() => {});
  await pc.setRemoteDescription({ type: "offer", sdp: expandSdp(sdp) });
  await pc.setLocalDescription(await pc.createAnswer());
  await gathered(pc);
  const mine = compactSdp(pc.localDescription.sdp);
  const aad = answerAad(v.g, v.s, v.e, device.pub, v.x);
  const x = b64encode(await seal(order, padded(JSON.stringify({ sdp: mine }), SDP_BYTES), aad));
  const S = await sign(device, `${aad}|${x}`);
  const code = await encode("a", ANSWER_VERSION, { g: v.g, s: v.s, e: v.e, p: device.pub, x, S });
  return { code, connected, pc, sdp: mine, gameId: v.g, seat: v.s };
}

// ------------------------------------------------------------------ the room (host)
/** Which seat is connected from which device (its public key): a second device claiming a
 *  seat that is connected is refused (seat_in_use); the same device coming back replaces its
 *  old link. */
export class Room {
  constructor() {
    this.links = new Map();
  }
  claim(seat, device, channel) {
    const old = this.links.get(seat);
    if (old && old.channel.readyState === "open" && old.device !== device) {
      throw new NetError("seat_in_use", { seat });
    }
    if (old && old.channel !== channel) {
      try {
        old.channel.close();
      } catch {
        /* already closed */
      }
    }
    this.links.set(seat, { device, channel });
    channel.addEventListener("close", () => {
      if (this.links.get(seat)?.channel === channel) this.links.delete(seat);
    });
  }
  connected() {
    return [...this.links.keys()].sort((a, b) => a - b);
  }
  /** Send `message` to a seat, padded (`wire`) to at least `size` bytes. */
  send(seat, message, size = MESSAGE_BYTES) {
    const link = this.links.get(seat);
    if (!link || link.channel.readyState !== "open") return false;
    link.channel.send(wire(message, size));
    return true;
  }
}
