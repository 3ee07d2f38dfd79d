"""A small score notation for the game's music, written out as Standard MIDI files with mido.

The pieces themselves are in ``build/music/pieces.py``; ``build/render_music.py`` renders them.
A piece is a tempo, a metre and parts (one General MIDI instrument on one channel each); notes
are placed by bar and beat, melodies are written as text ("E5/1.5 D5/.5 r/1": pitch, slash,
length in beats; "r" a rest; "C5+E5" a dyad) and harmony as chord symbols ("Am7", "G/B"),
from which pads, bass lines and arpeggios are voiced.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass, field
from pathlib import Path

TICKS = 480  # per beat
NOTE_NAMES = {"C": 0, "D": 2, "E": 4, "F": 5, "G": 7, "A": 9, "B": 11}
CHORD_QUALITIES: dict[str, tuple[int, ...]] = {
    "": (0, 4, 7), "m": (0, 3, 7), "7": (0, 4, 7, 10), "maj7": (0, 4, 7, 11),
    "m7": (0, 3, 7, 10), "m6": (0, 3, 7, 9), "6": (0, 4, 7, 9), "sus4": (0, 5, 7),
    "sus2": (0, 2, 7), "7sus4": (0, 5, 7, 10), "m7b5": (0, 3, 6, 10), "dim": (0, 3, 6),
    "add9": (0, 4, 7, 14), "m9": (0, 3, 7, 10, 14), "9": (0, 4, 7, 10, 14), "5": (0, 7),
}
_CHORD = re.compile(r"^([A-G])([#b]?)(maj7|m7b5|m7|m6|m9|7sus4|sus4|sus2|dim|add9|m|7|6|9|5|)"
                    r"(?:/([A-G][#b]?))?$")
DRUMS = 9  # the General MIDI percussion channel (0-based)


def pitch(name: str) -> int:
    """MIDI note number of "C4" (60), "F#3", "Bb5"."""
    m = re.fullmatch(r"([A-G])([#b]?)(-?\d)", name)
    if not m:
        raise ValueError(f"not a note: {name!r}")
    letter, accidental, octave = m.groups()
    shift = {"#": 1, "b": -1}.get(accidental, 0)
    return 12 * (int(octave) + 1) + NOTE_NAMES[letter] + shift


def _pitch_class(name: str) -> int:
    return (NOTE_NAMES[name[0]] + {"#": 1, "b": -1}.get(name[1:], 0)) % 12


@dataclass(frozen=True)
class Chord:
    root: int  # pitch class
    intervals: tuple[int, ...]
    bass: int  # pitch class of the lowest note (the root unless a slash chord)

    @property
    def pitch_classes(self) -> list[int]:
        return [(self.root + i) % 12 for i in self.intervals]

    def tone(self, degree: int) -> int:
        """Pitch class of chord tone ``degree`` (0 root, 1 third, 2 fifth, 3 seventh...)."""
        return (self.root + self.intervals[degree % len(self.intervals)]) % 12


def chord(symbol: str) -> Chord:
    m = _CHORD.match(symbol)
    if not m:
        raise ValueError(f"not a chord: {symbol!r}")
    letter, accidental, quality, slash = m.groups()
    root = _pitch_class(letter + accidental)
    return Chord(root, CHORD_QUALITIES[quality], _pitch_class(slash) if slash else root)


def nearest(pc: int, around: int) -> int:
    """The MIDI note of pitch class ``pc`` closest to ``around``."""
    base = around - ((around - pc) % 12)
    return base if around - base <= 6 else base + 12


@dataclass
class Note:
    start: float  # beats from the start of the piece
    length: float
    key: int
    velocity: int


@dataclass
class Part:
    name: str
    program: int  # General MIDI program, 0-based (0 piano, 46 harp, 73 flute...)
    channel: int
    volume: int = 100
    pan: int = 64
    reverb: int = 50
    chorus: int = 0
    notes: list[Note] = field(default_factory=list)
    controls: list[tuple[float, int, int]] = field(default_factory=list)  # (beat, cc, value)


class Piece:
    """A piece in bars of ``beats`` beats at ``bpm``; ``bar`` arguments count from 1."""

    def __init__(self, name: str, bpm: float, beats: int, bars: int, seed: int = 1) -> None:
        self.name, self.bpm, self.beats, self.bars = name, bpm, beats, bars
        self.parts: list[Part] = []
        self.rng = random.Random(seed)  # the players' small unevenness, the same every build
        self._last_voicing: dict[str, list[int]] = {}

    # -- the frame ------------------------------------------------------------------------
    @property
    def length_beats(self) -> float:
        return self.bars * self.beats

    @property
    def seconds(self) -> float:
        return self.length_beats * 60.0 / self.bpm

    def at(self, bar: int, beat: float = 0.0) -> float:
        return (bar - 1) * self.beats + beat

    def part(self, name: str, program: int, channel: int, **mix: int) -> Part:
        p = Part(name, program, channel, **mix)
        self.parts.append(p)
        return p

    def note(self, part: Part, start: float, length: float, key: int, velocity: int) -> None:
        jitter = self.rng.randint(-4, 4)
        part.notes.append(Note(start, length, key, max(1, min(127, velocity + jitter))))

    def swell(self, part: Part, bar: int, bars: float, start: int, end: int, steps: int = 8) -> None:
        """Expression (CC 11) moving from ``start`` to ``end`` over ``bars`` bars."""
        t0 = self.at(bar)
        for i in range(steps + 1):
            value = round(start + (end - start) * i / steps)
            part.controls.append((t0 + bars * self.beats * i / steps, 11, value))

    # -- writing ------------------------------------------------------------------------------
    def melody(self, part: Part, bar: int, text: str, velocity: int = 80, transpose: int = 0,
               legato: float = 0.92, accent_downbeats: bool = True) -> float:
        """Notes from text ("E5/1.5 D5/.5 r/1 C5+E5/2"). Bars may be separated by "|", and
        then each must fill its bar exactly (a slip of a beat would shift every note after it).
        Returns the beat after the last note."""
        if "|" in text:
            for number, segment in enumerate(text.split("|"), start=bar):
                beats = sum(float(t.partition("/")[2] or 1) for t in segment.split())
                if abs(beats - self.beats) > 1e-6:
                    raise ValueError(f"{self.name}, bar {number}: {beats} beats in {segment!r}")
        t = self.at(bar)
        for token in text.replace("|", " ").split():
            what, _, length_text = token.partition("/")
            length = float(length_text) if length_text else 1.0
            if what != "r":
                on_beat = abs(t - round(t)) < 1e-6 and round(t) % self.beats == 0
                vel = velocity + (6 if accent_downbeats and on_beat else 0)
                for name in what.split("+"):
                    self.note(part, t, length * legato, pitch(name) + transpose, vel)
            t += length
        return t

    def pad(self, part: Part, bar: int, symbols: str, low: int = 55, voices: int = 4,
            velocity: int = 60, beats_each: float | None = None, legato: float = 1.0) -> None:
        """Held chords, one symbol per bar (or ``beats_each``), each voiced close to the one
        before it (smooth voice leading) with its lowest voice at or above ``low``."""
        t = self.at(bar)
        step = beats_each if beats_each is not None else float(self.beats)
        items = symbols.split()
        for i, symbol in enumerate(items):
            if symbol != "-":  # "-" holds the chord before it
                held = 1
                while i + held < len(items) and items[i + held] == "-":
                    held += 1
                voicing = self._voice(part.name, chord(symbol), low, voices)
                for key in voicing:
                    self.note(part, t, step * held * legato, key, velocity)
            t += step

    def strum(self, part: Part, start: float, symbol: str, low: int = 50, velocity: int = 56,
              length: float = 1.0, spread: float = 0.03) -> None:
        """A chord struck low to high (a guitar), voiced like ``pad`` for smooth changes."""
        for k, key in enumerate(self._voice(part.name, chord(symbol), low, 4)):
            self.note(part, start + spread * k, length, key, velocity - 2 * k)

    def _voice(self, key: str, c: Chord, low: int, voices: int) -> list[int]:
        pcs = c.pitch_classes
        if len(pcs) > voices:  # drop the fifth first, it says the least
            pcs = [pc for i, pc in enumerate(pcs) if i != 2][:voices]
        previous = self._last_voicing.get(key)
        best: list[int] | None = None
        best_cost = 1e9
        for rotation in range(len(pcs)):
            order = pcs[rotation:] + pcs[:rotation]
            notes = [nearest(order[0], low + 6)]
            if notes[0] < low:
                notes[0] += 12
            for pc in order[1:]:
                n = notes[-1] + ((pc - notes[-1]) % 12 or 12)
                notes.append(n)
            while len(notes) < voices:
                notes.append(notes[len(notes) - len(pcs)] + 12)
            cost = (sum(abs(a - b) for a, b in zip(sorted(notes), sorted(previous)))
                    if previous else sum(notes) / len(notes) - low)
            if cost < best_cost:
                best, best_cost = notes, cost
        assert best is not None
        self._last_voicing[key] = best
        return best

    def bass(self, part: Part, bar: int, symbols: str, pattern: str = "1", octave: int = 2,
             velocity: int = 80, beats_each: float | None = None, then: str | None = None) -> None:
        """A bass line: per chord, ``pattern`` as "degree/length" steps ("1/2 5/1 8/1": root,
        fifth, octave; "3" the third, "7" the seventh, ">" the next chord's root a semitone
        below, an approach), starting from the chord's bass note in ``octave``; ``then`` is the
        chord after the last one, which the last approach leads to."""
        symbols_list = symbols.split()
        t = self.at(bar)
        for i, symbol in enumerate(symbols_list):
            length = beats_each if beats_each is not None else float(self.beats)
            if symbol == "-":
                t += length
                continue
            c = chord(symbol)
            root_key = 12 * (octave + 1) + c.bass
            following = next((chord(s) for s in symbols_list[i + 1:] if s != "-"),
                             chord(then) if then else c)
            step_t = t
            for step in pattern.split():
                degree, _, step_len = step.partition("/")
                dur = float(step_len) if step_len else length
                if degree != "r":
                    if degree == ">":
                        key = 12 * (octave + 1) + following.bass - 1
                        key = key if abs(key - root_key) <= 7 else key - 12
                    else:
                        key = root_key + _degree_interval(c, int(degree))
                    self.note(part, step_t, dur * 0.9, key, velocity)
                step_t += dur
                if step_t >= t + length - 1e-6:
                    break
            t += length

    def arpeggio(self, part: Part, bar: int, symbols: str, pattern: str, step: float,
                 low: int = 52, velocity: int = 64, ring: float = 1.5,
                 beats_each: float | None = None) -> None:
        """Broken chords: ``pattern`` lists chord-tone indexes over the voicing ("0 1 2 3 2 1";
        a number past the voicing climbs an octave), one every ``step`` beats, each ringing
        ``ring`` steps."""
        indexes = [int(x) for x in pattern.split()]
        t = self.at(bar)
        tones: list[int] = []
        k = 0
        for symbol in symbols.split():
            length = beats_each if beats_each is not None else float(self.beats)
            if symbol == "-" and tones:  # the chord before goes on, its pattern too
                start_k = k
                while (k - start_k) * step < length - 1e-6:
                    self._arpeggio_step(part, t + (k - start_k) * step, tones, indexes, k, step,
                                        ring, velocity)
                    k += 1
                t += length
                continue
            c = chord(symbol)
            pcs = c.pitch_classes
            base = nearest(c.bass, low + 6)
            if base < low:
                base += 12
            tones = [base]
            for pc in pcs:
                if pc == c.bass:
                    continue
                tones.append(tones[-1] + ((pc - tones[-1]) % 12 or 12))
            k = 0
            while k * step < length - 1e-6:
                self._arpeggio_step(part, t + k * step, tones, indexes, k, step, ring, velocity)
                k += 1
            t += length

    def _arpeggio_step(self, part: Part, t: float, tones: list[int], indexes: list[int], k: int,
                       step: float, ring: float, velocity: int) -> None:
        octave_up, idx = divmod(indexes[k % len(indexes)], len(tones))
        accent = 8 if k % len(indexes) == 0 else 0
        self.note(part, t, step * ring, tones[idx] + 12 * octave_up, velocity + accent)

    def hits(self, part: Part, bar: int, bars: int, key: int, beats: str, velocity: int,
             length: float = 0.25, accents: dict[float, int] | None = None) -> None:
        """A drum (or any one note) on the listed beats of each bar ("0 1.5 2 3.5")."""
        for b in range(bars):
            for beat in (float(x) for x in beats.split()):
                vel = velocity + (accents or {}).get(beat, 0)
                self.note(part, self.at(bar + b, beat), length, key, vel)

    # -- output -------------------------------------------------------------------------------
    def write_midi(self, path: Path, tail_seconds: float = 0.0) -> None:
        """A type-1 Standard MIDI file; ``tail_seconds`` of silence after the last bar keep the
        renderer running while the last notes ring out."""
        import mido

        midi = mido.MidiFile(type=1, ticks_per_beat=TICKS)
        conductor = mido.MidiTrack()
        conductor.append(mido.MetaMessage("track_name", name=self.name, time=0))
        conductor.append(mido.MetaMessage("set_tempo", tempo=mido.bpm2tempo(self.bpm), time=0))
        conductor.append(mido.MetaMessage("time_signature", numerator=self.beats, denominator=4,
                                          time=0))
        end = round((self.length_beats + tail_seconds * self.bpm / 60.0) * TICKS)
        conductor.append(mido.MetaMessage("end_of_track", time=end))
        midi.tracks.append(conductor)
        for p in self.parts:
            events: list[tuple[int, int, mido.Message]] = []  # (tick, order, message)
            ch = p.channel
            setup = [mido.Message("control_change", channel=ch, control=7, value=p.volume),
                     mido.Message("control_change", channel=ch, control=10, value=p.pan),
                     mido.Message("control_change", channel=ch, control=91, value=p.reverb),
                     mido.Message("control_change", channel=ch, control=93, value=p.chorus),
                     mido.Message("control_change", channel=ch, control=11, value=127)]
            if ch != DRUMS:
                setup.insert(0, mido.Message("program_change", channel=ch, program=p.program))
            for i, msg in enumerate(setup):
                events.append((0, i, msg))
            for beat, cc, value in p.controls:
                events.append((round(beat * TICKS), 10, mido.Message(
                    "control_change", channel=ch, control=cc, value=value)))
            for n in p.notes:
                on = round(n.start * TICKS)
                off = max(on + 1, round((n.start + n.length) * TICKS))
                # offs before ons at the same tick, so a repeated note is struck again
                events.append((on, 30, mido.Message("note_on", channel=ch, note=n.key,
                                                    velocity=n.velocity)))
                events.append((off, 20, mido.Message("note_off", channel=ch, note=n.key,
                                                     velocity=0)))
            events.sort(key=lambda e: (e[0], e[1], e[2].bytes()))
            track = mido.MidiTrack()
            track.append(mido.MetaMessage("track_name", name=p.name, time=0))
            now = 0
            for tick, _order, msg in events:
                track.append(msg.copy(time=tick - now))
                now = tick
            track.append(mido.MetaMessage("end_of_track", time=max(0, end - now)))
            midi.tracks.append(track)
        path.parent.mkdir(parents=True, exist_ok=True)
        midi.save(str(path))


def _degree_interval(c: Chord, degree: int) -> int:
    """Semitones above the chord's bass note for a bass-line degree (1 root, 3, 5, 7, 8)."""
    root_above_bass = (c.root - c.bass) % 12
    table = {1: 0, 3: c.intervals[1] if len(c.intervals) > 1 else 4, 5: 7,
             7: c.intervals[3] if len(c.intervals) > 3 else 10, 8: 12, 6: 9, 2: 2, 4: 5}
    if degree == 1:
        return 0  # the bass note itself (a slash chord's own bass)
    return (root_above_bass + table.get(degree, 0)) % 12 + (12 if degree == 8 else 0)
