"""The hint button (issue 14, item 5): Hard's move from the person's own view, shown on the
table, never in hot seat or when switched off, and never a change to the game."""

from __future__ import annotations

import random  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.ai import make_agent  # noqa: E402
from game.ai.hint import hint  # noqa: E402
from game.cards import load_cards  # noqa: E402
from game.common.settings import Settings, check_fields  # noqa: E402
from game.engine import from_position, new_game  # noqa: E402
from game.ui.core.match_config import MatchConfig, computer, person  # noqa: E402
from game.ui.match import hints as hint_view  # noqa: E402
from game.ui.match.controller import decision_seed  # noqa: E402
from game.ui.match.scene import MatchScene  # noqa: E402

pytestmark = pytest.mark.window('--speed', '50')

DB = load_cards()


def hards_choice(view, seed):
    agent = make_agent("hard", seed, reproducible=True)
    return agent.choose(view, view.state.pending, random.Random(seed))


# ------------------------------------------------------------------------------------------------
# The search side: game.ai.hint
# ------------------------------------------------------------------------------------------------
def _position(opp_hand, opp_deck):
    """Seat 0 to act; seat 1's hand and deck are hidden from seat 0."""
    return from_position(DB, [
        {"life": 2, "hand": ["Gorillion", "Killer Bee", "Spider Owl"], "play": ["Shark Dog"],
         "deck": ["Bee Bear", "Turbo Bug"]},
        {"life": 2, "hand": opp_hand, "play": ["Lone Yeti"], "deck": opp_deck},
    ])


def test_the_hint_is_the_move_hard_would_make():
    g = new_game(DB, seed=11)
    checked = set()
    for step in range(8):  # main actions and Mindbug answers of both seats
        d = g.pending
        view = g.view(d.seat)
        seed = 1000 + step
        h = hint(view, seed)
        assert h.option == hards_choice(view, seed)
        assert h.option in d.options
        assert h.options[0].option == h.option  # the chosen one first, the others after
        if len(d.options) > 1:
            assert h.win_rate is not None and 0.0 <= h.win_rate <= 1.0
            assert h.visits > 0
        checked.add(d.kind)
        g.respond(h.option)
    assert {"action", "mindbug"} <= checked


def test_a_discard_hint_is_hards_look_ahead_choice_with_an_estimate():
    # Hard answers a discard with its look-ahead, not the search: the hint is still its choice,
    # and the estimate comes from a search of its own.
    g = from_position(DB, [
        {"hand": ["Ferret Bomber", "Lone Yeti"], "deck": ["Turbo Bug"]},
        {"mindbugs": 0, "hand": ["Gorillion", "Killer Bee", "Spider Owl", "Shark Dog", "Bee Bear"],
         "deck": ["Luchataur", "Shield Bugs"]},
    ])
    g.respond(g.option_for("play Ferret Bomber"))
    assert g.pending.seat == 1 and g.pending.purpose == "discard"
    view = g.view(1)
    h = hint(view, 5)
    assert h.option == hards_choice(view, 5)
    assert h.win_rate is not None


def test_the_hint_uses_only_the_seats_view():
    # Shuffle what seat 0 cannot see (the opponent's hand, both draw piles): the same hint.
    a = _position(["Killer Bee", "Turbo Bug", "Bee Bear"], ["Luchataur", "Snail Hydra"])
    b = _position(["Luchataur", "Snail Hydra", "Turbo Bug"], ["Bee Bear", "Killer Bee"])
    assert a.hands[1] != b.hands[1]
    ha, hb = hint(a.view(0), 77), hint(b.view(0), 77)
    assert a.label(ha.option) == b.label(hb.option)
    assert ha.win_rate == hb.win_rate
    assert [(s.visits, s.win_rate) for s in ha.options] == [(s.visits, s.win_rate) for s in hb.options]


def test_a_cancellable_hint_is_the_same_hint_and_stops_when_cancelled():
    import threading
    import time

    from game.ai.hint import HintCancelled

    g = new_game(DB, seed=11)
    view = g.view(g.pending.seat)
    event = threading.Event()
    plain, cancellable = hint(view, 5), hint(view, 5, cancel=event)
    assert (plain.option, plain.win_rate, plain.visits) == \
        (cancellable.option, cancellable.win_rate, cancellable.visits)
    event.set()
    start = time.perf_counter()
    with pytest.raises(HintCancelled):
        hint(view, 5, cancel=event)
    assert time.perf_counter() - start < 0.5


def test_a_hint_needs_the_viewers_decision():
    g = new_game(DB, seed=3)
    other = 1 - g.pending.seat
    with pytest.raises(ValueError):
        hint(g.view(other), 1)


