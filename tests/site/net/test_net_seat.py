"""Seat binding (issue 14, item 1) and padded orders (item 8) in the real browser's net code:
a second device holding the same invite cannot act for the seat, however it builds its code
(its own key, the bound device's key taken from a code in the chat, a bumped counter,
Number.MAX_SAFE_INTEGER); the real device's next code is accepted; the host notes the attempt
and its next state link tells both devices; a counter far ahead is refused; the host's release
lets a new device take the seat, and no code made before it; and every Broker-Yard order seals
to the same length."""

from __future__ import annotations

from engine.broker.game import MAX_TRADE

from .net_helpers import GAME, classic, link_input, net_page, pack

# window.forge(code, secret, {counter, key, sig, device}): an invite holder's rebuild of a
# code of the seat — re-sealed with the seat's secret under the key it names, the signature
# either copied from the original (`sig`) or made by `device`
FORGE = """() => {
    const L = net.links, C = net.codec;
    window.forge = async (code, secret, {counter, key, device, sig = null}) => {
        const v = (await C.decode(code, {o: L.ACTION_VERSION})).value;
        const {order} = await L.keysFor(secret, v.g);
        const h = await L.readActionHeader(code);
        const opened = await L.openAction(h, secret, GAME);   // what a holder of the invite reads
        const c = counter ?? v.c;
        const p = key ?? v.p;
        const aad = L.actionAad(v.g, GAME, v.t, v.s, v.e, c, p);
        const x = C.b64encode(await net.seal.seal(order, L.padded(JSON.stringify({a: opened.action})), aad));
        const S = sig ?? await net.device.sign(device, `${aad}|${x}`);
        return C.encode("o", L.ACTION_VERSION, {...v, c, p, x, S});
    };
}"""


def setup(page, players=2):
    page.evaluate("""async ([n, game]) => {
        class Mem { constructor() { this.m = new Map(); }
            getItem(k) { return this.m.has(k) ? this.m.get(k) : null; } setItem(k, v) { this.m.set(k, String(v)); } }
        window.Mem = Mem;
        window.GAME = game;
        window.host = net.host.HostInbox.create(game, Array.from({length: n}, (_, i) => "P" + (i + 1)));
        window.book = async (seat) => {
            const b = new net.playerbook.PlayerBook(new Mem());
            b.addInvite(await net.invite.readInvite(await host.invite(seat)));
            return b;
        };
        window.err = (r) => r.ok ? "accepted" : r.error.code;
    }""", [players, GAME])
    page.evaluate(FORGE)


