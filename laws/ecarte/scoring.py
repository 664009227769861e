"""SCORING: laws 46 to 51 — the game, the king, the point and the vole, the two-point
penalty, omitted marks and overscores.

Laws 46 to 49 define the scoring; the engine states and applies them, and each law names the
function that states it (``Law.scoring``): the game's value ``rules.game_value`` (law 46), the
king ``queries.king_marks`` (law 47), the hand ``hand_score.hand_score`` (laws 48 and 49, and
the profiles' rules D1 and O1). Their finders report nothing. Laws 50 and 51 look at the score
sheet: marks a player was entitled to and did not make, and marks he made and was not
entitled to.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from adjudicator.engine.ecarte.deviations import DeviationKind
from adjudicator.engine.ecarte.hand_score import Why, hand_score
from adjudicator.engine.ecarte.queries import Unknown, entitled_marks, king_marks
from adjudicator.engine.ecarte.rules import game_value
from adjudicator.engine.ecarte.table import ANNULLED, SEAT, DealState, Step
from adjudicator.notation.cards import Player

from .allowed import Allowed, Corrected, Sheet, SheetCorrection, allowed_marks, most_marks
from .base import (
    ALWAYS,
    ANNULS,
    NEVER,
    Correcting,
    Finding,
    Heading,
    Law,
    LawIndex,
    Reading,
    Rests,
    citation,
    findings_of,
)
from .chapters import BEFORE_SCORING
from .facts import finding, is_king_mark, replaced_marks, turn_index
from .games import MARK_KINDS, mark_points, marker, marks_before_play, sheet_lines
from .profiles import RULES
from .view import DealView, remember

# --------------------------------------------------------------------------------------------
#  Laws 46 to 49: definitions
# --------------------------------------------------------------------------------------------

LAW_46 = Law(
    number=46,
    heading=Heading.SCORING,
    title="Game of five; treble, double, single",
    keywords=("treble", "single"),
    summary=(
        "The first to five points wins the game. If the players have so agreed, a game won "
        "while the loser still has nothing counts three games, while he has one or two counts "
        "two, and while he has three or four counts one."
    ),
    interpretation=(
        "S2 text; the older Hoyle's glossary (S7, §4.2) agrees. Definitional: the engine "
        'counts the game (the `Game` tag, default 5) and, with `[Scoring "law46"]`, the '
        "game's value by the loser's score (`Table.game_values`, `rules.game_value`). §6.8 "
        "decided: the game ends the moment a player's marks reach five, a king marked before "
        "the play included; the rest of the hand need not be played, and marks beyond five "
        "count for nothing: a hand played out after a king won the game gives marks that count "
        "in no game (law 51's correction takes them down, citing this law; no finding). The "
        "treble, double or single is reckoned on the loser's score at that moment. §6.8/§6.9 "
        "decided, corrections after the game: an admitted overscore that carried a player to "
        "five may be taken down (law 51, 'during the game') until the next deal begins, and "
        "the game then goes on (the engine restores it); once the next deal has begun a new "
        "game, the finished game's score is closed. Which deal a mark is for, and so which "
        "game, is decided once (`laws/ecarte/games.py`): a mark made good in time (laws 22, "
        "50) is for the deal that won it and counts from the moment it was won, so it may end "
        "that deal's game (the next deal then begins the next) and a loser's king made good "
        "after the game was won still counts in it. Rubbers are not defined by any source and "
        "are not reckoned."
    ),
    definitional=True,
    scoring=game_value,
    readings=(
        Reading(
            Rests.CORRECTION,
            "",
            "the game ends once it is won; marks after it count for nothing",
        ),
    ),
    looks_at=NEVER,
)

LAW_47 = Law(
    number=47,
    heading=Heading.SCORING,
    title="The king scores one",
    summary=(
        "The dealer who turns up a king, and the player who holds the king of trumps in his "
        "hand, may each mark one point for it."
    ),
    interpretation=(
        "S2 text. Definitional: `queries.entitled_marks` counts the turned-up king for the "
        "dealer and the king held in hand for a player who announced it in time (laws 22 to 25 "
        "govern when and how). Marking the king is a right, not a duty (Foster, S6; the 1909 "
        "Hoyle's illustrative game): an unmarked king is lost only as laws 22 and 50 say."
    ),
    definitional=True,
    scoring=king_marks,
    looks_at=NEVER,
)

LAW_48 = Law(
    number=48,
    heading=Heading.SCORING,
    title="Point one, vole two",
    summary=(
        "Winning three or four of the five tricks (the point) scores one; winning all five "
        "(the vole) scores two."
    ),
    interpretation=(
        "S2 text; Foster (S6) agrees. Definitional: the engine's `Result` gives the winner of "
        "three or four tricks one point and of five tricks two (`rules.point_marks`); laws 30 "
        "and 34 (cards that cannot be played to count as the other's tricks) and law 42 "
        "(abandoning) feed the same count."
    ),
    definitional=True,
    scoring=hand_score,
    looks_at=NEVER,
)

LAW_49 = Law(
    number=49,
    heading=Heading.SCORING,
    title="Two for the point against a player who stood or refused",
    keywords=("doubled",),
    summary=(
        "If the non-dealer plays without proposing and loses the point, the dealer scores two "
        "for it; if the dealer refuses the first proposal and loses the point, the non-dealer "
        "scores two. This concerns only the first proposal or refusal of the hand, and only "
        "the point: a vole still scores two."
    ),
    interpretation=(
        "S2 text; footnote 22. §6.5 decided: 'play without proposing' means the non-dealer "
        "never proposed in the hand (declining to propose again after an accepted proposal "
        "carries no penalty); only the dealer's refusal of the first proposal counts; the vole "
        "stays two (never three or four); the king is unaffected; the point conceded by "
        "abandoning with one or two tricks (law 42) is worth two here, the literal reading; "
        "laws 25 and 43 halve such a point to one for an offender. Definitional: the engine's "
        "`Result` already gives the two points (`how` = 'point (law 49)'), so the finder "
        "reports nothing; the two points show in the deal's marks. (Decided against a "
        "`law49_points` finding: the two points are the law's ordinary scoring, not an "
        "irregularity, and a finding would stand in every such deal.)"
    ),
    definitional=True,
    scoring=hand_score,
    looks_at=NEVER,
)


# --------------------------------------------------------------------------------------------
#  What the other laws make of the deal (for laws 50 and 51)
# --------------------------------------------------------------------------------------------


class _Others(NamedTuple):
    """What the other laws make of a deal."""

    gone: bool
    """Another law voids the deal or imposes a fresh deal."""
    found: list[Finding]
    """Their findings."""


def _others(view: DealView) -> _Others:
    """What the other laws' findings make of the deal (laws 50 and 51 excepted)."""
    return remember(view, "scoring.others", lambda: _compute_others(view))


