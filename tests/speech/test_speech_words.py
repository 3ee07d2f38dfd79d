"""What speech says (issue 25): the log's words for events, whose decision it is and what it
asks, each option on focus with the card's facts, the table, the hand, the last turn, game over
and why, repeat, the curtain and the Pace hold; English and German."""

from __future__ import annotations

import pytest

from game.common import i18n
from game.engine import events as ev
from game.engine import from_position
from game.engine.setup import start_game
from game.speech import Narrator, RecordingSink, Seats, words
from game.words import texts
from tests.support.engine_helpers import db

YOU = Seats(["You", "Computer (Medium)"])


@pytest.fixture(autouse=True)
def english_again():
    yield
    i18n.set_language("en")


def position():
    """Seat 0 (You) to act: five cards in hand, an exhausted Tough creature and a ready one."""
    return from_position(db(), [
        {"hand": ["Killer Bee", "Spider Owl", "Bee Bear", "Bee Bear", "Tiger Squirrel"],
         "deck": ["Bee Bear"],
         "play": [("Shield Bugs", True), "Gorillion"], "discard": ["Brain Fly"], "mindbugs": 1},
        {"hand": ["Rhino Turtle", "Shark Dog", "Tiger Squirrel", "Snail Thrower", "Axolotl Healer"],
         "deck": ["Tiger Squirrel"] * 2,
         "play": ["Explosive Toad"], "life": 2},
    ], seed=1)


def narrator(g, speaker=0, seats=YOU, **kw):
    sink = RecordingSink()
    return Narrator(sink, seats, g.view, speaker, **kw), sink


def test_event_lines_are_the_logs_own_words():
    g = position()
    n, sink = narrator(g)
    played = ev.Played(1, g.hands[1][0])
    n.event(played)
    expected = texts.describe(played, YOU.name, lambda c: i18n.card_name(g.card(c)), YOU.team_name)
    assert sink.lines == [expected] == ["Computer (Medium) plays Rhino Turtle."]


def test_game_over_says_who_won_and_why():
    g = position()
    n, sink = narrator(g)
    n.game_over(ev.GameOver(0, "life"))
    assert sink.lines == ["Game over: you win! The losing side has no life left."]
    n.game_over(ev.GameOver(1, "no action"))
    assert sink.lines[-1] == ("Game over: Computer (Medium) wins! The loser could neither play "
                              "nor attack.")


def test_a_stolen_card_is_named_only_to_the_seats_involved():
    """2v2: Basil steals from Dex's hand; you (seat 0) hear only "a card". The raw event would
    name it, so this test fails if the narrator stops masking."""
    g, _ = start_game(db(), 3, "2v2")
    seats = Seats(["You", "Basil", "Cleo", "Dex"])
    stolen = ev.Stolen(3, 1, g.hands[3][0])
    name = i18n.card_name(g.card(stolen.card))
    raw = words.event_line(stolen, g, seats)
    assert name in raw
    n, sink = narrator(g, seats=seats)
    n.event(stolen)
    assert sink.lines == ["Basil steals a card from Dex."]
    n2, sink2 = narrator(g, speaker=1, seats=seats, audience=(1,))
    n2.event(stolen)
    assert name in sink2.lines[0]


def test_own_decision_asks_and_counts_then_each_option_on_focus():
    g = position()
    n, sink = narrator(g)
    d = g.pending
    n.decision(d.options)
    assert sink.lines[-1] == (f"Your turn: play a card from your hand or attack with a creature. "
                              f"{len(d.options)} options.")
    order = list(reversed(d.options))  # the window's focus order rules
    n.decision(order)
    n.focus(order[0])
    assert sink.lines[-1].endswith(f"1 of {len(order)}.")
    said = [n.focus(o) for o in order]
    assert "Play Killer Bee (power 5, Hunter), " in " ".join(said)
    # Shield Bugs' +1, and whose it is (issue 45)
    assert "Attack with Gorillion (power 11, boosted from 10 by Shield Bugs), yours, " in " ".join(said)
    assert sink.interrupts >= len(order)  # a new focus cuts the old line short


def test_an_option_names_whose_creature_it_is():
    g = from_position(db(), [
        {"hand": ["Bee Bear"] * 5, "deck": ["Bee Bear"], "play": ["Killer Bee"]},
        {"hand": ["Shark Dog"] * 5, "play": ["Spider Owl"]},
    ], seed=1)
    attack = next(o for o in g.pending.options if o.verb == "attack")
    g.respond(attack, serial=g.pending.serial)
    d = g.pending
    assert d.kind == "hunt" and d.seat == 0
    hunt = next(o for o in d.options if o.verb == "hunt")
    n, _ = narrator(g)
    n.decision()
    assert n.focus(hunt).startswith(
        "Hunt Spider Owl (power 3, Poisonous, Sneaky) of Computer (Medium), 1 of ")


