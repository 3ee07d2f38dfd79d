"""The window in English and German (issue 14, item 1): catalogs complete and fresh, the
language switched while the game runs, plural forms, the system's language on first start,
and the setting's validation."""

from __future__ import annotations

import ast
import gettext
import io
import re
from pathlib import Path

import pytest  # noqa: E402

from game.common import i18n, settings  # noqa: E402
from game.common.i18n import _, ngettext  # noqa: E402

babel = pytest.importorskip("babel", reason="Babel is in the test extra: pip install -e .[test]")
from babel.messages.mofile import write_mo  # noqa: E402
from babel.messages.pofile import read_po  # noqa: E402

from tests.support.game_tree import game_sources, parsed  # noqa: E402
from tests.support.text_spy import record_texts  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
LOCALE = ROOT / "game" / "locale"
POT = LOCALE / "mindbug.pot"
PO_DE = LOCALE / "de" / "LC_MESSAGES" / "mindbug.po"
MO_DE = LOCALE / "de" / "LC_MESSAGES" / "mindbug.mo"
# The calls the extractor reads (babel.cfg / docs/translating.md): name -> (context?, plural?)
KEYWORDS = {"_": (False, False), "N_": (False, False), "ngettext": (False, True),
            "pgettext": (True, False)}


@pytest.fixture(autouse=True)
def english_again():
    yield
    i18n.set_language("en")


def _catalog(path: Path):
    with open(path, "rb") as f:
        return read_po(f)


def _ids(catalog) -> set:
    return {(m.context, m.id if isinstance(m.id, str) else m.id[0]) for m in catalog if m.id}


# --- the catalogs ---------------------------------------------------------------------------

def test_every_message_has_a_german_translation():
    pot, po = _catalog(POT), _catalog(PO_DE)
    missing = []
    for m in pot:
        if not m.id:
            continue
        t = po.get(m.id, context=m.context)
        forms = () if t is None else (t.string if isinstance(t.string, tuple) else (t.string,))
        if t is None or t.fuzzy or len(forms) != (2 if t.pluralizable else 1) or not all(forms):
            missing.append(m.id)
    assert not missing, f"{len(missing)} messages lack a German translation: {missing[:5]}"


def test_the_german_catalog_has_no_stale_entries():
    pot, po = _catalog(POT), _catalog(PO_DE)
    stale = _ids(po) - _ids(pot)
    assert not stale, f"in the .po but no longer in the code (pybabel update): {sorted(stale)[:5]}"


def _placeholders(text: str) -> set[str]:
    return set(re.findall(r"\{(\w*)[^{}]*\}", text))


def test_translations_keep_every_placeholder():
    """A translation that drops or misspells "{card}" would raise KeyError (or lose a name)."""
    bad = []
    for m in _catalog(PO_DE):
        if not m.id:
            continue
        ids = m.id if isinstance(m.id, tuple) else (m.id,)
        forms = m.string if isinstance(m.string, tuple) else (m.string,)
        want = set().union(*(_placeholders(i) for i in ids))
        for form in forms:
            if _placeholders(form) - want or (not isinstance(m.id, tuple) and _placeholders(form) != want):
                bad.append((m.id, form))
    assert not bad, bad[:5]


def test_the_compiled_catalog_is_fresh():
    """The committed .mo is what the .po compiles to: run `pybabel compile` after editing it."""
    buf = io.BytesIO()
    write_mo(buf, _catalog(PO_DE))
    fresh = gettext.GNUTranslations(io.BytesIO(buf.getvalue()))._catalog
    with open(MO_DE, "rb") as f:
        shipped = gettext.GNUTranslations(f)._catalog
    assert shipped == fresh, "game/locale/de/LC_MESSAGES/mindbug.mo is stale: pybabel compile"


