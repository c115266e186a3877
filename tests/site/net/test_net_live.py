"""Live rooms (site/js/net/live.js): a host and players connected by WebRTC data channels,
signalled only by the offer and answer codes passed as text.

The browser runs in a network namespace of its own (chromium-netns.sh explains why) and so
cannot reach the test server: its pages are served from the built dist/ by request routing
(live_helpers.py).
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
        page.evaluate("async (inv) => book.addInvite(await net.links.readInvite(inv))", invite)
    answer = player.evaluate("""async (offer) => {
        window.ans = await net.live.playerAnswer(offer, book.keyring(), book.device());
        window.got = [];
        ans.connected.then((ch) => { window.channel = ch;
            ch.onmessage = (e) => { got.push(JSON.parse(e.data)); ch.send(JSON.stringify({pong: got.length})); }; });
        return ans.code;
    }""", offer)
    # an altered answer is refused and leaves the offer usable
    refused = host.evaluate("""async (answer) => {
        const V = net.links.VERSION;
        const v = (await net.codec.decode(answer, {a: V})).value;
        const box = net.codec.b64decode(v.x); box[30] ^= 4;
        try {
            await offer.accept(await net.codec.encode("a", V, {...v, x: net.codec.b64encode(box)}));
            return "accepted";
        }
        catch (e) { return e.code; }
    }""", answer)
    assert refused == "code_forged"
    result = host.evaluate("""async (answer) => {
        const conn = await offer.accept(answer);
        room.claim(conn.seat, conn.device, conn.channel);
        window.replies = [];
        conn.channel.onmessage = (e) => replies.push(JSON.parse(e.data));
        room.send(1, {type: "status", step: 0, over: false, waiting: [1], text: "Ünïcödé"});
        await new Promise((r) => {
            const t = setInterval(() => { if (replies.length) { clearInterval(t); r(); } }, 20);
        });
        return {replies, connected: room.connected(), offer: offer.code.length, sdp: offer.sdp};
    }""", answer)
    assert result["replies"] == [{"pong": 1}] and result["connected"] == [1]
    assert player.evaluate("got") == [{"type": "status", "step": 0, "over": False, "waiting": [1], "text": "Ünïcödé"}]
    assert result["sdp"]["c"], "no ICE candidate was gathered"

    # a second browser holding the same invite connects, but cannot take the seat while the
    # first is connected
    second = host.evaluate("""async () => {
        window.offer2 = await net.live.hostOffer(inbox.seatAuth(1)); return offer2.code; }""")
    answer2 = twin.evaluate("""async (o) => {
        window.ans = await net.live.playerAnswer(o, book.keyring(), book.device());
        return ans.code; }""", second)
    claim = host.evaluate("""async (a) => { const c = await offer2.accept(a);
        try { room.claim(c.seat, c.device, c.channel); return "claimed"; }
        catch (e) { c.channel.close(); return e.code; } }""", answer2)
    assert claim == "seat_in_use"
    print(f"live: offer {result['offer']} chars, answer {len(answer)} chars")
    assert result["offer"] < 600 and len(answer) < 600
