"""The game's music, composed for it (CC0 1.0: build/licenses/assets/LICENSE.music.txt).

Three pieces loop (the menus, the table, the tension at 1 life) and two stings end a game.
Each loop is composed to come back to its own start: its last bars lead into its first, and
``render_music.py`` folds the ringing tail of the last notes onto the start, so the repeat has
no seam. See docs/music.md for the form of each piece.

General MIDI programs are 0-based here (0 piano, 46 harp, 73 flute; the drum kit is channel 9).
"""

from __future__ import annotations

from score import DRUMS, Piece, chord

# -- the menus: "Welcome Table", C major, 80 bpm -------------------------------------------------
# Intro 4 | A 8 (flute) | A' 8 (clarinet, flute above) | B 8 (oboe, A minor colours) | A'' 8
# = 36 bars of 3 s = 108 s. Warm and unhurried: harp arpeggios, slow strings, a round bass.
MENU_A = ("E5/1.5 D5/.5 C5/1 G4/1 | A4/1.5 C5/.5 E5/2 | F5/1 E5/.5 D5/.5 C5/1 A4/1 |"
          " B4/1.5 C5/.5 D5/2 | G5/1.5 E5/.5 D5/1 B4/1 | C5/1.5 D5/.5 E5/2 |"
          " F5/1 E5/.5 D5/.5 B4/1 G4/1 | C5/3 r/1")
MENU_A2 = ("E5/1.5 D5/.5 C5/1 G4/1 | A4/1.5 C5/.5 E5/2 | F5/1 E5/.5 D5/.5 C5/1 A4/1 |"
           " B4/1.5 C5/.5 D5/2 | G5/1 A5/.5 G5/.5 E5/1 D5/1 | C#5/1.5 D5/.5 E5/2 |"
           " F5/1 A5/1 G5/1 F5/1 | E5/3 r/1")
MENU_COUNTER = "G5/4 | E5/2 G5/2 | A5/4 | B5/2 D6/2 | B5/4 | C#6/2 A5/2 | A5/2 B5/2 | C6/3 r/1"
MENU_B = ("A4/1 C5/1 E5/1.5 D5/.5 | D5/2 B4/1 G4/1 | G4/1 B4/1 D5/1.5 E5/.5 |"
          " E5/1 D5/.5 C5/.5 A4/2 | F4/1 A4/1 D5/1.5 E5/.5 | G5/1 E5/1 D5/1 B4/1 |"
          " C5/1 A4/.5 C5/.5 F5/2 | G5/2 F5/1 D5/1")
MENU_CHORDS = {  # in half bars (two beats each): bar 7 of A turns from D minor to G7
    "intro": "Cmaj7 - Am7 - Fmaj7 - G -",
    "A": "C - Am7 - F - G - Em7 - Am7 - Dm7 G7 C -",
    "A2": "C - Am7 - F - G/B - Em7 - A7 - Dm7 G7 C -",
    "B": "Fmaj7 - G - Em7 - Am7 - Dm7 - Em7 - F - Gsus4 G",
}
MENU_BASS = {  # the bass in whole bars
    "A": "C Am7 F G Em7 Am7 Dm7 C",
    "A2": "C Am7 F G/B Em7 A7 Dm7 C",
    "B": "Fmaj7 G Em7 Am7 Dm7 Em7 Fmaj7 G",
}


