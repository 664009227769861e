"""Records to rule, and what may be done to a record, for the properties of rulings
(``tests/test_ruling_properties.py``).

Records come from three places, each a strategy of :class:`Source`:

* **the casebook** (``cases/ecarte/**``): Hypothesis chooses the case;
* **the generator** of lawful games (:mod:`adjudicator.engine.ecarte.generate`), with or without
  one irregularity injected by a mutation of ``tests/test_mutations.py`` (a revoke, a sixth
  card, a false king, a lead out of turn, an overscore, a record that contradicts itself...):
  Hypothesis chooses the seed, the number of games and the mutation;
* **arbitrary records** (``tests/strategies.py``): any facts the notation can say, lawful or
  not, which reach the court's rarest paths.

Every record is read from its canonical text, so that its lines are real.

And the transformations:

* :func:`permute_players`: the players' names swapped (A and B; any permutation of A, B and C
  in a pool of three), in every line and in the tags that name them; :func:`permute_ruling`
  says what the ruling must become;
* :func:`position_map` and :func:`map_positions`: the lines of a record moved (comments and
  blank lines added, spacing changed, the canonical formatter run), and the ruling's line
  numbers carried along.

And :func:`hand_gives`, the marks a deal's play gives under laws 47 to 49, worked out here from
the record alone (not by the engine), for the generator's games, whose every card is known.
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from hypothesis import strategies as st
from strategies import records
from test_mutations import MUTATIONS

from adjudicator.court.ecarte.casebook import load_cases
from adjudicator.engine.ecarte.generate import generate
from adjudicator.notation.cards import ALL_CARDS, Card, Player, Suit
from adjudicator.notation.ecarte.model import (
    Abandon,
    Accept,
    Announce,
    Claim,
    CutForDeal,
    Deal,
    Lead,
    Packet,
    Play,
    Propose,
    Record,
    Refuse,
    Retract,
    Score,
    Show,
    Trick,
    Turn,
)
from adjudicator.notation.ecarte.reader import read_one
from adjudicator.notation.ecarte.writer import write
from adjudicator.notation.nodes import Line, Node, Tag

ROOT = Path(__file__).resolve().parent.parent
CASES = load_cases(ROOT / "cases" / "ecarte")


class Source:
    """A record to rule, and where it came from. Its ``repr`` (what Hypothesis prints for a
    failing example) is the record's text."""

    __slots__ = ("name", "record")

    def __init__(self, name: str, record: Record) -> None:
        self.name = name
        self.record = record

    @property
    def pool(self) -> bool:
        """Whether it is ruled as a pool of three (its ``Rules`` tag names ``pool``)."""
        return "pool" in (self.record.tag("Rules") or "").split("+")

    def __repr__(self) -> str:
        return f"Source({self.name!r}):\n{write(self.record)}"


def through_text(record: Record) -> Record:
    """``record`` as its canonical text reads (real lines and columns)."""
    return read_one(write(record))


# --------------------------------------------------------------------------------------------
#  The three places records come from
# --------------------------------------------------------------------------------------------

_CASE_RECORDS = [(case.name, case.record.read_text(encoding="utf-8")) for case in CASES]

casebook = st.sampled_from(_CASE_RECORDS).map(
    lambda case: Source(f"casebook {case[0]}", read_one(case[1]))
)
"""A case of the casebook, as its file reads (the casebook is kept in canonical form)."""

MUTATION_NAMES = sorted(MUTATIONS)


@st.composite
def generated(draw: st.DrawFn, *, mutated: bool | None = None, max_games: int = 2) -> Source:
    """A game of the generator (one to ``max_games`` games long), with one irregularity
    injected, or none. ``mutated``: always one (``True``), never (``False``), or either
    (``None``)."""
    seed = draw(st.integers(0, 10_000))
    games = draw(st.integers(1, max_games))
    record = generate(seed, games=games).record
    names = MUTATION_NAMES if mutated else []
    if mutated is None:
        names = [*MUTATION_NAMES, "lawful"]
    name = draw(st.sampled_from(names)) if names else "lawful"
    if name != "lawful":
        got = MUTATIONS[name](record, random.Random(draw(st.integers(0, 1_000))))
        if got is not None:
            record = got[0]
        else:
            name = f"lawful (no place for {name})"
    return Source(f"generated seed={seed} games={games} {name}", through_text(record))


