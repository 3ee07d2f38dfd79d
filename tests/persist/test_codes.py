"""Replay codes: every kept demo game round-trips, any one changed character is refused, a
game under way has no code, and hostile codes are one clear line (game/persist/codes.py)."""

from __future__ import annotations

import os
import random
import subprocess
import sys
import zlib
from dataclasses import replace
from functools import cache
from pathlib import Path

import pytest

from game.ai.demo_games import demo_seed, play_demo
from game.persist import codes
from game.persist.codes import ALPHABET, CodeError, decode, encode, same_game
from game.persist.rebuild import choice_of, game_over_reason, load_db, rebuild
from game.persist.record import GameRecord, Result, SeatInfo, card_fingerprint, dumps

ROOT = Path(__file__).resolve().parents[2]


@cache
def demo(rules: str, index: int) -> GameRecord:
    return play_demo(demo_seed(index, rules), rules)


CASES = [("1v1", 0), ("1v1", 1), ("1v1", 2), ("1v1", 3), ("2v2", 0), ("2v2", 1)]


@pytest.mark.parametrize("rules,index", CASES)
def test_a_demo_game_round_trips(rules, index):
    record = demo(rules, index)
    code = encode(record)
    back = decode(code)
    assert same_game(record, back)
    assert back.choices == tuple(c for c in back.choices)  # labels are rebuilt
    assert [c.label for c in back.choices] == [c.label for c in record.choices]
    assert back.date == record.date and back.result == record.result
    assert encode(back) == code  # one code per game
    assert len(code) < 300


@pytest.mark.parametrize("rules,index", [("1v1", 0), ("2v2", 0)])
def test_every_one_character_change_is_refused(rules, index):
    code = encode(demo(rules, index))
    refused = 0
    for pos, original in enumerate(code):
        for ch in ALPHABET:
            if ch == original:
                continue
            with pytest.raises(CodeError):
                decode(code[:pos] + ch + code[pos + 1:])
            refused += 1
    assert refused == 31 * len(code)


def test_dropped_doubled_and_swapped_characters_are_refused():
    code = encode(demo("1v1", 1))
    variants = set()
    for pos in range(len(code)):
        variants.add(code[:pos] + code[pos + 1:])
        variants.add(code[:pos] + code[pos] + code[pos:])
        if pos + 1 < len(code) and code[pos] != code[pos + 1]:
            variants.add(code[:pos] + code[pos + 1] + code[pos] + code[pos + 2:])
    variants.discard(code)
    for bad in variants:
        with pytest.raises(CodeError):
            decode(bad)


def test_a_code_reads_in_lower_case_with_hyphens_and_look_alikes():
    record = demo("1v1", 0)
    code = encode(record)
    grouped = "-".join(code[i:i + 5] for i in range(0, len(code), 5)).lower()
    assert same_game(decode(grouped), record)
    assert same_game(decode(code.replace("0", "O").replace("1", "l")), record)


def test_a_game_under_way_has_no_code():
    record = demo("1v1", 0)
    unfinished = replace(record, choices=record.choices[:10], result=None)
    with pytest.raises(CodeError, match="under way"):
        encode(unfinished)
    # A record that claims a result its choices do not reach is refused too.
    with pytest.raises(CodeError):
        encode(replace(record, choices=record.choices[:10]))
    with pytest.raises(CodeError, match="different end"):
        encode(replace(record, result=Result(1 - record.result.winner, "life",
                                             record.result.turns)))


def play_picking_copies(seed: int) -> GameRecord:
    """A random game in which every pick with several accepted copies names the last copy,
    which the decision did not offer (rule 19: a player may pick the physical copy)."""
    from game.engine import option, start_game

    game, _ = start_game(load_db(), seed=seed)
    rng = random.Random(seed)
    choices, events, copies_picked = [], [], 0
    while game.winner is None:
        d = game.pending
        offered = d.options[rng.randrange(len(d.options))]
        ids = codes._copies(game, offered, codes.card_count(game))
        picked = option(offered.verb, ids[-1], offered.seat) if len(ids) > 1 else offered
        copies_picked += picked is not offered
        choices.append(choice_of(game, picked))
        events = game.respond(picked, serial=d.serial)
    seats = (SeatInfo("person", None, "You"), SeatInfo("computer", "hard", "Computer (Hard)"))
    record = GameRecord("1v1", "ai", seed, seats, tuple(choices), cards=card_fingerprint(),
                        date="2026-12-01T08:00:00Z",
                        result=Result(game.winner, game_over_reason(events), game.turn_no))
    return record, copies_picked