def _compute_others(view: DealView) -> _Others:
    result = _Others(False, [])
    for law in _OTHERS.that_may_find(view):  # not those that cannot find anything here
        for f in findings_of(view, law):
            result.found.append(f)
            if f.outcome in ANNULS:
                result = result._replace(gone=True)
    return result


def _allowed(view: DealView, final: DealState) -> dict[Player, Allowed] | Unknown:
    """What each player may mark for the deal once the other laws have spoken
    (:func:`~laws.ecarte.allowed.allowed_marks`), worked out once for laws 50 and 51."""
    return remember(view, "scoring.allowed", lambda: allowed_marks(final, _others(view).found))


def _ended(deal: DealState, view: DealView) -> bool:
    """The deal came to nothing: void or a fresh deal (by the engine's account or another
    law's imposed outcome)."""
    if deal.ended_by in ANNULLED:
        return True
    if any(s.kind == "pack_fault" for s in view.steps):
        return True
    return _others(view).gone


def _result_step(steps: Sequence[Step]) -> Step | None:
    """The step at which the hand's (last) result was reached."""
    found = None
    before = None
    for s in steps:
        deal = s.table.deal
        now = deal.result if deal is not None else None
        if now is not None and before is None:
            found = s
        before = now
    return found


# --------------------------------------------------------------------------------------------
#  Law 50: an omitted mark
# --------------------------------------------------------------------------------------------


