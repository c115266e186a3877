"""Fuzz every paste box of the hall and the address bar's fragment (issue 14), in one page
that is host and player at once: the host's box for action codes and its box for a live
answer, a fair deal's box, the player's box for the live offer and for state links (as a
seat's holder and as a spectator), the lobby's "open" box and the fragment. Each gets 20-45
seeded inputs (215 in all, each kind twice or more per box; 425 took 54 s of the suite) made
from genuine codes (fuzz_helpers.py: cut, bits flipped, line noise, written another way, huge,
control and bidi characters, other kinds and games, JSON types swapped, deep arrays, big
numbers), typed into the page's own form and submitted.

Each input is counted as refused (the catalog's message for it), accepted, or crashed (no
answer, a message that is not the catalog's, an uncaught error, a blank page); a refused
input leaves the browser's storage exactly as it was. The counts are printed."""

from __future__ import annotations

from collections import Counter
import json
from pathlib import Path
import re
import time

import pytest

from engine.core.game import GAMES

from ..broker.helpers import start_game
from ..hall import open_hall
from ..spy.helpers import start_spy
from .fuzz_helpers import CASES_JS, FUZZ_JS
from .net_helpers import classic, link_input, play_round
from .test_net_ui import code_text

I18N = Path(__file__).resolve().parents[3] / "site" / "i18n"

SETUP_JS = """async () => {
    const app = document.querySelector('script[src*="hall/app.js"]').src;
    window.net = {};
    for (const m of ["codec", "links", "invite", "playerbook", "host", "live"])
        window.net[m] = await import(new URL(`../net/${m}.js`, app));
    // what a code decodes to (one code written another way is the same code), or null
    window.sameCode = async (x) => {
        const kind = net.codec.peek(x);
        try { return JSON.stringify((await net.codec.decode(x, {[kind.letter]: kind.version})).value); }
        catch { return null; }
    };
    // a player's browser of its own (storage in memory) holding `invite`: its codes are the
    // ones that player's page makes (PlayerBook), whatever the code's format
    window.bookOf = async (invite) => {
        const m = new Map();
        const b = new net.playerbook.PlayerBook({getItem: (k) => (m.has(k) ? m.get(k) : null),
                                            setItem: (k, v) => m.set(k, String(v))});
        b.addInvite(await net.invite.readInvite(invite));
        return b;
    };
    // the seat this browser plays in a game (the hall's own book of invites)
    const {book} = await import(new URL("./remote/book.js", app));
    window.seatFor = async (text) => {
        const value = JSON.parse((await sameCode(text)) || "null");
        const inv = value && typeof value.g === "string" && book.invite(value.g);
        return inv ? inv.seat : null;
    };
    window.__errors = [];
    addEventListener("error", (e) => __errors.push(String(e.message)));
    addEventListener("unhandledrejection", (e) => __errors.push(String(e.reason && e.reason.stack || e.reason)));
}"""