def test_the_card_count_is_the_box():
    from game.engine import new_game

    db = load_db()
    assert codes.card_count(new_game(db, seed=3)) == sum(d.copies for d in db.defs)
    assert codes.card_count(new_game(db, seed=3, rules="2v2")) == sum(d.copies for d in db.defs)


def test_a_picked_copy_that_was_not_offered_is_kept_exactly():
    record, copies_picked = next((r, n) for r, n in map(play_picking_copies, range(40)) if n >= 2)
    back = decode(encode(record))
    assert [(c.verb, c.card) for c in back.choices] == [(c.verb, c.card) for c in record.choices]
    assert same_game(record, back)


def test_the_levels_keep_their_code_numbers():
    from game.common.settings import AI_LEVELS

    # A code stores a level as its position here: a new level goes at the end of both lists.
    assert codes.LEVELS == AI_LEVELS
    record = demo("1v1", 2)
    with pytest.raises(CodeError, match="level"):
        encode(replace(record, seats=(SeatInfo("computer", "godlike", "X"), record.seats[1])))


def test_custom_names_are_kept_cleaned_and_bounded():
    record = demo("1v1", 2)
    seats = (SeatInfo("person", None, "Zoë\tthe\x00 Great of the North and South"),
             SeatInfo("person", None, "Bo"))
    back = decode(encode(replace(record, mode="hotseat", seats=seats)))
    assert [s.name for s in back.seats] == ["Zoë the Great of the", "Bo"]
    assert all(s.kind == "person" and s.level is None for s in back.seats)
    assert back.mode == "hotseat"


# ---------------------------------------------------------------------------------------------
# Hostile codes: made with a valid check, so that only the field checks stand in the way
# ---------------------------------------------------------------------------------------------
def checked(body: bytes) -> str:
    return codes.to_text(body + zlib.crc32(body).to_bytes(4, "big"))


def header(version: int = 1, flags: int = 4, seats: bytes = b"\x82\x08\x82\x08") -> bytes:
    # flags 4: 1v1, mode "demo", no date; seats: computer, easy, named "Computer (Easy)"
    return bytes([version, flags]) + bytes.fromhex(card_fingerprint()[:6]) + seats


def test_valid_checks_around_bad_fields_are_clear_messages():
    seed = codes._varint(demo("1v1", 0).seed)
    good_rest = seed + decode_number_bytes(demo("1v1", 0))
    assert same_game(decode(checked(header() + good_rest)), replace(demo("1v1", 0), date=""))
    cases = [
        ("newer version", header(version=4) + good_rest),
        ("set-up is unknown", header(version=3) + good_rest),  # format 3 without a 2v2 set-up
        ("flags are unknown", header(version=2, flags=0x24) + good_rest),  # a winner, no concession
        ("format is unknown", header(version=0) + good_rest),
        ("flags are unknown", header(flags=0x14) + good_rest),
        ("different card data", bytes([1, 4, 0, 0, 0]) + b"\x82\x08\x82\x08" + good_rest),
        ("no computer level", header(seats=b"\x80\x08\x82\x08") + good_rest),
        ("person with a computer level", header(seats=b"\x03\x08\x82\x08") + good_rest),
        ("unknown name", header(seats=b"\x82\xf0\x82\x08") + good_rest),
        ("not readable text", header(seats=b"\x82\x00\x02\xff\xfe\x82\x08") + good_rest),
        ("printable form", header(seats=b"\x82\x00\x02a\x07\x82\x08") + good_rest),
        ("seed is out of range", header() + b"\xff" * 9 + b"\x7f"),
        ("ends before", header()[:6]),
        ("shortest form", header() + seed + b"\x00" + decode_number_bytes(demo("1v1", 0))),
        ("more choices", header() + seed + b"\xff" * 60),
        ("printable form", header(seats=b"\x82\x00\x03You\x82\x08") + good_rest),  # not its byte
    ]
    for expected, body in cases:
        with pytest.raises(CodeError, match=expected):
            decode(checked(body))


def conceded(record: GameRecord, at: int, winner: int) -> GameRecord:
    """``record`` given up by the other team after its first ``at`` choices."""
    from game.persist.rebuild import CONCEDED

    cut = replace(record, choices=record.choices[:at], result=None)
    return replace(cut, result=Result(winner, CONCEDED, rebuild(cut).game.turn_no))


