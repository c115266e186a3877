"""The multiplayer protocol's codes in the real browser (site/js/net/, docs/multiplayer.md):
save strings, invites, round links, order codes and every refusal the host makes."""

from __future__ import annotations

import json

from engine.broker import view

from .net_helpers import classic, link_input, net_page, play_round


def test_save_strings_round_trip_and_refuse_damage(guard, site_server, site_dist):
    from engine.core import codec

    page = net_page(guard, site_server, site_dist)
    value = {"a": [1, 2], "t": "Ünïcödé ✓ عربي", "n": None}
    made_in_python = codec.encode("r", 1, value)
    made_in_browser = page.evaluate("([s, v]) => net.codec.decode(s, {r: 1}).then(async (d) => ["
                                    "JSON.stringify(d.value) === JSON.stringify(v), await net.codec.encode('r', 1, v)])",
                                    [made_in_python, value])
    assert made_in_browser[0] is True
    assert codec.decode(made_in_browser[1], {"r": 1})[2] == value
    out = page.evaluate("""async () => {
        const c = net.codec;
        const err = async (p) => { try { await p; return "accepted"; } catch (e) {
            return e instanceof c.NetError ? e.code : "THROWN " + e; } };
        const value = {a: 1, text: "Ünïcödé ✓ عربي", list: [1, 2, 3], nested: {x: null}};
        const s = await c.encode("o", 1, value);
        const back = (await c.decode(s, {o: 1})).value;
        const body = s.slice(3);
        // the last character of a 2-byte tail has unused bits: another letter there decodes
        // to the same bytes in a lax decoder, and must be refused
        const flipLast = s.slice(0, -1) + (s.at(-1) === "A" ? "B" : "A");
        return {
            same: JSON.stringify(back) === JSON.stringify(value),
            viaLink: JSON.stringify((await c.decode("https://x.example/play#" + s, {o: 1})).value) === JSON.stringify(value),
            wrapped: JSON.stringify((await c.decode(s.slice(0, 10) + "\\n  " + s.slice(10), {o: 1})).value) === JSON.stringify(value),
            wrongKind: await err(c.decode(s, {r: 1})),
            newer: await err(c.decode("o2." + body, {o: 1})),
            older: await err(c.decode(s, {o: 2})),
            relabelled: await err(c.decode("r1." + body, {r: 1})),
            truncated: await err(c.decode(s.slice(0, -5), {o: 1})),
            truncatedHalf: await err(c.decode(s.slice(0, Math.floor(s.length / 2)), {o: 1})),
            flipped: await err(c.decode(s.slice(0, 8) + (s[8] === "x" ? "y" : "x") + s.slice(9), {o: 1})),
            flipLast: await err(c.decode(flipLast, {o: 1})),
            alphabet: await err(c.decode("o1." + body.slice(0, 5) + "+" + body.slice(6), {o: 1})),
            empty: await err(c.decode("  ", {o: 1})),
            garbage: await err(c.decode("hello there", {o: 1})),
            huge: await err(c.decode("o1." + "A".repeat(9000), {o: 1})),
            crcOk: c.crc32(new TextEncoder().encode("123456789")) === 0xcbf43926,
        };
    }""")
    assert out == {
        "same": True, "viaLink": True, "wrapped": True,
        "wrongKind": "code_wrong_kind", "newer": "code_newer_version", "older": "code_old_version",
        "relabelled": "code_damaged", "truncated": "code_damaged", "truncatedHalf": "code_damaged",
        "flipped": "code_damaged", "flipLast": "code_damaged", "alphabet": "code_damaged",
        "empty": "code_empty", "garbage": "code_unknown_kind", "huge": "code_too_long",
        "crcOk": True,
    }


