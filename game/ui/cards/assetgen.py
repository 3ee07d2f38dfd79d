"""Generates the game's files in assets/: sound effects (WAV) and icon PNGs. (The music in
assets/music/ is composed and rendered by build/render_music.py.)

    python -m game.ui.cards.assetgen            # writes into the project's assets/ folder
    python -m game.ui.cards.assetgen --out DIR  # somewhere else (tests compare two runs)

Every sound is synthesised here from sine, triangle and filtered noise with short envelopes:
no recorded or copied audio. Noise comes from a ``random.Random`` seeded per sound, so the
output is byte-for-byte the same on every run and the committed files can be checked.
"""

from __future__ import annotations

import argparse
import math
import random
import struct
import wave
from collections.abc import Callable, Sequence
from functools import partial
from pathlib import Path
from typing import BinaryIO

import pygame

from game.common import safe_files
from game.common.resources import resource_dir
from game.ui.kit import icons

RATE = 22050
PEAK = 0.5  # no effect peaks over -6 dBFS; Sounds adds its own (quiet) volume on top
LOUDNESS = 0.11  # the RMS every effect is brought to (where its peak allows)

Samples = list[float]


def _n(seconds: float) -> int:
    return int(RATE * seconds)


def _silence(seconds: float) -> Samples:
    return [0.0] * _n(seconds)


def _env(n: int, attack: float, decay: float) -> list[float]:
    """Linear attack then exponential decay (``decay`` = time constant in seconds)."""
    a = max(1, _n(attack))
    out = []
    for i in range(n):
        if i < a:
            out.append(i / a)
        else:
            out.append(math.exp(-(i - a) / (RATE * decay)))
    # a tiny fade at the very end so no file ends in a click
    tail = min(n, _n(0.01))
    for j in range(tail):
        out[n - 1 - j] *= j / tail
    return out


def _osc(freq: Callable[[float], float] | float, seconds: float, shape: str = "sine",
         vibrato: float = 0.0, vib_rate: float = 6.0) -> Samples:
    """An oscillator whose frequency may glide (``freq`` as a function of time)."""
    f = freq if callable(freq) else (lambda _t, v=freq: v)
    out, phase = [], 0.0
    for i in range(_n(seconds)):
        t = i / RATE
        hz = f(t) * (1 + vibrato * math.sin(2 * math.pi * vib_rate * t))
        phase += hz / RATE
        x = phase % 1.0
        if shape == "sine":
            out.append(math.sin(2 * math.pi * x))
        elif shape == "triangle":
            out.append(4 * abs(x - 0.5) - 1)
        else:  # soft square: the sine's odd harmonics, rounded so it never buzzes
            s = math.sin(2 * math.pi * x)
            out.append(math.tanh(3 * s))
    return out


def _noise(seconds: float, seed: int, cutoff: Callable[[float], float] | float = 3000.0) -> Samples:
    """White noise through a one-pole low-pass whose cutoff may move (whooshes, thumps)."""
    rng = random.Random(seed)
    cut = cutoff if callable(cutoff) else (lambda _t, v=cutoff: v)
    out, y = [], 0.0
    for i in range(_n(seconds)):
        alpha = 1 - math.exp(-2 * math.pi * cut(i / RATE) / RATE)
        y += alpha * (rng.uniform(-1, 1) - y)
        out.append(y)
    return out


def _shape(sig: Samples, attack: float, decay: float, gain: float = 1.0) -> Samples:
    env = _env(len(sig), attack, decay)
    return [s * e * gain for s, e in zip(sig, env, strict=True)]


def _mix(*parts: tuple[float, Samples]) -> Samples:
    """Sum signals, each starting at its offset in seconds."""
    length = max(_n(off) + len(sig) for off, sig in parts)
    out = [0.0] * length
    for off, sig in parts:
        start = _n(off)
        for i, s in enumerate(sig):
            out[start + i] += s
    return out


def _note(name: str) -> float:
    """Frequency of a note like "C5" or "Eb4" (A4 = 440 Hz)."""
    steps = {"C": -9, "D": -7, "E": -5, "F": -4, "G": -2, "A": 0, "B": 2}
    base = steps[name[0]]
    rest = name[1:]
    if rest.startswith("b"):
        base, rest = base - 1, rest[1:]
    elif rest.startswith("#"):
        base, rest = base + 1, rest[1:]
    return 440.0 * 2 ** ((base + 12 * (int(rest) - 4)) / 12)


def _bell(freq: float, seconds: float, decay: float, gain: float = 1.0) -> Samples:
    """A soft bell: a sine with a quieter octave and twelfth that fade faster."""
    a = _shape(_osc(freq, seconds), 0.004, decay)
    b = _shape(_osc(freq * 2, seconds), 0.004, decay * 0.5, 0.35)
    c = _shape(_osc(freq * 3, seconds), 0.004, decay * 0.3, 0.12)
    return [gain * (x + y + z) for x, y, z in zip(a, b, c, strict=True)]