def _messages_in(tree: ast.AST, where: str) -> dict[tuple[str | None, str], str]:
    """Every literal message passed to _, N_, ngettext or pgettext in ``tree`` (also nested in
    another call, which the extractor skips), with where it is."""
    found = {}
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        func = node.func
        name = func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else None
        if name not in KEYWORDS or not node.args or (isinstance(func, ast.Attribute) and name in ("_", "N_")):
            continue  # obj._(...) is not ours; i18n.pgettext(...) and i18n.ngettext(...) are
        has_context, _plural = KEYWORDS[name]
        args = node.args[1:] if has_context else node.args
        context = node.args[0].value if has_context and isinstance(node.args[0], ast.Constant) else None
        if args and isinstance(args[0], ast.Constant) and isinstance(args[0].value, str) and args[0].value:
            found[(context, args[0].value)] = f"{where}:{node.lineno}"
    return found


def _messages_in_code() -> dict[tuple[str | None, str], str]:
    found = {}
    for rel, source in game_sources().items():
        found.update(_messages_in(parsed(source), rel))
    return found


def test_the_template_holds_every_message_of_the_code():
    """`pybabel extract` was run after the last text change (and every text is extractable)."""
    in_pot = _ids(_catalog(POT))
    missing = {k: where for k, where in _messages_in_code().items() if k not in in_pot}
    assert not missing, "not in game/locale/mindbug.pot (pybabel extract, see docs/translating.md): " + \
        "; ".join(f"{where} {msg!r}" for (_c, msg), where in list(missing.items())[:8])


def test_the_code_check_finds_a_message_nested_in_another_call():
    """The check above must see what the extractor misses: ``_(d.get(k, N_("x")))``."""
    tree = ast.parse('_(table.get(k, N_("Nested text")))\nx = i18n.pgettext("tag", "Hit")\n'
                     'y = ngettext("{n} card", "{n} cards", n)\nz = self._("not ours")')
    assert set(_messages_in(tree, "x")) == {(None, "Nested text"), ("tag", "Hit"), (None, "{n} card")}


# --- switching and plural forms ---------------------------------------------------------------

def test_switching_language_at_run_time():
    assert i18n.set_language("de") == "de"
    assert _("Settings") == "Einstellungen"
    assert i18n.language() == "de"
    assert i18n.set_language("en") == "en"
    assert _("Settings") == "Settings"


def test_unknown_language_falls_back_to_english():
    assert i18n.set_language("xx") == "en"
    assert _("Settings") == "Settings"


def test_an_empty_text_stays_empty():
    i18n.set_language("de")
    assert _("") == ""  # gettext would return the catalog's header


@pytest.mark.parametrize("n, text", [(0, "0 Karten auf der Hand"), (1, "1 Karte auf der Hand"),
                                     (2, "2 Karten auf der Hand"), (5, "5 Karten auf der Hand")])
def test_german_plural_forms(n, text):
    i18n.set_language("de")
    assert ngettext("{count} card in hand", "{count} cards in hand", n).format(count=n) == text


def test_english_plural_forms():
    assert ngettext("{count} card in hand", "{count} cards in hand", 1).format(count=1) == "1 card in hand"
    assert ngettext("{count} card in hand", "{count} cards in hand", 3).format(count=3) == "3 cards in hand"


def test_listeners_hear_a_switch():
    heard = []
    i18n.on_change(heard.append)
    i18n.set_language("de")
    i18n.set_language("en")
    assert heard[-2:] == ["de", "en"]