def _two_players(record: Record) -> Record:
    """``record`` with C, wherever he stands, read as A: outside a pool, C is no seat at the
    table (a record of arbitrary facts names him at random)."""
    seated: Record = permute_players(
        record, {Player.A: Player.A, Player.B: Player.B, Player.C: Player.A}
    )
    return seated


@st.composite
def arbitrary(draw: st.DrawFn, *, seats_of_two: bool = False) -> Source:
    """A record of arbitrary facts (``tests/strategies.py``), lawful or not. ``seats_of_two``:
    with C read as A (see :func:`_two_players`)."""
    record = draw(records(max_deals=3))
    if seats_of_two:
        record = _two_players(record)
    return Source("arbitrary", through_text(record))


SOURCES: dict[str, st.SearchStrategy[Source]] = {
    "casebook": casebook,
    "generated": generated(),
    "arbitrary": arbitrary(),
}
"""Where records come from, by name."""


# --------------------------------------------------------------------------------------------
#  Swapping the players
# --------------------------------------------------------------------------------------------

Permutation = Mapping[Player, Player]

SWAP: Permutation = {Player.A: Player.B, Player.B: Player.A, Player.C: Player.C}
"""A and B change places; C (a bystander, or no one) stays."""

POOL_PERMUTATIONS: list[Permutation] = [
    dict(zip(Player, seats, strict=True))
    for seats in (
        (Player.B, Player.A, Player.C),
        (Player.A, Player.C, Player.B),
        (Player.C, Player.B, Player.A),
        (Player.B, Player.C, Player.A),
        (Player.C, Player.A, Player.B),
    )
]
"""In a pool of three, every permutation of the three seats but the identity."""


def _tag_name(name: str, perm: Permutation) -> str:
    """A tag's name, with the player it names permuted (tags are looked up in any case)."""
    for p, q in perm.items():
        if name == p.value:
            return q.value
        if name == p.value.lower():
            return q.value.lower()
    return name


def permute_players(value: Any, perm: Permutation) -> Any:
    """``value`` (a record, or any part of one) with every player permuted by ``perm``: the
    players of every line, the keys of a score or a cut, the tags that name the players.
    Comments and the other tags are left as they are."""
    if isinstance(value, Player):
        return perm[value]
    if isinstance(value, tuple):
        return tuple(permute_players(v, perm) for v in value)
    if isinstance(value, dict):
        return {permute_players(k, perm): permute_players(v, perm) for k, v in value.items()}
    if isinstance(value, Tag):
        return value.model_copy(update={"name": _tag_name(value.name, perm)})
    if isinstance(value, Node):
        update = {k: permute_players(v, perm) for k, v in value.facts().items()}
        return value.model_copy(update=update)
    return value


_WORDED = frozenset({"message", "how", "reason", "text", "needs", "default"})
"""The ruling's fields of words that name the players of this record (a law's ``title``,
``summary``, and an option's ``window`` and ``effect``, are the law's own words, the same for
every record: "A player who ..." is no player)."""

_LETTER = re.compile(r"(?<![\w'])([ABC])(?![\w])")
"""A player's letter standing alone in words ("A marked 2", "B's hand"; not "AH", not "A."
of a name, which stays in the tags)."""

_PLAYER_ORDERED = ("corrections", "trace")
"""The ruling's lists whose order among entries of the same deal follows the players' letters
(a deal's corrections are listed A before B): compared as sets of entries."""


def permute_ruling(ruling: Any, perm: Permutation, key: str | None = None) -> Any:
    """What the JSON of a ruling must become when the record's players are permuted: every
    field that holds a player, every key that names one, and every player named in the
    ruling's words."""
    letters = {p.value: q.value for p, q in perm.items()}
    if isinstance(ruling, dict):
        if key == "tags":
            return {_tag_name(k, perm): v for k, v in ruling.items()}
        return {letters.get(k, k): permute_ruling(v, perm, k) for k, v in ruling.items()}
    if isinstance(ruling, list):
        return [permute_ruling(v, perm, key) for v in ruling]
    if isinstance(ruling, str):
        if ruling in letters:
            return letters[ruling]
        if key in _WORDED:
            return _LETTER.sub(lambda m: letters[m.group(1)], ruling)
    return ruling