def _find_50(view: DealView) -> Sequence[Finding]:
    final = view.final
    if view.number is None or final is None or final.result is None:
        return ()
    if final.result.why is Why.UNDETERMINED or _ended(final, view):
        return ()
    allowed = _allowed(view, final)
    if isinstance(allowed, Unknown):
        return ()
    steps = view.steps
    t = turn_index(view)
    after = steps[t + 1 :] if t is not None else steps
    at = _result_step(steps)
    if at is None:
        return ()
    out: list[Finding] = []
    for p in (final.elder, final.dealer):
        net = 0
        hand_marked = 0
        for s in after:
            if s.kind not in MARK_KINDS:
                continue
            n = mark_points(s)
            if n is None or marker(s) is not p:
                continue
            net += n
            if n > 0 and not is_king_mark(s):
                hand_marked += n
        omitted = min(allowed[p].total - net, allowed[p].hand - hand_marked)
        if omitted <= 0:
            continue
        res = final.result
        when = (
            "he may still mark it until the trump of the next deal is turned up (the record "
            "ends before it)"
            if view.next_turn_step is None
            else "the trump of the next deal was turned up, so what he had not marked by then "
            "is lost"
        )
        out.append(
            finding(
                50,
                view,
                at,
                p,
                "omitted_mark",
                f"{p} won deal {view.number} ({res.how}, {res.points} to mark) and did not "
                f"mark {omitted} of it in the deal; {when} (law 50)",
                default="an omission not made good before the next trump is turned up is lost",
            )
        )
    return out


def _correct_50(sheet: Sheet) -> Corrected | None:
    """Law 50's correction of the sheet: marks the laws allow the player for the deal and he did
    not make are added while he may still make them (until the trump of the next deal is turned
    up); once that window has closed they are lost, and his marks stand as made."""
    short = sheet.allowed - sheet.recorded
    if short <= 0:
        return None
    if not sheet.window_open:
        return Corrected(sheet.recorded, ())
    p = sheet.player
    reason = (
        f"{p} is entitled to {sheet.allowed} from deal {sheet.deal} and marked "
        f"{sheet.recorded}; he may mark the rest until the next trump is turned"
    )
    return Corrected(sheet.recorded + short, (SheetCorrection(short, 50, "any", reason),))


LAW_50 = Law(
    number=50,
    heading=Heading.SCORING,
    title="An omitted mark",
    summary=(
        "A player who forgets to mark points he has won may still put them on the score until "
        "the trump of the following deal is turned up; after that they are lost."
    ),
    keywords=("omission",),
    interpretation=(
        "S2 text; the condensed S9 list ('before the cards are dealt') differs and is not "
        "followed. The finder compares the marks made in the deal after its turn-up with what "
        "the hand's result entitles the winner to (the point, the vole, law 49's two, law 42's "
        "concession), after the marks other laws give or take (e.g. law 43's reduction, so an "
        "offender who rightly marks nothing has omitted nothing); a deal that is void or a "
        "fresh deal has nothing to omit. The king is left to laws 22 to 25 (law 22 states the "
        "same window for the turned-up king; marking a king is optional, law 47). Finding "
        "`omitted_mark`, at the step that decided the hand; the adjudicator sees whether the "
        "omission was made good in the next deal before its trump was turned (marks made "
        "there before the turn-up belong to this deal), adds it as a correction while the "
        "window is open, and drops it once closed. An omission made good in time is no "
        "irregularity: the finding is withdrawn (made good in part, it stands). §6.9 "
        "decided: for the last deal of a game the window is the same (the next deal's "
        "turn-up), but the finished game's score is closed once the next deal begins (law "
        "46's interpretation); a mark made good counts in the deal it is for, from the moment "
        "it was won, and may end that deal's game."
    ),
    find=_find_50,
    corrects=Correcting.OMISSION,
    correction=_correct_50,
    default="the omitted marks may be made until the next trump is turned up, then are lost",
    looks_at=ALWAYS,  # the marks made against those the deal entitles to: no kind tells
)


