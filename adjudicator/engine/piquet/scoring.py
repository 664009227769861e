"""A deal's score, reckoned in the laws' order, with the pique and the repique (laws 61-69).

:func:`score_deal` takes what each player declared, the tricks as played and who is under the
penalty of reckoning nothing, and returns every score as a :class:`Step` in the order of law 67
(carte blanche, point, sequences, quatorzes and trios, play, the cards) with each player's
running total, so that a caller can explain how the deal was reckoned, and where a pique or a
repique (laws 68, 69) was made.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping
from dataclasses import dataclass
from enum import StrEnum

from adjudicator.engine.piquet.holdings import Declaration
from adjudicator.engine.piquet.play import Cards, Play, Trick, score_cards, score_play
from adjudicator.engine.piquet.rulings import Ruling, rule_point, rule_sequences, rule_sets
from adjudicator.notation.cards import Player

CARTE_BLANCHE = 10
"""What a carte blanche scores (law 61)."""
REPIQUE = 60
"""What a repique adds (law 68)."""
PIQUE = 30
"""What a pique adds (law 69)."""
THIRTY = 30
"""The score that makes a pique or a repique (laws 68, 69)."""


class Category(StrEnum):
    """What a score is for: the six heads of law 67, in its order, then the two bonuses."""

    CARTE_BLANCHE = "carte blanche"
    POINT = "point"
    SEQUENCES = "sequences"
    SETS = "quatorzes and trios"
    PLAY = "play"
    CARDS = "the cards"
    REPIQUE = "repique"
    PIQUE = "pique"


IN_HAND: frozenset[Category] = frozenset(
    {Category.CARTE_BLANCHE, Category.POINT, Category.SEQUENCES, Category.SETS}
)
"""The scores made in hand alone, which alone make a repique (law 68)."""


@dataclass(frozen=True)
class Step:
    """One score of the deal, as it reckons in law 67's order."""

    player: Player
    """Who scores it."""
    category: Category
    """What it is for."""
    points: int
    """What it adds to the player's score: 0 if he reckons nothing that deal."""
    total: int
    """The player's score in the deal after this step."""
    held: int
    """What it is worth before any penalty: for a player who reckons nothing, the points his
    cards would have scored, which still bar his adversary (law 58, the Description)."""
    detail: str
    """What was reckoned, in words, e.g. "quart major in hearts", "leads AH"."""
    trick: int | None = None
    """The trick's number, for a score in play."""

    def describe(self) -> str:
        """E.g. "A: quart major in hearts 4, making 9"."""
        if self.points == self.held:
            return f"{self.player}: {self.detail} {self.points}, making {self.total}"
        return f"{self.player}: {self.detail} ({self.held}, bars only), making {self.total}"


@dataclass(frozen=True)
class DealScore:
    """Everything a deal scores, and how."""

    elder: Player
    """The elder hand (the non-dealer)."""
    younger: Player
    """The younger hand (the dealer)."""
    steps: tuple[Step, ...]
    """Every score, in the order the laws reckon them (law 67), bonuses where they are made."""
    point: Ruling
    """Whose point was good, or whether the points were equal (law 62)."""
    sequences: Ruling
    """Whose sequences were good, or whether they were equal (law 63)."""
    sets: Ruling
    """Whose quatorzes and trios were good (law 64)."""
    play: Play
    """The points made in play and the tricks counted (law 65)."""
    cards: Cards
    """Who won the cards, or a capot (law 66)."""
    repique: Player | None
    """Who made a repique (law 68), if anyone."""
    pique: Player | None
    """Who made a pique (law 69), if anyone."""
    reckon_nothing: frozenset[Player]
    """The players under the penalty of reckoning nothing that deal."""

    def total(self, player: Player) -> int:
        """What ``player`` scores in the deal."""
        return sum(step.points for step in self.steps if step.player is player)

    @property
    def totals(self) -> dict[Player, int]:
        """Each player's score in the deal."""
        return {p: self.total(p) for p in (self.elder, self.younger)}

    def by_category(self, player: Player) -> dict[Category, int]:
        """What ``player`` scores under each head, the bonuses included (0 where nothing)."""
        scored = dict.fromkeys(Category, 0)
        for step in self.steps:
            if step.player is player:
                scored[step.category] += step.points
        return scored

    def explain(self) -> tuple[str, ...]:
        """Each step in words, in order."""
        return tuple(step.describe() for step in self.steps)


