"""Messages about a seat speak to their reader in every game (site/js/shell/i18n.js setReader,
seatRef): the page's own seat reads in the second person, other seats and a page with no seat
in the third. The games' own formatters are called in the page, as their tables call them."""

from __future__ import annotations

from ..hall import open_hall

# [game, module (site/js/…), function, event, expected text for readers seat 0, seat 1, nobody]
CASES = [
    ["hall", None, None, {"code": "not_your_turn", "params": {"player": "Ann"}},
     ["It is not your turn.", "It is not Ann's turn.", "It is not Ann's turn."]],
    ["ekonos", "games/ekonos/log.js", "eventText", {"type": "expand", "seat": 0, "company": "G", "actions": 2},
     ["You expand Gamma (2 actions).", "Ann expands Gamma (2 actions).", "Ann expands Gamma (2 actions)."]],
    ["ekonos", "games/ekonos/log.js", "eventText", {"type": "president", "seat": 1, "chosen_by": 0, "company": "G"},
     ["You make Bob president of Gamma.", "Ann makes you president of Gamma.", "Ann makes Bob president of Gamma."]],
    ["grid", "games/grid/log.js", "eventText", {"type": "pass", "seat": 0},
     ["You pass: no plant this round.", "Ann passes: no plant this round.", "Ann passes: no plant this round."]],
    ["spy", "games/spy/words.js", "eventLine", {"type": "vote", "seat": 0, "target": 1},
     ["You vote for Bob.", "Ann votes for you.", "Ann votes for Bob."]],
    ["spy", "games/spy/words.js", "eventLine", {"type": "death", "seat": 1, "cause": "killed"},
     ["Bob was killed.", "You were killed.", "Bob was killed."]],
]


def test_each_game_speaks_to_the_reader(guard, site_server):
    page = open_hall(guard, site_server)
    for game, module, function, event, expected in CASES:
        # one evaluate: the lobby is not redrawn between setting the reader and reading
        got = page.evaluate("""async ([game, module, fn, event]) => {
            const src = document.querySelector("script[src$='/js/hall/app.js']").src;
            const at = (path) => src.replace(/hall\\/app\\.js$/, path);
            const i18n = await import(at("shell/i18n.js"));
            if (module) await i18n.loadGame(game);
            const words = module ? await import(at(module)) : null;
            const view = { players: ["Ann", "Bob"] };
            const text = () => {
                if (!words) return i18n.errorText(event);
                const out = words[fn](module.includes("spy") ? event : view, module.includes("spy") ? view : event);
                // a formatter gives a string, a node (a line with a seat's mark or a card's picture)
                // or a list of them, read as a screen reader reads it: what is hidden from it left
                // out, a picture by its label
                const read = (x) => typeof x === "string" ? x
                    : Array.isArray(x) ? x.map(read).join("")
                    : x.nodeType === Node.TEXT_NODE ? x.data
                    : x.getAttribute("aria-hidden") === "true" ? ""
                    : x.getAttribute("role") === "img" ? x.getAttribute("aria-label")
                    : [...x.childNodes].map(read).join("");
                return read(out);
            };
            const seen = [];
            for (const [seat, name] of [[0, "Ann"], [1, "Bob"], [null, null]]) {
                i18n.setReader(seat, name);
                seen.push(text());
            }
            i18n.setReader(null);
            return seen;
        }""", [game, module, function, event])
        assert got == expected, (game, event)