def menu() -> Piece:
    p = Piece("Welcome Table", bpm=80, beats=4, bars=36, seed=11)
    harp = p.part("harp", 46, 0, volume=92, pan=44, reverb=70)
    flute = p.part("flute", 73, 1, volume=96, pan=70, reverb=70)
    strings = p.part("strings", 49, 2, volume=70, pan=64, reverb=80)
    bass = p.part("bass", 32, 3, volume=84, pan=60, reverb=40)
    clarinet = p.part("clarinet", 71, 4, volume=92, pan=58, reverb=65)
    celesta = p.part("celesta", 8, 5, volume=64, pan=84, reverb=85)
    oboe = p.part("oboe", 68, 6, volume=86, pan=72, reverb=70)
    horn = p.part("horn", 60, 7, volume=62, pan=50, reverb=80)

    # Intro: the harp alone with the strings entering, the theme's first notes on celesta.
    p.arpeggio(harp, 1, MENU_CHORDS["intro"], "0 1 2 3 4 3 2 1", 0.5, low=48, velocity=58, beats_each=2)
    p.pad(strings, 1, MENU_CHORDS["intro"], low=55, velocity=38, beats_each=2)
    p.swell(strings, 1, 4, 50, 110)
    p.melody(celesta, 3, "E6/1.5 D6/.5 C6/1 G5/1 | B5/1.5 C6/.5 D6/2", velocity=50)
    p.bass(bass, 3, "Fmaj7 G", "1/4", octave=2, velocity=62)

    # A: the theme on the flute.
    p.arpeggio(harp, 5, MENU_CHORDS["A"], "0 1 2 3 4 3 2 1", 0.5, low=48, velocity=56, beats_each=2)
    p.pad(strings, 5, MENU_CHORDS["A"], low=55, velocity=44, beats_each=2)
    p.bass(bass, 5, MENU_BASS["A"], "1/2.5 5/1.5", octave=2, velocity=70)
    p.melody(flute, 5, MENU_A, velocity=78)

    # A': the clarinet takes the theme an octave down with a turn to A7, the flute sings long
    # notes above it, the celesta marks each bar.
    p.arpeggio(harp, 13, MENU_CHORDS["A2"], "0 2 1 3 2 4 3 5", 0.5, low=48, velocity=54, beats_each=2)
    p.pad(strings, 13, MENU_CHORDS["A2"], low=55, velocity=46, beats_each=2)
    p.bass(bass, 13, MENU_BASS["A2"], "1/1.5 5/1 8/1 5/.5", octave=2, velocity=72)
    p.melody(clarinet, 13, MENU_A2, velocity=80, transpose=-12)
    p.melody(flute, 13, MENU_COUNTER, velocity=62)
    p.arpeggio(celesta, 13, MENU_CHORDS["A2"], "4 3", 2.0, low=72, velocity=40, ring=0.9,
               beats_each=2)

    # B: the oboe's answer, in the relative minor's colours; the harp in slower waves, a horn
    # holding the middle.
    p.arpeggio(harp, 21, MENU_CHORDS["B"], "0 1 2 3 2 1", 2 / 3, low=45, velocity=54, beats_each=2)
    p.pad(strings, 21, MENU_CHORDS["B"], low=57, velocity=50, beats_each=2)
    p.swell(strings, 21, 8, 90, 115)
    p.pad(horn, 21, MENU_CHORDS["B"], low=50, voices=2, velocity=46, beats_each=2)
    p.bass(bass, 21, MENU_BASS["B"], "1/3 5/1", octave=2, velocity=70)
    p.melody(oboe, 21, MENU_B, velocity=80)

    # A'': the flute's theme again with everything together, the clarinet under it in the
    # first half, the celesta echoing the second; the strings fade towards the intro.
    p.arpeggio(harp, 29, MENU_CHORDS["A"], "0 1 2 3 4 3 2 1", 0.5, low=48, velocity=58, beats_each=2)
    p.pad(strings, 29, MENU_CHORDS["A"], low=55, velocity=46, beats_each=2)
    p.swell(strings, 33, 4, 115, 70)
    p.bass(bass, 29, MENU_BASS["A"], "1/2.5 5/1.5", octave=2, velocity=70)
    p.melody(flute, 29, MENU_A, velocity=80)
    p.melody(clarinet, 29, "E4/2 G4/2 | A4/2 C5/2 | A4/2 F4/2 | G4/2 B4/2", velocity=60)
    p.melody(celesta, 33, "r/2 B5/1 G5/1 | r/2 C6/1 A5/1 | r/2 A5/1 B5/1 | G5+C6/4", velocity=40)
    return p


