"""Scoring (laws 61-74): what each head scores, in which order, the pique and repique, errors
corrected, the partie and its settlement, and written scores that differ. Laws 61 to 69 and
71 to 73 define the score: the engine applies them (``applied_by``) and their finders find
nothing; the court reckons a deal again with them when a law's effect changes it."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from adjudicator.engine.piquet.rulings import Ruling
from adjudicator.engine.piquet.scoring import (
    CARTE_BLANCHE,
    IN_HAND,
    THIRTY,
    Category,
    DealScore,
    Step,
)
from adjudicator.notation.cards import Player
from adjudicator.notation.piquet.events import CarteBlanche

from .base import (
    Finding,
    Law,
    PartieFacts,
    Reckoner,
    Section,
    Settles,
    reckons_nothing,
    settles_nothing,
    weighs_nothing,
)
from .reckoning import bonus_step, describe, scored, step_line, thirty
from .score_sheets import CORRECTED, SHEETS
from .view import DealView

_SCORE = "adjudicator.engine.piquet.scoring.score_deal"
_ENGINE = "Defines the score: the engine reckons it, and a finding is never made under it."


def _defines(
    number: int,
    title: str,
    summary: str,
    applied_by: str = _SCORE,
    reckon: Reckoner = reckons_nothing,
    settles: Settles = settles_nothing,
    weighs: Callable[[DealView, DealScore], bool] = weighs_nothing,
    weighs_partie: Settles = settles_nothing,
    **more: str,
) -> Law:
    """A law that defines part of the score, applied by the engine's ``applied_by``; where it
    makes a score, ``reckon`` finds it (a finding of fact), and ``settles`` says whether it
    settles a partie."""
    return Law(
        number,
        Section.SCORING,
        title,
        summary,
        more.get("reading", _ENGINE),
        applied_by=applied_by,
        keywords=tuple(more.get("keywords", "").split(",")) if more.get("keywords") else (),
        reckon=reckon,
        settles=settles,
        weighs=weighs,
        weighs_partie=weighs_partie,
    )


def _fact(number: int, view: DealView, line: int, kind: str, message: str) -> Finding:
    """A finding of fact of the law of scoring ``number``: no fault, no option, no effect."""
    return Finding(number, view.number, line, None, kind, message, fault=False)


def _heads(number: int, category: Category, kind: str) -> Reckoner:
    """The reckoner of a law that scores one head: a finding at each line where a player makes
    a score under it (his good declaration, which bars even when he reckons nothing)."""

    def reckon(view: DealView, score: DealScore) -> Sequence[Finding]:
        found: dict[int, list[Step]] = {}
        for step in scored(score, category):
            found.setdefault(step_line(view, score, step), []).append(step)
        return tuple(
            _fact(number, view, line, kind, "; ".join(describe(s) for s in steps))
            for line, steps in found.items()
        )

    return reckon


def _play(view: DealView, score: DealScore) -> Sequence[Finding]:
    """Law 65: the points made in play, at the first trick."""
    steps = scored(score, Category.PLAY)
    if not steps or not view.replay.tricks:
        return ()
    made = {p: sum(s.held for s in steps if s.player is p) for p in (view.elder, view.younger)}
    words = ", ".join(f"{p} {n}" for p, n in made.items())
    return (_fact(65, view, view.replay.tricks[0].line, "play_scored", f"In play: {words}"),)


def _cards(view: DealView, score: DealScore) -> Sequence[Finding]:
    """Law 66: the cards or a capot, at the twelfth trick."""
    steps = scored(score, Category.CARDS)
    if not steps:
        return ()
    step = steps[0]
    kind = "capot" if step.detail == "capot" else "cards_won"
    return (_fact(66, view, step_line(view, score, step), kind, describe(step)),)


def _order(view: DealView, score: DealScore) -> Sequence[Finding]:
    """Law 67: where a player first reaches thirty, and what the order of reckoning makes of
    it (a pique, a repique, or neither because his adversary reckoned first)."""
    step = thirty(score)
    if step is None:
        return ()
    if score.repique is step.player:
        what = "a repique"
    elif score.pique is step.player:
        what = "a pique"
    else:
        what = "neither pique nor repique: his adversary reckoned first, or it was not in hand"
    message = f"{step.player} reaches thirty ({step.total}) with {step.detail}: {what}"
    return (_fact(67, view, step_line(view, score, step), "thirty_reached", message),)


def _bonus(number: int, bonus: Category) -> Reckoner:
    """The reckoner of the pique or repique: at the line of the score that made it."""

    def reckon(view: DealView, score: DealScore) -> Sequence[Finding]:
        step = bonus_step(score, bonus)
        if step is None:
            return ()
        words = f"{step.player} makes {bonus.value} at {step.total} with {step.detail}"
        return (_fact(number, view, step_line(view, score, step), bonus.value, words),)

    return reckon


def _ruled(ruling: Callable[[DealScore], Ruling]) -> Callable[[DealView, DealScore], bool]:
    """Whether a head was declared and ruled: good for one, or equal."""

    def weighs(view: DealView, score: DealScore) -> bool:
        ruled = ruling(score)
        return ruled.good is not None or ruled.equal

    return weighs


def _played(view: DealView, score: DealScore) -> bool:
    """Whether any trick was counted (the play and the cards are reckoned)."""
    return any(score.play.tricks.values())


def _reckoned(view: DealView, score: DealScore) -> bool:
    """Whether anything was reckoned in the deal (law 67 puts it in order)."""
    return bool(score.steps)


def _reaches_thirty(view: DealView, score: DealScore, categories: frozenset[Category]) -> bool:
    """Whether a player reaches thirty by scores of ``categories`` (his hand as he announced
    it: a carte blanche the table counted included), so that whether it makes a pique or
    repique is in question (the order of reckoning and the adversary's scores decide it); the
    repique is in question too wherever a pique is made (it is one because thirty came only
    with the play)."""
    if score.pique is not None:
        return True  # a pique, not a repique: thirty was not reached in hand alone
    for player in (score.elder, score.younger):
        made = sum(s.held for s in score.steps if s.player is player and s.category in categories)
        if _announced_not_held(view, score, player):
            made += CARTE_BLANCHE  # his hand as he announced it: the table counted it
        if made >= THIRTY:
            return True
    return False


def _repique_open(view: DealView, score: DealScore) -> bool:
    """Whether law 68 decides something: thirty reached in hand (or a pique made instead)."""
    return _reaches_thirty(view, score, IN_HAND)


def _announced_not_held(view: DealView, score: DealScore, player: Player) -> bool:
    """Whether ``player`` announced a carte blanche that scores nothing (his hand as dealt
    held a court card, law 18)."""
    announced = any(e.player is player for _, e in view.of_type(CarteBlanche))
    held = any(s.player is player and s.category is Category.CARTE_BLANCHE for s in score.steps)
    return announced and not held


def _blanche_announced(view: DealView, score: DealScore) -> bool:
    """Law 61 decides something wherever a carte blanche is announced: ten, or nothing for a
    hand that was not one."""
    return bool(view.of_type(CarteBlanche))


def _pique_open(view: DealView, score: DealScore) -> bool:
    """Whether law 69 decides something: a player reaches thirty in hand and play (the elder's
    pique, or none for the younger, who never piques), or the elder scores in play while the
    younger has reckoned nothing, so that only the count keeps him from a pique (e.g. 29)."""
    if _reaches_thirty(view, score, IN_HAND | {Category.PLAY}):
        return True  # thirty in hand and play: a pique, or none (the younger never piques)
    reckoned = False
    for step in score.steps:
        if step.player is score.younger and step.held > 0:
            reckoned = True
        if step.player is score.elder and step.category is Category.PLAY and not reckoned:
            return True
    return False


def _complete(facts: PartieFacts) -> bool:
    return facts.finished


def _written_out(facts: PartieFacts) -> bool:
    """Law 71 decides how many deals the partie has where the record gives it all its deals
    but the laws do not count it over (a deal void, a tie to play off), or the reverse."""
    return facts.written_deals >= facts.due or facts.finished


def _won(facts: PartieFacts) -> bool:
    settled = facts.settlement
    return settled is not None and settled.winner is not None and not settled.rubicon


def _rubicon(facts: PartieFacts) -> bool:
    return facts.settlement is not None and facts.settlement.rubicon


def _table_won(facts: PartieFacts) -> bool:
    """The table's figures settle it as a plain win (law 72), whatever the laws make of it."""
    return any(s.winner is not None and not s.rubicon for s in facts.as_written)


def _table_rubicon(facts: PartieFacts) -> bool:
    """The table's figures make it a rubicon (law 73), whatever the laws make of it."""
    return any(s.rubicon for s in facts.as_written)


LAWS: tuple[Law, ...] = (
    _defines(
        61,
        "Carte blanche scores ten",
        "A carte blanche scores ten.",
        reckon=_heads(61, Category.CARTE_BLANCHE, "carte_blanche_scored"),
        weighs=_blanche_announced,
    ),
    _defines(
        62,
        "The point",
        "The longest point is good and scores one a card; between points of as many cards the "
        "one that makes more (ace eleven, court cards ten, the others their pips) is good, and "
        "points equal in both score nothing.",
        "adjudicator.engine.piquet.rulings.rule_point",
        _heads(62, Category.POINT, "point_good"),
        weighs=_ruled(lambda s: s.point),
    ),
    _defines(
        63,
        "Sequences",
        "The longest sequence is good, and between sequences of one length the higher; good, "
        "a huitième scores eighteen, a septième seventeen, a sixième sixteen, a quint fifteen, "
        "a quart four and a tierce three.",
        "adjudicator.engine.piquet.rulings.rule_sequences",
        _heads(63, Category.SEQUENCES, "sequence_good"),
        weighs=_ruled(lambda s: s.sequences),
        keywords="huitieme,septieme,sixieme,quint,quart,tierce,sequence",
    ),
    _defines(
        64,
        "Quatorzes and trios",
        "The highest quatorze is good, and any quatorze beats any trio; between trios the "
        "highest is good. A good quatorze scores fourteen, a good trio three; only tens and "
        "higher count.",
        "adjudicator.engine.piquet.rulings.rule_sets",
        _heads(64, Category.SETS, "set_good"),
        weighs=_ruled(lambda s: s.sets),
        keywords="set,fourteen",
    ),
    _defines(
        65,
        "Points in play",
        "In the play each player scores one for every card he leads and for every trick he "
        "wins with a card played to his adversary's lead; the last trick scores two instead "
        "of one.",
        "adjudicator.engine.piquet.play.score_play",
        _play,
        weighs=_played,
        keywords="lead,trick,last",
    ),
    _defines(
        66,
        "The cards",
        "Winning more than six tricks scores ten for the cards; six each divides them and "
        "scores nothing; winning all twelve is a capot and scores forty instead of ten.",
        "adjudicator.engine.piquet.play.score_cards",
        _cards,
        weighs=_played,
        keywords="capot,tricks",
    ),
    _defines(
        67,
        "The order of reckoning",
        "The scores reckon in this order: carte blanche, the point, sequences, quatorzes and "
        "trios, points in play, the cards.",
        reckon=_order,
        weighs=_reckoned,
        keywords="order",
    ),
    _defines(
        68,
        "Repique",
        "A player who reaches thirty in hand alone, by scores that reckon before his adversary "
        "can count anything, adds sixty: a repique.",
        reckon=_bonus(68, Category.REPIQUE),
        weighs=_repique_open,
        keywords="repique,thirty,sixty",
        reading=(
            "The engine's: an equality is not a reckoning. Under 'reckons nothing' the "
            "repique is judged on the adversary's scores alone, and the offender is not "
            "repiqued if his barring cards would have scored first (the Description)."
        ),
    ),
    _defines(
        69,
        "Pique",
        "An elder who reaches thirty in hand and play, before his adversary has reckoned "
        "anything, adds thirty: a pique. The cards and a capot reckon after the play and do "
        "not count toward it.",
        reckon=_bonus(69, Category.PIQUE),
        weighs=_pique_open,
        keywords="pique,thirty",
    ),
    CORRECTED,
    _defines(
        71,
        "The partie",
        "A partie is six deals; if the totals are then equal each deals once more, and the "
        "partie ends there even if they are equal again. By agreement a partie may be four "
        "deals, the first and last counting double and any deals after a tie single.",
        "adjudicator.engine.piquet.replay.replay_partie",
        settles=_complete,
        weighs_partie=_written_out,
        keywords="partie,six,four,tie",
    ),
    _defines(
        72,
        "The winner's score",
        "The winner takes the loser's total from his own and adds a hundred.",
        "adjudicator.engine.piquet.partie.settle",
        settles=_won,
        weighs_partie=_table_won,
        keywords="settlement,win,hundred",
    ),
    _defines(
        73,
        "Rubicon",
        "If the loser has not reached a hundred, the winner, whether he has or not, adds the "
        "loser's total to his own and a hundred more: a rubicon.",
        "adjudicator.engine.piquet.partie.settle",
        settles=_rubicon,
        weighs_partie=_table_rubicon,
        keywords="rubicon,hundred,settlement",
    ),
    SHEETS,
)
"""The laws of scoring, 61 to 74."""
