"""MARKING THE KING: laws 22 to 25 (Cavendish, 1886, p. 10).

Law 22 gives the dealer until the next deal's turn-up to mark a king he turned; law 23 makes a
king held in hand worth nothing unless it is announced before its holder's first card; law 24
stretches that time when the king is itself the first card led, or the dealer's first card;
law 25 punishes announcing a king one does not hold.

The findings here rest on one piece of book-keeping, :func:`king_marks`: every ``marks king``
line of a deal, judged against what the deal (and, for law 22, the deal before it) entitles
each player to. A king mark that nothing entitles is an overscore; the adjudicator core takes
it down (citing law 22, 23, 24 or 25 where one of them names the cause, else law 51) by
comparing the marks recorded with the marks ruled. So these laws take marks away only where
the *entitled* marks (``adjudicator.engine.ecarte.queries.entitled_marks``) are still too generous:
law 25 (the offender's point or vole reduced).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import replace
from typing import NamedTuple

from adjudicator.engine.ecarte.hand_score import Why
from adjudicator.engine.ecarte.queries import (
    Unknown,
    announced_in_time,
    king_in_hand_at_play,
    king_turned,
)
from adjudicator.engine.ecarte.rules import HAND, is_king_of
from adjudicator.engine.ecarte.table import ANNULLED, SEAT, DealState, Step
from adjudicator.notation.cards import Player
from adjudicator.notation.ecarte.model import Announce, Mark, Unmark

from .base import Finding, Heading, Law, Option, Outcome, Reading, Rests, Who, Window
from .facts import finding, is_king_mark, offender_marks, opponent, turn_index
from .view import DealView, remember

# --------------------------------------------------------------------------------------------
#  Book-keeping shared by the four laws
# --------------------------------------------------------------------------------------------


def _dealt_correctly(deal: DealState) -> bool:
    """Both hands were dealt five cards (else law 19 forbids the king, and that law rules)."""
    dealt = {deal.elder: 0, deal.dealer: 0}
    for player, n in deal.packets:
        if player in dealt:
            dealt[player] += n
    return all(n == HAND for n in dealt.values())


def carried_king(view: DealView) -> Player | None:
    """The dealer of the previous deal, if he turned up a king there that he may still mark
    in this deal until its trump is turned (law 22)."""
    prev = view.previous
    if prev is None or view.number is None:
        return None
    if prev.ended_by in ANNULLED or not king_turned(prev):
        return None
    if not _dealt_correctly(prev):
        return None
    return prev.dealer


def holds(final: DealState, player: Player) -> bool | None:
    """Whether ``player`` held the king of trumps as the play began (or, if no play, at the
    end of the deal); ``None`` when the record does not say."""
    held = king_in_hand_at_play(final, player)
    return None if isinstance(held, Unknown) else held


class KingMark(NamedTuple):
    """One point of a ``marks king`` line, judged (``marks 2 king`` is two of them; of a line
    of more than four points, the first four are judged, the rest being like the fourth)."""

    step: Step
    player: Player
    verdict: str
    """``carried`` (the previous deal's turned king, marked in time), ``entitled`` (this
    deal's turned king, or a king announced in time), ``late_carry`` (law 22: too late),
    ``late_announce`` (law 23/24: announced too late), ``unannounced`` (law 23), ``false``
    (law 25: a king announced but not held), ``other`` (an overscore no law here explains)."""


_MOST_POINTS = 4
"""The points of one ``marks king`` line that are judged one by one (see :func:`_king_marks`)."""


def king_marks(view: DealView) -> tuple[KingMark, ...]:
    """Every ``marks king`` line of the deal, judged in order (see :class:`KingMark`; computed
    once: laws 22 and 23 both read them)."""
    return remember(view, "king.king_marks", lambda: tuple(_king_marks(view)))


def _king_marks(view: DealView) -> list[KingMark]:
    final = view.final
    if final is None or view.number is None or "mark" not in view.kinds:
        return []
    turn = turn_index(view)
    carry = carried_king(view)
    rights: dict[Player, int] = {final.elder: 0, final.dealer: 0}
    if king_turned(final):
        rights[final.dealer] += 1
    announced = {p for p, _, _ in final.announced}
    held: dict[Player, bool | None] = {p: holds(final, p) for p in rights}
    for p in rights:
        if p in announced and held[p] and announced_in_time(final, p):
            rights[p] += 1
    out: list[KingMark] = []
    for i, step in enumerate(view.steps):
        if step.kind != "mark" or not is_king_mark(step):
            continue
        assert isinstance(step.event, Mark)
        p = step.event.player
        units = step.event.points if step.event.points is not None else 1
        # Each point uses up a right (the turned king, one announced, one carried: three at
        # most); past those every point of the line gets the same verdict, so no more than
        # _MOST_POINTS are judged (a line may say any number: 'marks 99999999 king').
        for _ in range(min(max(units, 0), _MOST_POINTS)):
            if turn is None or i < turn:
                verdict = "carried" if carry is p else "other"
                if carry is p:
                    carry = None
            elif rights.get(p, 0) > 0:
                rights[p] -= 1
                verdict = "entitled"
            elif carry is p:
                carry = None
                verdict = "late_carry"
            elif p in announced and held.get(p) is True:
                verdict = "late_announce"
            elif p in announced and held.get(p) is False:
                verdict = "false"
            elif held.get(p) is True:
                verdict = "unannounced"
            else:
                verdict = "other"
            out.append(KingMark(step, p, verdict))
    return out


def _announcements(view: DealView, player: Player) -> Iterator[Step]:
    if "announce" not in view.kinds:
        return
    for step in view.steps:
        if isinstance(step.event, Announce) and step.event.player is player:
            yield step


def _first_card_was_king(final: DealState, player: Player) -> bool:
    """Whether the first card ``player`` played in the deal was the king of trumps."""
    for t in final.tricks:
        if t.leader is player:
            return is_king_of(t.lead, final.trump)
        if t.follower is player:
            return is_king_of(t.follow, final.trump)
    if final.lead is not None and final.lead[0] is player:
        return is_king_of(final.lead[1], final.trump)
    return False


# --------------------------------------------------------------------------------------------
#  Law 22
# --------------------------------------------------------------------------------------------


def _find_law_22(view: DealView) -> Sequence[Finding]:
    prev = view.previous
    found: list[Finding] = []
    for km in king_marks(view):
        if km.verdict != "late_carry" or prev is None:
            continue
        found.append(
            replace(
                finding(
                    22,
                    view,
                    km.step,
                    km.player,
                    "king_marked_too_late",
                    f"{km.player} marked the king he turned up in deal {prev.number} after "
                    f"the trump of deal {view.number} was turned up: too late under law 22. "
                    "He loses the king, and the mark comes off.",
                    default="the king is not scored; the late mark is taken down",
                    answers_king=(km.player,),
                ),
                deal=prev.number,
            )
        )
    return found


LAW_22 = Law(
    number=22,
    heading=Heading.MARKING_THE_KING,
    title="When the turned-up king may be marked",
    summary=(
        "A dealer who turns up a king may score it at any moment until the trump card of the "
        "following deal has been turned up; after that he has lost it."
    ),
    interpretation=(
        "Marking is optional (Foster, S6: 'he is not compelled to do so'). A `marks king` line "
        "by the previous dealer in the next deal before its `turn` line is the previous deal's "
        "king, marked in time. After that `turn` it is too late: the finding is made at the "
        "late mark and belongs to the deal whose king it was (its `deal` is that deal's number, "
        "its line is the late mark's). It takes no marks itself: the king, not marked before "
        "the next turn-up, lapses with that deal's other omissions (law 50's window, applied "
        "by the adjudicator), and the late mark is then an overscore the score correction "
        "takes down, citing this law. A late mark is told apart from "
        "a king the same player may mark in the new deal (one he holds and announced in time) "
        "by counting: only king marks beyond what the new deal entitles him to are late. A "
        "turned king never marked at all is simply not scored; that is an omission under law 50 "
        "(the same window), left to the scoring of omissions. No king is carried from a deal "
        "that ended in a fresh deal or was void, nor from a deal with a wrong number dealt "
        "(law 19 rules there). A mark in a later deal than the next is an overscore (law 51). "
        "Sources: S2; EB 1911 (S4) 'at any time before the next deal'."
    ),
    find=_find_law_22,
    default="the king is not scored once the next trump is turned; a late mark is taken down",
    looks_at=frozenset({"mark"}),  # a king marked too late
)


# --------------------------------------------------------------------------------------------
#  Laws 23 and 24
# --------------------------------------------------------------------------------------------


def _late_announcements(view: DealView, law: int) -> Sequence[Finding]:
    """Announcements of a king held, made too late: law 24's if the king was the holder's
    first card (its extended time ran out), law 23's otherwise."""
    final = view.final
    if final is None or view.number is None or final.trump is None:
        return []
    found: list[Finding] = []
    for player in (final.elder, final.dealer):
        steps = list(_announcements(view, player))
        if not steps or holds(final, player) is not True or announced_in_time(final, player):
            continue
        king_first = _first_card_was_king(final, player)
        if (law == 24) != king_first:
            continue
        step = steps[0]
        if king_first and player is final.elder:
            why = "the king was the card he led first, and it had been played to"
        elif king_first:
            why = "the king was the first card he played, and he had played again"
        else:
            why = "he had already played his first card"
        found.append(
            finding(
                law,
                view,
                step,
                offender=player,
                kind="king_announced_too_late",
                message=(
                    f"{player} announced the king of trumps too late ({why}): he may not "
                    f"mark it (law {law}); a mark for it is taken down."
                ),
                default="the king is not scored",
                answers_king=(player,),
            )
        )
    return found


def _find_law_23(view: DealView) -> Sequence[Finding]:
    found = list(_late_announcements(view, 23))
    final = view.final
    if final is None:
        return found
    late = {f.offender for f in found} | {f.offender for f in _late_announcements(view, 24)}
    seen: set[Player] = set()
    for km in king_marks(view):
        if km.verdict != "unannounced" or km.player in late or km.player in seen:
            continue
        seen.add(km.player)
        found.append(
            finding(
                23,
                view,
                km.step,
                offender=km.player,
                kind="king_marked_without_announcing",
                message=(
                    f"{km.player} marked the king of trumps he held without announcing it: "
                    "marking is not enough (law 23); the mark is taken down."
                ),
                default="the king is not scored; the mark is taken down",
                answers_king=(km.player,),
            )
        )
    found.sort(key=lambda f: f.step)
    return found


LAW_23 = Law(
    number=23,
    heading=Heading.MARKING_THE_KING,
    title="The king held must be announced",
    summary=(
        "A player who has the king of trumps in his hand scores it only if he says so before "
        "he plays his first card; putting the point on the score without saying so does not "
        "count."
    ),
    interpretation=(
        "Announcing is optional (§6.3; the 1909 Hoyle game, Foster S6): a king held and never "
        "announced is simply not scored, and is no finding. The record must say `announces "
        "king`; a `marks king` line alone is not an announcement, and a king held, marked and "
        "never announced is found here at the mark (the mark comes off). An announcement after "
        "the holder's first card is found here at the announcement, unless the king was that "
        "first card (law 24's extended time, found under law 24). 'Held' is judged on the hand "
        "as the play began (`king_in_hand_at_play`); a player who announces a king he did not "
        "hold is law 25's. Entitled marks (`entitled_marks`) already leave such a king out, so "
        "this law takes nothing more away: the recorded mark is an overscore that the score "
        "correction removes, citing this law. Sources: S2; §6.3."
    ),
    find=_find_law_23,
    default="the king is not scored",
    # an announcement too late, or a king marked and not announced
    looks_at=frozenset({"announce", "mark"}),
)


def _find_law_24(view: DealView) -> Sequence[Finding]:
    return _late_announcements(view, 24)


LAW_24 = Law(
    number=24,
    heading=Heading.MARKING_THE_KING,
    title="Announcing a king that is the first card",
    summary=(
        "When the king of trumps is the first card led, its holder may still announce it up "
        "to the moment it is played to; when it is the first card the dealer plays, he may "
        "announce it until he plays his next card."
    ),
    interpretation=(
        "The timing is `adjudicator.engine.ecarte.queries.announced_in_time` (checked: "
        "an announcement "
        "before any card played counts; after one card, it counts only if that card was the "
        "king of trumps and either the holder led it and it was not yet played to, or he is "
        "the dealer and had not played again). An announcement inside that extended time is "
        "no irregularity and makes no finding; one made after it ran out, when the king WAS "
        "the first card, is found here (`king_announced_too_late`); a late announcement when "
        "the first card was another card is law 23's. 'The card first led' is the first card "
        "of the hand, which the non-dealer leads; the dealer's first card is his card to "
        "trick 1. Sources: S2; §6.3."
    ),
    find=_find_law_24,
    default="the king is not scored",
    looks_at=frozenset({"announce"}),  # an announcement too late
)


# --------------------------------------------------------------------------------------------
#  Law 25
# --------------------------------------------------------------------------------------------


def _declared_error(view: DealView, index: int, player: Player) -> bool:
    """Whether ``player``, after the announcement at ``view.steps[index]``, took his mark down
    (``unmarks``) before he played another card: the notation's way to declare the error."""
    start = view.steps[index].table.deal
    if start is None:
        return False
    played = start.played[SEAT[player]]
    for step in view.steps[index + 1 :]:
        deal = step.table.deal
        if deal is None:
            break
        if isinstance(step.event, Unmark) and step.event.player is player:
            return True
        if deal.played[SEAT[player]] > played:
            return False
    return False


REPLAY = Option(
    name="replay",
    who=Who.ADVERSARY,
    window=Window.BEFORE_NEXT_TURN,
    claims=("replay",),
    effect=(
        "the hands are played again as they stood when the play began (same trump, same "
        "leader, no new proposals); the offender's marks are reduced as the law says"
    ),
    outcome=Outcome.REPLAY,
    reading=(
        "law 25 sets no time for it: the cut-off is the project's reading, the one law 43 "
        "uses for the same words, by analogy with law 50; see 'ecarte laws 25'"
    ),
)


def _find_law_25(view: DealView) -> Sequence[Finding]:
    final = view.final
    if final is None or view.number is None or final.trump is None:
        return []
    found: list[Finding] = []
    for player in (final.elder, final.dealer):
        if player is final.dealer and king_turned(final):
            continue  # the dealer 'announcing' the king he turned: he is entitled to it
        if holds(final, player) is not False:
            continue
        first = next(
            (
                i
                for i, s in enumerate(view.steps)
                if isinstance(s.event, Announce) and s.event.player is player
            ),
            None,
        )
        if first is None:
            continue
        step = view.steps[first]
        if _declared_error(view, first, player):
            continue
        adversary = opponent(final, player)
        if king_turned(final) or holds(final, adversary) is True:
            why = (
                "the king was turned up for all to see"
                if king_turned(final)
                else f"{adversary} himself held the king"
            )
            found.append(
                finding(
                    25,
                    view,
                    step,
                    offender=player,
                    kind="false_king_announced",
                    message=(
                        f"{player} announced the king of trumps, which he did not hold, and "
                        f"did not declare his error; but {why}, so there is no penalty: only "
                        "the false mark, if made, is taken down."
                    ),
                    default="no penalty; a false mark is taken down",
                    answers_king=(player,),
                )
            )
            continue
        caps: tuple[tuple[Player, int], ...] = ()
        result = final.result
        if result is not None and result.winner is player and result.why is not Why.UNDETERMINED:
            caps = ((player, offender_marks(result.points, final.doubled is not None)),)
        found.append(
            finding(
                25,
                view,
                step,
                offender=player,
                kind="false_king_announced",
                message=(
                    f"{player} announced the king of trumps, which he did not hold, and did "
                    f"not declare his error before playing a card: {adversary} corrects the "
                    "score (the false mark comes off) and may require the hands to be played "
                    f"again; if {player} wins the point he marks nothing, the vole only one, "
                    "a point worth two under law 49 only one."
                ),
                options=(REPLAY,),
                default=(
                    "the score is corrected and the offender's marks for the hand are reduced; "
                    "the hand stands"
                ),
                caps=caps,
                answers_king=(player,),
            )
        )
    found.sort(key=lambda f: f.step)
    return found


LAW_25 = Law(
    number=25,
    needs=("cards",),
    heading=Heading.MARKING_THE_KING,
    title="Announcing a king not held",
    summary=(
        "A player who claims the king of trumps without having it, and does not own up before "
        "he plays a card, lets his adversary put the score right and, if the adversary wishes, "
        "have the hands played over, even after abandoning his own. The offender then scores "
        "nothing for the point, one instead of two for the vole, and one instead of two for a "
        "point that law 49 would double. If the adversary himself has the king, there is no "
        "penalty."
    ),
    keywords=("false",),
    interpretation=(
        "§6.1: the reductions apply to whichever result stands, the original one or the "
        "replayed one (reading (b), as the older Hoyle S7 reads the parallel rule), and the "
        "finding computes them on the deal's final result, which after `claims replay` is the "
        "replayed hand: the offender, if he wins, marks at most one less than the hand gives "
        "(1 -> 0, 2 -> 1), a cap (`Finding.caps`), which applies to law 42's result too. "
        "The adversary's own marks are never reduced. 'Played again' means the same hands "
        "as the play began, same trump and leader, no new proposals (the engine's replay); the "
        "replay may be required, even after the adversary abandoned, until the trump of the next "
        "deal is turned up, the cut-off law 43 uses for "
        "the same words (§6.7, by analogy with law 50). "
        "'Correct the score': the false king is never an entitled mark, so any mark made for "
        "it is an overscore the correction takes down. Declaring the error: the notation has "
        "no line for it; a player who takes his king mark down (`unmarks`) before he plays "
        "another card is read as having declared it, and there is then no finding. Holding is "
        "judged on the hand as the play began. §6.2: when the adversary himself holds the king "
        "there is no penalty (no reduction, no replay option), but the false mark still comes "
        "off (L51, and this law's 'correct the score'); the same is ruled when the king was "
        "turned up (no source covers it: the announcement deceives nobody, so the penalty, "
        "which protects a deceived adversary, has no ground). The dealer who 'announces' the "
        "king he turned up makes no false announcement. Sources: S2; §6.1, §6.2; S7 for "
        "comparison (its one-point forfeit is not the club rule)."
    ),
    find=_find_law_25,
    options=(REPLAY,),
    default="the score is corrected and the offender's marks for the hand are reduced",
    readings=(Reading(Rests.WINDOW, "replay", "the replay is open until the next deal's turn-up"),),
    looks_at=frozenset({"announce"}),  # an announcement of a king not held
)


LAWS: tuple[Law, ...] = (LAW_22, LAW_23, LAW_24, LAW_25)

__all__ = [
    "LAWS",
    "LAW_22",
    "LAW_23",
    "LAW_24",
    "LAW_25",
    "KingMark",
    "carried_king",
    "holds",
    "king_marks",
]
