"""A cheap default policy for the search's roll-outs.

Roll-outs must be fast, so this looks at one decision and a few powers only. It is far from
the rule bot's quality, but much better than uniform play at the decisions that swing the most
(a Mindbug on a weak card, a suicidal block), which keeps the roll-outs' noise down.
"""

from __future__ import annotations

import random

from game.engine import Decision, Kind, Option, State

# A roll-out seat spends a Mindbug on a card at least this strong.
MINDBUG_POWER = 7


_MINDBUG = Kind.MINDBUG
_BLOCK = Kind.BLOCK
_HUNT = Kind.HUNT
_FRENZY = Kind.FRENZY


def default_option(s: State, d: Decision, rng: random.Random) -> Option:
    options = d.options
    kind = d.kind
    if kind == _MINDBUG:
        card = d.source
        take = card is not None and s.card(card).power >= MINDBUG_POWER
        for option in options:
            if (option.verb == "mindbug") == take:
                return option
    elif kind == _BLOCK:
        return _block(s, d, options)
    elif kind == _HUNT:
        return _hunt(s, d, options)
    elif kind == _FRENZY:
        for option in options:
            if option.verb == "attack":
                return option
    # rng.randrange(n), inlined: the same draws of the same generator, one call instead of three
    n = len(options)
    bits = n.bit_length()
    getrandbits = rng.getrandbits
    r = getrandbits(bits)
    while r >= n:
        r = getrandbits(bits)
    return options[r]


def _block(s: State, d: Decision, options: tuple[Option, ...]) -> Option:
    attacker = d.source
    if attacker is None:
        return options[-1]
    power = s.power(attacker)
    no_block = None
    chump = None
    chump_power = 99
    for option in options:
        cid = option.card
        if cid is None:
            no_block = option
            continue
        p = s.power(cid)
        if p > power:
            return option  # a blocker that survives the fight
        if p < chump_power:
            chump, chump_power = option, p
    # Trade or chump only when the life point is the last one.
    if no_block is None or s.life[s.team_of(d.seat)] <= 1:
        return chump if chump is not None else options[0]
    return no_block


def _hunt(s: State, d: Decision, options: tuple[Option, ...]) -> Option:
    attacker = d.source
    power = s.power(attacker) if attacker is not None else 0
    best = None
    best_power = -1
    no_hunt = None
    for option in options:
        cid = option.card
        if cid is None:
            no_hunt = option
            continue
        p = s.power(cid)
        if p < power and p > best_power:
            best, best_power = option, p
    if best is not None:
        return best
    return no_hunt if no_hunt is not None else options[0]