@pytest.mark.quick  # the file's test in the quick tier (its first plays whole games)
def test_the_hints_setting_is_validated():
    assert Settings().hints is True
    values, bad = check_fields({"hints": "no"})
    assert values["hints"] is True and bad and bad[0].startswith("hints")
    values, bad = check_fields({"hints": False})
    assert values["hints"] is False and not bad


# ------------------------------------------------------------------------------------------------
# The window: the button, H, the drawing, and what it must never do
# ------------------------------------------------------------------------------------------------
def settle(app, scene, limit=3000):
    for _ in range(limit):
        app.step()
        ctl = scene.ctl
        if ctl.over:
            return
        if ctl.is_human(ctl.decider()) and not scene.queue and not scene.anim.batch_open \
                and not scene.tweener.busy and scene.decision_serial == ctl.pending.serial:
            return
    raise AssertionError("the match never settled")


def press_h(app):
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_h, mod=0, unicode="h"))
    app.step()


def wait_hint(app, scene, limit=4000):
    for _ in range(limit):
        app.step()
        if scene.hints.worker is None:
            return
    raise AssertionError("the hint never came")


def vs_computer(app, seed=4, **kw):
    config = MatchConfig(mode="ai", ai_level="random", names=("You", "Computer"), seed=seed, **kw)
    scene = MatchScene(app.ctx, config)
    app.ctx.scenes.replace(scene)
    settle(app, scene)
    return scene


def test_h_asks_hard_and_the_table_shows_its_move(app):
    scene = vs_computer(app)
    assert hint_view.buttons(scene), "a Hint button while you decide against the computer"
    d = scene.ctl.pending
    seed = decision_seed(scene.ctl.seed, d.seat, scene.ctl.decision_no)
    expected = hards_choice(scene.ctl.game.view(d.seat), seed)
    press_h(app)
    assert scene.hints.worker is not None
    app.step()
    assert hint_view.thinking(scene) and not hint_view.buttons(scene)[0].enabled
    assert hint_view.box_height(scene) > 0  # "Thinking…" in the box over the log
    wait_hint(app, scene)
    shown = hint_view.shown(scene)
    assert shown is not None and shown.option == expected
    text = hint_view.line(scene, shown)
    assert text.startswith("Hint: ") and "% to win" in text
    # Drawn: the box over the log, and the option outlined on the table in the hint's colour.
    surface = pygame.Surface((1280, 720))
    scene.draw(surface)
    assert scene.log_view.reserve > 0
    choice = next(c for c in scene.choices if c.option == expected)
    if choice.key is not None:
        r = scene.sprites[choice.key].rect()
    else:
        r = next(b for b in scene.row.buttons if b.text == choice.text).rect
    edge = [surface.get_at((x, r.top - 8))[:3] for x in range(r.left + 10, r.right - 10)]
    assert edge.count(hint_view.colour()) > len(edge) // 2


def test_the_same_position_gets_the_same_hint(app):
    first = vs_computer(app, seed=9)
    press_h(app)
    wait_hint(app, first)
    a = hint_view.shown(first)
    second = vs_computer(app, seed=9)
    press_h(app)
    wait_hint(app, second)
    b = hint_view.shown(second)
    assert a is not None and b is not None
    assert (a.option, a.win_rate, a.visits) == (b.option, b.win_rate, b.visits)


def test_a_hint_for_a_decision_that_passed_is_dropped(app):
    scene = vs_computer(app)
    press_h(app)
    worker = scene.hints.worker
    assert worker is not None
    scene.submit(scene.ctl.pending.options[0])  # the person moves before the hint arrives
    settle(app, scene)
    assert scene.hints.worker is None
    assert worker._done.wait(5), "the dropped search stops (cancelled) instead of running on"
    assert hint_view.shown(scene) is None
    assert scene.hints.result is None


def test_no_hint_in_hot_seat(app):
    config = MatchConfig(mode="hotseat", names=("Ann", "Bob"), seed=4)
    scene = MatchScene(app.ctx, config)
    app.ctx.scenes.replace(scene)
    for _ in range(400):
        app.step()
        top = app.ctx.scenes.top
        if top is not scene:  # the curtain: lift it as the named player would
            scene._reveal(scene.ctl.decider())
            app.ctx.scenes.pop()
        if scene.decision_serial == scene.ctl.pending.serial and not scene.queue:
            break
    assert scene.decision_serial == scene.ctl.pending.serial
    assert not hint_view.allowed(scene)
    assert hint_view.buttons(scene) == []
    press_h(app)
    assert scene.hints.worker is None and scene.hints.result is None
    assert scene.menu_button.rect == hint_view.MENU_RECT  # the Menu keeps its whole place