# -- the table: "Thinking Table", D dorian, 96 bpm -----------------------------------------------
# Intro 4 | A 8 (vibraphone) | A' 8 (marimba, pizzicato) | B 8 (piano, F major) | break 4 |
# A'' 8 (vibraphone, strings above) | turnaround 4 = 44 bars of 2.5 s = 110 s. A soft groove to
# think over: brushed kit, a walking-light bass, the guitar comping.
TABLE_A = ("D5/.5 F5/.5 A5/1 G5/.5 F5/.5 E5/1 | D5/1.5 B4/.5 G4/2 |"
           " D5/.5 F5/.5 A5/1 C6/.5 A5/.5 G5/1 | E5/3 r/1 |"
           " F5/.5 D5/.5 F5/1 A5/1 G5/1 | E5/1.5 C5/.5 G4/1 Bb4/1 |"
           " A4/1 D5/1 F5/1 E5/1 | E5/1 C#5/1 A4/2")
TABLE_A2_END = ("F5/.5 G5/.5 A5/1 D6/1 C6/1 | Bb5/1 G5/1 E5/1 C5/1 |"
                " D5/.5 E5/.5 F5/1 A5/1 G5/1 | D5/3 r/1")
TABLE_B = ("D5/1 F5/1 A5/1.5 G5/.5 | G5/2 E5/1 C5/1 | C5/1 E5/1 G5/1.5 A5/.5 | F5/2 D5/2 |"
           " Bb4/1 D5/1 F5/1.5 G5/.5 | E5/1 G5/1 Bb5/1 G5/1 | A5/2 F5/1 C5/1 | E5/2 C#5/1 A4/1")
TABLE_BREAK = "r/2 D5/.5 F5/.5 A5/1 | G5/2 E5/2 | r/2 D5/.5 F5/.5 A5/1 | C6/1 A5/1 G5/1 E5/1"
TABLE_COUNTER = "A4/4 | B4/4 | A4/4 | C5/4 | D5/4 | E5/2 G5/2 | A4/4 | E5/4"
TABLE_CHORDS = {
    "vamp": "Dm7 G7 Dm7 G7",
    "A": "Dm7 G7 Dm7 Am7 Bbmaj7 C7 Dm7 A7",
    "A2": "Dm7 G7 Dm7 Am7 Bbmaj7 C7 Dm7 Dm7",
    "B": "Bbmaj7 C Am7 Dm7 Gm7 C7 F6 A7",
    "break": "Gm7 Am7 Bbmaj7 A7sus4",
}
WALK = "1/1.5 1/.5 5/1 >/1"


def _table_kit(p: Piece, kit, bar: int, bars: int, fill: bool = False) -> None:
    p.hits(kit, bar, bars, 42, "0 .5 1 1.5 2 2.5 3 3.5", 34, accents={0: 6, 2: 4})  # closed hat
    p.hits(kit, bar, bars, 37, "1 3", 40)  # side stick
    p.hits(kit, bar, bars, 36, "0 2.5", 52)  # kick
    if fill:  # a small tom run into the next section
        last = bar + bars - 1
        for i, (key, beat) in enumerate([(47, 3.0), (45, 3.25), (43, 3.5), (41, 3.75)]):
            p.note(kit, p.at(last, beat), 0.25, key, 44 + 3 * i)