def test_details_on_request_read_the_cards_ability():
    g = position()
    n, _ = narrator(g)
    n.decision()
    bee = next(o for o in g.pending.options if o.verb == "play" and g.card(o.card).name == "Killer Bee")
    n.focus(bee)
    line = n.details()
    assert line.startswith("Killer Bee: power 5, Hunter. Play: ")
    assert n.details(g.hands[1][0]) == "A hidden card."  # the computer's hand


def test_another_seats_decision_is_only_whose_and_what_not_its_options():
    g = position()
    n, sink = narrator(g, speaker=1, seats=Seats(["Ann", "Bob"]), audience=(0, 1))
    n.decision(g.pending.options)
    assert sink.lines == ["Ann is taking their turn..."]
    assert n.focus(g.pending.options[0]) == "" and sink.lines == ["Ann is taking their turn..."]
    assert n.details() == ""


def test_read_the_table_every_seat_with_piles_and_creatures():
    g = position()
    n, _ = narrator(g)
    line = n.read_table()
    assert line == (
        "You: 3 life, 1 Mindbug left, 5 cards in hand, draw pile 1 card, discard pile 1 card. "
        "Your creatures: Shield Bugs (power 4, Tough, exhausted); Gorillion (power 11, boosted "
        "from 10 by Shield Bugs). "
        "Computer (Medium): 2 life, 2 Mindbugs left, 5 cards in hand, draw pile 2 cards, "
        "discard pile 0 cards. Creatures of Computer (Medium): Explosive Toad (power 5, Frenzy).")


def test_read_my_hand_only_ever_the_speakers_own():
    g = position()
    n, _ = narrator(g)
    assert n.read_hand() == ("Your hand, 5 cards: Killer Bee (power 5, Hunter); Spider Owl "
                             "(power 3, Poisonous, Sneaky); Bee Bear (power 8); Bee Bear "
                             "(power 8); Tiger Squirrel (power 3, Sneaky).")
    hot, sink = narrator(g, speaker=None, seats=Seats(["Ann", "Bob"]), audience=(0, 1))
    hot.curtain("Ann")
    assert sink.lines[-1].startswith("The curtain is down: Ann, it is your decision.")
    assert hot.read_hand() == "The curtain is down: no hand is read."
    hot.set_speaker(0)
    assert "Killer Bee" in hot.read_hand()
    hot.set_speaker(1)  # the next player sits down: repeat must not say Ann's hand again
    spoken = len(sink.lines)
    assert hot.repeat() == "" and len(sink.lines) == spoken


def test_read_the_last_turn_and_repeat():
    g, opening = start_game(db(), 2, "1v1")
    n, sink = narrator(g)
    assert n.read_last_turn() == "Nothing has happened yet."
    n.events(opening)
    assert "reveal" in n.read_last_turn()  # before the first turn: what happened so far
    for _ in range(40):  # into a later turn
        d = g.pending
        n.events(g.respond(d.options[-1], serial=d.serial))
        if g.turn_no >= 3:
            break
    last = n.read_last_turn()
    assert last.startswith(f"Turn {g.turn_no - 1}:")
    assert f"Turn {g.turn_no}:" not in last
    before = len(sink.lines)
    assert n.repeat() == last and sink.lines[before:] == [last]


def test_pace_holds_after_a_computer_move_until_a_key():
    g = position()
    n, _ = narrator(g, pace="key")
    n.event(ev.Played(0, g.hands[0][0]))
    assert not n.holding and n.done()
    n.event(ev.Played(1, g.hands[1][0]))
    assert n.holding and not n.done()
    n.release()
    assert n.done()
    quiet, _ = narrator(g)
    quiet.event(ev.Played(1, g.hands[1][0]))
    assert not quiet.holding and quiet.done()
    with pytest.raises(ValueError):
        narrator(g, pace=True)


def test_pace_spoken_waits_until_the_line_is_out():
    import threading

    from game.speech.sinks import ThreadedSink

    class Slow:
        name = "slow"

        def __init__(self):
            self.go = threading.Event()

        def say(self, text):
            self.go.wait(10)

        def cancel(self):
            self.go.set()

    g = position()
    backend = Slow()
    sink = ThreadedSink(backend)
    n = Narrator(sink, YOU, g.view, 0, pace="spoken")
    n.event(ev.Played(1, g.hands[1][0]))
    assert not n.holding and n.busy() and not n.done()
    backend.go.set()
    assert sink.wait(5) and n.done()
    off = Narrator(ThreadedSink(Slow()), YOU, g.view, 0)
    off.event(ev.Played(1, g.hands[1][0]))
    assert off.busy() and off.done()  # Pace off: the game never waits for the words
    off.stop()


