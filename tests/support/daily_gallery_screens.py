"""The daily deal, the card gallery and the code box as the layout walk draws them
(tests/ui/screens/test_layout_overlap.py)."""

from __future__ import annotations


def daily_gallery_and_codes(ctx, record):
    """The daily deal (before a game, and its result with the longest line), the card gallery
    (a card with two keywords, and one with a long German name), the replay-code box with a
    message (issue 27)."""
    from game.persist.codes import encode
    from game.persist.daily import DayResult, Outcome, today_utc
    from game.ui.records.code_entry import CodeEntry
    from game.ui.screens.daily import DailyScene
    from game.ui.screens.gallery import GalleryScene

    yield "the daily deal", DailyScene(ctx), False
    code = encode(record)
    won = Outcome(today_utc(), "expert", DayResult(True, 99, 3, code + code[:200]), counts=False)
    yield "the daily deal's result", DailyScene(ctx, won), False
    gallery = GalleryScene(ctx)
    for name in ("Rhino Turtle", "Sharky Crab-Dog-Mummypus"):
        gallery.select([d.name for d in gallery.cards].index(name))
        yield f"the card gallery at {name}", gallery, False
    gallery.set_keyword("Frenzy")
    gallery.set_power(0)
    yield "the card gallery with nothing to show", gallery, False
    entry = CodeEntry(ctx)
    entry.type_text(code * 3)
    entry.text = entry.text[:-1] + ("0" if entry.text[-1] != "0" else "1")
    entry.open()
    yield "the replay-code box with a message", entry, True