# Feed `cases` to a paste box (or the fragment) one by one; each: [kind, outcome, message,
# the storage keys it changed, new page errors, and if accepted: what it decodes to, the seat
# this browser then plays in its game]. Outcomes: "refused"
# (the box's message, or the fragment's notice), "accepted" (a message that it went in, or
# the page moved on), "silent" (it went to the lobby without a word), "timeout".
RUN_JS = """async ([target, cases, back, moves]) => {
    const VOLATILE = new Set(["by.v1.route"]);
    const snap = () => {
        const o = {};
        for (let i = 0; i < localStorage.length; i++) {
            const k = localStorage.key(i);
            if (!VOLATILE.has(k)) o[k] = localStorage.getItem(k);
        }
        return o;
    };
    // the keys whose text changed (or came, or went)
    // (the device's id is made the first time a box needs it, accepted or not: not game data)
    const changed = (a, b) =>
        [...new Set([...Object.keys(a), ...Object.keys(b)])].filter((k) =>
            a[k] !== b[k] && !(k === "by.net.device" && a[k] === undefined));
    const until = async (test, ms = 15000) => {
        const end = performance.now() + ms;
        for (;;) {
            const got = test();
            if (got) return got;
            if (performance.now() > end) return null;
            await new Promise((r) => setTimeout(r, 5));
        }
    };
    const app = document.getElementById("app");
    const busy = () => document.documentElement.dataset.busy;
    const out = [];
    for (const [kind, text] of cases) {
        const before = snap(), errors = __errors.length;
        for (const c of app.children) c.dataset.fuzzOld = "1";
        let answer;
        if (target === "fragment") {
            const old = document.querySelector("#by-lasting [data-notice='link']");
            if (old) old.remove();
            location.hash = text;
            // (the page is busy until the link's page is drawn: an earlier link's page drawn
            // late, or an offer's answer, is not this link's answer)
            answer = await until(() => {
                if (location.hash !== "" || busy() || !app.firstElementChild || app.firstElementChild.dataset.fuzzOld)
                    return null;
                const n = document.querySelector("#by-lasting [data-notice='link']");
                return n ? ["refused", n.querySelector(".lasting-text").textContent] : ["accepted", ""];
            });
        } else {
            const area = document.querySelector(`textarea[data-paste='${target}']`);
            if (!area) { out.push([kind, "no box", "", true, []]); break; }
            for (const r of document.querySelectorAll(`[data-result='${target}']`)) delete r.dataset.ok;
            area.value = text;
            area.form.requestSubmit();
            answer = await until(() => {
                const r = document.querySelector(`[data-result='${target}']`);
                if (r && r.dataset.ok) return [r.dataset.ok === "1" ? "accepted" : "refused", r.textContent];
                // a box whose code takes the page elsewhere (the others always answer)
                const now = app.firstElementChild;
                return moves && now && !now.dataset.fuzzOld && !busy() && ["accepted", ""];
            });
        }
        const [outcome, message] = answer || ["timeout", ""];
        const blank = !app.firstElementChild || !app.innerText.trim();
        // an input taken in without a word leads somewhere: not back to the lobby
        const lobby = outcome === "accepted" && !message && document.querySelector("#app > .lobby");
        // (a silent outcome says what the page showed: its short notices, its lasting ones)
        const shown = lobby ? [`notices: ${document.getElementById("by-notices").innerText}`,
                               `lasting: ${(document.getElementById("by-lasting") || {}).innerText}`] : [];
        out.push([kind, blank ? "blank" : lobby ? "silent" : outcome, message, changed(before, snap()),
                  [...__errors.slice(errors), ...shown], outcome === "accepted" ? await sameCode(text) : null,
                  outcome === "accepted" ? await seatFor(text) : null]);
        // an input that took the page elsewhere: back to the box
        if (back && !document.querySelector(`textarea[data-paste='${target}']`)) {
            document.getElementById("by-lobby").click();
            await until(() => document.querySelector("#app > .lobby textarea[data-paste='open']"));
            if (back !== "lobby") {
                location.hash = back;
                await until(() => document.querySelector(`textarea[data-paste='${target}']`));
            }
        }
    }
    return out;
}"""


def error_templates():
    """Every error message of the catalogs (the hall's and each game's, English) as a pattern;
    the fallback for an unknown code ("error.unknown") is not one of them."""
    texts = []
    for path in [I18N / "en.json", *I18N.glob("*/en.json")]:
        for key, text in json.loads(path.read_text(encoding="utf-8")).items():
            if (key.startswith("error.") or ".error." in key) and not key.endswith("error.unknown"):
                # a plural text ({"by": count, "one": ..., "other": ...}) is a template per form
                forms = text if isinstance(text, dict) else {"text": text}
                texts.extend(v for k, v in forms.items() if k != "by")
    return [re.compile("".join(".*?" if part.startswith("{") else re.escape(part)
                               for part in re.split(r"(\{\w+\})", t)) + "$", re.S) for t in texts]


def mine(link, seat):
    """What a state link's reader in `seat` can verify: the whole link but the other seats'
    sealed parts and epochs (each seat verifies its own)."""
    out = {k: v for k, v in link.items() if k not in ("E", "x")}
    return {**out, "E": link["E"][seat:seat + 1], "x": link["x"][seat:seat + 1]}