@pytest.mark.parametrize("rules,index,at,winner", [("1v1", 0, 7, 1), ("1v1", 1, 0, 0), ("2v2", 0, 12, 0)])
def test_a_conceded_game_has_a_code_that_carries_the_concession(rules, index, at, winner):
    record = conceded(demo(rules, index), at, winner)
    code = encode(record)  # before: "its choices stop before the end of the game"
    back = decode(code)
    assert same_game(record, back) and back.result == record.result
    assert encode(back) == code
    assert codes.from_text(code)[0] == 2  # the concession needs the newer format...
    assert codes.from_text(encode(demo(rules, index)))[0] == 1  # ...a game played out keeps its old code


def test_a_conceded_code_whose_game_ends_first_is_refused():
    record = demo("1v1", 0)
    body = bytes([2, 4 | codes.CONCEDED_FLAG]) + bytes.fromhex(card_fingerprint()[:6]) + b"\x82\x08\x82\x08"
    body += codes._varint(record.seed) + codes._varint(len(record.choices) + 5) + decode_number_bytes(record)
    with pytest.raises(CodeError, match="ends before it was given up"):
        decode(checked(body))


def decode_number_bytes(record: GameRecord) -> bytes:
    digits, _game, _events = codes._digits_of(record, None)
    number = codes._number(digits)
    return number.to_bytes((number.bit_length() + 7) // 8, "big")


def test_a_never_ending_code_stops_at_the_cap(monkeypatch):
    monkeypatch.setattr(codes, "MAX_CHOICES", 3)
    with pytest.raises(CodeError, match="does not end"):
        decode(encode(demo("1v1", 0)))


@pytest.mark.parametrize("text", ["", "   ", "U", "é", "\x00", "0" * 5000, "Z" * 1199,
                                  "mindbug daily", "🐝" * 10, "ABCD\u202e"])
def test_garbage_is_one_clear_line(text):
    with pytest.raises(CodeError) as info:
        decode(text)
    assert "\n" not in str(info.value) and len(str(info.value)) < 160


def test_random_garbage_never_gives_a_game():
    rng = random.Random(5)
    for _ in range(300):
        text = "".join(rng.choice(ALPHABET) for _ in range(rng.randrange(1, 120)))
        with pytest.raises(CodeError):
            decode(text)


# ---------------------------------------------------------------------------------------------
# The command line
# ---------------------------------------------------------------------------------------------
def run_replay(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "game.replay", *args], cwd=ROOT,
                          capture_output=True, text=True, timeout=60,
                          env=dict(os.environ, PYTHONPATH=str(ROOT)))


def test_replay_command_line_codes(tmp_path):
    record = demo("2v2", 0)
    path = tmp_path / "r.json"
    path.write_text(dumps(record), encoding="utf-8")
    made = run_replay(str(path), "--code")
    assert made.returncode == 0, made.stderr
    code = made.stdout.strip()
    assert code == encode(record)
    from_file = run_replay(str(path))
    opened = run_replay("--code", code)
    assert opened.returncode == 0 and opened.stdout == from_file.stdout
    verified = run_replay("--code", code, "--verify")
    assert verified.stdout.strip() == f"OK winner={record.result.winner} turns={record.result.turns}"
    damaged = run_replay("--code", code[:9] + ("0" if code[9] != "0" else "1") + code[10:])
    assert damaged.returncode == 1 and damaged.stdout == ""
    assert damaged.stderr.strip() == ("mindbug replay: the replay code is damaged or mistyped "
                                      "(its check does not match)")
    path.write_text(dumps(replace(record, choices=record.choices[:4], result=None)), "utf-8")
    refused = run_replay(str(path), "--code")
    assert refused.returncode == 1 and "Traceback" not in refused.stderr
    assert refused.stderr.count("\n") == 1 and "under way" in refused.stderr
    assert rebuild(record).game.winner == record.result.winner


def test_the_benchmark_runs_and_checks_its_round_trips():
    out = subprocess.run([sys.executable, str(ROOT / "bench" / "codes.py"), "--games", "2",
                          "--rules", "1v1"], capture_output=True, text=True, timeout=120,
                         env=dict(os.environ, PYTHONPATH=str(ROOT)))
    assert out.returncode == 0, out.stderr
    assert out.stdout.startswith("1v1 (2 easy demo games): code median ")