def unordered_by_player(ruling: dict[str, Any]) -> dict[str, Any]:
    """The JSON of a ruling with :data:`_PLAYER_ORDERED` lists sorted (see there)."""
    out = dict(ruling)
    for name in _PLAYER_ORDERED:
        out[name] = sorted(ruling[name], key=lambda entry: json.dumps(entry, sort_keys=True))
    return out


# --------------------------------------------------------------------------------------------
#  Moving lines: a record's items in order, and the ruling's positions carried along
# --------------------------------------------------------------------------------------------


def _items(record: Record) -> Iterator[Line]:
    """Every line of ``record`` in order: tags, the opening, each deal and its events."""
    yield from record.tags
    yield from record.opening
    for deal in record.deals:
        yield deal
        yield from deal.events


@dataclass(frozen=True)
class PositionMap:
    """Where each line of a record went in another text of the same record."""

    lines: dict[int, int]
    places: dict[tuple[int, int], tuple[int, int]]
    """(line, column) of each item's first word, before and after."""


def position_map(before: Record, after: Record) -> PositionMap:
    """Where the lines of ``before`` are in ``after`` (the same facts, written otherwise)."""
    lines = {before.line: after.line}
    places: dict[tuple[int, int], tuple[int, int]] = {}
    old, new = list(_items(before)), list(_items(after))
    assert len(old) == len(new), "the two texts do not hold the same lines"
    for a, b in zip(old, new, strict=True):
        assert type(a) is type(b)
        lines[a.line] = b.line
        places[(a.line, a.column)] = (b.line, b.column)
    return PositionMap(lines, places)


def in_written_order(record: Record, written: Record) -> Record:
    """``record`` with the players of each ``score`` line and cut for deal in the order
    ``written`` (the same facts, written otherwise) gives them. The order is no fact of the
    model (its equality ignores it), but a ruling quotes a score line as written ("the score
    agreed (B 3, A 3) differs from the marks (B 4, A 3)"), and the lenient texts of
    ``tests/strategies.py`` write the players in any order."""

    def ordered(line: Any, other: Any) -> Any:
        if isinstance(line, Score) and isinstance(other, Score):
            return line.model_copy(update={"points": {p: line.points[p] for p in other.points}})
        if isinstance(line, CutForDeal) and isinstance(other, CutForDeal):
            return line.model_copy(update={"cuts": {p: line.cuts[p] for p in other.cuts}})
        return line

    def each(lines: tuple[Any, ...], others: tuple[Any, ...]) -> tuple[Any, ...]:
        return tuple(ordered(a, b) for a, b in zip(lines, others, strict=True))

    deals = tuple(
        deal.model_copy(update={"events": each(deal.events, other.events)})
        for deal, other in zip(record.deals, written.deals, strict=True)
    )
    return record.model_copy(
        update={"opening": each(record.opening, written.opening), "deals": deals}
    )


_LINE_WORD = re.compile(r"\bline (\d+)")


def map_positions(ruling: Any, moved: PositionMap, key: str | None = None) -> Any:
    """The JSON of a ruling with every line and column moved as ``moved`` says: the
    ``line`` and ``column`` fields, and "line N" in the ruling's words. A position that is no
    line of the record raises ``KeyError`` (a ruling must point at the record's lines)."""
    if isinstance(ruling, dict):
        if key == "tags":
            return ruling  # the record's own words
        out = {k: map_positions(v, moved, k) for k, v in ruling.items()}
        line, column = ruling.get("line"), ruling.get("column")
        if isinstance(line, int) and isinstance(column, int):
            out["line"], out["column"] = moved.places[(line, column)]
        elif isinstance(line, int):
            out["line"] = moved.lines[line]
        return out
    if isinstance(ruling, list):
        return [map_positions(v, moved, key) for v in ruling]
    if isinstance(ruling, str):
        return _LINE_WORD.sub(lambda m: f"line {moved.lines[int(m.group(1))]}", ruling)
    return ruling