def test_a_second_device_with_the_invite_cannot_play_the_seat(guard, site_server, site_dist):
    state = classic(2, seed="seat")
    data = link_input(state)
    order = pack({"trades": {"blue": 2}, "card": None, "choices": {}})
    page = net_page(guard, site_server, site_dist)
    setup(page)
    out = page.evaluate("""async ([data, order]) => {
        const g = host.gameId, r = {};
        const pia = await book(0), mallory = await book(0), eve = await book(1);  // Eve: another seat
        const piaKey = await pia.device(), malloryKey = await mallory.device();
        const secret = pia.invite(g).secret;
        const engine = [];
        const validate = (seat, action) => { engine.push([seat, action]); };
        const state = () => { const s = structuredClone(host.toJSON()); s.seats.forEach((x) => x && delete x.tried);
                              return JSON.stringify(s); };
        const refuse = async (name, code) => {
            const before = state();
            const res = await host.accept(code, validate);
            r[name] = err(res) + (res.tried ? " (noted)" : "");
            if (!res.ok && state() !== before) r[name] += " BUT CHANGED";
        };
        r.unbound = host.status()[0].bound;
        const first = await pia.actionCode(g, 0, order);
        r.first = err(await host.accept(first, validate));
        r.bound = [host.status()[0].bound, host.toJSON().seats[0].pk === piaKey.pub];
        // Mallory holds the same invite: she reads Pia's code from the chat and opens it
        const seen = await net.links.openAction(await net.links.readActionHeader(first), secret, GAME);
        r.malloryReads = JSON.stringify(seen.action) === JSON.stringify(order);
        // her own device's code, at once and with the largest counter
        await refuse("ownDevice", await mallory.actionCode(g, 0, order));
        await refuse("ownDeviceMax", await forge(first, secret,
            {counter: Number.MAX_SAFE_INTEGER, key: malloryKey.pub, device: malloryKey}));
        // Pia's key in the code: the signature must be Pia's, so it cannot be remade
        const piaSig = (await net.codec.decode(first, {o: net.links.ACTION_VERSION})).value.S;
        await refuse("stolenKeyBump", await forge(first, secret, {counter: 2, sig: piaSig}));
        await refuse("stolenKeyMax", await forge(first, secret, {counter: Number.MAX_SAFE_INTEGER, sig: piaSig}));
        await refuse("stolenKeySignedByHer", await forge(first, secret, {counter: 2, key: piaKey.pub,
            device: malloryKey}));
        // a reader of the chat without the invite puts his own key and signature on Pia's sealed part
        const v = (await net.codec.decode(first, {o: net.links.ACTION_VERSION})).value;
        const aad = net.links.actionAad(v.g, GAME, v.t, v.s, v.e, v.c, malloryKey.pub);
        await refuse("rewrapped", await net.codec.encode("o", net.links.ACTION_VERSION,
            {...v, p: malloryKey.pub, S: await net.device.sign(malloryKey, `${aad}|${v.x}`)}));
        await refuse("unsigned", await net.codec.encode("o", net.links.ACTION_VERSION, {...v, S: undefined}));
        await refuse("otherSeatsInvite", await forge(await eve.actionCode(g, 0, order), eve.invite(g).secret,
            {counter: 2, key: piaKey.pub, device: malloryKey}));
        r.tried = host.status()[0].tried;
        // Pia's next code is accepted and replaces her first; a far counter is refused even from her
        const again = await pia.actionCode(g, 0, order);
        const res = await host.accept(again, validate);
        r.again = [err(res), res.replaced];
        await refuse("piaFar", await net.links.makeActionCode({gameId: g, game: GAME, step: 0, seat: 0, epoch: 0,
            secret, action: order, device: piaKey, counter: 2 + net.host.COUNTER_WINDOW + 1}));
        await refuse("piaMax", await net.links.makeActionCode({gameId: g, game: GAME, step: 0, seat: 0, epoch: 0,
            secret, action: order, device: piaKey, counter: Number.MAX_SAFE_INTEGER}));
        r.piaWindow = err(await host.accept(await net.links.makeActionCode({gameId: g, game: GAME, step: 0, seat: 0,
            epoch: 0, secret, action: order, device: piaKey, counter: 2 + net.host.COUNTER_WINDOW}), validate));
        r.engine = engine.map(([s]) => s);
        // the next state link tells both devices: Pia that she is the bound one, Mallory that she is not
        const link = await host.stateLink(data);
        const tag = (k) => net.device.keyTag(k.pub);
        const forPia = await net.links.readStateLink(link, pia.keyring());
        const forMallory = await net.links.readStateLink(link, mallory.keyring());
        const forEve = await net.links.readStateLink(link, eve.keyring());
        const spectator = await net.links.readStateLink(link, []);
        r.told = [forPia.tried.n, forPia.tried.tag === tag(piaKey), forMallory.tried.tag === tag(malloryKey),
                  forEve.tried, spectator.tried];
        r.W = (await net.codec.decode(link, {r: net.links.VERSION})).value.W;
        // an altered W is an altered link for a key holder
        const dec = (await net.codec.decode(link, {r: net.links.VERSION})).value;
        try {
            await net.links.readStateLink(await net.codec.encode("r", net.links.VERSION, {...dec, W: undefined}),
                                          pia.keyring());
            r.strippedW = "accepted";
        } catch (e) { r.strippedW = e.code; }
        // the live room's check: the same pinned key
        try { await host.bind(0, malloryKey.pub); r.liveMallory = "bound"; } catch (e) { r.liveMallory = e.code; }
        await host.bind(0, piaKey.pub);
        r.livePia = host.toJSON().seats[0].pk === piaKey.pub;
        r.triedAfterLive = host.status()[0].tried;
        // saved and restored: the binding and the notes stay
        const restored = new net.host.HostInbox(JSON.parse(JSON.stringify(host.toJSON())));
        r.restored = [err(await restored.accept(await mallory.actionCode(g, 0, order))), restored.status()[0].tried];
        return r;
    }""", [data, order])
    assert out == {
        "unbound": False, "first": "accepted", "bound": [True, True], "malloryReads": True,
        "ownDevice": "seat_other_device (noted)", "ownDeviceMax": "seat_other_device (noted)",
        "stolenKeyBump": "code_forged", "stolenKeyMax": "code_forged", "stolenKeySignedByHer": "code_forged",
        "rewrapped": "code_forged", "unsigned": "code_invalid", "otherSeatsInvite": "code_forged",
        "tried": 2, "again": ["accepted", True],
        "piaFar": "code_counter_far", "piaMax": "code_counter_far", "piaWindow": "accepted",
        "engine": [0, 0, 0],
        "told": [2, True, False, None, None],
        "W": [[0, 2, out["W"][0][2]]], "strippedW": "link_forged",
        "liveMallory": "seat_other_device", "livePia": True, "triedAfterLive": 3,
        "restored": ["seat_other_device", 4],
    }