def test_the_log_speaks_german_with_the_right_verb_forms():
    from game.engine.events import Drawn, LifeChanged, Played
    from game.words import texts

    names = {0: "You", 1: "Computer (Hard)"}

    def who(seat):
        return texts.display_name(names[seat])

    def card(cid):
        return {1: "Brummbär", 2: "Killerbiene"}[cid]

    def line(ev):
        return texts.describe(ev, who, card, who)

    i18n.set_language("de")
    assert line(Played(seat=0, card=1)) == "Du spielst Brummbär aus."
    assert line(Played(seat=1, card=2)) == "Computer (Schwer) spielt Killerbiene aus."
    assert line(Drawn(seat=0, cards=(5,))) == "Du ziehst 1 Karte."
    assert line(Drawn(seat=1, cards=(5, 6))) == "Computer (Schwer) zieht 2 Karten."
    assert line(LifeChanged(team=0, old=3, new=2)) == "Du verlierst 1 Lebenspunkt (noch 2)."
    assert line(LifeChanged(team=1, old=3, new=1)) == "Computer (Schwer) verliert 2 Lebenspunkte (noch 1)."
    i18n.set_language("en")
    assert line(Played(seat=0, card=1)) == "You play Brummbär."
    assert line(Drawn(seat=1, cards=(5, 6))) == "Computer (Hard) draws 2 cards."


def test_card_and_keyword_names_follow_the_language():
    from game.cards import load_cards
    from game.cards.text import keyword_name

    bee = next(d for d in load_cards().defs if d.name == "Bee Bear")
    assert i18n.card_name(bee) == "Bee Bear"
    i18n.set_language("de")
    assert i18n.card_name(bee) == bee.name_de != "Bee Bear"
    assert keyword_name("Tough") == "Robust"


# --- the system's language and the setting ---------------------------------------------------

@pytest.mark.parametrize("env, code", [
    ({"LANG": "de_DE.UTF-8"}, "de"), ({"LANG": "de_AT.UTF-8"}, "de"), ({"LANG": "en_GB.UTF-8"}, "en"),
    ({"LANG": "fr_FR.UTF-8"}, "en"), ({"LC_ALL": "de_CH.UTF-8", "LANG": "en_US.UTF-8"}, "de"),
    ({"LANGUAGE": "fr:de", "LANG": "fr_FR.UTF-8"}, "de"), ({"LANGUAGE": "en:de"}, "en"),
    ({"LANG": "C"}, "en"), ({}, "en"),
])
def test_system_language_from_the_environment(env, code):
    assert i18n.system_language(env) == code


@pytest.mark.parametrize("name, code", [("German_Germany", "de"), ("German_Austria", "de"),
                                        ("English_United States", "en"), ("de_DE", "de"),
                                        ("French_France", "en"), ("", "en")])
def test_system_language_on_windows_and_macos(monkeypatch, name, code):
    """Windows and macOS set no variables; Windows names its locales "German_Germany"."""
    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(var, raising=False)
    monkeypatch.setattr(i18n.locale, "getlocale", lambda *a: (name or None, "cp1252"))
    assert i18n.system_language() == code


def test_first_start_follows_the_system(tmp_path, monkeypatch):
    monkeypatch.setenv("LANGUAGE", "de_DE")
    assert settings.load(tmp_path / "none.json")[0].language == "de"
    path = tmp_path / "old.json"  # written before the field existed: the system's language
    path.write_text('{"sound": false}', encoding="utf-8")
    loaded, message = settings.load(path)
    assert (loaded.language, loaded.sound, message) == ("de", False, None)
    monkeypatch.setenv("LANGUAGE", "en_US")
    assert settings.load(path)[0].language == "en"


def test_a_chosen_language_is_kept(tmp_path, monkeypatch):
    monkeypatch.setenv("LANGUAGE", "en_US")
    path = tmp_path / "settings.json"
    s = settings.Settings()
    s.language = "de"
    settings.save(s, path)
    assert settings.load(path)[0].language == "de"


@pytest.mark.parametrize("value", ["fr", "DE", "", 3, None, ["de"]])
def test_an_invalid_language_is_refused(tmp_path, monkeypatch, value):
    import json

    monkeypatch.setenv("LANGUAGE", "de_DE")
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"language": value, "volume": 0.5}), encoding="utf-8")
    loaded, message = settings.load(path)
    assert loaded.language == "de" and loaded.volume == 0.5  # the default; the rest kept
    assert message and "language" in message
    with pytest.raises(ValueError):
        settings.VALIDATORS["language"](value)