def table() -> Piece:
    p = Piece("Thinking Table", bpm=96, beats=4, bars=44, seed=23)
    vibes = p.part("vibraphone", 11, 0, volume=127, pan=72, reverb=60)
    guitar = p.part("guitar", 24, 1, volume=62, pan=40, reverb=45)
    bass = p.part("bass", 33, 2, volume=80, pan=62, reverb=25)
    marimba = p.part("marimba", 12, 3, volume=120, pan=80, reverb=55)
    piano = p.part("piano", 0, 4, volume=112, pan=56, reverb=55)
    strings = p.part("strings", 48, 5, volume=66, pan=64, reverb=75)
    pizz = p.part("pizzicato", 45, 6, volume=66, pan=34, reverb=50)
    kit = p.part("kit", 0, DRUMS, volume=66, pan=64, reverb=35)

    def guitar_comp(bar: int, symbols: str) -> None:
        # struck on one and on the "and" of two: the lilt of the piece
        for i, symbol in enumerate(symbols.split()):
            p.strum(guitar, p.at(bar + i), symbol, velocity=56, length=1.4)
            p.strum(guitar, p.at(bar + i, 1.5), symbol, velocity=46, length=1.2)
            p.strum(guitar, p.at(bar + i, 3), symbol, velocity=40, length=0.4)

    # Intro: guitar and bass, the hat alone.
    guitar_comp(1, TABLE_CHORDS["vamp"])
    p.bass(bass, 1, TABLE_CHORDS["vamp"], "1/2 5/2", octave=2, velocity=74)
    p.hits(kit, 1, 4, 42, "0 .5 1 1.5 2 2.5 3 3.5", 28, accents={0: 6})
    p.hits(kit, 4, 1, 37, "3", 36)

    # A: the theme on the vibraphone.
    guitar_comp(5, TABLE_CHORDS["A"])
    p.bass(bass, 5, TABLE_CHORDS["A"], WALK, octave=2, velocity=78)
    _table_kit(p, kit, 5, 8, fill=True)
    p.melody(vibes, 5, TABLE_A, velocity=96)

    # A': the marimba takes it, answered at the end by a new climb; pizzicato strings tick.
    guitar_comp(13, TABLE_CHORDS["A2"])
    p.bass(bass, 13, TABLE_CHORDS["A2"], WALK, octave=2, velocity=78)
    _table_kit(p, kit, 13, 8, fill=True)
    p.melody(marimba, 13, TABLE_A.rsplit("|", 4)[0] + "|" + TABLE_A2_END, velocity=96)
    p.arpeggio(pizz, 13, TABLE_CHORDS["A2"], "0 2 4 2", 1.0, low=55, velocity=52, ring=0.4)

    # B: the piano sings a second theme in F major, strings hold the harmony.
    p.pad(strings, 21, TABLE_CHORDS["B"], low=53, velocity=36)
    p.swell(strings, 21, 8, 80, 112)
    p.bass(bass, 21, TABLE_CHORDS["B"], "1/2 5/1 >/1", octave=2, velocity=76, then="Gm7")
    _table_kit(p, kit, 21, 8, fill=True)
    p.melody(piano, 21, TABLE_B, velocity=108)
    p.arpeggio(guitar, 21, TABLE_CHORDS["B"], "0 2 1 3", 1.0, low=52, velocity=38, ring=1.2)

    # Break: the drums rest; strings, a held bass and the theme's head in fragments.
    p.pad(strings, 29, TABLE_CHORDS["break"], low=55, velocity=50)
    p.bass(bass, 29, TABLE_CHORDS["break"], "1/4", octave=2, velocity=66)
    p.melody(vibes, 29, TABLE_BREAK, velocity=84)
    p.hits(kit, 29, 4, 70, "0 .5 1 1.5 2 2.5 3 3.5", 26, length=0.1)  # maracas
    p.hits(kit, 32, 1, 37, "2 3 3.5", 38)

    # A'': the vibraphone again with long string notes above and the marimba in thirds.
    guitar_comp(33, TABLE_CHORDS["A"])
    p.bass(bass, 33, TABLE_CHORDS["A"], WALK, octave=2, velocity=80)
    _table_kit(p, kit, 33, 8)
    p.melody(vibes, 33, TABLE_A, velocity=98)
    p.melody(strings, 33, TABLE_COUNTER, velocity=54)
    p.arpeggio(pizz, 33, TABLE_CHORDS["A"], "0 2 4 2", 1.0, low=55, velocity=50, ring=0.4)

    # Turnaround: the intro's vamp with the guitar alone over the groove, back to the start.
    guitar_comp(41, TABLE_CHORDS["vamp"])
    p.bass(bass, 41, TABLE_CHORDS["vamp"], "1/2 5/1.5 >/.5", octave=2, velocity=74)
    p.hits(kit, 41, 4, 42, "0 .5 1 1.5 2 2.5 3 3.5", 30, accents={0: 6})
    p.hits(kit, 41, 4, 36, "0", 44)
    p.melody(marimba, 43, "D5/.5 F5/.5 A5/1 r/2 | G5/1 F5/1 E5/1 r/1", velocity=76)
    return p


