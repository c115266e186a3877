"""Fuzz the decoders and the host's inbox with mutated links and codes, in the page.

Each mutant is either line noise (characters changed, dropped, added, swapped, cut) or a
deliberate forgery: the decoded JSON changed and re-encoded with a correct CRC, so it gets past
the codec and tests the checks behind it. Nothing may throw anything but a NetError, the host
may accept nothing but the codes its players made, and a key holder may never see an altered
state link as verified.
"""

from __future__ import annotations

from .fuzz_helpers import FUZZ_JS
from .net_helpers import GAME, classic, link_input, net_page, pack, play_round


def test_fuzz_codes_and_links(guard, site_server, site_dist):
    state = classic(4, seed="fuzz")
    for _ in range(3):
        play_round(state)
    data = link_input(state)
    orders = [
        {"type": "order", "trades": {"blue": 1}, "card": None, "choices": {}},
        {"type": "order", "trades": {}, "card": "zero:red", "choices": {}},
        {"type": "order", "trades": {"red": -1, "green": 1}, "card": "small:blue:+30", "choices": {"other": "yellow"}},
    ]
    page = net_page(guard, site_server, site_dist)
    page.evaluate(FUZZ_JS)
    out = page.evaluate("""async ([data, counts, game, actions]) => {
        class Mem { constructor() { this.m = new Map(); }
            getItem(k) { return this.m.has(k) ? this.m.get(k) : null; } setItem(k, v) { this.m.set(k, String(v)); } }
        const L = net.links, C = net.codec;
        const host = net.host.HostInbox.create(game, ["P1", "P2", "P3", "P4"], [true, true, true, true], data.step);
        const invites = [], books = [];
        for (let i = 0; i < 4; i++) {
            invites.push(await host.invite(i));
            const b = new net.playerbook.PlayerBook(new Mem());
            b.addInvite(await net.invite.readInvite(invites[i]));
            books.push(b);
        }
        const codes = [], expected = new Map();
        for (let i = 0; i < 3; i++) {
            const code = await books[i].actionCode(host.gameId, data.step, actions[i]);
            codes.push(code); expected.set(C.extract(code), [i, JSON.stringify(actions[i])]);
        }
        const link = await host.stateLink(data);
        const linkAs0 = JSON.stringify(await L.readStateLink(link, books[0].keyring()));
        const linkPublic = JSON.stringify(await L.readStateLink(link, []));
        const stats = {tried: 0, refused: {}, accepted: 0, bad: [], sameAsOriginal: 0};
        const note = (e) => {
            if (e instanceof C.NetError) stats.refused[e.code] = (stats.refused[e.code] || 0) + 1;
            else stats.bad.push("threw " + (e && e.stack || e));
        };
        // 1. action codes against the host (engine stand-in checks it gets only what was sent)
        const validate = (seat, action) => {
            const ok = [...expected.values()].some(([s, o]) => s === seat && o === JSON.stringify(action));
            if (!ok) stats.bad.push("unexpected action reached the engine: " + seat + " " + JSON.stringify(action));
        };
        for (const [m] of await fuzz.mutants(codes, "o", counts.order)) {
            stats.tried++;
            const res = await host.accept(m, validate);
            if (res.ok) {
                stats.accepted++;
                let same = false; try { same = expected.has(C.extract(m)); } catch {}
                if (!same) stats.bad.push("host accepted a mutant: " + m);
            } else if (!res.error || typeof res.error.code !== "string" || res.error.code === "internal_error") {
                stats.bad.push("host error: " + JSON.stringify(res.error));
            } else stats.refused[res.error.code] = (stats.refused[res.error.code] || 0) + 1;
        }
        // 2. state links, read by seat 0's browser and by a spectator
        for (const [m, forged] of await fuzz.mutants([link], "r", counts.round)) {
            stats.tried++;
            for (const ring of [books[0].keyring(), []]) {
                try {
                    const got = JSON.stringify(await L.readStateLink(m, ring));
                    const original = ring.length ? linkAs0 : linkPublic;
                    if (got === original) stats.sameAsOriginal++;
                    else if (JSON.parse(got).verified) stats.bad.push("verified an altered link");
                    // a spectator cannot tell a forgery (nobody can without a key), but line
                    // noise never gets past the CRC
                    else if (!forged) stats.bad.push("line noise passed as a state link: " + m);
                } catch (e) { note(e); }
            }
        }
        // 3. invites
        for (const [m] of await fuzz.mutants(invites, "i", counts.invite)) {
            stats.tried++;
            try {
                const got = await net.invite.readInvite(m);
                if (!invites.some((inv) => C.extract(inv) === C.extract(m))) {
                    // a forged invite is just a key nobody else has: it must still be well-formed
                    if (!(got.secret instanceof Uint8Array) || got.secret.length !== 32) {
                        stats.bad.push("bad invite accepted");
                    }
                }
            } catch (e) { note(e); }
        }
        // 4. random text
        for (let k = 0; k < counts.random; k++) {
            stats.tried++;
            const len = fuzz.int(300);
            let s = ["o3.", "r3.", "i3.", "r2.", ""][fuzz.int(5)];
            for (let j = 0; j < len; j++) {
                s += String.fromCharCode(fuzz.rand() < 0.9 ? 45 + fuzz.int(78) : fuzz.int(0x3000));
            }
            const res = await host.accept(s, validate);
            if (res.ok) stats.bad.push("random text accepted");
            try { await L.readStateLink(s, books[0].keyring()); } catch (e) { note(e); }
        }
        stats.status = host.status().map((s) => s.submitted);
        stats.bad = stats.bad.slice(0, 10);
        return stats;
    }""", [data, {"order": 4500, "round": 2500, "invite": 1500, "random": 1500}, GAME, [pack(o) for o in orders]])
    print(f"fuzz: {out['tried']} inputs, {out['accepted']} accepted, refusals {out['refused']}")
    assert out["bad"] == []
    assert out["tried"] >= 10_000
    # only the three genuine codes (or texts identical to them) can be accepted, once each at most
    assert out["accepted"] <= 3
    assert out["status"][3] is False
    # the forgeries reached the cryptographic check, and line noise the CRC
    assert out["refused"].get("code_forged", 0) > 300
    assert out["refused"].get("code_damaged", 0) > 1000