# --- the window, drawn -------------------------------------------------------------------------

@pytest.fixture
def drawn(tmp_path, monkeypatch):
    """(app, draw): draw() renders the scene stack and returns every text put on screen."""
    import pygame

    from game.app import App, parse_args

    monkeypatch.setenv("LANGUAGE", "en_US")
    monkeypatch.setenv("MINDBUG_DATA_DIR", str(tmp_path / "data"))  # its autosaves stay here
    seen = record_texts(monkeypatch, outlined=True)
    app = App(parse_args(["--settings", str(tmp_path / "settings.json"), "--speed", "50"]))
    app.ctx.settings.ai_pause = 0.0

    def draw() -> list[str]:
        seen.clear()
        for s in app.ctx.scenes.stack:
            s.dirty = True
        app.ctx.scenes.draw(pygame.Surface((1280, 720)))
        return list(seen)

    yield app, draw
    app.close(quit_pygame=False)


def _click(scene, button) -> None:
    import pygame

    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        scene.handle(pygame.event.Event(kind, button=1, pos=button.rect.center))


def test_the_settings_switch_the_window_to_german_at_once(drawn, tmp_path):
    from game.common import settings as settings_mod
    from game.ui.screens.settings import SettingsScene
    from game.ui.screens.title import TitleScene

    app, draw = drawn
    assert app.ctx.settings.language == "en"
    app.ctx.scenes.replace(TitleScene(app.ctx))
    assert "Play vs Computer" in draw()
    scene = SettingsScene(app.ctx)
    app.ctx.scenes.push(scene)
    texts = draw()
    assert {"Settings", "Language", "English"} <= set(texts)
    language = next(b for b in scene.row.buttons if b.text == "English")
    _click(scene, language)  # a real click on the selector: no restart, no other step
    texts = draw()
    assert {"Einstellungen", "Sprache", "Deutsch", "Ton", "Stimme", "Fertig"} <= set(texts)
    assert "Settings" not in texts and "Voice" not in texts
    _click(scene, next(b for b in scene.row.buttons if b.text == "Done"))  # saves, back to the title
    texts = draw()
    assert {"Gegen den Computer", "Spielregeln", "Einstellungen", "Beenden"} <= set(texts)
    assert "Play vs Computer" not in texts
    assert settings_mod.load(tmp_path / "settings.json")[0].language == "de"


def test_a_match_is_drawn_in_german_cards_included(drawn):
    from game.ui.core.match_config import MatchConfig
    from game.ui.match.scene import MatchScene

    app, draw = drawn
    app.ctx.settings.language = i18n.set_language("de")
    scene = MatchScene(app.ctx, MatchConfig(mode="ai", ai_level="random", names=("You", "Computer (Easy)"),
                                            seed=3))
    app.ctx.scenes.replace(scene)
    for _i in range(400):
        app.step()
        if scene.ctl.pending is not None and scene.ctl.is_human(scene.ctl.pending.seat) \
                and scene.decision_serial == scene.ctl.pending.serial and not scene.table.moving:
            break
    texts = draw()
    joined = "\n".join(texts)
    assert "Du" in texts and "Computer (Leicht)" in texts  # seat panels
    assert "Leben" in texts and "Mindbugs" in texts
    assert "Neues Spiel." in joined  # the log (no seed: it stays in the replay)
    assert "Dein Zug: Ziehe eine Karte" in joined or "Mindbug" in joined  # the prompt
    assert "You" not in texts and "Game log" not in texts
    faces = app.ctx.renderer._faces  # the real renderer's cache: keyed by language too
    assert faces and all(key[-1] == "de" for key in faces if isinstance(key[-1], str) and key[0] != "zoom")
    names_de = {d.name_de for d in scene._all_defs()}
    assert any(t in names_de for t in texts) or any(n in joined for n in names_de)