# -- the tension: "One Life Left", D minor, 120 bpm ---------------------------------------------
# Intro 4 | A 8 (horn over a string ostinato) | A' 8 (strings high, horn answers) | B 8 (oboe,
# rising) | C 8 (ticking, tremolo, a long crescendo) | A'' 8 (all) | turn 4 = 48 bars of 2 s =
# 96 s. Still the card game's world, but driven: eighths that never stop, timpani on the beat.
TENSION_A = ("D4/1 A4/1 F4/.5 E4/.5 D4/1 | F4/1 Bb4/1.5 A4/.5 G4/1 | Bb4/1 D5/1.5 C5/.5 Bb4/1 |"
             " A4/3 E4/1 | D5/1 A4/1 F4/.5 G4/.5 A4/1 | Bb4/1 F5/1.5 E5/.5 D5/1 |"
             " D5/1 C5/1 C#5/2 | D5/3 r/1")
TENSION_B = ("F5/2 D5/1 F5/1 | G5/2 E5/1 G5/1 | A5/2 F5/1 A5/1 | G5/1 F5/1 E5/1 D5/1 |"
             " F5/1 Bb5/2 A5/1 | G5/2 D5/2 | Eb5/1 G5/1 Bb5/2 | A5/2 C#5/1 E5/1")
TENSION_CHORDS = {
    "intro": "Dm Dm Bb A",
    "B": "Bb C Dm Dm/C Bb Gm Eb A7",
    "C": "Dm Dm Bb Bb Gm Gm A A",
    "turn": "Dm Bb Gm A",
}
OSTINATO = "0 0 2 0 3 0 2 1"  # over a low voicing: root root fifth root octave root fifth third
# A's harmony in half bars (bar 7 turns from G minor to A7 under the theme's C sharp)
A_HALVES = "Dm Dm Bb Bb Gm Gm A A Dm Dm Bb Bb Gm A7 Dm Dm"