def test_compact_cards_orders_and_views_round_trip(guard, site_server, site_dist):
    """Every card, choice and order shape and a real game's public view survive compaction."""
    from engine.broker.cards import big_pack, small_pack

    state = classic(4, seed="compact")
    for _ in range(4):
        play_round(state)
    data = link_input(state)
    cards = sorted(set(big_pack("classic") + big_pack("duel") + small_pack()))
    page = net_page(guard, site_server, site_dist)
    out = page.evaluate("""([cards, data]) => {
        const L = net.links;
        const tokens = cards.map(L.cardToken);
        const orders = [
            {trades: {}, card: null, choices: {}},
            {trades: {blue: -1, green: 3}, card: "hundred:red",
             choices: {others: {green: -10, blue: -20, yellow: -30}}},
            {trades: {red: 2}, card: "small:yellow:-40", choices: {other: "blue"}},
            {trades: {}, card: "zero:green", choices: {}},
        ];
        const pub = L.expandPublic(JSON.parse(JSON.stringify(L.compactPublic(data.view, data.events))));
        return {
            back: tokens.map(L.cardId),
            tokensShort: tokens.every((t) => t.length <= 5 && !t.includes(":")),
            orders: orders.map((o) => L.expandOrder(JSON.parse(JSON.stringify(L.compactOrder(o))))),
            pub,
        };
    }""", [cards, data])
    assert out["back"] == cards and out["tokensShort"]
    assert out["orders"][1]["choices"] == {"others": {"green": -10, "blue": -20, "yellow": -30}}
    assert out["orders"][2] == {"trades": {"red": 2}, "card": "small:yellow:-40", "choices": {"other": "blue"}}
    pub, spectator = out["pub"], view(state, None, history=False)
    for key in ("options", "players", "round", "rounds_total", "rounds_played", "over", "prices",
                "last", "ranking"):
        assert pub[key] == spectator[key], key
    for mine, theirs in zip(pub["seats"], spectator["seats"]):
        assert mine == theirs
    assert len(pub["events"]) == len(data["events"])


def _setup_game(page, players=4):
    """Host inbox in `page` (window.host) and one PlayerBook per seat (window.books[i]) with its
    own storage and device, each holding its invite."""
    page.evaluate("""async (n) => {
        class Mem { constructor() { this.m = new Map(); }
            getItem(k) { return this.m.has(k) ? this.m.get(k) : null; } setItem(k, v) { this.m.set(k, String(v)); } }
        window.Mem = Mem;
        window.host = net.host.HostInbox.create(Array.from({length: n}, (_, i) => "P" + (i + 1)));
        window.books = [];
        for (let i = 0; i < n; i++) {
            const book = new net.links.PlayerBook(new Mem());
            book.addInvite(await net.links.readInvite(await host.invite(i)));
            books.push(book);
        }
        window.err = (r) => r.ok ? "accepted" : r.error.code;
    }""", players)


def test_round_link_shows_each_seat_only_its_own_hand(guard, site_server, site_dist):
    state = classic(4, seed="hands")
    play_round(state)
    data = link_input(state)
    page = net_page(guard, site_server, site_dist)
    _setup_game(page)
    out = page.evaluate("""async (data) => {
        const link = await host.roundLink(data);
        const read = async (keyring) => { try { return await net.links.readRoundLink(link, keyring); }
                                          catch (e) { return {error: e.code}; } };
        const spectator = await read([]);
        const seats = [];
        for (const b of books) seats.push(await read(b.keyring()));
        // another game's key is no key for this one; a key with the wrong epoch says so
        const other = net.host.HostInbox.create(["A", "B", "C", "D"]);
        const foreign = await net.links.readInvite(await other.invite(0));
        const stranger = await read([foreign]);
        const stale = {...books[2].keyring()[0], epoch: 0};
        await host.reissue(2);
        const newLink = await host.roundLink(data);
        const replaced = await net.links.readRoundLink(newLink, [stale]);
        // a tampered public part (prices changed, sealed parts kept) is refused by key holders
        const dec = (await net.codec.decode(link, {r: 1})).value;
        dec.p.P[0] += 10;
        const forged = await net.codec.encode("r", 1, dec);
        let forgedByKey, forgedSpectator;
        try { await net.links.readRoundLink(forged, books[0].keyring()); forgedByKey = "accepted"; }
        catch (e) { forgedByKey = e.code; }
        forgedSpectator = (await net.links.readRoundLink(forged, [])).verified;
        // one seat's part moved into another seat's place
        const swap = (await net.codec.decode(link, {r: 1})).value;
        [swap.x[0], swap.x[1]] = [swap.x[1], swap.x[0]];
        let swapped;
        try { await net.links.readRoundLink(await net.codec.encode("r", 1, swap), books[0].keyring()); swapped = "accepted"; }
        catch (e) { swapped = e.code; }
        return {length: link.length, spectator, seats, stranger, replaced: replaced.problem,
                forgedByKey, forgedSpectator, swapped, hasHandText: link.includes("hundred")};
    }""", data)
    assert out["spectator"]["mine"] is None and not out["spectator"]["verified"]
    assert "hand" not in out["spectator"]["view"]
    for i, got in enumerate(out["seats"]):
        assert got["verified"] and got["mine"]["seat"] == i
        assert got["mine"]["hand"] == view(state, i)["hand"]
        own_discard = [e for e in view(state, i)["history"][-1]["events"]
                       if e["type"] == "discard" and e["seat"] == i]
        assert got["mine"]["discard"] == (own_discard[0]["card"] if own_discard else None)
        assert got["view"]["prices"] == state["prices"]
    assert out["stranger"]["mine"] is None and out["stranger"]["problem"] is None
    assert out["replaced"] == "invite_replaced"
    assert out["forgedByKey"] == "link_forged" and out["forgedSpectator"] is False
    assert out["swapped"] == "link_forged"
    assert out["length"] < 2000