def test_german():
    i18n.set_language("de")
    g = position()
    n, sink = narrator(g)
    n.event(ev.Played(1, g.hands[1][0]))
    assert sink.lines[-1] == "Computer (Mittel) spielt Panzernashorn aus."
    table = n.read_table()
    assert "Du:" in table and "Lebenspunkte" in table and "erschöpft" in table
    assert n.read_hand().startswith("Deine Hand, 5 Karten: Killerbiene (Stärke 5, Jäger)")
    n.decision()
    assert sink.lines[-1].startswith("Du bist am Zug")
    n.game_over(ev.GameOver(0, "life"))
    assert "gewinnst" in sink.lines[-1]


def test_speech_never_imports_pygame_or_the_window():
    """game.speech may use game.words.texts (pure words) and nothing else of the window."""
    import os
    import subprocess
    import sys

    code = ("import sys, game.speech, game.speech.__main__; "
            "print(sorted(m for m in sys.modules if m == 'pygame' or m.startswith('pygame.') "
            "or (m.startswith('game.ui') and m != 'game.ui' and m != 'game.words.texts')))")
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    env = {**os.environ, "PYTHONPATH": root}
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env,
                         cwd=root, timeout=60, check=True)
    assert out.stdout.strip() == "[]"


def test_a_boost_names_its_source_and_i_reads_line_by_line():
    """Issue 45 finding 7: a boosted power says from what and by whom; the details key's lines
    (the review buffer) are the card's name and facts, its ability, each keyword it has now."""
    g = from_position(db(), [{"play": ["Goblin Werewolf", "Shield Bugs"], "hand": ["Spider Owl"]},
                                     {"play": ["Lone Yeti"], "hand": ["Bee Bear"]}])
    view = g.view(0)
    wolf, bugs = g.plays[0]
    assert words.card_facts(view, wolf) == \
        "power 9, boosted from 2 by its own ability and Shield Bugs, Hunter"
    assert words.card_facts(view, bugs) == "power 4, Tough"  # not boosted by itself
    yeti = g.plays[1][0]
    lines = words.card_detail_lines(view, yeti)
    assert lines[0] == "Lone Yeti: power 10, boosted from 5 by its own ability, Frenzy, Tough."
    assert lines[-2].startswith("Frenzy: ") and lines[-1].startswith("Tough: ")  # granted too
    n, sink = narrator(g)
    assert n.details(yeti) == " ".join(lines)
    assert n.review_line(1) == lines[1] and n.review_line(1) == lines[2]
    assert n.review_line(-1) == lines[1]
    for _ in range(5):
        n.review_line(1)
    assert sink.lines[-1] == lines[-1]  # the last line again at the end


def test_how_much_each_source_says():
    """Issue 45, the speech settings: each source Full, Short or Off. Events: Short leaves out
    what follows from a move (a draw), Off all but the end; the computer's moves apart; the
    options by name only; the prompt without its count; Off says nothing of it."""
    g = position()
    n, sink = narrator(g, humans=(0,), pace="key")
    draw, move = ev.Drawn(0, (g.decks[0][0],)), ev.Played(1, g.hands[1][0])
    n.detail = {"events": "short", "options": "full", "prompts": "full", "moves": "full"}
    n.event(draw)
    assert sink.lines == []
    n.event(move)
    assert sink.lines[0] == "Computer (Medium) plays Rhino Turtle." and n.holding
    assert sink.lines[1].startswith("Your turn to go on")
    n.release()
    n.detail = {**n.detail, "events": "off", "moves": "off"}
    n.event(ev.Played(1, g.hands[1][1]))
    n.event(ev.Exhausted(0, g.plays[0][1]))
    assert sink.lines[2:] == ["Enter to go on."]  # the hold still holds, in its short words
    n.event(ev.GameOver(0, "life"))
    assert sink.lines[-1].startswith("Game over: you win!")  # the end is always said
    d = g.pending
    n.detail = {**n.detail, "prompts": "short", "options": "short"}
    assert n.decision() == "Your turn: play a card from your hand or attack with a creature."
    gorillion = next(o for o in d.options if o.card == g.plays[0][1])
    assert n.focus(gorillion) == "Attack with Gorillion, yours"
    n.detail = {**n.detail, "prompts": "off", "options": "off"}
    assert n.decision() == "" and n.focus(gorillion) == ""
