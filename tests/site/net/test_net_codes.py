"""The multiplayer protocol's codes in the real browser (site/js/net/, docs/multiplayer.md):
save strings, invites, state links, action codes and every refusal the host makes."""

from __future__ import annotations

from engine.broker import view

from .net_helpers import GAME, classic, link_input, link_view, net_page, pack, play_round, step_of, unpack


def test_save_strings_round_trip_and_refuse_damage(guard, site_server, site_dist):
    from engine.core import codec

    page = net_page(guard, site_server, site_dist)
    value = {"a": [1, 2], "t": "Ünïcödé ✓ عربي", "n": None}
    made_in_python = codec.encode("r", 1, value)
    made_in_browser = page.evaluate("([s, v]) => net.codec.decode(s, {r: 1}).then(async (d) => ["
                                    "JSON.stringify(d.value) === JSON.stringify(v), "
                                    "await net.codec.encode('r', 1, v)])",
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
            viaLink: JSON.stringify((await c.decode("https://x.example/play#" + s, {o: 1})).value)
                === JSON.stringify(value),
            wrapped: JSON.stringify((await c.decode(s.slice(0, 10) + "\\n  " + s.slice(10), {o: 1})).value)
                === JSON.stringify(value),
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


def test_link_parts_and_packed_actions_travel_unchanged(guard, site_server, site_dist):
    """What the engine puts in a state link (public part, each seat's private part) and in an
    action code (a packed action of every shape) comes out in the browser exactly as it went
    in, and gives the seat its own view. (The compaction itself is the game's Python now:
    tests/engine/broker/test_link.py checks every card, choice and order shape.)"""
    state = classic(4, seed="compact")
    for _ in range(4):
        play_round(state)
    data = link_input(state)
    orders = [
        {"type": "order", "trades": {}, "card": None, "choices": {}},
        {"type": "order", "trades": {"blue": -1, "green": 3}, "card": "hundred:red",
         "choices": {"others": {"green": -10, "blue": -20, "yellow": -30}}},
        {"type": "order", "trades": {"red": 2}, "card": "small:yellow:-40", "choices": {"other": "blue"}},
        {"type": "order", "trades": {}, "card": "zero:green", "choices": {}},
        {"type": "withdraw"},
        {"type": "order", "trades": {"purple": 1}, "card": "joker:blue", "choices": {"other": "pink"}},
    ]
    packed = [pack(o) for o in orders] + [[pack(orders[1]), pack(orders[4])]]   # a whole turn, too
    page = net_page(guard, site_server, site_dist)
    _setup_game(page)
    out = page.evaluate("""async ([data, packed]) => {
        host.nextStep(data.step);
        const link = await host.stateLink(data);
        const reads = [];
        for (const b of books) reads.push(await net.links.readStateLink(link, b.keyring()));
        const spectator = await net.links.readStateLink(link, []);
        const back = [];
        for (const p of packed) {
            const code = await books[2].actionCode(host.gameId, data.step, p);
            back.push((await host.check(code)).action);
        }
        return {reads, spectator, back, length: link.length};
    }""", [data, packed])
    assert out["back"] == packed
    assert [unpack(p) for p in out["back"][:4]] == [{"type": "order", "trades": {}}, *orders[1:4]]
    assert out["spectator"]["public"] == data["public"] and out["spectator"]["private"] is None
    assert link_view(out["spectator"]["public"]) == link_view(data["public"])
    for i, got in enumerate(out["reads"]):
        assert got["public"] == data["public"] and got["private"] == data["privates"][i]
        assert (got["gameId"], got["game"], got["step"], got["over"]) == (out["reads"][0]["gameId"], GAME, 4, False)
        own, seen = view(state, i), link_view(got["public"], got["private"], got["seat"])
        for key in ("options", "players", "round", "rounds_total", "rounds_played", "over", "prices",
                    "last", "ranking", "seats", "seat", "hand", "legal", "order"):
            assert seen[key] == own[key], key
        assert seen["history"] == own["history"][-1:]
    assert out["length"] < 2000


def _setup_game(page, players=4):
    """Host inbox in `page` (window.host) and one PlayerBook per seat (window.books[i]) with its
    own storage and device, each holding its invite."""
    page.evaluate("""async ([n, game]) => {
        class Mem { constructor() { this.m = new Map(); }
            getItem(k) { return this.m.has(k) ? this.m.get(k) : null; } setItem(k, v) { this.m.set(k, String(v)); } }
        window.Mem = Mem;
        window.GAME = game;
        window.V = net.links.VERSION;
        window.VO = net.links.ACTION_VERSION;
        window.host = net.host.HostInbox.create(game, Array.from({length: n}, (_, i) => "P" + (i + 1)));
        window.books = [];
        for (let i = 0; i < n; i++) {
            const book = new net.playerbook.PlayerBook(new Mem());
            book.addInvite(await net.invite.readInvite(await host.invite(i)));
            books.push(book);
        }
        window.err = (r) => r.ok ? "accepted" : r.error.code;
    }""", [players, GAME])


def test_state_link_shows_each_seat_only_its_own_hand(guard, site_server, site_dist):
    state = classic(4, seed="hands")
    play_round(state)
    data = link_input(state)
    page = net_page(guard, site_server, site_dist)
    _setup_game(page)
    out = page.evaluate("""async (data) => {
        const link = await host.stateLink(data);
        const read = async (keyring) => { try { return await net.links.readStateLink(link, keyring); }
                                          catch (e) { return {error: e.code}; } };
        const spectator = await read([]);
        const seats = [];
        for (const b of books) seats.push(await read(b.keyring()));
        // another game's key is no key for this one; a key with the wrong epoch says so
        const other = net.host.HostInbox.create(GAME, ["A", "B", "C", "D"]);
        const foreign = await net.invite.readInvite(await other.invite(0));
        const stranger = await read([foreign]);
        const stale = {...books[2].keyring()[0], epoch: 0};
        const reissued = await net.invite.readInvite(await host.reissue(2));
        const newLink = await host.stateLink(data);
        const replaced = await net.links.readStateLink(newLink, [stale]);
        const renewed = await net.links.readStateLink(newLink, [reissued]);
        // the host's key is kept in its saved state: a restored host (a reload) signs links
        // that the invites given before verify
        const restored = new net.host.HostInbox(JSON.parse(JSON.stringify(host.toJSON())));
        const relinked = await restored.stateLink(data);
        const afterReload = (await net.links.readStateLink(relinked, books[0].keyring())).verified;
        const sameKey = (await restored.hostKey()) === books[0].keyring()[0].host;
        // a tampered public part (prices changed, sealed parts kept) is refused by key holders,
        // and so is a link whose game, step or end was changed
        const dec = (await net.codec.decode(link, {r: V})).value;
        const tampered = {
            prices: (v) => { v.p.P[0] += 10; },
            game: (v) => { v.G = "spy"; },
            step: (v) => { v.t += 1; },
            over: (v) => { v.v = 1; },
            epochs: (v) => { v.E[0] += 1; },
        };
        const forgedByKey = {}, forgedSpectator = {};
        for (const [name, change] of Object.entries(tampered)) {
            const v = structuredClone(dec);
            change(v);
            const forged = await net.codec.encode("r", V, v);
            try {
                const got = await net.links.readStateLink(forged, books[0].keyring());
                forgedByKey[name] = got.verified ? "accepted" : got.problem;
            } catch (e) { forgedByKey[name] = e.code; }
            forgedSpectator[name] = (await net.links.readStateLink(forged, [])).verified;
        }
        // one seat's part moved into another seat's place
        const swap = (await net.codec.decode(link, {r: V})).value;
        [swap.x[0], swap.x[1]] = [swap.x[1], swap.x[0]];
        let swapped;
        try {
            await net.links.readStateLink(await net.codec.encode("r", V, swap), books[0].keyring());
            swapped = "accepted";
        }
        catch (e) { swapped = e.code; }
        // a link of version 3, each part under its own iv (players' pages keep them), still
        // opens; the one iv of a version 4 link is the host's, as signed
        const S = net.seal, old = structuredClone(dec), seat0 = host.toJSON().seats[0];
        const {view: key} = await net.links.keysFor(net.codec.b64decode(seat0.k), dec.g);
        const aad = (version) => `by${version}|view|${dec.g}|${dec.G}|${dec.t}|0|${seat0.e}|0|${JSON.stringify(dec.p)}`;
        const plain = await S.openAt(key, net.codec.b64decode(dec.N), net.codec.b64decode(dec.x[0]), aad(V));
        delete old.N;
        delete old.H;
        old.x = old.x.map((x, i) => (i ? 0 : x));
        old.x[0] = net.codec.b64encode(await S.seal(key, plain, aad(3)));
        old.H = await net.device.sign(await host.signer(), net.links.hostSigned("r", old, 3));
        const opened = await net.links.readStateLink(await net.codec.encode("r", 3, old), books[0].keyring());
        const oldLink = {verified: opened.verified, private: opened.private};
        const otherIv = structuredClone(dec);
        otherIv.N = net.codec.b64encode(S.randomBytes(12));
        let ivChanged;
        const withOtherIv = await net.codec.encode("r", V, otherIv);
        try { ivChanged = (await net.links.readStateLink(withOtherIv, books[0].keyring())).verified; }
        catch (e) { ivChanged = e.code; }
        return {length: link.length, spectator, seats, stranger, replaced: replaced.problem, renewed,
                afterReload, sameKey, forgedByKey, forgedSpectator, swapped, decoded: dec, oldLink, ivChanged};
    }""", data)
    spectator = out["spectator"]
    assert spectator["private"] is None and spectator["seat"] is None and not spectator["verified"]
    assert spectator["public"] == data["public"] and spectator["problem"] is None
    assert (spectator["game"], spectator["step"], spectator["over"]) == (GAME, step_of(state), False)
    assert "hand" not in link_view(spectator["public"])
    # the link's public text holds no hand: only the sealed parts do
    assert set(out["decoded"]["p"]) == set(data["public"]) and "h" not in out["decoded"]["p"]
    assert out["decoded"]["G"] == GAME and "v" not in out["decoded"]
    for i, got in enumerate(out["seats"]):
        assert got["verified"] and got["seat"] == i and got["problem"] is None
        assert got["private"] == data["privates"][i]
        seen = link_view(got["public"], got["private"], got["seat"])
        assert seen["hand"] == view(state, i)["hand"]
        own_discard = [e for e in view(state, i)["history"][-1]["events"]
                       if e["type"] == "discard" and e["seat"] == i]
        assert seen["discard"] == (own_discard[0]["card"] if own_discard else None)
        assert seen["prices"] == state["prices"]
        # no seat's part holds another seat's hand
        others = {c for j in range(4) if j != i for c in data["privates"][j]["h"]} - set(data["privates"][i]["h"])
        assert not others & set(got["private"]["h"])
    assert out["stranger"]["private"] is None and out["stranger"]["problem"] is None
    assert out["replaced"] == "invite_replaced"
    assert out["renewed"]["verified"] and out["renewed"]["private"] == data["privates"][2]
    assert out["afterReload"] is True and out["sameKey"] is True
    # every change breaks the host's signature, a changed epoch too (only the host's own link
    # says that an invite was replaced: `replaced` above)
    assert out["forgedByKey"] == {k: "link_forged" for k in ("prices", "game", "step", "over", "epochs")}
    assert out["forgedSpectator"] == {k: False for k in ("prices", "game", "step", "over", "epochs")}
    assert out["swapped"] == "link_forged"
    # one iv for the link (12 bytes), every part its seat's sealed bytes and tag alone, one length
    assert len(out["decoded"]["N"]) == 16 and len({len(x) for x in out["decoded"]["x"]}) == 1
    assert out["ivChanged"] == "link_forged"
    assert out["oldLink"] == {"verified": True, "private": data["privates"][0]}
    assert out["length"] < 2000


def test_host_accepts_and_refuses_action_codes(guard, site_server, site_dist):
    """Item 4 of the issue: every refusal, each leaving the host's inbox unchanged."""
    orders = {
        "order": {"trades": {"blue": 1}, "card": "hundred:red",
                  "choices": {"others": {"blue": -10, "yellow": -20, "green": -30}}},
        "zero": {"trades": {}, "card": "zero:blue", "choices": {}},
        "hundred": {"trades": {}, "card": "hundred:blue", "choices": {}},
        "nothing": {"trades": {}, "card": None, "choices": {}},
    }
    packed = {name: pack(o) for name, o in orders.items()}
    page = net_page(guard, site_server, site_dist)
    _setup_game(page, 3)
    out = page.evaluate("""async (P) => {
        const g = host.gameId;
        const submitted = [];
        const engine = (seat, action) => { submitted.push([seat, action]); };
        const order = P.order;
        const r = {};
        // (nothing changes but a note when another device tries a bound seat: test_net_seat.py)
        const snapshot = () => JSON.stringify(host.toJSON(), (k, v) => (k === "tried" ? undefined : v));
        const refuse = async (name, code) => {
            const before = snapshot();
            const res = await host.accept(code, engine);
            r[name] = err(res);
            if (!res.ok && snapshot() !== before) r[name] += " BUT CHANGED";
        };
        r.step = host.step;
        const c1 = await books[0].actionCode(g, 0, order);
        r.first = await host.accept(c1, engine);
        r.statusAfterFirst = host.status().map((s) => s.submitted);
        r.waiting = host.waiting();
        await refuse("duplicate", c1);
        const c2 = await books[0].actionCode(g, 0, P.zero);
        r.second = await host.accept(c2, engine);
        await refuse("replayedOlder", c1);
        // seat 1's key writing a code that claims seat 2: decodes, but fails authentication
        const inv1 = books[1].invite(g);
        const forgedSeat = await net.links.makeActionCode({gameId: g, game: GAME, step: 0, seat: 2, epoch: 0,
            secret: inv1.secret, action: order, device: await books[1].device(), counter: 1});
        await refuse("otherSeatsKey", forgedSeat);
        // the right key, sealed for another game (the game's name is bound in, not carried)
        const inv0 = books[0].invite(g);
        const otherGameName = await net.links.makeActionCode({gameId: g, game: "spy", step: 0, seat: 0, epoch: 0,
            secret: inv0.secret, action: order, device: await books[0].device(), counter: 5});
        await refuse("otherGameName", otherGameName);
        // altered ciphertext with a recomputed CRC (a deliberate forgery, not line noise)
        const dec = (await net.codec.decode(c2, {o: VO})).value;
        const box = net.codec.b64decode(dec.x); box[20] ^= 1;
        await refuse("alteredBox", await net.codec.encode("o", VO, {...dec, x: net.codec.b64encode(box)}));
        await refuse("alteredCounter", await net.codec.encode("o", VO, {...dec, c: dec.c + 1}));
        await refuse("alteredSeat", await net.codec.encode("o", VO, {...dec, s: 1}));
        await refuse("alteredStepUp", await net.codec.encode("o", VO, {...dec, t: dec.t + 1}));
        await refuse("alteredEpochUp", await net.codec.encode("o", VO, {...dec, e: dec.e + 1}));
        await refuse("alteredByte", c2.slice(0, 20) + (c2[20] === "Q" ? "R" : "Q") + c2.slice(21));
        await refuse("truncated", c2.slice(0, c2.length - 7));
        await refuse("garbled", `o${VO}.$$$not a code`);
        await refuse("olderVersion", `o${VO - 1}.` + c2.slice(3));
        await refuse("inviteAsAction", await host.invite(1));
        await refuse("stateLinkAsAction",
            await host.stateLink({step: 0, over: false, public: {a: 1}, privates: [null, null, null]}));
        // another game's code
        const other = net.host.HostInbox.create(GAME, ["A", "B", "C"]);
        const ob = new net.playerbook.PlayerBook(new Mem());
        ob.addInvite(await net.invite.readInvite(await other.invite(0)));
        await refuse("otherGame", await ob.actionCode(other.gameId, 0, order));
        // the same seat's key in a second browser (another device: its own key pair)
        const twin = new net.playerbook.PlayerBook(new Mem());
        twin.addInvite(books[0].invite(g));
        await refuse("secondBrowser", await twin.actionCode(g, 0, order));
        // the engine refuses: nothing recorded
        const c3 = await books[1].actionCode(g, 0, P.hundred);
        const before = snapshot();
        const res3 = await host.accept(c3, () => { throw {code: "bad_choices", params: {card: "hundred:blue"}}; });
        r.engineRefused = [res3.ok, res3.error.code, res3.error.engine, snapshot() === before];
        r.seat1After = (await host.accept(c3, engine)).ok;
        // the game moves on: the last step's codes are old
        const c4 = await books[2].actionCode(g, 0, order);
        host.nextStep(1);
        r.stepAfter = host.step;
        r.statusStep1 = host.status().map((s) => s.submitted);
        r.waitingStep1 = host.waiting();
        await refuse("oldStep", c4);
        await refuse("oldStepReplay", c2);
        try { host.nextStep(0); r.stepBack = "accepted"; } catch (e) { r.stepBack = e.code; }
        // a re-issued invite: the old key's codes are refused, the new browser is accepted
        const fresh = new net.playerbook.PlayerBook(new Mem());
        const reissued = await host.reissue(0);
        fresh.addInvite(await net.invite.readInvite(reissued));
        r.reissuedEpoch = fresh.invite(g).epoch;
        await refuse("oldInvite", await books[0].actionCode(g, 1, order));
        r.newInvite = (await host.accept(await fresh.actionCode(g, 1, order), engine)).ok;
        // a saved and restored host keeps refusing what it refused
        const restored = new net.host.HostInbox(JSON.parse(JSON.stringify(host.toJSON())));
        const c5 = await fresh.actionCode(g, 1, P.nothing);
        r.restoredNew = (await restored.accept(c5, engine)).ok;
        r.restoredReplay = err(await restored.accept(c5, engine));
        host.nextStep(1, true);
        await refuse("gameOver", await fresh.actionCode(g, 1, order));
        // an invite leaves out epoch 0 (every byte counts) and names the game
        const first = (await net.codec.decode(await host.invite(1), {i: net.links.INVITE_VERSION})).value;
        const again = (await net.codec.decode(reissued, {i: net.links.INVITE_VERSION})).value;
        r.inviteFields = [Object.keys(first).sort(), first.G, again.e];
        return {r, submitted, sizes: [c1.length, c2.length, forgedSeat.length]};
    }""", packed)
    r = out["r"]
    assert r.pop("step") == 0
    assert r.pop("first") == {"ok": True, "seat": 0, "name": "P1", "replaced": False, "action": packed["order"]}
    assert unpack(packed["order"]) == {"type": "order", **orders["order"]}
    assert r.pop("statusAfterFirst") == [True, False, False]
    assert r.pop("waiting") == [1, 2]
    second = r.pop("second")
    assert second["ok"] and second["replaced"] and unpack(second["action"])["card"] == "zero:blue"
    assert r.pop("engineRefused") == [False, "bad_choices", True, True]
    assert r.pop("seat1After") is True
    assert r.pop("stepAfter") == 1
    assert r.pop("statusStep1") == [False, False, False]
    assert r.pop("waitingStep1") == [0, 1, 2]
    assert r.pop("stepBack") == "host_state_invalid"
    assert r.pop("reissuedEpoch") == 1
    assert r.pop("newInvite") is True
    assert r.pop("restoredNew") is True
    assert r.pop("inviteFields") == [["G", "H", "g", "h", "k", "n", "s"], GAME, 1]
    assert r == {
        "duplicate": "code_duplicate", "replayedOlder": "code_replayed",
        "otherSeatsKey": "code_forged", "otherGameName": "code_forged",
        "alteredBox": "code_forged", "alteredCounter": "code_forged",
        "alteredSeat": "code_forged", "alteredStepUp": "code_forged", "alteredEpochUp": "code_forged",
        "alteredByte": "code_damaged", "truncated": "code_damaged", "garbled": "code_damaged",
        "olderVersion": "code_old_version",
        "inviteAsAction": "code_wrong_kind", "stateLinkAsAction": "code_wrong_kind",
        "otherGame": "code_other_game", "secondBrowser": "seat_other_device",
        "oldStep": "code_old_step", "oldStepReplay": "code_old_step",
        "oldInvite": "code_old_invite", "restoredReplay": "code_duplicate", "gameOver": "code_game_over",
    }
    # every accepted code reached the engine exactly once, in order, as it was sent
    assert [s for s, _ in out["submitted"]] == [0, 0, 1, 0, 0]
    assert [a for _, a in out["submitted"]] == [packed["order"], packed["zero"], packed["hundred"],
                                                packed["order"], packed["nothing"]]
    assert max(out["sizes"]) < 2000