def test_release_gives_the_seat_to_a_new_device_and_reaches_forward_only(guard, site_server, site_dist):
    """Issue 25, item 4: after a release, a code made before it — the other device's that was
    refused, one it held back, the released device's own — is never taken (before, the
    refused one was, and replaced the real player's move); the move in stays. The host's
    next link names the release, and a code made from it binds the seat."""
    data = link_input(classic(2, seed="release"))
    order = pack({"trades": {}, "card": None, "choices": {}})
    other = pack({"trades": {"blue": 1}, "card": None, "choices": {}})
    page = net_page(guard, site_server, site_dist)
    setup(page)
    out = page.evaluate("""async ([data, order, other]) => {
        const g = host.gameId, r = {};
        const old = await book(0), phone = await book(0);
        const a = await old.actionCode(g, 0, order);
        r.old = err(await host.accept(a));
        const b = await old.actionCode(g, 0, order);
        r.oldAgain = err(await host.accept(b));
        const early = await phone.actionCode(g, 0, other);
        const held = await phone.actionCode(g, 0, other);   // made, never sent before the release
        r.newPhone = err(await host.accept(early));
        r.W = host.warnings().length;
        r.linkBefore = (await net.links.readStateLink(await host.stateLink(data), phone.keyring())).release;
        host.release(0);
        r.released = [host.status()[0].bound, host.status()[0].tried, host.warnings().length,
                      host.status()[0].submitted];
        // no code made before the release counts after it: the move in stays
        r.early = err(await host.accept(early));
        r.held = err(await host.accept(held));
        r.replay = err(await host.accept(b));
        r.stays = host.status()[0].submitted && host.status()[0].bound === false;
        // the newest link names the release: the new phone's first code made from it binds it
        const mark = (await net.links.readStateLink(await host.stateLink(data), phone.keyring())).release;
        r.mark = typeof mark === "string" && mark.length;
        const taken = await host.accept(await phone.actionCode(g, 0, other, null, undefined, mark));
        r.phone = [err(taken), taken.replaced];
        r.oldNow = err(await host.accept(await old.actionCode(g, 0, order, null, undefined, mark)));
        r.linkAfter = (await net.links.readStateLink(await host.stateLink(data), phone.keyring())).release;
        // the next step: counters start again at 1
        host.nextStep(1);
        r.next = err(await host.accept(await phone.actionCode(g, 1, order)));
        r.counter = host.toJSON().seats[0].c;
        // a host saved before keys: its device id gives way to the next device's key
        const legacy = host.toJSON();
        legacy.seats[0] = {...legacy.seats[0], d: "abcdefghijkl", c: Date.now()};
        delete legacy.seats[0].pk;
        const migrated = new net.host.HostInbox(legacy);
        r.legacy = [migrated.status()[0].bound,
                    err(await migrated.accept(await old.actionCode(g, 1, order)))];
        return r;
    }""", [data, order, other])
    assert out == {
        "old": "accepted", "oldAgain": "accepted", "newPhone": "seat_other_device", "W": 1,
        "linkBefore": None, "released": [False, 0, 0, True],
        "early": "code_before_release", "held": "code_before_release", "replay": "code_before_release",
        "stays": True, "mark": 12, "phone": ["accepted", True], "oldNow": "seat_other_device",
        "linkAfter": None, "next": "accepted", "counter": 1, "legacy": [False, "accepted"],
    }


def test_orders_seal_to_one_length(guard, site_server, site_dist):
    """Item 8: the sealed part of every Broker-Yard order has the same length, from no trade
    at all to the largest order the engine takes (MAX_TRADE shares in every colour, a card and
    its choices), and so is the whole envelope the code deflates: a code's length no longer tells
    the size of a trade. What still moves it is deflate on the sealed bytes, which are random
    (a fresh IV each time) whatever the order says: the codes' lengths are printed, not
    compared, since their spread is chance (7 characters once, over 5 codes)."""
    orders = [
        {"trades": {}, "card": None, "choices": {}},
        {"trades": {"blue": 1}, "card": "zero:red", "choices": {}},
        {"trades": {"blue": -12, "red": 250, "yellow": 3, "green": -40}, "card": "small:yellow:-40",
         "choices": {"other": "blue"}},
        {"trades": {"blue": -9999999, "red": -9999999, "yellow": -9999999, "green": -9999999},
         "card": "hundred:red", "choices": {"others": {"green": -10, "blue": -20, "yellow": -30}}},
        # the largest an order can be: MAX_TRADE shares sold in every colour, a card and its choices
        {"trades": {c: -MAX_TRADE for c in ("blue", "red", "yellow", "green")},
         "card": "small:yellow:+30", "choices": {"others": {"green": -10, "blue": -20, "yellow": -30}}},
    ]
    page = net_page(guard, site_server, site_dist)
    setup(page)
    out = page.evaluate("""async (orders) => {
        const b = await book(0);
        const sizes = [];
        for (const o of orders) {
            const code = await b.actionCode(host.gameId, 0, o);
            const v = (await net.codec.decode(code, {o: net.links.ACTION_VERSION})).value;
            sizes.push([net.codec.b64decode(v.x).length, JSON.stringify(v).length, code.length,
                        JSON.stringify(o).length]);
        }
        return sizes;
    }""", [pack(o) for o in orders])
    print("order codes (sealed bytes, envelope characters, code characters, packed order characters):", out)
    assert len({sealed for sealed, _, _, _ in out}) == 1
    assert out[0][0] == 96 + 12 + 16        # one bucket: iv, 96 bytes, tag
    assert len({envelope for _, envelope, _, _ in out}) == 1     # what is deflated: one length