# -- the effects ---------------------------------------------------------------------------------

def _click() -> Samples:
    return _mix((0, _shape(_osc(1500, 0.04), 0.001, 0.008)), (0, _shape(_noise(0.03, 1, 5000), 0.0005, 0.004, 0.4)))


def _play() -> Samples:
    # a card landing: a short papery swish and a soft low tap
    swish = _shape(_noise(0.12, 2, lambda t: 1200 + 9000 * t), 0.02, 0.03, 0.8)
    tap = _shape(_osc(lambda t: 190 - 300 * t, 0.1), 0.002, 0.03, 0.9)
    return _mix((0, swish), (0.05, tap))


def _mindbug() -> Samples:
    # something strange takes over: a rising, wobbling arpeggio over a shimmer
    notes = ["E5", "G5", "B5", "E6", "G6"]
    parts = [(i * 0.07, _shape(_osc(_note(n), 0.45, "triangle", 0.012, 7), 0.01, 0.12, 0.55))
             for i, n in enumerate(notes)]
    shimmer = _shape(_osc(lambda t: 2600 + 400 * math.sin(30 * t), 0.7, "sine", 0.02, 11), 0.15, 0.2, 0.12)
    return _mix(*parts, (0, shimmer))


def _attack() -> Samples:
    whoosh = _shape(_noise(0.28, 3, lambda t: 400 + 5000 * math.sin(math.pi * t / 0.28)), 0.12, 0.06)
    thump = _shape(_osc(lambda t: 120 - 120 * t, 0.16), 0.003, 0.05, 0.9)
    return _mix((0, whoosh), (0.2, thump))


def _block() -> Samples:
    # a shield clang: inharmonic partials that ring out, plus a hard transient
    partials = [(420, 1.0, 0.18), (1077, 0.5, 0.12), (1720, 0.3, 0.08), (2810, 0.15, 0.05)]
    parts = [(0.0, _shape(_osc(f, 0.5), 0.001, d, g)) for f, g, d in partials]
    hit = _shape(_noise(0.05, 4, 6000), 0.0005, 0.01, 0.6)
    return _mix(*parts, (0, hit))


def _defeat() -> Samples:
    fall = _shape(_osc(lambda t: 380 * math.exp(-3.2 * t), 0.5, "square"), 0.005, 0.16, 0.45)
    puff = _shape(_noise(0.4, 5, lambda t: 2500 * math.exp(-5 * t) + 200), 0.01, 0.12, 0.6)
    return _mix((0, fall), (0.03, puff))


def _exhaust() -> Samples:
    glide = _shape(_osc(lambda t: 240 - 260 * t, 0.26), 0.01, 0.09)
    rustle = _shape(_noise(0.2, 6, 1800), 0.05, 0.05, 0.35)
    return _mix((0, glide), (0, rustle))


def _life_loss() -> Samples:
    a = _shape(_osc(_note("A4"), 0.22, "triangle"), 0.005, 0.1, 0.8)
    b = _shape(_osc(_note("F4"), 0.35, "triangle"), 0.005, 0.14, 0.8)
    thud = _shape(_osc(lambda t: 110 - 100 * t, 0.15), 0.002, 0.05, 0.7)
    return _mix((0, a), (0.12, b), (0, thud))


def _life_gain() -> Samples:
    return _mix((0, _bell(_note("C6"), 0.4, 0.15)), (0.1, _bell(_note("G6"), 0.5, 0.2)))


def _win() -> Samples:
    notes = ["C5", "E5", "G5"]
    parts = [(i * 0.12, _bell(_note(n), 0.4, 0.12, 0.8)) for i, n in enumerate(notes)]
    chord = [(0.38, _shape(_osc(_note(n), 0.9, "triangle", 0.006, 5), 0.02, 0.3, 0.35))
             for n in ("C5", "E5", "G5", "C6")]
    return _mix(*parts, (0.36, _bell(_note("C6"), 0.9, 0.3)), *chord)


def _loss() -> Samples:
    notes = [("G4", 0.0), ("Eb4", 0.22), ("C4", 0.44)]
    parts = [(t, _shape(_osc(_note(n), 0.6, "triangle", 0.01 if n == "C4" else 0.0, 4), 0.01, 0.2, 0.8))
             for n, t in notes]
    low = _shape(_osc(_note("C3"), 0.9), 0.05, 0.3, 0.4)
    return _mix(*parts, (0.44, low))


