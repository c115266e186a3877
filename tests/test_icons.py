"""The app's icons (site/icons/) are what tools/icons.py draws from the logo's shapes: an icon
is never edited by hand apart from the logo it comes from."""

from tools.icons import ICONS, SIZES, icons


def test_committed_icons_are_drawn_by_the_tool():
    drawn = icons()
    assert sorted(drawn) == sorted(SIZES)
    for name, data in drawn.items():
        assert (ICONS / name).read_bytes() == data, f"site/icons/{name}: run python3 -m tools.icons"