# --------------------------------------------------------------------------------------------
#  Law 51: an overscore; the agreed score differing from the marks
# --------------------------------------------------------------------------------------------


def _overscore(
    view: DealView, steps: Sequence[Step], p: Player, allowed: int, hand_allowed: int | None
) -> tuple[Step, int, int] | None:
    """The first mark by ``p`` among ``steps`` that takes his marks beyond what he may mark,
    the overscore, and how much of it was taken down among ``steps``. ``hand_allowed`` is
    ``None`` when every mark counts (king marks included)."""
    pos_all = 0
    pos_hand = 0
    down = 0
    first: Step | None = None
    excess = 0
    for s in steps:
        if s.kind not in MARK_KINDS:
            continue
        n = mark_points(s)
        if n is None or marker(s) is not p:
            continue
        if n < 0:
            down -= n
            continue
        pos_all += n
        if not is_king_mark(s):
            pos_hand += n
        if hand_allowed is None:
            now = pos_all - allowed
        else:
            now = min(pos_all - allowed, pos_hand - hand_allowed)
        if now > 0 and first is None:
            first = s
        excess = max(excess, now)
    if first is None:
        return None
    return first, excess, min(down, excess)


def _find_51(view: DealView) -> Sequence[Finding]:
    out: list[Finding] = []
    steps = view.steps
    for line in sheet_lines(view):
        if line.right:
            continue
        stated = ", ".join(f"{q} {m}" for q, m in line.stated.items())
        marked = ", ".join(f"{q} {line.marked[SEAT[q]]}" for q in line.stated)
        out.append(
            finding(
                51,
                view,
                line.step,
                None,
                "score_differs_from_marks",
                f"the score agreed ({stated}) differs from the marks ({marked}): the score is "
                "what the marks, as the laws allow them, make it; an admitted overscore is "
                "taken down (law 51) and an omission made good only in time (law 50)",
                default="the score is the sum of the marks the laws allow",
            )
        )
    final = view.final
    if view.number is None or final is None:
        return out
    t = turn_index(view)
    early = steps[1:t] if t is not None else steps[1:]
    after = steps[t + 1 :] if t is not None else []
    players = (final.elder, final.dealer)
    before, left = _early_overscores(view, early, players)
    out.extend(before)
    if t is None and final.result is None:
        return out
    unknown = ""  # what the record lacks, if the deal's marks are only bounded
    if _ended(final, view):
        allowed: dict[Player, int] = {}
        hand: dict[Player, int] | None = None
    else:
        parts = _allowed(view, final)
        if isinstance(parts, Unknown):  # whatever the card not recorded, no more than its most
            allowed, hand = most_marks(final, turned_up=t is not None), None
            unknown = parts.missing
        else:
            # Marks other laws give are allowed; those they take are their findings, not
            # overscores.
            allowed = {p: a.king_entitled + a.hand_given for p, a in parts.items()}
            hand = {p: parts[p].hand_given for p in players}
    replaced, _ = replaced_marks(view)  # marks for a hand the replay took the place of
    counted = [s for s in after if s.number not in replaced]
    for p in players:
        found = _overscore(
            view, counted, p, allowed.get(p, 0), None if hand is None else hand.get(p, 0)
        )
        if found is not None:
            s, excess, down = found
            if left.get(p, 0) > 0 and s.number in marks_before_play(view) and t is not None:
                where = _too_late(view, steps[t])
            else:
                where = _beyond(view, gone=hand is None and not unknown, unknown=unknown)
            out.append(_overscore_finding(view, s, p, excess, down, where))
    return out