def tension() -> Piece:
    p = Piece("One Life Left", bpm=120, beats=4, bars=48, seed=37)
    ost = p.part("ostinato", 48, 0, volume=84, pan=48, reverb=45)
    horn = p.part("horns", 60, 1, volume=100, pan=60, reverb=60)
    high = p.part("violins", 49, 2, volume=86, pan=76, reverb=60)
    low = p.part("cellos", 42, 3, volume=92, pan=56, reverb=45)
    timp = p.part("timpani", 47, 4, volume=96, pan=64, reverb=50)
    oboe = p.part("oboe", 68, 5, volume=90, pan=70, reverb=55)
    trem = p.part("tremolo", 44, 6, volume=72, pan=64, reverb=60)
    pizz = p.part("pizzicato", 45, 7, volume=82, pan=30, reverb=40)
    kit = p.part("kit", 0, DRUMS, volume=84, pan=64, reverb=40)

    def drive(bar: int, symbols: str, velocity: int = 66, each: float = 4.0) -> None:
        p.arpeggio(ost, bar, symbols, OSTINATO, 0.5, low=45, velocity=velocity, ring=0.8,
                   beats_each=each)

    def timpani(bar: int, symbols: str, beats: str = "0 2", velocity: int = 74,
                each: float = 4.0) -> None:
        t = p.at(bar)
        for symbol in symbols.split():
            key = 36 + chord(symbol).bass  # the bass note in the timpani's range, A1 to G#2
            key = key if key <= 44 else key - 12
            for beat in (float(x) for x in beats.split()):
                if beat < each:
                    p.note(timp, t + beat, 0.5, key, velocity + (8 if beat == 0 else 0))
            t += each

    def pulse(bar: int, bars: int, snare: bool = False) -> None:
        p.hits(kit, bar, bars, 42, "0 .5 1 1.5 2 2.5 3 3.5", 40, accents={0: 10, 2: 6})
        p.hits(kit, bar, bars, 36, "0 1.5 2", 64)
        if snare:
            p.hits(kit, bar, bars, 38, "1 3", 56)

    def roll(bar: int) -> None:  # a snare roll into the next section, growing
        for i in range(8):
            p.note(kit, p.at(bar, 2 + i * 0.25), 0.25, 38, 40 + i * 6)
        p.note(kit, p.at(bar + 1), 1.0, 49, 70)  # and a cymbal on its downbeat

    # Intro: the ostinato alone, growing, the timpani joining.
    intro = TENSION_CHORDS["intro"]
    drive(1, intro, velocity=58)
    p.swell(ost, 1, 4, 70, 120)
    p.bass(low, 1, intro, "1/4", octave=2, velocity=76)
    timpani(3, "Bb A", beats="0 1 2 3")
    p.hits(kit, 1, 4, 42, "0 1 2 3", 34)

    # A: the horns' theme over the ostinato.
    drive(5, A_HALVES, each=2)
    p.bass(low, 5, A_HALVES, "1/1 1/1", octave=2, velocity=80, beats_each=2)
    timpani(5, A_HALVES, beats="0", each=2)
    pulse(5, 8)
    p.melody(horn, 5, TENSION_A, velocity=86)
    roll(12)

    # A': the violins take the theme an octave up, the horns hold chords under it.
    drive(13, A_HALVES, velocity=70, each=2)
    p.bass(low, 13, A_HALVES, "1/1 5/1", octave=2, velocity=82, beats_each=2)
    timpani(13, A_HALVES, beats="0 1", each=2)
    pulse(13, 8, snare=True)
    p.melody(high, 13, TENSION_A, velocity=84, transpose=12)
    p.pad(horn, 13, A_HALVES, low=53, voices=3, velocity=60, beats_each=2)
    roll(20)

    # B: a rising line on the oboe over pizzicato and the ostinato, E flat (the Neapolitan)
    # before the dominant.
    b = TENSION_CHORDS["B"]
    drive(21, b, velocity=64)
    p.arpeggio(pizz, 21, b, "0 1 2 3", 1.0, low=55, velocity=62, ring=0.5)
    p.bass(low, 21, b, "1/2 5/2", octave=2, velocity=80)
    p.pad(high, 21, b, low=62, voices=3, velocity=44)
    p.swell(high, 21, 8, 70, 120)
    p.melody(oboe, 21, TENSION_B, velocity=88)
    timpani(21, b, beats="0")
    pulse(21, 8)
    p.hits(kit, 28, 1, 38, "2 2.5 3 3.25 3.5 3.75", 58)

    # C: the floor drops: a clock ticking, tremolo strings and a low pulse, growing for eight
    # bars back into the theme.
    c = TENSION_CHORDS["C"]
    p.pad(trem, 29, c, low=50, velocity=60)
    p.swell(trem, 29, 8, 45, 127, steps=16)
    p.bass(low, 29, c, "1/.5 r/.5 1/.5 r/.5 1/.5 r/.5 1/.5 r/.5", octave=2, velocity=70)
    p.hits(kit, 29, 8, 76, "0 1 2 3", 50)  # the clock: wood blocks, high and low
    p.hits(kit, 29, 8, 77, ".5 1.5 2.5 3.5", 38)
    timpani(31, "Bb Bb Gm Gm A", beats="0", velocity=62)
    timpani(36, "A", beats="1 2 3 3.5", velocity=70)
    p.melody(horn, 31, "D4/4 | F4/4 | G4/4 | Bb4/4 | A4/4 | A4/4", velocity=70)
    p.melody(oboe, 36, "E4/1 A4/1 B4/1 C#5/1", velocity=76)
    roll(36)

    # A'': everything: the theme in the horns and violins together, timpani driving.
    drive(37, A_HALVES, velocity=76, each=2)
    p.bass(low, 37, A_HALVES, "1/1 5/1", octave=2, velocity=86, beats_each=2)
    timpani(37, A_HALVES, beats="0 1", velocity=70, each=2)
    pulse(37, 8, snare=True)
    p.melody(horn, 37, TENSION_A, velocity=92)
    p.melody(high, 37, TENSION_A, velocity=82, transpose=12)
    p.arpeggio(pizz, 37, A_HALVES, "0 1 2 1", 0.5, low=60, velocity=56, ring=0.5, beats_each=2)

    # Turn: the ostinato alone with the cellos, quieting, and a low rumble back to the intro.
    turn = TENSION_CHORDS["turn"]
    drive(45, turn, velocity=62)
    p.swell(ost, 45, 4, 120, 78)
    p.bass(low, 45, turn, "1/4", octave=2, velocity=78)
    timpani(45, turn, beats="0", velocity=66)
    p.hits(kit, 45, 4, 42, "0 1 2 3", 36)
    return p


