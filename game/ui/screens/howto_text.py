"""The rules in our own words, page by page, for the how-to-play scene.

Every text is an English message id (``N_``): the scene translates it when drawn. A text of
the Controls page names the play keys as ``{discard}``, ``{browse}``, ... (the actions of
game.common.keymap): the scene fills in the keys as bound now."""

from __future__ import annotations

from game.cards.text import keyword_meaning
from game.common.i18n import N_, _


class KeywordBody(str):
    """A keyword's section: what the keyword means (the card text's words, the one source for
    the card, the zoom, this page and speech), then ``extra``, an English message id. As a
    string it is the English text; ``howto.translated`` words it in the language shown."""

    keyword: str
    extra: str

    def __new__(cls, keyword: str, extra: str = "") -> KeywordBody:
        body = super().__new__(cls, " ".join(t for t in (keyword_meaning(keyword), extra) if t))
        body.keyword, body.extra = keyword, extra
        return body

    def in_language(self, lang: str) -> str:
        return " ".join(t for t in (keyword_meaning(self.keyword, lang), _(self.extra) if self.extra else "") if t)


PAGES: list[tuple[str, list[tuple[str, str]]]] = [
    (N_("The Goal"), [
        ("", N_("Two players each command a small army of creatures. You both start with 3 life. "
             "Bring your opponent to 0 life and you win at once.")),
        (N_("Setting up"), N_("Each player gets 10 cards, draws 5 of them as a hand and keeps the other "
                       "5 as a draw pile, plus 2 Mindbugs. The rest of the deck is not used this "
                       "game, so nobody knows exactly what is coming.")),
        (N_("Drawing"), N_("Whenever your hand drops below 5 cards, you refill it from your draw pile "
                    "straight away. An empty draw pile simply stops giving cards.")),
    ]),
    (N_("Your Turn"), [
        ("", N_("On your turn you do exactly one thing: play one card from your hand, or attack "
             "with one of your creatures. Then the turn passes.")),
        (N_("Playing a card"), N_("Drag a card from your hand onto your side of the table, or click it "
                           "and press the Play button. Its Play ability, if it has one, happens "
                           "as it arrives.")),
        (N_("Stuck?"), N_("If you can neither play a card nor attack, you lose the game.")),
    ]),
    (N_("Mindbugs"), [
        ("", N_("Every time your opponent plays a card from hand, you may spend one of your two "
             "Mindbugs to take that creature for yourself. It comes into your play area and its "
             "Play ability works for you.")),
        (N_("The price"), N_("A used Mindbug is gone for good (its token flips over). And the player "
                      "you took the card from immediately gets another turn.")),
        (N_("Only from hand"), N_("Mindbugs work only on cards played from hand as the turn's action, "
                           "never on creatures already in play or brought in by an ability.")),
        (N_("Tip"), N_("Before you play your best card, ask yourself: what if it were played against me?")),
    ]),
    (N_("Attacking"), [
        ("", N_("Drag one of your creatures toward your opponent, or click it and press Attack.")),
        (N_("Blocking"), N_("The defender may block with one of their creatures, or take the hit and "
                     "lose 1 life.")),
        (N_("Fighting"), N_("When a creature blocks, compare power. The weaker one is defeated and goes "
                     "to its controller's discard pile; if the power is equal, both are defeated.")),
        (N_("Discard piles"), N_("Any discard pile can be looked at any time: click it on the table.")),
    ]),
    (N_("Keywords"), [
        (N_("Frenzy"), KeywordBody("Frenzy", N_("After its first attack you choose: attack again or "
                                                "end the turn."))),
        (N_("Hunter"), N_("When it attacks, you may pick an enemy creature that has to block it. If you "
                   "do, it cannot hit the player instead.")),
        (N_("Poisonous"), N_("Whatever fights it is defeated, no matter the power. If the other creature "
                      "is at least as strong, the poisonous one falls too.")),
        (N_("Sneaky"), N_("Only another Sneaky creature can block it. It can block normally itself.")),
        (N_("Tough"), N_("The first time it would be defeated, it is turned sideways (exhausted) "
                  "instead. Once exhausted it can still attack and block, but the next defeat "
                  "is real.")),
    ]),
    (N_("Abilities"), [
        (N_("Play"), N_("Happens when the creature comes into play, for whoever ends up with it "
                 "(a Mindbugged card works for the taker).")),
        (N_("Attack"), N_("Happens when the creature attacks, before the defender decides on a block.")),
        (N_("Defeated"), N_("Happens when the creature is defeated and goes to the discard pile. Taking "
                     "control of it, returning it to hand or exhausting a Tough creature does "
                     "not count.")),
        (N_("Always on"), N_("An ability without one of those words works the whole time the creature "
                      "is in play.")),
        (N_("Several at once"), N_("When several abilities go off together, the player whose turn it is "
                            "picks the order. Each one finishes before the next starts.")),
        (N_("Do what you can"), N_("If an ability asks for more than is possible, do as much of it as "
                            "you can and skip the rest.")),
    ]),
    (N_("Team Game (2v2)"), [
        ("", N_("Two teams of two. Teammates sit across, so an opponent sits on each side of you; "
             "your area is at the bottom, your teammate's at the top. Each team shares 3 life; "
             "everyone has 5 cards in hand, 5 to draw and 2 Mindbugs. Turns go to the left.")),
        (N_("Mindbugs"), N_("A played card is offered to the player on the left, then across, then on "
                     "the right: the first to use a Mindbug takes it. The table shows the order.")),
        (N_("Attacks"), N_("The left opponent may block first, then the right one. Unblocked, the "
                    "attacked team loses 1 life.")),
        (N_("The opponent"), N_("\"The opponent\" in a Play, Attack or Defeated ability: pick one of "
                         "the two (click their area or a button). Always-on abilities affect both.")),
        (N_("Out of the game"), N_("Who can neither play nor attack on their turn is out: greyed and "
                            "skipped. A team loses at 0 life or when both its players are out.")),
    ]),
    (N_("Controls"), [
        (N_("Mouse"), N_("Drag a card onto what it should do: a hand card onto your side to play it, "
                  "a creature up onto the opponent's side to attack (a Hunter onto the creature "
                  "it hunts), a blocker onto the attacker, a card onto your discard pile to "
                  "discard it. The places you may drop on light up. Or click a card to select "
                  "it and click it again (or press the gold button) to confirm.")),
        (N_("Keyboard"), N_("Enter takes the gold button. Tab or the arrow keys move between the choices "
                     "you have, Esc cancels a selection or opens the menu. PageUp, PageDown, Home "
                     "and End scroll the game log.")),
        (N_("Piles"), N_("{discard} shows your discard pile, Shift+{discard} the other players' "
                  "piles in turn; any key closes it.")),
        (N_("Looking over the table"), N_("{browse} puts a ring on a card you can see: the arrow keys "
                                   "move it over your hand, every creature and the discard piles, "
                                   "and show each card large. Enter picks a card that is one of "
                                   "your choices; Esc or {browse} again ends it.")),
        (N_("Speech"), N_("With Speech on in Settings, the game says every move, whose decision it is "
                   "and each choice as Tab reaches it. {repeat} repeats the last line, {table} reads "
                   "the table, {hand} your cards in hand, {last_turn} the last turn, {details} the "
                   "chosen card in full. {hint} asks for a hint. The Keys page of Settings changes "
                   "these letters.")),
        (N_("The board by zones"), N_("{hand} your hand, {creatures} your creatures, {others} the "
                                      "others' creatures, {piles} the discard piles, {life} life and "
                                      "Mindbugs; the arrows walk the cards, {details} reads one line by "
                                      "line. F1 lists every screen's keys.")),
        (N_("Looking closer"), N_("Hover a card for a moment or right-click it to see it large, with what "
                           "its keywords mean. Hover a card name in the log to see that card. "
                           "Click a discard pile to see all the cards in it.")),
        (N_("Speed"), N_("Click anywhere to skip an animation. The animation speed and the computer's "
                  "thinking pause are in Settings. F11 switches full screen.")),
        (N_("Pace"), N_("With \"Wait for me after each computer move\" on in Settings, the table stops "
                 "after each move of the computer until you press a key.")),
        (N_("Two players"), N_("In a hot-seat game a curtain covers the table whenever the other player "
                        "has to decide something. Hand over; when its button lights up, click it.")),
    ]),
]