def _early_overscores(
    view: DealView, early: Sequence[Step], players: tuple[Player, Player]
) -> tuple[list[Finding], dict[Player, int]]:
    """The overscores among the marks made before the deal's turn-up, which are for the deal
    before (laws 22, 50), beyond what that deal still owed each player; and what it still owed
    each player after them."""
    out: list[Finding] = []
    prev = view.previous
    left: dict[Player, int] = {}
    for p in players:
        owed = 0
        if prev is not None and prev.ended_by not in ANNULLED:
            ent = entitled_marks(prev)
            if isinstance(ent, Unknown):
                continue
            made = sum(n for q, n in prev.marks if q is p)
            owed = max(0, ent.get(p, 0) - made)
        found = _overscore(view, early, p, owed, None)
        if found is not None:
            s, excess, down = found
            where = "before the trump was turned up, beyond anything owing from the deal before"
            if prev is not None:
                where = (
                    f"for deal {prev.number}, marked in deal {view.number} before its trump was "
                    f"turned up, beyond anything deal {prev.number} still owed him"
                )
            out.append(_overscore_finding(view, s, p, excess, down, where))
        early_made = sum(max(0, mark_points(s) or 0) for s in early if marker(s) is p)
        left[p] = max(0, owed - early_made)
    return out, left


def _too_late(view: DealView, turn: Step) -> str:
    """What a mark made in the deal after its turn-up and before its play was for: the deal
    before, whose omission law 50 let the player make good only until that turn-up."""
    before = view.previous.number if view.previous is not None else None
    return (
        f"for deal {before}, marked in deal {view.number} after its trump was turned up "
        f"(line {turn.line}): too late, {citation(LAW_50)} having let him make good the "
        "omission only until then"
    )


def _beyond(view: DealView, *, gone: bool, unknown: str) -> str:
    """Beyond what the marks for the deal go: nothing (the deal annulled), the most it can give
    whatever the record lacks (``unknown``), or what it entitles him to."""
    if gone:
        return f"for deal {view.number}, which gives no marks (it is void, or dealt afresh)"
    if unknown:
        return (
            f"for deal {view.number}, beyond the most the deal can give him ({unknown}: the "
            "hand and a king at most, laws 47-49)"
        )
    return f"for deal {view.number}, beyond what the deal entitles him to"


def _overscore_finding(
    view: DealView, s: Step, p: Player, excess: int, down: int, where: str
) -> Finding:
    if down >= excess:
        tail = "it was taken down in the deal (law 51)"
    elif down:
        tail = f"{down} was taken down in the deal; the rest comes off (law 51)"
    else:
        tail = "it comes off the score (law 51)"
    return finding(
        51,
        view,
        s,
        p,
        "overscore",
        f"{p} marked {excess} more than he may, {where}: {tail}",
        default="an admitted overscore is taken down at any time during the game",
    )


