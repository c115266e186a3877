"""Live rooms (site/js/net/live.js): a host and players connected by WebRTC data channels,
signalled only by the offer and answer codes passed as text.

The browser runs in a network namespace of its own (chromium-netns.sh explains why) and so
cannot reach the test server: the built dist/ is served inside that namespace
(live_helpers.py, netns_site.py).
"""

from __future__ import annotations

from .live_helpers import live, live_browser  # noqa: F401  (fixtures)
from .net_helpers import GAME


def test_offer_answer_data_channel_and_seat_claims(live):
    host, player, twin = live.page(), live.page(), live.page()
    invite = host.evaluate("""async (game) => {
        window.inbox = net.host.HostInbox.create(game, ["Host", "Pia"], [false, true]);
        window.room = new net.live.Room();
        window.offer = await net.live.hostOffer(inbox.seatAuth(1));
        return await inbox.invite(1);
    }""", GAME)
    offer = host.evaluate("offer.code")
    for page in (player, twin):
        page.evaluate("async (inv) => book.addInvite(await net.invite.readInvite(inv))", invite)
    answer = player.evaluate("""async (offer) => {
        window.ans = await net.live.playerAnswer(offer, book.keyring(), await book.device());
        window.got = [];
        ans.connected.then((ch) => { window.channel = ch;
            ch.onmessage = (e) => { got.push(JSON.parse(e.data)); ch.send(JSON.stringify({pong: got.length})); }; });
        return ans.code;
    }""", offer)
    # an altered answer is refused and leaves the offer usable; so is one on which a relay
    # put its own key and signature (the key is bound into the sealed part)
    refused = host.evaluate("""async (answer) => {
        const V = net.live.ANSWER_VERSION;
        const v = (await net.codec.decode(answer, {a: V})).value;
        const box = net.codec.b64decode(v.x); box[30] ^= 4;
        const relay = await net.device.newDevice();
        const out = [];
        for (const changed of [{x: net.codec.b64encode(box)},
                               {p: relay.pub, S: await net.device.sign(relay, "by3|answer|" + v.x)}]) {
            try { await offer.accept(await net.codec.encode("a", V, {...v, ...changed})); out.push("accepted"); }
            catch (e) { out.push(e.code); }
        }
        return out;
    }""", answer)
    assert refused == ["code_forged", "code_forged"]
    result = host.evaluate("""async (answer) => {
        const conn = await offer.accept(answer);
        room.claim(conn.seat, conn.key, conn.channel);
        window.replies = [];
        conn.channel.onmessage = (e) => replies.push(JSON.parse(e.data));
        room.send(1, {type: "status", step: 0, over: false, waiting: [1], text: "Ünïcödé"});
        await new Promise((r) => {
            const t = setInterval(() => { if (replies.length) { clearInterval(t); r(); } }, 20);
        });
        return {replies, connected: room.connected(), offer: offer.code.length, sdp: offer.sdp, key: conn.key};
    }""", answer)
    assert result["replies"] == [{"pong": 1}] and result["connected"] == [1]
    assert player.evaluate("got") == [{"type": "status", "step": 0, "over": False, "waiting": [1], "text": "Ünïcödé"}]
    assert result["sdp"]["c"], "no ICE candidate was gathered"

    # a second browser holding the same invite connects, but cannot take the seat while the
    # first is connected
    second = host.evaluate("""async () => {
        window.offer2 = await net.live.hostOffer(inbox.seatAuth(1)); return offer2.code; }""")
    answer2 = twin.evaluate("""async (o) => {
        window.ans = await net.live.playerAnswer(o, book.keyring(), await book.device());
        return ans.code; }""", second)
    claim = host.evaluate("""async (a) => { const c = await offer2.accept(a);
        try { room.claim(c.seat, c.key, c.channel); return "claimed"; }
        catch (e) { c.channel.close(); return e.code; } }""", answer2)
    assert claim == "seat_in_use"
    # the answer is signed over its offer (the host's challenge): replayed to a new offer it
    # is refused; and the seat's bound key decides, connected or not
    out = host.evaluate("""async ([a, player, twin]) => {
        const o3 = await net.live.hostOffer(inbox.seatAuth(1));
        const out = {};
        try { await o3.accept(a); out.replayed = "accepted"; } catch (e) { out.replayed = e.code; }
        o3.close();
        await inbox.bind(1, player);
        try { await inbox.bind(1, twin); out.twin = "bound"; } catch (e) { out.twin = e.code; }
        inbox.release(1);
        await inbox.bind(1, twin);
        out.released = inbox.toJSON().seats[1].pk === twin;
        return out;
    }""", [answer2, result["key"], twin.evaluate("book.device().then((d) => d.pub)")])
    assert out == {"replayed": "code_forged", "twin": "seat_other_device", "released": True}
    # the twin holds the seat's keys, but not the host's: an offer it makes (the host's sealed
    # part signed with its own key, or with no signature) cannot make the player connect to it
    posed = twin.evaluate("""async (offer) => {
        const C = net.codec, V = net.links.OFFER_VERSION;
        const v = (await C.decode(offer, {f: V})).value;
        const me = await book.device();
        const {H, ...rest} = v;
        return [await C.encode("f", V, {...rest, H: await net.device.sign(me, net.links.hostSigned("f", rest, V))}),
                await C.encode("f", V, rest)];
    }""", second)
    answered = player.evaluate("""async (offers) => {
        const out = [];
        for (const o of offers) {
            try { await net.live.playerAnswer(o, book.keyring(), await book.device()); out.push("answered"); }
            catch (e) { out.push(e.code); }
        }
        return out;
    }""", posed)
    assert answered == ["link_forged", "code_invalid"]
    print(f"live: offer {result['offer']} chars, answer {len(answer)} chars")
    assert result["offer"] < 600 and len(answer) < 600