def test_a_recorded_move_in_the_replay_viewer():
    from game.words.texts import move_words

    # the table's words for the move (its buttons: "Let it go", "Don't block"), not the engine's
    assert move_words("play", "play Bee Bear", "Bee Bear") == "Play Bee Bear"
    assert move_words("pass", "pass") == "Let it go"
    assert move_words("no block", "no block") == "Don't block"
    assert move_words("play", "play Bee Bear") == "play Bee Bear"  # no name given: the label
    i18n.set_language("de")
    assert move_words("play", "play Bee Bear", "Brummbär") == "Brummbär ausspielen"
    assert move_words("no block", "no block") == "Nicht blocken"
    assert move_words("opponent", "opponent 2", player="Cleo") == "Cleo wählen"


def test_the_replay_viewer_says_you_decide():
    from game.words.texts import next_decides

    assert next_decides("You") == "next: You decide"
    assert next_decides("Ada") == "next: Ada decides"


def test_switching_during_a_decision_rewords_its_buttons_and_the_log(drawn):
    from game.cards import load_cards
    from game.engine import from_position
    from game.ui.core.match_config import MatchConfig
    from game.ui.match.scene import MatchScene
    from game.ui.screens.settings import SettingsScene

    app, draw = drawn
    game = from_position(load_cards(), [{"hand": ["Gorillion", "Bee Bear"]}, {"hand": ["Killer Bee"]}])
    scene = MatchScene(app.ctx, MatchConfig(mode="ai", ai_level="random", names=("You", "Computer"),
                                            seed=1), game=game)
    app.ctx.scenes.replace(scene)
    for _i in range(300):
        app.step()
        if scene.decision_serial == game.pending.serial and not scene.table.moving:
            break
    scene.selected = next(c for c in scene.choices if c.key is not None and c.option.verb == "play")
    scene._build_buttons()  # a card picked: its confirm button
    assert scene.row.buttons[0].text.startswith("Play ")
    assert scene.table.log[0][0] == "New game." and "You go first." in draw()
    settings_scene = SettingsScene(app.ctx)
    app.ctx.scenes.push(settings_scene)
    row = settings_scene.open_row("Language")
    settings_scene.row.buttons[row].action()
    assert app.ctx.settings.language == "de"
    card = scene.card_def(scene.selected.option.card)
    assert scene.row.buttons[0].text == f"{card.name_de} ausspielen"
    app.ctx.scenes.pop()
    texts = draw()
    assert f"{card.name_de} ausspielen" in texts
    assert "Du beginnst." in texts and "You go first." not in texts  # the log, worded again
    assert scene.table.log[0][0] == "Neues Spiel."


def test_a_damaged_settings_file_is_reported_in_the_systems_language(tmp_path, monkeypatch):
    from game.app import App, parse_args

    monkeypatch.setenv("LANGUAGE", "de_DE")
    monkeypatch.setenv("MINDBUG_DATA_DIR", str(tmp_path / "data"))
    path = tmp_path / "settings.json"
    path.write_text("{not json", encoding="utf-8")
    monkeypatch.setattr("game.common.settings.default_path", lambda: path)  # the game's own file
    app = App(parse_args(["--settings", str(path)]))
    try:
        message = app.ctx.scenes.top.message
        assert message.startswith("Deine Einstellungsdatei konnte nicht gelesen werden"), message
        assert app.ctx.settings.language == "de"
    finally:
        app.close(quit_pygame=False)