def _correct_51(sheet: Sheet) -> Corrected | None:
    """Law 51's correction of the sheet: marks the player made for the deal beyond what the laws
    allow him are taken down, each citing the law whose finding answers for it
    (:func:`_takedowns`), else this law."""
    excess = sheet.recorded - sheet.allowed
    if excess <= 0:
        return None
    p = sheet.player
    fixes: list[SheetCorrection] = []
    if sheet.late is not None:  # marks made here for the deal before, too late for it
        before, made, turned = sheet.late
        take = min(excess, made)
        if take:
            why = (
                f"{p} marked {made} in deal {sheet.deal} for deal {before}, after deal "
                f"{sheet.deal}'s trump was turned up (line {turned}): too late, "
                f"{citation(LAW_50)} having let him make good an omission of deal {before} "
                "only until then: it is lost"
            )
            fixes.append(SheetCorrection(-take, LAW_50.number, "late", why, before))
            excess -= take
    if sheet.early is not None:  # marks made here for the deal before, beyond what it owed
        before, made = sheet.early
        take = min(excess, made)
        if take:
            why = (
                f"{p} marked {made} in deal {sheet.deal}, before its trump was turned up, for "
                f"deal {before}, beyond what deal {before} still owed him: an overscore of "
                f"deal {before}"
            )
            fixes.append(SheetCorrection(-take, LAW_51.number, "early", why, before))
            excess -= take
    recorded = sheet.recorded - sum(-f.points for f in fixes)
    allowed = "nothing" if sheet.allowed == 0 else str(sheet.allowed)
    head = f"{p} marked {recorded} for deal {sheet.deal}; the laws allow him {allowed} in all"
    if excess:
        fixes.extend(
            SheetCorrection(-points, law, where, f"{head} ({why})")
            for law, points, where, why in _takedowns(sheet, excess)
        )
    return Corrected(sheet.allowed, tuple(fixes))


def _takedowns(sheet: Sheet, excess: int) -> list[tuple[int, int, str, str]]:
    """The marks taken down from the player (``excess`` in all), each with the law that answers
    for it, the kind of mark it comes off (``king``, ``hand`` or ``any``) and why: the hand's
    marks made after a king won the game (law 46: they count in no game); the marks he
    made for a hand a replay took the place of (the replay's law); a king he may not mark (the
    law that takes it, or answers for it); the hand beyond a cap (the law of the cap); a hand a
    law reckons otherwise (that law); the rest, this law (a point law 49 does not make two is
    worth one). A deal annulled gives no marks: every mark for it is taken down citing the law
    that annulled it, which decides it (this law only lets it be taken down at any time in the
    game)."""
    if sheet.annulled is not None:  # the deal gives nothing: the law that annulled it decides
        law, how = sheet.annulled
        return [(law, excess, "any", f"the deal was {how} ({_cite(law)}), so it gives no marks")]
    out: list[tuple[int, int, str, str]] = []
    allowed = sheet.parts
    take = min(excess, sheet.after_game)
    if take:
        why = (
            f"{citation(LAW_46)}: a king won the game before the hand was played; the hand's "
            "marks come after the game and count in no game"
        )
        out.append((LAW_46.number, take, "hand", why))
        excess -= take
    if sheet.replaced is not None:
        law, made = sheet.replaced
        take = min(excess, made)
        if take:
            why = (
                f"{_cite(law)}: the hands were played again, and the replay takes the place of "
                "the hand first played, for which he marked"
            )
            out.append((law, take, "hand", why))
            excess -= take
    if allowed is not None:
        take = min(excess, max(0, sheet.kings - allowed.king))
        if take:
            f = allowed.king_answer
            law = f.law if f is not None else 51
            why = f"{_cite(law)}: he may not mark the king" if f else "a king he may not mark"
            out.append((law, take, "king", why))
            excess -= take
        take = min(excess, allowed.hand_reckoned - allowed.hand)
        if take and allowed.cap is not None:
            marks = f"only {allowed.hand}" if allowed.hand else "nothing"
            why = f"{_cite(allowed.cap.law)}: as offender he marks {marks} for the hand"
            out.append((allowed.cap.law, take, "hand", why))
            excess -= take
        for f in allowed.reckonings:
            lost = -sum(n for q, n in f.marks if q is sheet.player)
            take = min(excess, max(0, lost))
            if take:
                out.append((f.law, take, "hand", f"{_cite(f.law)} reckons the hand otherwise"))
                excess -= take
    if excess:
        why = "marks beyond what the deal gives him"
        result = sheet.result
        if result is not None and result.score.single_point and result.winner is sheet.player:
            why = (
                f"the point he won is worth one: {citation(LAW_49)} makes it two only for the "
                "dealer when the non-dealer played without proposing, or for the non-dealer when "
                "the dealer refused the first proposal, and neither was so"
            )
        out.append((51, excess, "any", why))
    return out


