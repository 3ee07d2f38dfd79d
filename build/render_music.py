"""Render the game's music: the compositions in build/music/pieces.py to assets/music/*.ogg.

    python -m pip install -e '.[music]'            # mido and numpy, for this step only
    apt-get install fluidsynth fluid-soundfont-gm vorbis-tools ffmpeg sox   # (Debian)
    python build/render_music.py [--midi-dir DIR] [--only NAME ...]

Each piece is written as a Standard MIDI file (mido), played by FluidSynth with the FluidR3_GM
General MIDI soundfont (MIT licence), folded into a seamless loop (a loop's ringing tail is
added onto its start, where it sounds when the piece repeats), evened out in loudness against
the sound effects (EBU R 128 integrated loudness, measured by ffmpeg's ebur128 filter) and
encoded as Ogg Vorbis, which pygame-ce's mixer streams. The output is committed: the game and
its bundle need none of these tools. Prints each piece's length, loudness and peak.

The loudness target: the effects in assets/sounds/ are measured together (each padded to the
400 ms of one EBU block, a short click otherwise counts for nothing), and the loops sit
``LOOP_BELOW`` LU under them, the stings ``STING_BELOW`` LU: music sits under play.
"""

from __future__ import annotations

import argparse
import re
import shutil
import subprocess
import sys
import tempfile
import wave
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
MUSIC_SRC = Path(__file__).resolve().parent / "music"
OUT = ROOT / "assets" / "music"
SOUNDS = ROOT / "assets" / "sounds"
SOUNDFONTS = (Path("/usr/share/sounds/sf2/FluidR3_GM.sf2"),)
RATE = 44100
TAIL_SECONDS = 6.0  # rendered after a piece's last bar, for its notes and the reverb to die
LOOP_BELOW = 3.0  # LU under the effects' loudness
STING_BELOW = 1.0
MAX_PEAK_DB = -1.0  # sample peak ceiling after the loudness gain
OGG_QUALITY = "2"  # oggenc -q: about 64-80 kbit/s for stereo music, transparent enough here


def require(tool: str) -> str:
    path = shutil.which(tool)
    if path is None:
        sys.exit(f"render_music: {tool} is not installed (see the top of this file)")
    return path


def soundfont() -> Path:
    for path in SOUNDFONTS:
        if path.is_file():
            return path
    sys.exit("render_music: no FluidR3_GM.sf2 (apt-get install fluid-soundfont-gm)")


def read_wav(path: Path):
    import numpy as np

    with wave.open(str(path)) as w:
        channels, width, rate = w.getnchannels(), w.getsampwidth(), w.getframerate()
        frames = w.readframes(w.getnframes())
    assert width == 2 and rate == RATE, (path, width, rate)
    data = np.frombuffer(frames, dtype="<i2").astype(np.float64) / 32768.0
    return data.reshape(-1, channels)


def write_wav(path: Path, data) -> None:
    import numpy as np

    pcm = np.clip(np.round(data * 32767.0), -32767, 32767).astype("<i2")
    with wave.open(str(path), "wb") as w:
        w.setnchannels(data.shape[1])
        w.setsampwidth(2)
        w.setframerate(RATE)
        w.writeframes(pcm.tobytes())


def loudness(path: Path) -> tuple[float, float]:
    """(integrated loudness in LUFS, true peak in dBFS) by ffmpeg's EBU R 128 meter."""
    result = subprocess.run(
        [require("ffmpeg"), "-hide_banner", "-nostats", "-i", str(path),
         "-af", "ebur128=peak=true", "-f", "null", "-"],
        capture_output=True, text=True, check=True)
    summary = result.stderr[result.stderr.rindex("Summary:"):]
    integrated = float(re.search(r"I:\s+(-?[\d.]+) LUFS", summary).group(1))  # type: ignore[union-attr]
    peak = float(re.search(r"Peak:\s+(-?[\d.]+|-inf) dBFS", summary).group(1))  # type: ignore[union-attr]
    return integrated, peak


def effects_loudness(work: Path) -> float:
    """The effects' loudness, all of them in one file, each padded to at least one 400 ms
    block and separated by silence (the meter's gate leaves the silence out)."""
    import numpy as np

    pieces = []
    for path in sorted(SOUNDS.glob("*.wav")):
        with wave.open(str(path)) as w:
            rate = w.getframerate()
            data = np.frombuffer(w.readframes(w.getnframes()), dtype="<i2") / 32768.0
        if rate != RATE:  # resample by repetition-free linear interpolation (measuring only)
            x = np.linspace(0, len(data) - 1, int(len(data) * RATE / rate))
            data = np.interp(x, np.arange(len(data)), data)
        padded = np.zeros(max(len(data), int(0.4 * RATE)) + int(0.5 * RATE))
        padded[:len(data)] = data
        pieces.append(padded)
    joined = np.concatenate(pieces)
    path = work / "effects.wav"
    write_wav(path, np.stack([joined, joined], axis=1))
    return loudness(path)[0]