def differs(a, b, path="") -> str:
    """Where two JSON values first differ."""
    if isinstance(a, dict) and isinstance(b, dict) and a.keys() == b.keys():
        return next((differs(a[k], b[k], f"{path}.{k}") for k in a if a[k] != b[k]), "")
    if isinstance(a, list) and isinstance(b, list) and len(a) == len(b):
        return next((differs(x, y, f"{path}[{i}]") for i, (x, y) in enumerate(zip(a, b)) if x != y), "")
    return f"{path}: {json.dumps(a)[:80]} instead of {json.dumps(b)[:80]}"


def spectator_link(page, seed="watch"):
    """A genuine state link of a game this browser holds no invite for."""
    state = classic(3, seed=seed)
    play_round(state)
    return page.evaluate("""async ([tag, parts]) => {
        const host = net.host.HostInbox.create(tag, ["A", "B", "C"], [true, true, true], parts.step);
        return host.stateLink(parts);
    }""", [GAMES["broker-yard"].tag, link_input(state)])


def fuzz(page, target, bases, n, others, back=None, label=None, skip=(), moves=False):
    """`n` inputs from `bases` into the box `target`; `skip`: genuine codes not to send (an
    answer would start a connection that waits for the other side); `moves`: an accepted
    input may take the page elsewhere without a message (else only the box's message counts:
    the page may redraw by itself meanwhile)."""
    cases = page.evaluate("""async ([b, n, o, skip]) => {
        // what a text decodes to (a code written another way is the same code)
        const same = sameCode;
        const gone = new Set(await Promise.all(skip.map(same))), out = [];
        for (const [kind, text] of await fuzz.cases(b, n, o))
            if (!gone.has(await same(text)) && (text || "").replace(/^#/, "").trim()) out.push([kind, text]);
        return out;
    }""", [bases, n, others, list(skip)])
    start = time.monotonic()
    rows = page.evaluate(RUN_JS, [target, cases, back, moves])
    print(f"  {label or target}: {len(rows)} inputs in {time.monotonic() - start:.1f} s")
    return [[label or target, *row] for row in rows]