LAW_51 = Law(
    number=51,
    heading=Heading.SCORING,
    title="An overscore",
    summary=(
        "Points marked in excess, once acknowledged, may be struck off the score at any moment "
        "until the game is over."
    ),
    interpretation=(
        "S2 text; S9's 'before the cards are dealt' is not followed. The finder reports "
        "`overscore` where a player's marks for a deal (made after its turn-up; marks made "
        "before it belong to the deal before) exceed what the deal's result entitles him to, "
        "or, in a deal that is void or a fresh deal, any mark at all; and marks made before "
        "a deal's turn-up beyond what was owing from the deal before. An overscore on a king "
        "mark in a deal that stands is left to the king's laws (19, 22 to 25). Penalties of "
        "other laws (law 43's and 25's reductions) are those laws' findings, not overscores "
        "here; the adjudicator's correction cites them. The correction cites the law that "
        "decides it, this law only letting the mark come off at any time in the game: a mark "
        "for a deal that is void or dealt afresh, the law that annulled it; a mark for the "
        "hand made after a deal's turn-up and before its play, which can only be for the deal "
        "before, law 50, when it makes good an omission of that deal too late (the correction "
        "is that deal's, and the finding says for which deal it was marked and in which). "
        "`score A n B m` lines that differ from the marks (`score_differs_from_marks`) are "
        "reported too: the score is the marks as the laws allow them. A line is read against "
        "the sheet as marked, each mark in the game of the deal it is for "
        "(`laws/ecarte/games.py`), the games cut where the marks as made reach five: a line "
        "after a game the table believed won on an overscore, "
        "adding up the marks since, repeats an error the ruling corrects and is no finding. "
        "`A unmarks 1` records a take-down; an overscore taken down in the deal is still "
        "reported, with no correction. §6.9 decided: the notation cannot "
        "say whether an overscore was 'admitted'; the ruling stands in for the admission "
        "(a disputed overscore is settled by the referee). 'During the game': until the next "
        "deal begins a new game (law 46's interpretation); an overscore that carried a player "
        "to five may be taken down until then. A deal the record leaves undetermined (a card "
        "of the play, the trump or a fact a law needs not recorded) still gives no more than "
        "one king and the hand (laws 47-49): marks beyond the most it could give, whatever the "
        "missing fact, are an overscore, and only they are taken down; the rest stand as made "
        "until the record settles the deal."
    ),
    find=_find_51,
    corrects=Correcting.OVERSCORE,
    correction=_correct_51,
    default="an admitted overscore is taken down at any time during the game",
    deviations=(DeviationKind.SCORE_DIFFERS_FROM_MARKS,),
    # a score line that differs from the marks, or a mark beyond what is allowed
    readings=(
        Reading(
            Rests.CORRECTION, "", "the ruling stands in for the table's admission of the overscore"
        ),
    ),
    looks_at=frozenset({DeviationKind.SCORE_DIFFERS_FROM_MARKS, "mark", "unmark"}),
)


LAWS: tuple[Law, ...] = (LAW_46, LAW_47, LAW_48, LAW_49, LAW_50, LAW_51)

_OTHER_LAWS: tuple[Law, ...] = (*BEFORE_SCORING, LAW_46, LAW_47, LAW_48, LAW_49)
"""The laws whose findings laws 50 and 51 weigh: every law but those two, in order."""

_OTHERS = LawIndex(_OTHER_LAWS)

_CITED: dict[int, Law] = {law.number: law for law in (*_OTHER_LAWS, *LAWS, *RULES)}
"""The laws and rules a correction may cite, by number (``laws.ecarte.BY_NUMBER``, which this
module cannot import)."""


def _cite(number: int) -> str:
    """How a correction cites the law or rule numbered ``number`` (``laws.ecarte.cite``)."""
    law = _CITED.get(number)
    return citation(law) if law is not None else f"law {number}"