def render(name: str, piece, loop: bool, font: Path, work: Path, midi_dir: Path | None,
           target: float) -> dict[str, float | str]:
    import numpy as np

    midi = (midi_dir or work) / f"{name}.mid"
    piece.write_midi(midi, tail_seconds=TAIL_SECONDS)
    raw = work / f"{name}.raw.wav"
    subprocess.run(
        [require("fluidsynth"), "-ni", "-q", "-g", "0.6", "-r", str(RATE), "-T", "wav",
         "-O", "s16", "-F", str(raw),
         "-o", "synth.reverb.active=1", "-o", "synth.chorus.active=1",
         "-o", "synth.reverb.room-size=0.55", "-o", "synth.reverb.level=0.8",
         str(font), str(midi)],
        check=True, capture_output=True)
    data = read_wav(raw)
    length = round(piece.seconds * RATE)
    if loop:
        # The tail past the last bar is what would ring on into the repeat: lay it over the
        # start, so the loop point has no seam and no cut reverb.
        body = data[:length].copy()
        if len(body) < length:
            body = np.concatenate([body, np.zeros((length - len(body), body.shape[1]))])
        tail = data[length:]
        body[:len(tail)] += tail[:length]
        data = body
    else:
        # A sting: keep it to where it has died away, with a short fade at the very end.
        level = np.abs(data).max(axis=1)
        audible = np.nonzero(level > 10 ** (-60 / 20))[0]
        end = min(len(data), (audible[-1] if len(audible) else length) + int(0.05 * RATE))
        data = data[:end].copy()
        fade = min(len(data), int(0.3 * RATE))
        data[-fade:] *= np.linspace(1.0, 0.0, fade)[:, None]
    measured = work / f"{name}.measure.wav"
    write_wav(measured, data / max(1e-9, np.abs(data).max()) * 0.5)
    before, _ = loudness(measured)
    gain_db = target - before
    data = data / max(1e-9, np.abs(data).max()) * 0.5 * 10 ** (gain_db / 20)
    peak_db = 20 * np.log10(max(1e-9, np.abs(data).max()))
    if peak_db > MAX_PEAK_DB:  # quieter rather than clipped: say so in the report
        data *= 10 ** ((MAX_PEAK_DB - peak_db) / 20)
    final_wav = work / f"{name}.wav"
    write_wav(final_wav, data)
    OUT.mkdir(parents=True, exist_ok=True)
    ogg = OUT / f"{name}.ogg"
    subprocess.run([require("oggenc"), "-Q", "-q", OGG_QUALITY, "--serial", "1",
                    "-t", piece.name, "-a", "Mindbug desktop", "-c", "LICENSE=CC0-1.0",
                    "-o", str(ogg), str(final_wav)], check=True)
    lufs, true_peak = loudness(ogg)
    return {"name": name, "title": piece.name, "seconds": len(data) / RATE, "lufs": lufs,
            "true_peak": true_peak, "kb": ogg.stat().st_size / 1000, "loop": "loop" if loop else "sting"}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--midi-dir", type=Path, help="keep the MIDI files here")
    parser.add_argument("--only", nargs="*", help="render only these pieces")
    args = parser.parse_args(argv)
    sys.path.insert(0, str(MUSIC_SRC))
    import pieces  # build/music/pieces.py (imports score.py beside it)

    for tool in ("fluidsynth", "oggenc", "ffmpeg"):
        require(tool)
    font = soundfont()
    with tempfile.TemporaryDirectory(prefix="mindbug-music-") as tmp:
        work = Path(tmp)
        effects = effects_loudness(work)
        print(f"effects (assets/sounds, together): {effects:.1f} LUFS")
        rows = []
        jobs = [(n, f, True) for n, f in pieces.LOOPS.items()]
        jobs += [(n, f, False) for n, f in pieces.STINGS.items()]
        for name, make, loop in jobs:
            if args.only and name not in args.only:
                continue
            target = effects - (LOOP_BELOW if loop else STING_BELOW)
            row = render(name, make(), loop, font, work, args.midi_dir, target)
            rows.append(row)
            print(f"{row['name']:8} {row['loop']:5} {row['seconds']:6.1f} s "
                  f"{row['lufs']:6.1f} LUFS  true peak {row['true_peak']:5.1f} dBFS "
                  f"{row['kb']:6.0f} kB  ({row['title']})", flush=True)
        total = sum(p.stat().st_size for p in OUT.glob("*.ogg")) / 1e6
        print(f"assets/music: {total:.2f} MB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