@pytest.mark.parametrize("lang", ["en", "de"])
def test_every_event_and_prompt_of_random_games_is_worded(lang):
    """Random games (1v1 and 2v2): every log line, prompt and button is worded without a
    missing placeholder, and in German no English sentence is left."""
    import random

    from game.ui.match import choices
    from game.ui.match.controller import new_engine_game
    from game.words import texts

    i18n.set_language(lang)
    names = {0: "You", 1: "Computer (Hard)", 2: "Ada (Medium)", 3: "Player 4"}

    def who(seat):
        return texts.display_name(names[seat])

    english = re.compile(r"\b(plays|draws|attacks|blocks|You|your|the)\b")
    for seed in range(6):
        game, opening = new_engine_game(seed, "2v2" if seed % 2 else "1v1")

        def card(cid, game=game):
            return i18n.card_name(game.card(cid))

        def team(t, game=game):
            return who(t) if game.n_seats == 2 else f"{who(t)} & {who(t + 2)}"

        rng = random.Random(seed)
        worded = [texts.describe(ev, who, card, team) for ev in opening]
        for _step in range(300):
            d = game.pending
            if d is None:
                break
            for you in (True, False):
                for player in (None, "Ada"):
                    worded.append(texts.prompt(d, you, who(d.seat), card, 2, None, None, player=player))
            worded += [c.text for c in choices.build(d, lambda c: True, card, who, 1, team=game.n_seats == 4)]
            worded += [texts.describe(ev, who, card, team)
                       for ev in game.respond(rng.choice(list(d.options)), serial=d.serial)]
        worded = [w for w in worded if w]
        assert len(worded) > 50
        assert not [w for w in worded if "{" in w or "}" in w]
        if lang == "de":
            assert not [w for w in worded if english.search(w)], [w for w in worded if english.search(w)][:3]


def test_a_game_started_in_german_is_saved_with_the_english_seat_names():
    """Names are worded when shown: a save made in German reads "You" in English later (it
    was saved as "Du" and "Computer (Mittel)", shown so after switching to English)."""
    from game.ui.core.match_config import MatchConfig
    from game.ui.match.controller import MatchController

    i18n.set_language("de")
    ctl = MatchController(MatchConfig(mode="ai", ai_level="medium",
                                      names=("You", "Computer (Medium)"), seed=3))
    assert ctl.name(0) == "Du"  # shown in the player's language
    assert [s.name for s in ctl.record().seats] == ["You", "Computer (Medium)"]


def test_numbers_take_the_languages_decimal_mark():
    assert (i18n.number(1.5), i18n.number(2.0), i18n.number(0.25, 2)) == ("1.5", "2", "0.25")
    assert i18n.percent(0.514) == "51%"
    i18n.set_language("de")
    assert (i18n.number(1.5), i18n.number(2.0), i18n.number(0.25, 2)) == ("1,5", "2", "0,25")
    assert i18n.percent(0.514) == "51\u00a0%" and i18n.percent(0.5125, 1) == "51,2\u00a0%"


def test_the_window_formats_no_decimal_itself():
    # A decimal or a percentage drawn or spoken goes through i18n.number / i18n.percent (German
    # writes "1,5x", "51 %"); an f-string's own :g, :.1f or :.0% writes the English mark.
    root = Path(__file__).resolve().parents[2] / "game"
    pattern = re.compile(r"\{[^{}]*:[^{}]*[.][0-9]+[f%]\}|\{[^{}]*:g\}")
    hits = [f"{path.relative_to(root)}:{n}" for folder in ("ui", "speech", "words", "persist")
            for path in (root / folder).rglob("*.py")
            for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
            if pattern.search(line)]
    assert hits == []


def test_the_settings_show_a_german_speed_with_a_comma(open_window, tmp_path, monkeypatch):
    monkeypatch.setenv("MINDBUG_DATA_DIR", str(tmp_path / "data"))
    app = open_window(first_frame=True)
    app.ctx.settings.anim_speed = 1.5
    i18n.set_language("de")
    app.ctx.nav.settings()
    app.step()
    seen = record_texts(monkeypatch)
    app.ctx.scenes.top.dirty = True
    app.step()
    assert any("1,5x" in t for t in seen), seen
