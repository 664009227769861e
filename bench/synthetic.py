"""Synthetic records for benchmarks: plausible écarté deals (not necessarily lawful), about 30
lines a record, from a seed. Deterministic: the same seed gives the same text."""

from __future__ import annotations

import random

RANKS = "KQJAT987"
SUITS = "SHDC"
DECK = [r + s for s in SUITS for r in RANKS]


def synthetic_record(rng: random.Random, number: int) -> str:
    """One record of two deals (about 30 lines)."""
    lines = [
        f'[Event "Synthetic {number}"]',
        '[Site "Portland Club"]',
        '[A "Mr. Anstey"]',
        '[B "Mr. Bourke"]',
        "",
        "cut A JS B AH",
    ]
    score = {"A": 0, "B": 0}
    for d in (1, 2):
        dealer, other = ("A", "B") if d % 2 else ("B", "A")
        deck = DECK[:]
        rng.shuffle(deck)
        hands = {other: deck[:5], dealer: deck[5:10]}
        lines += ["", f"deal {d} {dealer}", f"  cut {other} {rng.randint(2, 30)}"]
        lines += [
            f"  {other}: {' '.join(hands[other][:3])}",
            f"  {dealer}: {' '.join(hands[dealer][:3])}",
        ]
        lines += [
            f"  {other}: {' '.join(hands[other][3:])}",
            f"  {dealer}: {' '.join(hands[dealer][3:])}",
        ]
        lines += [f"  turn {deck[10]}", f"  {other} takes up"]
        if rng.random() < 0.5:
            lines += [
                f"  {other} proposes",
                f"  {dealer} accepts",
                f"  {other} discards {hands[other][0]} {hands[other][1]}",
            ]
            lines += [
                f"  {other}: {deck[11]} {deck[12]}",
                f"  {dealer} discards {hands[dealer][0]}",
                f"  {dealer}: {deck[13]}",
            ]
            hands[other][:2] = [deck[11], deck[12]]
            hands[dealer][0] = deck[13]
        else:
            lines.append(f"  {other} plays")
        leader = other
        for t in range(5):
            follower = dealer if leader == other else other
            lines.append(f"  {t + 1}. {leader} {hands[leader][t]} {follower} {hands[follower][t]}")
            if rng.random() < 0.5:
                leader = follower
        winner = rng.choice("AB")
        score[winner] += 1
        lines.append(f"  {winner} marks 1 point")
        lines.append(f"  score A {score['A']} B {score['B']}")
    return "\n".join(lines) + "\n"


def synthetic_text(n: int, seed: int = 1) -> str:
    """``n`` records, separated by blank lines."""
    rng = random.Random(seed)
    return "\n".join(synthetic_record(rng, i) for i in range(n))