def _steal() -> Samples:
    # the Mindbugged card crosses the table: a long airy sweep that rises, then a soft landing
    sweep = _shape(_noise(0.55, 7, lambda t: 300 + 4200 * t / 0.55), 0.2, 0.15, 0.55)
    glide = _shape(_osc(lambda t: 330 + 330 * t / 0.55, 0.55, "triangle", 0.01, 6), 0.15, 0.15, 0.25)
    land = _shape(_osc(lambda t: 160 - 120 * t, 0.12), 0.002, 0.04, 0.7)
    return _mix((0, sweep), (0, glide), (0.5, land))


def _hit() -> Samples:
    # two creatures meet: a dull body blow with a crack on top
    body = _shape(_osc(lambda t: 95 - 60 * t, 0.22), 0.001, 0.07, 1.0)
    snap = _shape(_noise(0.08, 8, lambda t: 4000 * math.exp(-20 * t) + 500), 0.0005, 0.02, 0.7)
    return _mix((0, body), (0, snap))


def _shield_break() -> Samples:
    # Tough takes the blow: glass-like partials that shatter into a short rattle
    ring = [(0.0, _shape(_osc(f, 0.35), 0.001, d, g)) for f, g, d in
            ((1320, 0.5, 0.09), (2093, 0.35, 0.07), (3170, 0.2, 0.05))]
    rattle = _shape(_noise(0.3, 9, lambda t: 7000 - 5000 * t / 0.3), 0.002, 0.1, 0.45)
    return _mix(*ring, (0.04, rattle))


def _no_voice() -> Samples:
    # no voice to be had (speech asked for at the start): two low questioning notes, a gap, the
    # same again; no other effect repeats itself, so it is heard apart from every move's sound
    pair = [(0.0, _shape(_osc(_note("D4"), 0.18, "square"), 0.005, 0.08, 0.5)),
            (0.2, _shape(_osc(_note("A3"), 0.3, "square"), 0.005, 0.12, 0.5))]
    return _mix(*pair, *[(t + 0.75, sig) for t, sig in pair])


EFFECTS: dict[str, Callable[[], Samples]] = {
    "play": _play, "mindbug": _mindbug, "attack": _attack, "block": _block, "defeat": _defeat,
    "exhaust": _exhaust, "life_loss": _life_loss, "life_gain": _life_gain, "win": _win,
    "loss": _loss, "click": _click, "steal": _steal, "hit": _hit, "shield_break": _shield_break,
    "no_voice": _no_voice,
}


def synthesize(name: str) -> Samples:
    """The samples of effect ``name`` (floats, normalised to PEAK)."""
    sig = EFFECTS[name]()
    top = max(1e-9, max(abs(s) for s in sig))
    # Evened out by loudness (the RMS of the sound), not by peak: a short click and a long
    # chord normalised to the same peak sound far apart. The peak stays at or under PEAK.
    rms = max(1e-9, math.sqrt(sum(s * s for s in sig) / len(sig)))
    gain = min(PEAK / top, LOUDNESS / rms)
    return [s * gain for s in sig]


def wav_bytes(samples: Sequence[float]) -> bytes:
    """16-bit mono PCM frames for ``samples`` in [-1, 1]."""
    return b"".join(struct.pack("<h", max(-32767, min(32767, round(s * 32767)))) for s in samples)


def _write_wav(fh: BinaryIO, name: str) -> None:
    _write_samples(fh, synthesize(name))


def _write_samples(fh, samples: Sequence[float]) -> None:
    with wave.open(fh, "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(RATE)
        w.writeframes(wav_bytes(samples))


def write_sounds(folder: Path) -> list[Path]:
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for name in EFFECTS:
        path = folder / f"{name}.wav"
        safe_files.atomic_write_with(path, partial(_write_wav, name=name))
        written.append(path)
    return written


def write_icons(folder: Path) -> list[Path]:
    """Keyword icons, the Mindbug token (ready and spent), the heart and the window icon."""
    folder.mkdir(parents=True, exist_ok=True)
    jobs: list[tuple[str, pygame.Surface]] = [
        (f"{k.lower()}.png", icons.keyword_icon(k, 64)) for k in icons.KEYWORDS
    ]
    jobs += [
        ("mindbug.png", icons.mindbug_token(64)),
        ("mindbug_spent.png", icons.mindbug_token(64, spent=True)),
        ("heart.png", icons.heart(64)),
        ("app.png", icons.mindbug_token(256)),
    ]
    written = []
    for filename, surf in jobs:
        path = folder / filename
        safe_files.atomic_write_with(path, partial(pygame.image.save, surf, namehint="png"))
        written.append(path)
    return written


def generate(out: Path) -> list[Path]:
    """Write every generated asset under ``out`` (sounds/ and icons/)."""
    return write_sounds(out / "sounds") + write_icons(out / "icons")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=None, help="assets folder (default: the project's)")
    args = parser.parse_args(argv)
    if args.out is None:
        args.out = resource_dir("assets")
    for path in generate(args.out):
        print(path)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