# -- the stings -----------------------------------------------------------------------------
def win() -> Piece:
    """A short fanfare in C: a run up, the theme's first rising step, a held bright chord."""
    p = Piece("Victory", bpm=100, beats=4, bars=2, seed=41)
    trumpet = p.part("trumpet", 56, 0, volume=96, pan=60, reverb=70)
    brass = p.part("brass", 61, 1, volume=84, pan=54, reverb=70)
    strings = p.part("strings", 48, 2, volume=86, pan=70, reverb=80)
    harp = p.part("harp", 46, 3, volume=90, pan=40, reverb=75)
    glock = p.part("glockenspiel", 9, 4, volume=74, pan=80, reverb=85)
    timp = p.part("timpani", 47, 5, volume=96, pan=64, reverb=60)
    kit = p.part("kit", 0, DRUMS, volume=80, pan=64, reverb=70)
    for i, name in enumerate("C4 E4 G4 C5 E5 G5 C6 E6".split()):  # harp glissando
        p.melody(harp, 1, f"r/{i * 0.125} {name}/2", velocity=70)
    p.melody(trumpet, 1, "G4/.333 C5/.333 E5/.334 G5/1 E5/.5 F5/.5 A5/.5 B5/.5 C6/3.5",
             velocity=98, legato=0.98)
    p.melody(brass, 1, "r/1 C4+E4+G4/1 C4+E4/.5 C4+F4+A4/.5 D4+F4+G4/1 C4+E4+G4+C5/3.5",
             velocity=80, legato=0.95)
    p.melody(strings, 1, "r/1 C3+G3+E4/1 r/1 G2+D4+G4+B4/1 C3+G3+C4+E4+G4/4", velocity=78)
    p.melody(glock, 1, "r/4 C6/.5 G6/.5 C7/3", velocity=68)
    p.note(timp, p.at(1, 1), 0.5, 36, 88)
    for i in range(8):  # a timpani roll into the last chord
        p.note(timp, p.at(1, 3 + i * 0.125), 0.125, 43, 60 + i * 4)
    p.note(timp, p.at(2), 1.0, 36, 100)
    p.note(kit, p.at(2), 2.0, 49, 84)  # crash
    return p


def loss() -> Piece:
    """A short sigh in C minor: a falling line on the oboe over strings, and a soft last chord.
    Written in A minor and played a minor third up, in the key of the loss effect (G, E flat,
    C) that sounds with its start."""
    up = 3  # semitones: A minor to C minor
    p = Piece("Not This Time", bpm=84, beats=4, bars=2, seed=43)
    oboe = p.part("oboe", 68, 0, volume=92, pan=66, reverb=70)
    strings = p.part("strings", 49, 1, volume=88, pan=60, reverb=85)
    cello = p.part("cello", 42, 2, volume=84, pan=52, reverb=70)
    harp = p.part("harp", 46, 3, volume=84, pan=40, reverb=80)
    p.melody(oboe, 1, "E5/1 D5/1 C5/1 B4/1 | A4/4", velocity=80, transpose=up, legato=0.98)
    p.melody(strings, 1, "A3+C4/1 F3+A3/1 E3+A3/1 E3+G#3/1 | E3+A3+C4/4", velocity=66, transpose=up)
    p.melody(cello, 1, "A2/1 F2/1 E2/2 | A1/4", velocity=72, transpose=up)
    p.melody(harp, 2, "A3/.25 C4/.25 E4/.25 A4/3", velocity=52, transpose=up)
    return p


LOOPS = {"menu": menu, "table": table, "tension": tension}
STINGS = {"win": win, "loss": loss}
