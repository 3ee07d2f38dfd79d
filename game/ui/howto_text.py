"""The rules in our own words, page by page, for the how-to-play scene."""

from __future__ import annotations

PAGES: list[tuple[str, list[tuple[str, str]]]] = [
    ("The Goal", [
        ("", "Two players each command a small army of creatures. You both start with 3 life. "
             "Bring your opponent to 0 life and you win at once."),
        ("Setting up", "Each player gets 10 cards, draws 5 of them as a hand and keeps the other "
                       "5 as a draw pile, plus 2 Mindbugs. The rest of the deck is not used this "
                       "game, so nobody knows exactly what is coming."),
        ("Drawing", "Whenever your hand drops below 5 cards, you refill it from your draw pile "
                    "straight away. An empty draw pile simply stops giving cards."),
    ]),
    ("Your Turn", [
        ("", "On your turn you do exactly one thing: play one card from your hand, or attack "
             "with one of your creatures. Then the turn passes."),
        ("Playing a card", "Drag a card from your hand onto your side of the table, or click it "
                           "and press the Play button. Its Play ability, if it has one, happens "
                           "as it arrives."),
        ("Stuck?", "If you can neither play a card nor attack, you lose the game."),
    ]),
    ("Mindbugs", [
        ("", "Every time your opponent plays a card from hand, you may spend one of your two "
             "Mindbugs to take that creature for yourself. It comes into your play area and its "
             "Play ability works for you."),
        ("The price", "A used Mindbug is gone for good (its token flips over). And the player "
                      "you took the card from immediately gets another turn."),
        ("Only from hand", "Mindbugs work only on cards played from hand as the turn's action, "
                           "never on creatures already in play or brought in by an ability."),
        ("Tip", "Before you play your best card, ask yourself: what if it were played against me?"),
    ]),
    ("Attacking", [
        ("", "Drag one of your creatures toward your opponent, or click it and press Attack."),
        ("Blocking", "The defender may block with one of their creatures, or take the hit and "
                     "lose 1 life."),
        ("Fighting", "When a creature blocks, compare power. The weaker one is defeated and goes "
                     "to its controller's discard pile; if the power is equal, both are defeated."),
        ("Discard piles", "Any discard pile can be looked at any time: click it on the table."),
    ]),
    ("Keywords", [
        ("Frenzy", "May attack twice in your turn. After its first attack you choose: attack "
                   "again or end the turn."),
        ("Hunter", "When it attacks, you may pick an enemy creature that has to block it. If you "
                   "do, it cannot hit the player instead."),
        ("Poisonous", "Whatever fights it is defeated, no matter the power. If the other creature "
                      "is at least as strong, the poisonous one falls too."),
        ("Sneaky", "Only another Sneaky creature can block it. It can block normally itself."),
        ("Tough", "The first time it would be defeated, it is turned sideways (exhausted) "
                  "instead. Once exhausted it can still attack and block, but the next defeat "
                  "is real."),
    ]),
    ("Abilities", [
        ("Play", "Happens when the creature comes into play, for whoever ends up with it "
                 "(a Mindbugged card works for the taker)."),
        ("Attack", "Happens when the creature attacks, before the defender decides on a block."),
        ("Defeated", "Happens when the creature is defeated and goes to the discard pile. Taking "
                     "control of it, returning it to hand or exhausting a Tough creature does "
                     "not count."),
        ("Always on", "An ability without one of those words works the whole time the creature "
                      "is in play."),
        ("Several at once", "When several abilities go off together, the player whose turn it is "
                            "picks the order. Each one finishes before the next starts."),
        ("Do what you can", "If an ability asks for more than is possible, do as much of it as "
                            "you can and skip the rest."),
    ]),
    ("Team Game (2v2)", [
        ("", "Two teams of two. Teammates sit across, so an opponent sits on each side of you; "
             "your area is at the bottom, your teammate's at the top. Each team shares 3 life; "
             "everyone has 5 cards in hand, 5 to draw and 2 Mindbugs. Turns go to the left."),
        ("Mindbugs", "A played card is offered to the player on the left, then across, then on "
                     "the right: the first to use a Mindbug takes it. The table shows the order."),
        ("Attacks", "The left opponent may block first, then the right one. Unblocked, the "
                    "attacked team loses 1 life."),
        ("The opponent", "\"The opponent\" in a Play, Attack or Defeated ability: pick one of "
                         "the two (click their area or a button). Always-on abilities affect both."),
        ("Out of the game", "Who can neither play nor attack on their turn is out: greyed and "
                            "skipped. A team loses at 0 life or when both its players are out."),
    ]),
    ("Controls", [
        ("Mouse", "Drag a card onto what it should do: a hand card onto your side to play it, "
                  "a creature up onto the opponent's side to attack (a Hunter onto the creature "
                  "it hunts), a blocker onto the attacker, a card onto your discard pile to "
                  "discard it. The places you may drop on light up. Or click a card to select "
                  "it and click it again (or press the gold button) to confirm."),
        ("Keyboard", "Enter takes the gold button. Tab or the arrow keys move between the choices "
                     "you have, Esc cancels a selection or opens the menu. PageUp, PageDown, Home "
                     "and End scroll the game log."),
        ("Looking closer", "Hover a card for a moment or right-click it to see it large, with what "
                           "its keywords mean. Hover a card name in the log to see that card. "
                           "Click a discard pile to see all the cards in it."),
        ("Speed", "Click anywhere to skip an animation. The animation speed and the computer's "
                  "thinking pause are in Settings. F11 switches full screen."),
        ("Two players", "In a hot-seat game a curtain covers the table whenever the other player "
                        "has to decide something. Hand over; when its button lights up, click it."),
    ]),
]