def score_deal(
    elder: Player,
    younger: Player,
    declarations: Mapping[Player, Declaration],
    tricks: Iterable[Trick],
    *,
    unanswered: Mapping[Player, int] | None = None,
    reckon_nothing: Collection[Player] = (),
) -> DealScore:
    """Score a deal (laws 61-69), reckoning in law 67's order: I carte blanche, II point,
    III sequences, IV quatorzes and trios, V points made in play, VI the cards.

    ``declarations`` is what each player declared (see
    :func:`~adjudicator.engine.piquet.holdings.declare_everything`); the point, sequences and
    sets go to the good declaration (laws 62-64) and nothing to either when equal. ``tricks`` and
    ``unanswered`` are scored by :func:`~adjudicator.engine.piquet.play.score_play` (laws 57, 65)
    and :func:`~adjudicator.engine.piquet.play.score_cards` (law 66).

    ``reckon_nothing`` holds the players under that penalty (laws 25, 27, 28, 29, 31, 33, 35, 54,
    58), less any the adversary chose not to enforce (law 44). Such a player scores nothing,
    but what he declared still bars his adversary (law 58, Case XXII), and he is not piqued or
    repiqued if his cards would have scored first (the Description, "Carte blanche, pique and
    repique"). Two readings of the project: under law 54 the caller passes, as the offender's
    declaration, only his correct calls (law 54 lets the adversary reckon what is good and not
    barred by them); and a carte blanche the penalised player showed still scores, as Case XXI
    rules for a player with too many cards, because it accrues before any card is taken in,
    before any of these offences can be committed.

    Repique (law 68): a player who reaches thirty with scores in hand alone (I-IV), before his
    adversary has reckoned anything in law 67's order, adds sixty. Pique (law 69): the elder
    hand who reaches thirty in hand and play (I-V), the play included, before the younger has
    reckoned anything, adds thirty. A carte blanche counts toward both (law 18); the cards and the
    capot reckon after play and count toward neither (law 69). An equality is not a reckoning
    and saves neither (the Description). Thirty reached in hand alone is a repique or nothing,
    never a pique."""
    players = (elder, younger)
    if elder is younger or set(declarations) != set(players):
        raise ValueError("a deal has an elder and a younger hand, each with a declaration")
    barred = frozenset(reckon_nothing)
    if not barred <= set(players):
        raise ValueError("only the players can be under a penalty")
    point = rule_point(declarations)
    sequences = rule_sequences(declarations)
    sets = rule_sets(declarations)
    play = score_play(tricks, players, unanswered=unanswered)
    cards = score_cards(play.tricks)

    scores = _in_order(players, declarations, (point, sequences, sets), play, cards)
    bars_only = frozenset(
        (p, Category(head)) for p in players for head in declarations[p].bars_only
    )
    steps, pique, repique = _reckon(elder, younger, scores, barred, bars_only)
    return DealScore(
        elder,
        younger,
        tuple(steps),
        point,
        sequences,
        sets,
        play,
        cards,
        repique,
        pique,
        barred,
    )


_Score = tuple[Player, Category, int, str, int | None]
"""What a player has to reckon: the player, the head, the points held, in words, the trick (for a
point made in play)."""


def _in_order(
    players: tuple[Player, Player],
    declarations: Mapping[Player, Declaration],
    rulings: tuple[Ruling, Ruling, Ruling],
    play: Play,
    cards: Cards,
) -> list[_Score]:
    """Everything the players have to reckon, in law 67's order: carte blanche, the point, the
    sequences and the sets (``rulings``, to the good declaration), the play, the cards."""
    scores: list[_Score] = [
        (p, Category.CARTE_BLANCHE, CARTE_BLANCHE, "carte blanche", None)
        for p in players
        if declarations[p].carte_blanche
    ]
    for category, ruling in zip(
        (Category.POINT, Category.SEQUENCES, Category.SETS), rulings, strict=True
    ):
        if ruling.good is not None:
            scores += [
                (ruling.good, category, item.value, item.describe(), None)
                for item in ruling.reckoned
            ]
    scores += [(p.player, Category.PLAY, p.points, p.describe(), p.trick) for p in play.points]
    if cards.winner is not None:
        what = "capot" if cards.capot else "the cards"
        scores.append((cards.winner, Category.CARDS, cards.points, what, None))
    return scores


def _reckon(
    elder: Player,
    younger: Player,
    scores: list[_Score],
    barred: frozenset[Player],
    bars_only: frozenset[tuple[Player, Category]] = frozenset(),
) -> tuple[list[Step], Player | None, Player | None]:
    """The scores reckoned in order, a player under the penalty reckoning nothing (but carte
    blanche), and a head that only bars (``bars_only``: law 46) scoring nothing, with repique
    and pique where thirty is reached first (laws 68, 69): the steps, who made a pique, who
    made a repique."""
    steps: list[Step] = []
    total = dict.fromkeys((elder, younger), 0)
    reckoned = dict.fromkeys((elder, younger), False)
    pique: Player | None = None
    repique: Player | None = None
    for player, category, held, detail, trick in scores:
        other = younger if player is elder else elder
        kept = category is Category.CARTE_BLANCHE or player not in barred
        kept = kept and (player, category) not in bars_only
        points = held if kept else 0
        before = total[player]
        total[player] += points
        steps.append(Step(player, category, points, total[player], held, detail, trick))
        reaches = before < THIRTY <= total[player] and player not in barred
        if reaches and not reckoned[other] and category is not Category.CARDS:
            if category in IN_HAND:
                repique = player
                total[player] += REPIQUE
                steps.append(
                    Step(player, Category.REPIQUE, REPIQUE, total[player], REPIQUE, "repique")
                )
            elif player is elder:
                pique = player
                total[player] += PIQUE
                steps.append(Step(player, Category.PIQUE, PIQUE, total[player], PIQUE, "pique"))
        reckoned[player] = reckoned[player] or held > 0
    return steps, pique, repique
