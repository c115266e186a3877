"""Words in the page's language, as the shell fills them (site/js/shell/i18n.js; issue 27,
item 5): a counted noun takes the form its own number asks for (Russian one/few/many, Arabic
zero/one/two/few/many/other), whichever placeholder carries it; a list reads in the language's
pattern; in Arabic a name keeps its own direction, and a foreign game's name ("¿Quién es el
Espía?") is drawn with its marks where they belong."""

from __future__ import annotations

from ..hall import glyph_x, open_hall, shot

FSI, LRI, PDI = "\u2068", "\u2066", "\u2069"

SHELL = """async ([code, game, calls]) => {
    const src = document.querySelector('script[src*="hall/app.js"]').src;
    const i18n = await import(new URL("../shell/i18n.js", src));
    if (i18n.current() !== code) await i18n.setLanguage(code);
    await i18n.loadGame(game);
    return calls.map(([fn, ...args]) => i18n[fn](...args));
}"""


def words(page, code, calls, game="ekonos"):
    return page.evaluate(SHELL, [code, game, calls])


def test_counts_and_lists_in_russian_and_arabic(guard, site_server):
    page = open_hall(guard, site_server, locale="ru")
    coins = [["t", "ekonos.sell.text", {"coins": n}] for n in (1, 2, 5, 11, 21)]
    hint = ["t", "lobby.seats_hint", {"min": 2, "max": 21}]
    said = words(page, "ru", [*coins, ["list", ["Аня", "Боря", "Вика"]], hint])
    assert [s.split(".")[0] for s in said[:5]] == ["У вас 1 монета", "У вас 2 монеты", "У вас 5 монет",
                                                  "У вас 11 монет", "У вас 21 монета"], said
    assert said[5] == "Аня, Боря и Вика"
    assert said[6].startswith("От 2 до 21 участника."), said[6]  # chosen by {max}, not {count}

    said = words(page, "ar", [*coins, ["list", ["Ann", "Bob"]], ["t", "game.turn_of", {"name": "Ann"}],
                              ["t", "ekonos.sell.text", {"coins": 0}]])
    assert said[0].startswith("لديك عملة واحدة."), said[0]
    assert said[1].startswith("لديك عملتان."), said[1]
    assert said[2].startswith(f"لديك {LRI}5{PDI} عملات."), said[2]
    assert said[3].startswith(f"لديك {LRI}11{PDI} عملة."), said[3]
    assert said[5] == f"{FSI}Ann{PDI} و{FSI}Bob{PDI}"
    assert f"{FSI}Ann{PDI}" in said[6]
    assert said[7].startswith("ليس لديك أي عملة."), said[7]


def test_a_foreign_game_name_keeps_its_marks_in_arabic(guard, site_server):
    page = open_hall(guard, site_server, locale="ar")
    name = ".game-picker label:has(input[value=spy]) span"
    assert page.text_content(name) == f"{FSI}¿Quién es el Espía?{PDI}"
    x = glyph_x(page, name)
    # drawn left to right inside the right-to-left page: "¿" first, "?" last
    assert x["¿"] < x["Q"] < x["E"] < x["?"], x
    shot(page, "lobby-game-names-1280-ar")