@pytest.mark.long
def test_fuzz_every_paste_box_and_the_fragment(guard, site_server):
    """Long because every paste box of the host's and the player's pages and the address bar
    each take 20-45 crafted inputs (ten kinds of harm in turn), each read by the real page and checked for what
    it changed."""
    page = open_hall(guard, site_server, width=1280)
    page.evaluate(SETUP_JS)
    page.evaluate(FUZZ_JS)
    page.evaluate(CASES_JS)
    # the host: a Broker-Yard game with two remote seats, their invites, the state link, a
    # live offer to seat 2 (its answer box) and one to seat 1
    start_game(page, [("Hosta", "human"), ("Pia", "remote"), ("Ravi", "remote")])
    page.wait_for_selector("textarea[data-code='round']")
    for seat in (1, 2):
        page.click(f"[data-invite-toggle='{seat}']")
        page.click(f"[data-live-offer='{seat}']")
        page.wait_for_selector(f"textarea[data-code='offer-{seat}']")
    link = code_text(page, "round")
    invites = [code_text(page, f"invite-{seat}") for seat in (1, 2)]
    offers = [code_text(page, f"offer-{seat}") for seat in (1, 2)]
    made = page.evaluate("""async ([invites, link, offer]) => {
        const {gameId, step} = await net.links.readStateLink(link);
        const books = await Promise.all(invites.map(bookOf));
        const codes = [];
        for (const b of books) codes.push(await b.actionCode(gameId, step, {}));
        // seat 2's answer to its offer (never sent: a base for mutants only)
        const answer = await net.live.playerAnswer(offer, books[1].keyring(), await books[1].device());
        answer.pc.close();
        const other = net.host.HostInbox.create("zz", ["A", "B"]);
        return {codes, answer: answer.code, others: [await other.invite(0), await other.stateLink(
            {step: 0, over: false, public: {}, privates: [null, null]})]};
    }""", [invites, link, offers[1]])
    spectator = spectator_link(page)
    others = [*invites, link, *made["codes"], *offers, made["answer"], spectator, *made["others"],
              "hello", "https://example.org/#", "#", "o1.AAAA", "r9.AAAA"]
    rows = []
    rows += fuzz(page, "order", made["codes"], 30, others)
    rows += fuzz(page, "answer-2", [made["answer"]], 20, others, skip=[made["answer"]])

    # the player of seat 1 in the same browser: the live offer's box, then state links as the
    # seat's holder and as a spectator (a spectator's mutants that still draw are shown)
    page.evaluate("(i) => { location.hash = i; }", invites[0])
    page.wait_for_selector("#by-play textarea[data-paste='offer']")
    rows += fuzz(page, "offer", [offers[0]], 20, others)
    page.locator("textarea[data-paste='link']").fill(link)
    page.click("[data-submit='link']")
    page.wait_for_selector("#by-play .game-top")
    rows += fuzz(page, "link", [link, link, spectator], 45, others, back=link, moves=True)

    # the lobby's box, the address bar
    page.click("#by-lobby")
    page.wait_for_selector("#app > .lobby textarea[data-paste='open']")
    rows += fuzz(page, "open", [link, spectator, *invites, *made["codes"], offers[0]], 35, others, back="lobby",
                 moves=True)
    rows += fuzz(page, "fragment", [link, spectator, *invites, *made["codes"], offers[0]], 45, others)

    # a fair deal's exchange (the spy game with a remote seat): the host's box for its codes
    page.evaluate("() => document.querySelector('#app > .lobby') || document.getElementById('by-lobby').click()")
    page.wait_for_selector("#app > .lobby")
    start_spy(page, [("Hana", "remote"), ("Ada", "normal"), ("Boris", "normal"), ("Carmen", "normal"),
                     ("Dalia", "normal")])
    page.wait_for_selector("[data-pending] textarea[data-paste='order']")
    page.click("[data-invite-toggle='0']")
    fair = page.evaluate("""async (invite) => {
        const b = await bookOf(invite);
        return b.actionCode(b.keyring()[0].gameId, net.links.PRE_STEPS.commit, {type: "commit", c: "0".repeat(64)});
    }""", code_text(page, "invite-0"))
    rows += fuzz(page, "order", [fair], 20, others, label="fair order")

    # the hosts' boxes accept nothing but the genuine codes (written any way)
    genuine = set(page.evaluate("(codes) => Promise.all(codes.map(sameCode))", [*made["codes"], fair]))
    # ... and this browser, holding an invite for the host's game, keeps no link of it but the
    # host's (a forged one locked it out, issue 14)
    ours = json.loads(page.evaluate("sameCode", link))
    templates = error_templates()
    failed = json.loads((I18N / "en.json").read_text(encoding="utf-8"))["link.failed"]
    counts, bad = Counter(), []
    for target, kind, outcome, message, changed, errors, value, seat in rows:
        if outcome == "accepted" and target.endswith("order") and value not in genuine:
            bad.append((target, kind, "the host accepted a code nobody made", value))
        try:
            got = json.loads(value) if outcome == "accepted" and value else None
        except RecursionError:
            got = None
            bad.append((target, kind, "accepted a code nested far deeper than any", value[:100]))
        # (the page may have taken the other seat's invite, pasted as an input)
        if isinstance(got, dict) and got.get("g") == ours["g"] and "E" in got and seat is not None \
                and mine(got, seat) != mine(ours, seat):
            bad.append((target, kind, "a forged state link was kept by the seat's browser", differs(got, ours)))
        said = message.strip().removeprefix(failed).strip()
        if outcome == "refused" and not any(p.match(said) for p in templates):
            outcome = "crashed"
            bad.append((target, kind, "not the catalog's message", message[:200]))
        if outcome == "refused" and changed:
            bad.append((target, kind, f"a refused input changed {changed}", message[:200]))
        if outcome in ("timeout", "blank", "no box", "silent") or errors:
            bad.append((target, kind, outcome, errors[:2]))
            outcome = "crashed"
        counts[(target, outcome)] += 1
    total = Counter(outcome for (_, outcome), n in counts.items() for _ in range(n))
    print(f"\npage fuzz: {len(rows)} inputs: {dict(total)}")
    for target in dict.fromkeys(t for t, _ in counts):
        print(f"  {target}: " + ", ".join(f"{o} {n}" for (t, o), n in sorted(counts.items()) if t == target))
    for item in bad[:20]:
        print("  BAD", item)
    assert bad == []
    assert len(rows) >= 210
    assert total["refused"] > 170