# --------------------------------------------------------------------------------------------
#  What the hand gives (laws 47-49), from the record alone
# --------------------------------------------------------------------------------------------

_ORDER = "KQJAT987"
"""The ranks from high to low in every suit, trumps included (the club code: the ace between
the knave and the ten)."""


def _beats(card: Card, led: Card, trump: Suit) -> bool:
    if card.suit is led.suit:
        return _ORDER.index(card.rank.value) < _ORDER.index(led.rank.value)
    return card.suit is trump


def _other(p: Player) -> Player:
    return Player.B if p is Player.A else Player.A


def hand_gives(deal: Deal) -> dict[Player, int] | None:
    """The most each player of a two-player deal under the club code may mark for it, from
    the record's play alone: the king (law 47: the dealer's turned up; held, if he announced
    it, law 23), and the hand (law 48: one for the point, two for the vole; law 49: two for a
    point won by the dealer when the non-dealer played without proposing, or by the
    non-dealer when the dealer refused the first proposal). ``None`` when the record does not
    settle it: a card not recorded, a hand not played out, or an act that reckons the hand
    otherwise (an abandoned or shown hand, a claim, a card taken back)."""
    turns = [e for e in deal.events if isinstance(e, Turn)]
    if len(turns) != 1 or len(turns[0].cards) != 1 or turns[0].cards[0] is None:
        return None
    turned = turns[0].cards[0]
    trump = turned.suit
    dealer, elder = deal.dealer, _other(deal.dealer)
    plays: list[tuple[Player, Card | None, Player, Card | None]] = []
    lead: tuple[Player, Card | None] | None = None
    for e in deal.events:
        if isinstance(e, (Abandon, Show, Claim, Retract)):
            return None
        if isinstance(e, Trick):
            if e.follower is None:
                return None
            plays.append((e.leader, e.lead, e.follower, e.follow))
        elif isinstance(e, Lead):
            lead = (e.player, e.card)
        elif isinstance(e, Play) and lead is not None:
            plays.append((*lead, e.player, e.card))
            lead = None
    won = {elder: 0, dealer: 0}
    for leader, led, follower, follow in plays:
        if led is None or follow is None or {leader, follower} != {elder, dealer}:
            return None
        won[follower if _beats(follow, led, trump) else leader] += 1
    proposed = any(isinstance(e, Propose) for e in deal.events)
    answers = [e for e in deal.events if isinstance(e, (Accept, Refuse))]
    refused_first = bool(answers) and isinstance(answers[0], Refuse)
    gives = dict.fromkeys((elder, dealer), 0)
    if len(plays) == 5:
        for p, tricks in won.items():
            if tricks == 5:
                gives[p] = 2
            elif tricks >= 3:
                doubled = not proposed if p is dealer else refused_first
                gives[p] = 2 if doubled else 1

    def king(card: Card | None) -> bool:
        return card is not None and card.rank.value == "K" and card.suit is trump

    if king(turned):
        gives[dealer] += 1
    for p in (elder, dealer):
        given = any(
            isinstance(e, Packet) and e.player is p and any(map(king, e.cards)) for e in deal.events
        )
        announced = any(isinstance(e, Announce) and e.player is p for e in deal.events)
        if given and announced:
            gives[p] += 1
    return gives


# --------------------------------------------------------------------------------------------
#  Annulling a deal
# --------------------------------------------------------------------------------------------


def with_events(record: Record, d: int, events: tuple[Any, ...]) -> Record:
    """``record`` with the events of its deal ``d`` (an index) replaced."""
    deals = list(record.deals)
    deals[d] = deals[d].model_copy(update={"events": events})
    return record.model_copy(update={"deals": tuple(deals)})


def unseen_cards(deal: Deal) -> list[Card]:
    """The cards the deal's record does not show anywhere (cards of the stock)."""
    seen: set[Card] = set()
    for e in deal.events:
        for name in ("cards", "card", "lead", "follow"):
            value = getattr(e, name, None)
            for c in value if isinstance(value, tuple) else (value,):
                if isinstance(c, Card):
                    seen.add(c)
    return [c for c in ALL_CARDS if c not in seen]
