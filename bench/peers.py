"""Side by side: random 1v1 games per second of this engine and of two peers' engines.

    python bench/peers.py --fetch /tmp/engine-peers     # once: lays the peers out (needs git)
    nice -n 10 python bench/peers.py /tmp/engine-peers [--rounds 5] [--games 2000]
    nice -n 10 python bench/peers.py /tmp/engine-peers --pure   # also this tree's pure engine

The peers are other people's Mindbug engines in Python, kept outside this project:

    PEERS/Mindbug-AI       https://github.com/HelloIAmRomain/Mindbug-AI   at d56fc53
    PEERS/Mindbug-online   https://github.com/luky1400/Mindbug-online     at cff9e2d

(`--fetch` clones both at those commits; a plain checkout or `git archive` of them laid out
under those two names works the same.) Each peer is driven through its own API by a random
player that picks uniformly among the moves that API offers: Mindbug-AI's
`MindbugGame.get_legal_moves()` / `step()` (its logger silenced the way its own MCTS agent
silences it for simulations), Mindbug-online's `Game` set up as its web rooms set it up, its
pending decisions (Mindbug, block, card action, order of defeated creatures) answered from the
indices it lists, and its main action from the hand cards it lets be played and the creatures
it lets attack. This engine is driven as bench/engine.py drives it (`respond()` with events
recorded, and with `record_events = False` as the AI's search runs it), with the engine
game.engine chooses (the compiled one where build/compile_engine.py built it); `--pure` adds
this tree's pure-Python engine (MINDBUG_ENGINE=pure) as two more sides.

Every side runs in its own child process (no module of one can shadow another's, each seeds
its own global `random`), and the sides alternate round by round so a loaded machine disturbs
all of them alike; each child times only its games, in wall-clock and CPU time
(time.process_time). The figure per side is its best round; the ratios are this engine's
figure over the faster peer's.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

os.environ["MINDBUG_LOOPBACK_ONLY"] = "1"  # nothing a bench runs leaves this machine

ROOT = Path(__file__).resolve().parent.parent
PEERS = {
    "Mindbug-AI": ("https://github.com/HelloIAmRomain/Mindbug-AI", "d56fc53707ab6853c133ebed91e7a9a2fc1646ce"),
    "Mindbug-online": ("https://github.com/luky1400/Mindbug-online", "cff9e2da1203ba0600eab0e8db53cc33b5905558"),
}  # fmt: skip
MOVE_CAP = 1000  # a game still running after this many moves is stuck (this engine's never are)


def ends(play_one, seed: int) -> bool:
    """Whether the game of `seed` ended with a winner; a peer's engine may leave a game stuck
    (no move offered, a move that changes nothing until MOVE_CAP, an error on a move it
    offered)."""
    try:
        return play_one(seed)
    except (ValueError, IndexError, KeyError, AttributeError, TypeError):
        return False


def timed(play_one, games: int) -> dict:
    """Games per second over the games that ended with a winner, counting only their time: a
    peer's stuck games are left out with their time, which flatters the peer, never this
    engine."""
    wall = cpu = 0.0
    finished = 0
    for seed in range(games):
        wall0, cpu0 = time.perf_counter(), time.process_time()
        ended = ends(play_one, seed)
        if ended:
            wall += time.perf_counter() - wall0
            cpu += time.process_time() - cpu0
            finished += 1
    return {"wall": finished / wall, "cpu": finished / cpu, "unfinished": games - finished}


def make_ours(tree: Path, record: bool):
    sys.path.insert(0, str(tree))
    from game.cards import load_cards
    from game.engine import new_game

    db = load_cards()
    pick = random.Random(0).random

    def play_one(seed: int) -> bool:
        g = new_game(db, seed, "1v1")
        g.record_events = record
        for _ in range(MOVE_CAP):
            if g.winner is not None:
                return True
            options = g.pending.options
            g.respond(options[int(pick() * len(options))])
        return g.winner is not None

    return play_one


def make_mindbug_ai(peer_dir: Path):
    sys.path.insert(0, str(peer_dir))
    os.chdir(tempfile.mkdtemp(prefix="peer-mindbug-ai-"))  # its logger writes game_debug.log here
    import logging

    from mindbug_engine.core.config import ConfigurationService
    from mindbug_engine.core.consts import Phase
    from mindbug_engine.engine import MindbugGame
    from mindbug_engine.utils.logger import GameLogger

    GameLogger.get_logger()
    logging.getLogger("MindbugLogger").setLevel(logging.CRITICAL)
    config = ConfigurationService()

    def play_one(seed: int) -> bool:
        random.seed(seed)
        g = MindbugGame(config)
        g.start_game()
        for _ in range(MOVE_CAP):
            if g.state.winner is not None:
                return True
            if g.state.phase == Phase.INITIATIVE_BATTLE:
                g.step("CONFIRM_INITIATIVE")
                continue
            moves = g.get_legal_moves()
            if not moves:
                return False
            g.step(*random.choice(moves))
        return False

    return play_one


def make_mindbug_online(peer_dir: Path):
    sys.path.insert(0, str(peer_dir))
    from base_classes import Game
    from enums import CardSpecialType, GameState

    def move(g) -> None:
        if g._pending_mindbug_decision is not None:
            g.respond_to_mindbug(random.random() < 0.5)
        elif g._pending_defeated_ordering is not None:
            order = list(range(len(g._pending_defeated_ordering.entries)))
            random.shuffle(order)
            g.resolve_pending_defeated_ordering(order)
        elif g._pending_card_action_choice is not None:
            pending = g._pending_card_action_choice
            eligible = list(pending.eligible_indices)
            count = random.randint(min(pending.min_choices, len(eligible)),
                                   min(pending.max_choices, len(eligible)))  # fmt: skip
            g.resolve_pending_card_action(random.sample(eligible, count))
        elif g._pending_defense_decision is not None:
            g.defend(random.choice([None, *g._get_pending_defense_eligible_indices()]))
        else:
            me = g.turn
            player = g.players[me]
            frenzy = g._pending_frenzy_attacker_id is not None
            if g._turn_action_taken and not frenzy:
                g.end_turn()  # its web client ends such a turn; the room's auto-end did not
                return
            choices = [("end", 0, None)] if frenzy else []  # the bonus attack may be skipped
            if not g._turn_action_taken:
                low_banned = player.cannot_play_cards_with_power_4_or_less_from_hand  # its web
                choices += [("play", i, None) for i, card in enumerate(player.hand)  # view's test
                            if not (low_banned and card.base_strength is not None
                                    and card.base_strength <= 4)]  # fmt: skip
            unable = set(g._get_unable_to_attack_indices(me))
            for i, card in enumerate(player.cards_laid_out):
                if i in unable:
                    continue
                choices.append(("attack", i, None))
                if CardSpecialType.HUNTER in card.special_types and g.opponent.cards_laid_out:
                    for target in g.get_eligible_defender_indices(i, hunter_target_override=True):
                        choices.append(("attack", i, target))
            if not choices:
                g.end_turn()
                return
            verb, index, target = random.choice(choices)
            if verb == "end":
                g.end_turn()
            elif verb == "play":
                g.play_card(index)
            else:
                g.attack(index, target)

    def play_one(seed: int) -> bool:
        random.seed(seed)
        g = Game(["P1", "P2"], starting_lives=3, starting_draw_pile_size=10,
                 players_start_with_mindbugs=2, await_mindbug_response=True,
                 enforce_turn_action_limit=True, auto_end_turn_after_successful_play=True,
                 auto_end_turn_after_resolved_attack=True)  # fmt: skip
        g.start_game()
        for _ in range(MOVE_CAP):
            if g.game_state == GameState.GAME_OVER:
                return True
            move(g)
        return False

    return play_one


def child(side: str, peers: Path, games: int, baseline: Path | None, seeds: str | None) -> None:
    """Time `games` games of one side and print the JSON figures; with `seeds` ("finished":
    print which of the first `games` seeds end with a winner; a comma-separated list, maybe
    empty: play just those, untimed, for the instruction count)."""
    tree = baseline if side.startswith("baseline") else ROOT
    if side.startswith("pure"):
        os.environ["MINDBUG_ENGINE"] = "pure"  # read when game.engine is first imported
    if side in ("ours", "baseline", "pure"):
        play_one = make_ours(tree, record=True)
    elif side in ("ours-no-events", "baseline-no-events", "pure-no-events"):
        play_one = make_ours(tree, record=False)
    elif side == "Mindbug-AI":
        play_one = make_mindbug_ai(peers / side)
    else:
        play_one = make_mindbug_online(peers / side)
    play_one(0)  # warm-up
    engine = sys.modules.get("game.engine")
    if seeds is None:
        print(json.dumps({**timed(play_one, games),
                          "engine": getattr(engine, "ENGINE", "pure") if engine else None}))
    elif seeds == "finished":
        print(json.dumps([seed for seed in range(games) if ends(play_one, seed)]))
    else:
        for seed in map(int, filter(None, seeds.split(","))):
            ends(play_one, seed)


def fetch(peers: Path) -> None:
    for name, (url, commit) in PEERS.items():
        target = peers / name
        if not target.exists():
            subprocess.run(["git", "clone", "-q", url, str(target)], check=True)
        subprocess.run(["git", "-C", str(target), "checkout", "-q", commit], check=True)


def count_instructions(peers: Path, sides: list[str], games: int, extra: list[str]) -> int:
    """Instructions per game that ends with a winner, by valgrind's cachegrind: each side
    plays the seeds among the first `games` whose games end (found by a run outside
    valgrind), and once no game at all; the difference over the games is the figure. A
    loaded machine changes times, not instruction counts."""
    if shutil.which("valgrind") is None:
        sys.exit("--instructions needs valgrind")
    python = os.path.realpath(sys.executable)  # valgrind must run the interpreter, not a shim
    per_game = {}
    for side in sides:
        command = [python, __file__, str(peers), "--child", side, "--games", str(games), *extra]
        seeds = json.loads(subprocess.run([*command, "--seeds", "finished"], check=True,
                                          capture_output=True, text=True).stdout)  # fmt: skip
        counts = []
        for chosen in (seeds, []):
            out = subprocess.run(["valgrind", "--tool=cachegrind", "--cache-sim=no",
                                  "--cachegrind-out-file=/dev/null", *command,
                                  "--seeds", ",".join(map(str, chosen))],
                                 check=True, capture_output=True, text=True).stderr  # fmt: skip
            counts.append(int(re.search(r"I\s+refs:\s+([\d,]+)", out)[1].replace(",", "")))
        per_game[side] = (counts[0] - counts[1]) / len(seeds)
        print(f"{side:18s} {per_game[side]:12,.0f} instructions per game "
              f"({len(seeds)} of {games} games ended)", flush=True)
    peer = min(PEERS, key=per_game.__getitem__)
    print(f"ratio: events on {per_game[peer] / per_game['ours']:.2f}x, events off "
          f"{per_game[peer] / per_game['ours-no-events']:.2f}x fewer instructions per game "
          f"than the leaner peer ({peer})")  # fmt: skip
    if "baseline" in per_game:
        print(f"  this tree over the baseline: events on "
              f"{per_game['baseline'] / per_game['ours']:.2f}x, events off "
              f"{per_game['baseline-no-events'] / per_game['ours-no-events']:.2f}x")  # fmt: skip
    return 0


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("peers", type=Path, help="folder holding Mindbug-AI/ and Mindbug-online/")
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--games", type=int, default=2000, help="games per side and round")
    ap.add_argument("--fetch", action="store_true", help="clone the peers into PEERS and stop")
    ap.add_argument("--baseline", type=Path, help="another tree of this project, timed as "
                    "well (`git archive main game data pyproject.toml | tar -x -C DIR`)")
    ap.add_argument("--instructions", action="store_true",
                    help="count machine instructions per game instead (valgrind), once")
    ap.add_argument("--pure", action="store_true", help="also time this tree's pure-Python "
                    "engine (MINDBUG_ENGINE=pure), beside the compiled one where it is built")
    ap.add_argument("--child", help=argparse.SUPPRESS)
    ap.add_argument("--seeds", help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    peers = args.peers.resolve()
    if args.fetch:
        fetch(peers)
        return 0
    if args.child:
        child(args.child, peers, args.games, args.baseline and args.baseline.resolve(), args.seeds)
        return 0
    for name in PEERS:
        if not (peers / name).is_dir():
            sys.exit(f"{peers / name} is missing: lay the peers out first (--fetch, see --help)")
    sides = ["ours", "ours-no-events", *PEERS]
    extra = []
    if args.baseline:
        sides[2:2] = ["baseline", "baseline-no-events"]
        extra = ["--baseline", str(args.baseline.resolve())]
    if args.pure:
        sides[2:2] = ["pure", "pure-no-events"]
    if args.instructions:
        return count_instructions(peers, sides, args.games, extra)
    best: dict[str, dict] = {}
    engines: dict[str, str] = {}  # this project's sides: the engine each ran
    for round_no in range(1, args.rounds + 1):
        figures = []
        for side in sides:
            out = subprocess.run([sys.executable, __file__, str(peers), "--child", side,
                                  "--games", str(args.games), *extra],
                                 check=True, capture_output=True, text=True).stdout  # fmt: skip
            result = json.loads(out.strip().splitlines()[-1])
            figures.append(f"{side} {result['wall']:.0f}/{result['cpu']:.0f}")
            if result["engine"]:
                engines[side] = result["engine"]
            if result["unfinished"]:
                figures[-1] += f" ({result['unfinished']} unfinished)"
            for clock in ("wall", "cpu"):
                kept = best.setdefault(side, {})
                kept[clock] = max(kept.get(clock, 0.0), result[clock])
        print(f"round {round_no}: games/s wall/CPU: " + ", ".join(figures), flush=True)
    print(f"best of {args.rounds} rounds of {args.games} games (games/s, wall / CPU):")
    for side in sides:
        engine = f"  ({engines[side]} engine)" if side in engines else ""
        print(f"  {side:18s} {best[side]['wall']:8.0f} / {best[side]['cpu']:8.0f}{engine}")
    for clock in ("wall", "cpu"):
        peer = max(PEERS, key=lambda name: best[name][clock])
        print(f"ratio ({clock}): events on {best['ours'][clock] / best[peer][clock]:.2f}x, "
              f"events off {best['ours-no-events'][clock] / best[peer][clock]:.2f}x "
              f"the faster peer ({peer})")  # fmt: skip
        if args.pure:
            print(f"  the pure engine ({clock}): events on "
                  f"{best['pure'][clock] / best[peer][clock]:.2f}x, events off "
                  f"{best['pure-no-events'][clock] / best[peer][clock]:.2f}x the faster peer; "
                  f"this tree's default over its pure engine: "
                  f"{best['ours'][clock] / best['pure'][clock]:.2f}x, "
                  f"{best['ours-no-events'][clock] / best['pure-no-events'][clock]:.2f}x")  # fmt: skip
        if args.baseline:
            print(f"  this tree over the baseline ({clock}): events on "
                  f"{best['ours'][clock] / best['baseline'][clock]:.2f}x, events off "
                  f"{best['ours-no-events'][clock] / best['baseline-no-events'][clock]:.2f}x")  # fmt: skip
            print(f"  the baseline ({clock}): events on "
                  f"{best['baseline'][clock] / best[peer][clock]:.2f}x the faster peer")  # fmt: skip
    return 0


if __name__ == "__main__":
    sys.exit(main())