def test_host_accepts_and_refuses_order_codes(guard, site_server, site_dist):
    """Item 4 of the issue: every refusal, each leaving the host's inbox unchanged."""
    page = net_page(guard, site_server, site_dist)
    _setup_game(page, 3)
    out = page.evaluate("""async () => {
        const g = host.gameId;
        const submitted = [];
        const engine = (seat, order) => { submitted.push([seat, order]); };
        const order = {trades: {blue: 1}, card: "hundred:red", choices: {others: {blue: -10, yellow: -20, green: -30}}};
        const r = {};
        const snapshot = () => JSON.stringify(host.toJSON());
        const refuse = async (name, code) => {
            const before = snapshot();
            const res = await host.accept(code, engine);
            r[name] = err(res);
            if (!res.ok && snapshot() !== before) r[name] += " BUT CHANGED";
        };
        const c1 = await books[0].orderCode(g, 1, order);
        r.first = await host.accept(c1, engine);
        r.statusAfterFirst = host.status().map((s) => s.submitted);
        r.waiting = host.waiting();
        await refuse("duplicate", c1);
        const c2 = await books[0].orderCode(g, 1, {trades: {}, card: "zero:blue", choices: {}});
        r.second = await host.accept(c2, engine);
        await refuse("replayedOlder", c1);
        // seat 1's key writing a code that claims seat 2: decodes, but fails authentication
        const inv1 = books[1].invite(g);
        const forgedSeat = await net.links.makeOrderCode({gameId: g, round: 1, seat: 2, epoch: 0,
            secret: inv1.secret, order, device: books[1].device(), counter: Date.now()});
        await refuse("otherSeatsKey", forgedSeat);
        // altered ciphertext with a recomputed CRC (a deliberate forgery, not line noise)
        const dec = (await net.codec.decode(c2, {o: 1})).value;
        const box = net.codec.b64decode(dec.x); box[20] ^= 1;
        await refuse("alteredBox", await net.codec.encode("o", 1, {...dec, x: net.codec.b64encode(box)}));
        await refuse("alteredCounter", await net.codec.encode("o", 1, {...dec, c: dec.c + 1}));
        await refuse("alteredSeat", await net.codec.encode("o", 1, {...dec, s: 1}));
        await refuse("alteredRoundUp", await net.codec.encode("o", 1, {...dec, r: 2}));
        await refuse("alteredByte", c2.slice(0, 20) + (c2[20] === "Q" ? "R" : "Q") + c2.slice(21));
        await refuse("truncated", c2.slice(0, c2.length - 7));
        await refuse("garbled", "o1.$$$not a code");
        await refuse("roundLinkAsOrder", await host.invite(1));
        // another game's code
        const other = net.host.HostInbox.create(["A", "B", "C"]);
        const ob = new net.links.PlayerBook(new Mem());
        ob.addInvite(await net.links.readInvite(await other.invite(0)));
        await refuse("otherGame", await ob.orderCode(other.gameId, 1, order));
        // the same seat's key in a second browser (another device id)
        const twin = new net.links.PlayerBook(new Mem());
        twin.addInvite(books[0].invite(g));
        await refuse("secondBrowser", await twin.orderCode(g, 1, order));
        // the engine refuses: nothing recorded
        const c3 = await books[1].orderCode(g, 1, {trades: {}, card: "hundred:blue", choices: {}});
        const before = snapshot();
        const res3 = await host.accept(c3, () => { throw {code: "bad_choices", params: {card: "hundred:blue"}}; });
        r.engineRefused = [res3.ok, res3.error.code, res3.error.engine, snapshot() === before];
        r.seat1After = (await host.accept(c3, engine)).ok;
        // the round moves on: last round's codes are old
        const c4 = await books[2].orderCode(g, 1, order);
        host.nextRound(2);
        r.statusRound2 = host.status().map((s) => s.submitted);
        await refuse("oldRound", c4);
        await refuse("oldRoundReplay", c2);
        // a re-issued invite: the old key's codes are refused, the new browser is accepted
        const fresh = new net.links.PlayerBook(new Mem());
        fresh.addInvite(await net.links.readInvite(await host.reissue(0)));
        await refuse("oldInvite", await books[0].orderCode(g, 2, order));
        r.newInvite = (await host.accept(await fresh.orderCode(g, 2, order), engine)).ok;
        // a saved and restored host keeps refusing what it refused
        const restored = new net.host.HostInbox(JSON.parse(JSON.stringify(host.toJSON())));
        const c5 = await fresh.orderCode(g, 2, {trades: {}, card: null, choices: {}});
        r.restoredNew = (await restored.accept(c5, engine)).ok;
        r.restoredReplay = err(await restored.accept(c5, engine));
        host.nextRound(2, true);
        await refuse("gameOver", await fresh.orderCode(g, 2, order));
        return {r, submitted, sizes: [c1.length, c2.length, forgedSeat.length]};
    }""")
    r = out["r"]
    assert r.pop("first") == {"ok": True, "seat": 0, "name": "P1", "replaced": False, "order": {
        "trades": {"blue": 1}, "card": "hundred:red",
        "choices": {"others": {"blue": -10, "yellow": -20, "green": -30}}}}
    assert r.pop("statusAfterFirst") == [True, False, False]
    assert r.pop("waiting") == [1, 2]
    second = r.pop("second")
    assert second["ok"] and second["replaced"] and second["order"]["card"] == "zero:blue"
    assert r.pop("engineRefused") == [False, "bad_choices", True, True]
    assert r.pop("seat1After") is True
    assert r.pop("statusRound2") == [False, False, False]
    assert r.pop("newInvite") is True
    assert r.pop("restoredNew") is True
    assert r == {
        "duplicate": "code_duplicate", "replayedOlder": "code_replayed",
        "otherSeatsKey": "code_forged", "alteredBox": "code_forged", "alteredCounter": "code_forged",
        "alteredSeat": "code_forged", "alteredRoundUp": "code_forged", "alteredByte": "code_damaged",
        "truncated": "code_damaged", "garbled": "code_damaged", "roundLinkAsOrder": "code_wrong_kind",
        "otherGame": "code_other_game", "secondBrowser": "seat_other_device",
        "oldRound": "code_old_round", "oldRoundReplay": "code_old_round",
        "oldInvite": "code_old_invite", "restoredReplay": "code_duplicate", "gameOver": "code_game_over",
    }
    # every accepted code reached the engine exactly once, in order
    assert [s for s, _ in out["submitted"]] == [0, 0, 1, 0, 0]
    assert max(out["sizes"]) < 2000