def test_no_hint_when_switched_off(app):
    app.ctx.settings.hints = False
    scene = vs_computer(app)
    assert hint_view.buttons(scene) == []
    press_h(app)
    assert scene.hints.worker is None


def test_one_person_with_three_computers_may_ask(app):
    seats = [person("You"), computer("random"), computer("random"), computer("random")]
    scene = MatchScene(app.ctx, MatchConfig.for_seats(seats, seed=2))
    app.ctx.scenes.replace(scene)
    settle(app, scene)
    assert hint_view.allowed(scene)
    press_h(app)
    wait_hint(app, scene)
    assert hint_view.shown(scene) is not None


def _play(app, seed, ask):
    """Six of your decisions (always the first option), asking for a hint before each or not."""
    scene = vs_computer(app, seed=seed)
    for _ in range(6):
        if scene.ctl.over:
            break
        if ask:
            press_h(app)
            wait_hint(app, scene)
            assert hint_view.shown(scene) is not None
        scene.submit(scene.ctl.pending.options[0])
        settle(app, scene)
    g = scene.ctl.game
    return scene.ctl.record().choices, (g.seed, g.rng_n, g.turn_no), g.labels() if g.pending else None


def test_a_hint_never_changes_the_recorded_game(app):
    assert _play(app, 21, ask=True) == _play(app, 21, ask=False)


def test_settings_switch_hints_off_and_on(app):
    from game.ui.screens.settings import SettingsScene

    scene = SettingsScene(app.ctx)
    app.ctx.scenes.push(scene)
    row = scene.open_row("Hints against the computer")
    button = scene.row.buttons[row]
    assert button.text == "On"
    button.action()
    assert app.ctx.settings.hints is False
    assert scene.row.buttons[row].text == "Off"
    scene._done()  # saved: a new match offers no Hint button
    match = vs_computer(app)
    assert hint_view.buttons(match) == []


# ------------------------------------------------------------------------------------------------
# Why the hint suggests its move, and its chance in words (issue 28 item 7)
# ------------------------------------------------------------------------------------------------
def _block_decision(me_life: int, mine: str, theirs: str):
    """Seat 1 attacks with ``theirs``; seat 0 (life ``me_life``) may block with ``mine``."""
    g = from_position(DB, [{"life": me_life, "play": [mine], "hand": ["Spider Owl"]},
                           {"play": [theirs], "hand": ["Killer Bee"]}], turn=1)
    g.respond(next(o for o in g.pending.options if o.verb == "attack"))
    assert g.pending.kind == "block" and g.pending.seat == 0
    return g


def _why(g, verb: str) -> str | None:
    from game.ai.hint import Hint, OptionStat, reason

    d = g.pending
    opt = next(o for o in d.options if o.verb == verb)
    others = tuple(OptionStat(o, 5, 0.3) for o in d.options if o is not opt)
    r = reason(g.view(d.seat), Hint(opt, 0.6, 10, (OptionStat(opt, 10, 0.6), *others)))
    return None if r is None else r.words


def test_a_block_that_wins_its_fight_says_so():
    assert _why(_block_decision(3, "Gorillion", "Luchataur"), "block") == "it wins the fight"


def test_a_losing_block_at_the_last_life_saves_it():
    assert _why(_block_decision(1, "Turbo Bug", "Gorillion"), "block") == "it saves your last life"


def test_an_attack_nobody_can_block_at_the_last_life_wins_the_game():
    g = from_position(DB, [{"play": ["Gorillion"], "hand": ["Spider Owl"]},
                           {"life": 1, "hand": ["Killer Bee"]}])
    assert _why(g, "attack") == "nobody can block it: it wins the game"


def test_otherwise_the_reason_is_the_next_best_moves_chance():
    g = from_position(DB, [{"play": ["Turbo Bug"], "hand": ["Spider Owl"]},
                           {"play": ["Gorillion"], "hand": ["Killer Bee"]}])
    assert _why(g, "play") == "the next best move has only about {percent}"  # 60% against 30%


def test_the_chance_is_never_about_0_percent():
    assert hint_view.chance_words(0.002) == "almost no chance to win"
    assert hint_view.chance_words(0.998) == "almost sure to win"
    assert hint_view.chance_words(0.64) == "about 64% to win"


def test_the_hint_box_gives_its_reason_on_a_line_of_its_own(app):
    scene = vs_computer(app)
    press_h(app)
    wait_hint(app, scene)
    shown = hint_view.shown(scene)
    assert shown is not None
    lines = hint_view._parts(scene, shown)
    if shown.why is not None:
        assert lines[1].startswith("Why: ") and "{" not in lines[1]
    assert "0% to win" not in " ".join(lines) or "10% to win" in " ".join(lines)
