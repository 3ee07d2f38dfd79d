"""One-line descriptions of saved games, for the title's "Continue", the replay list, the
viewer and the game-over box. No pygame."""

from __future__ import annotations

from game.persist.record import GameRecord

LEVEL_NAMES = {"random": "Random", "easy": "Easy", "medium": "Medium", "hard": "Hard",
               "expert": "Expert"}


def team_name(record: GameRecord, team: int) -> str:
    names = [s.name for s in record.seats]
    if record.rules == "1v1":
        return names[team]
    return f"{names[team]} & {names[team + 2]}"


def opponent_text(record: GameRecord) -> str:
    """"vs Hard", "Ann vs Bob", "Computer vs computer (Easy)"."""
    people = [s for s in record.seats if s.kind == "person"]
    levels = [s.level for s in record.seats if s.level]
    level = LEVEL_NAMES.get(levels[0], levels[0]) if levels else ""
    if record.mode == "ai" and len(people) == 1:
        return f"vs {level}" + (" (2v2)" if record.rules == "2v2" else "")
    if not people:
        return f"Computer vs computer ({level})"
    return f"{team_name(record, 0)} vs {team_name(record, 1)}"


def continue_line(record: GameRecord, game: object) -> str:
    """"vs Hard, turn 12, you 2 life – 3" for a game in progress."""
    life = list(game.life)
    you = next((i % 2 for i, s in enumerate(record.seats) if s.kind == "person"), None)
    if record.mode == "ai" and you is not None:
        score = f"you {life[you]} life – {life[1 - you]}"
    else:
        score = f"life {life[0]} – {life[1]}"
    return f"{opponent_text(record)}, turn {game.turn_no}, {score}"


def result_line(record: GameRecord) -> str:
    """"Ann won in 14 turns" (or "unfinished")."""
    if record.result is None:
        return "unfinished"
    r = record.result
    you = next((i % 2 for i, s in enumerate(record.seats) if s.kind == "person"), None)
    if record.mode == "ai" and you is not None:
        who = "You won" if r.winner == you else "You lost"
    else:
        who = f"{team_name(record, r.winner)} won"
    return f"{who} in {r.turns} turn{'s' if r.turns != 1 else ''}"


def end_text(reason: str | None, loser: str, cause: str | None = None) -> str:
    """Why the game ended, from the engine's GameOver reason."""
    if reason == "life":
        whose = "Your" if loser == "You" else f"{loser}'s"
        return f"{whose} life reached 0" + (f" ({cause})" if cause else "")
    if reason == "no action":
        if loser == "You":  # the game-over box speaks to the player
            return "You have no card to play and no creature to attack with, so you lose"
        return f"{loser} has no card to play and no creature to attack with, so loses"
    if reason == "eliminated":
        return f"{loser} have no card to play and no creature to attack with, so lose"
    return f"{loser} lost"


def short_date(record: GameRecord) -> str:
    """"2026-11-30 16:40" (UTC) from the record's date."""
    return record.date.replace("T", " ")[:16] if record.date else "?"


def end_cause(events: list, card_name: object) -> str | None:
    """What dealt the last blow ("Killer Bee's attack", "Tusked Extorter's ability"), read from
    the events of the game's last decision; None if no card did."""
    cause = None
    for ev in events:
        kind = type(ev).__name__
        if kind == "AttackDeclared":
            cause = f"{card_name(ev.card)}'s attack"
        elif kind == "AbilityTriggered":
            cause = f"{card_name(ev.card)}'s ability"
        elif kind == "LifeChanged" and ev.new <= 0:
            return cause
    return None
