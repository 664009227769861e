"""Adjudication: the laws' findings weighed against the claims made at the table.

:func:`adjudicate` replays a record, lets every law look at every deal, and rules: which claims
are upheld, what became of each option a law gave (taken, declined, expired, still open), what
becomes of each deal, the marks each player is entitled to after penalties, the corrections to
the score sheet, and the chain of laws behind each outcome.

It is one pass over the record, facts first: the engine replays the record and asks the court
before a fact that needs a law's leave changes the table (a claim, a permission, a card taken
back), and at the end of each deal whether the laws annul it. A claim is judged on what the
laws find in the deal up to it; a rejected claim, or a card a law says must stay, changes
nothing; a deal the laws annul passes to the right dealer. Nothing is ruled twice.

The laws are data and pure functions (package ``laws``); this module knows the general rules
by which options are taken and windows close, and nothing of any particular law.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import replace
from typing import NamedTuple

from adjudicator.court.plain import plain_ruling
from adjudicator.court.record import RecordFinding, contradicted_at, record_findings
from adjudicator.court.ruling import (
    ClaimRuling,
    Correction,
    DealRuling,
    FindingRuling,
    NoteRuling,
    OptionRuling,
    RecordRuling,
    TraceEntry,
    TraceStep,
)
from adjudicator.engine.queries import Unknown, first_look
from adjudicator.engine.replay import game_target, replay
from adjudicator.engine.table import DealState, Step
from adjudicator.notation.cards import Player
from adjudicator.notation.model import (
    Claim,
    Deal,
    ElectPlay,
    Mark,
    MarkReason,
    PermitComplete,
    Record,
    Unmark,
)
from laws import BY_NUMBER, LAWS, that_may_find
from laws.allowed import Allowed, allowed_marks
from laws.base import Correcting, Finding, Law, Option, Window, findings_of
from laws.view import DealView

_SEVERITY = {
    "void": 5,
    "fresh_deal": 4,
    "replay": 3,
    "rectified": 2,
    "undetermined": 1,
    "stands": 0,
}


class LawTableError(Exception):
    """Two laws claim the same fact and neither overrides the other: a bug in the law table."""


def adjudicate(record: Record, *, fast: bool = True) -> RecordRuling:
    """The ruling on ``record``, in one pass (:class:`_Court`).

    A plain record (every deal lawful, played out and marked as it entitles) is ruled by the
    fast path of :mod:`adjudicator.court.plain`, which gives the same ruling without the
    replay's state after every event (``fast=False`` does the full work whatever the record).
    """
    plain = plain_ruling(record, game_target(record)) if fast else None
    if plain is not None:
        return plain
    return _Court(record).rule()


class _Verdict(NamedTuple):
    """How a claim was judged when it was made."""

    ruling: ClaimRuling
    taken: tuple[bool, int, int, str, str] | None
    """The option it took: whether it is the previous deal's, and the finding's law, step and
    kind, and the option's name (``None``: rejected)."""


class _Closed(NamedTuple):
    """A deal whose last event has been replayed: its view and what the laws find in it."""

    view: DealView
    found: list[Finding]


def ruled_replay(record: Record) -> Iterator[Step]:
    """The table after every event of ``record`` as the laws allow it to move (a rejected
    claim changes nothing, a card that may not be taken back stays, an annulled deal passes to
    the right dealer): the replay :func:`adjudicate` rules on, for ``ecarte replay``."""
    return _Court(record, ruling=False).steps()


def _findings(view: DealView) -> list[Finding]:
    """What the laws find in the view, conflicts resolved (none in a quiet deal). Past a point
    where the record contradicts itself, nothing the laws find is ruled on
    (:mod:`adjudicator.court.record`)."""
    found: list[Finding] = []
    if view.telling:
        for law in that_may_find(view):  # a kind it looks at tells (Law.looks_at)
            found.extend(findings_of(view, law))
        at = contradicted_at(record_findings(view.deviations))
        if at is not None:
            found = [f for f in found if f.step <= at]
    return _resolve_conflicts(found, BY_NUMBER)


class _Court:
    """One pass over the record. The engine replays it and asks the court (:class:`Leave`)
    before a fact that needs a law's leave moves the table: a claim or a permission is judged
    on what the laws find in the deal up to it, and takes effect only if upheld; a card taken
    back stays where it is if a law forbids it. At the end of each deal the court tells the
    engine whether the laws annul it, so that the next deal is dealt by the right player.

    A deal is ruled once the next trump is turned up (a mark omitted is lost then, law 50) and
    the next deal's claims are judged (one made before that turn-up may take an option of this
    deal, laws 25 and 43): the court holds the steps of a deal or two at a time."""

    def __init__(self, record: Record, *, ruling: bool = True) -> None:
        self.record = record
        self.ruling = ruling
        """Whether to rule the deals (else only decide what the engine asks, for a replay)."""
        self.deal_steps: list[Step] = []
        """The deal in progress (the record's opening before the first deal)."""
        self.number: int | None = None
        self.previous: DealState | None = None
        """The last deal's final state, as the laws left it (annulled or not)."""
        self.closed: _Closed | None = None
        """The deal in progress, once :meth:`ending` has closed it."""
        self.waiting: list[_Closed] = []
        """Deals over whose next trump is not yet turned up."""
        self.turned = False
        self.verdicts: dict[int, _Verdict] = {}
        """By step number: how each claim that would move the table was judged when made."""
        self.ruler = _Ruler(record)

    # -- what the engine asks (adjudicator.engine.replay.Leave) -------------------------------

    def allows(self, fact: Step) -> bool:
        if fact.kind not in _JUDGED:  # a card taken back, a refusal: the laws' leave
            return all(
                law.leave(self.deal_steps, fact) is not False for law in _LEAVES if law.leave
            )
        view = DealView(self.number, (*self.deal_steps, fact), self.previous, None)
        earlier = None
        if self.waiting:  # the deal before, not yet judged: a provisional judge of it
            before = self.waiting[-1]
            earlier = _Judge(before.view, before.found, None, self.verdicts, provisional=True)
        judge = _Judge(view, _findings(view), earlier, self.verdicts, provisional=True)
        verdict = judge.given[fact.number]
        self.verdicts[fact.number] = verdict
        return verdict.ruling.upheld

    def ending(self, position: int) -> str | None:
        closed = self._close()
        final = closed.view.final
        if final is None or final.ended_by in _ENDED:
            return None  # the record ended it itself (a claimed fresh deal, a faulty pack)
        imposed = {str(f.outcome) for f in closed.found if str(f.outcome) in _ANNULLED}
        if not imposed:
            return None
        ending = "void" if "void" in imposed else "fresh deal"
        self.previous = final._replace(ended_by=ending)
        return ending

    # -- the pass -------------------------------------------------------------------------------

    def rule(self) -> RecordRuling:
        for _ in self.steps():
            pass
        return self.ruler.done()

    def steps(self) -> Iterator[Step]:
        """The replay's steps, the court deciding as they come (the table as the laws allow
        it); the ruling is complete when they are exhausted."""
        for step in replay(self.record, self):
            if isinstance(step.event, Deal):
                if self.deal_steps or self.number is not None:
                    self._close()
                self.closed = None
                self.deal_steps = [step]
                self.number = step.event.number
                self.turned = False
                yield step
                continue
            self.deal_steps.append(step)
            if step.kind == "turn" and not self.turned:
                self.turned = True
                self._release(step.number)
            yield step
        if self.deal_steps or self.number is not None:
            self._close()
        self._release(None)

    def _close(self) -> _Closed:
        """The deal in progress, closed (once): its view and findings, waiting for the next
        trump to be turned up."""
        if self.closed is None:
            view = DealView(self.number, tuple(self.deal_steps), self.previous, None)
            self.closed = _Closed(view, _findings(view))
            self.waiting.append(self.closed)
            self.previous = view.final
        return self.closed

    def _release(self, next_turn: int | None) -> None:
        """Rule the deals waiting, now that the next trump turned up is known."""
        if self.ruling:
            for closed in self.waiting:
                view = replace(closed.view, next_turn_step=next_turn, memo=closed.view.memo)
                self.ruler.take(view, closed.found, self.verdicts)
            if next_turn is None:
                self.ruler.take(None, [], self.verdicts)
        self.waiting.clear()


_ENDED = ("fresh deal", "void")
_JUDGED = ("claim", "permit_complete")
"""Facts judged as claims: an option a law gives is taken by them."""
_LEAVES = tuple(law for law in LAWS if law.leave is not None)
"""The laws whose leave a fact other than a claim needs (``Law.leave``)."""


class _Ruler:
    """Rules each deal once the next deal's claims are judged, and keeps the record's ruling."""

    def __init__(self, record: Record) -> None:
        self.findings: list[FindingRuling] = []
        self.notes: list[NoteRuling] = []
        self.claims: list[ClaimRuling] = []
        self.deals: list[DealRuling] = []
        self.corrections: list[Correction] = []
        self.trace: list[TraceEntry] = []
        self.line = record.line
        self.target = game_target(record)
        self.score = {"A": 0, "B": 0}
        self.winner: str | None = None
        self.game_over = False
        self.lent = {"A": 0, "B": 0}
        self.previous: tuple[DealView, _Judge] | None = None
        self.owed: list[Correction] = []
        """Marks the ruling has taken down in the game so far."""

    def _settle(self, settled: dict[str, int]) -> None:
        """Marks a player took down himself for an earlier deal, which the ruling had taken
        down already: the ruling's corrections are reduced by as much (the latest first)."""
        for player, amount in settled.items():
            for c in reversed(list(self.owed)):
                if amount <= 0:
                    break
                if c.player != player:
                    continue
                take = min(amount, -c.points)
                amount -= take
                self.owed.remove(c)
                i = next(k for k, d in enumerate(self.corrections) if d is c)
                if take == -c.points:
                    del self.corrections[i]
                else:
                    left = c.model_copy(update={"points": c.points + take})
                    self.corrections[i] = left
                    self.owed.append(left)

    def take(
        self, view: DealView | None, found: list[Finding], verdicts: dict[int, _Verdict]
    ) -> None:
        """Judge the claims of ``view`` (``None``: the record has ended), then rule the deal
        before it."""
        judge = None
        if view is not None:
            judge = _Judge(view, found, self.previous[1] if self.previous else None, verdicts)
            judge.earlier = None  # its claims are judged: the deal before may go
        if self.previous is not None:
            before, judged = self.previous
            judged.finish()
            self.claims.extend(judged.claims)
            self.findings.extend(judged.findings)
            self.notes.extend(judged.notes)
            final = before.final
            if before.number is not None and final is not None:
                if self.game_over:  # a deal after a game was won begins the next game
                    self.score = {"A": 0, "B": 0}
                    self.game_over = False
                    self.owed = []  # an overscore is taken down during its game only
                owed = {p: -sum(c.points for c in self.owed if c.player == p) for p in "AB"}
                deal_ruling, corrections, self.lent, settled = _rule_deal(
                    before, final, judged, view, self.lent, owed
                )
                self._settle(settled)
                self.deals.append(deal_ruling)
                self.corrections.extend(corrections)
                self.trace.extend(_trace(judged, deal_ruling, corrections))
                self.owed.extend(c for c in corrections if c.points < 0)
                for p in ("A", "B"):
                    self.score[p] += deal_ruling.marks.get(p, 0)
                for p in ("A", "B"):
                    if self.score[p] >= self.target and not self.game_over:
                        self.winner = p
                        self.game_over = True
        self.previous = (view, judge) if view is not None and judge is not None else None

    def done(self) -> RecordRuling:
        return RecordRuling(
            line=self.line,
            findings=self.findings,
            notes=self.notes,
            claims=self.claims,
            deals=self.deals,
            corrections=self.corrections,
            score=self.score,
            winner=self.winner,
            trace=self.trace,
        )


_ANNULLED = ("fresh_deal", "void")


def _resolve_conflicts(found: list[Finding], by_number: dict[int, Law]) -> list[Finding]:
    """Drop findings that a law overriding theirs replaces at the same step; raise if two laws
    claim the same fact (a deviation both judge, at one step) with neither overriding."""
    by_step: dict[int, list[Finding]] = {}
    for f in found:
        by_step.setdefault(f.step, []).append(f)
    dropped: set[int] = set()
    for group in by_step.values():
        for i, f in enumerate(group):
            for g in group[i + 1 :]:
                if f.law == g.law:
                    continue
                lf, lg = by_number[f.law], by_number[g.law]
                if g.law in lf.overrides:
                    dropped.add(id(g))
                elif f.law in lg.overrides:
                    dropped.add(id(f))
                elif set(lf.deviations) & set(lg.deviations) and f.kind == g.kind:
                    raise LawTableError(
                        f"laws {f.law} and {g.law} both claim '{f.kind}' at line {f.line} and "
                        "neither overrides the other"
                    )
    return [f for f in found if id(f) not in dropped]


# --------------------------------------------------------------------------------------------
#  Windows, claims and options
# --------------------------------------------------------------------------------------------


def _kind(step: Step) -> str:
    return step.kind


_PLAYING = ("lead", "trick", "play")

_Closes = Callable[[str, Player | None, Player | None], bool]
"""Whether an event (its kind, who did it, the deal's elder) closes a window."""

_CLOSING: dict[str, _Closes] = {
    # window: (event kind, who did it, the elder) -> whether this event closes it
    Window.BEFORE_LOOKING: lambda k, p, elder: False,  # at his first look (first_look)
    Window.BEFORE_TURN: lambda k, p, elder: k == "turn",
    Window.BEFORE_PROPOSING: lambda k, p, elder: (k == "propose" and p is elder) or k in _PLAYING,
    Window.BEFORE_ANSWER: (lambda k, p, elder: k in ("accept", "refuse", *_PLAYING)),
    Window.BEFORE_PLAYING: lambda k, p, elder: k in _PLAYING,
    Window.BEFORE_PLAYED_TO: lambda k, p, elder: k in ("play", "trick"),
    Window.BEFORE_NEXT_LEAD: lambda k, p, elder: k in ("lead", "trick"),
    Window.BEFORE_NEXT_CUT: lambda k, p, elder: k == "deal",
}
"""When each window closes (those not here close with the next deal's turn-up, with the game,
or never open: at once)."""


def _who(option: Option, finding: Finding, deal: DealState | None) -> Player | None:
    """The player an option belongs to."""
    who = str(option.who.value if hasattr(option.who, "value") else option.who)
    offender: Player | None = finding.offender
    if deal is None:
        return offender
    if who == "non-dealer":
        return deal.elder
    if who == "dealer":
        return deal.dealer
    if who == "the offender's adversary":
        if finding.offender is None:
            return None
        return deal.dealer if finding.offender is deal.elder else deal.elder
    if who == "the offender":
        return offender
    return None  # either player, or nobody


class _Judge:
    """Claims, options and windows for one deal."""

    def __init__(
        self,
        view: DealView,
        found: list[Finding],
        earlier: _Judge | None = None,
        verdicts: dict[int, _Verdict] | None = None,
        *,
        provisional: bool = False,
    ) -> None:
        self.view = view
        self.earlier = earlier
        """The previous deal's judge: a claim made here before the turn-up may take an option
        of the previous deal still open until then (laws 25, 43)."""
        self.steps: Sequence[Step] = view.steps
        self.found = found
        self.deal: DealState | None = view.final
        self.taken: dict[tuple[int, str], tuple[Player, int]] = {}  # (finding, option) -> claim
        self.declined: dict[tuple[int, str], int] = {}
        self.claims: list[ClaimRuling] = []
        self.allowed: dict[str, Allowed] = {}
        """What each player may mark (set when the deal is ruled)."""
        self.findings: list[FindingRuling] = []
        self.verdicts: dict[int, _Verdict] = verdicts if verdicts is not None else {}
        """Claims judged when they were made (by step number): they are not judged again, so
        the ruling says what moved the table."""
        self.given: dict[int, _Verdict] = {}
        """The claims this judge judged afresh."""
        self.provisional = provisional
        """Judging a claim as it is made, on the deal so far: nothing of the previous deal's
        judge is changed (what it would take is kept in ``earlier_taken``)."""
        self.earlier_taken: set[tuple[int, str]] = set()
        self.record: list[RecordFinding] = record_findings(view.deviations)
        """What no law speaks of in the deal: the court's own findings."""
        self.notes: list[NoteRuling] = []
        self._judge_claims()

    def finish(self) -> None:
        """Rule on the findings' options, once every claim of the record has been judged."""
        self.findings = [self._finding(i, f) for i, f in enumerate(self.found) if f.fault]
        self.notes = [_note(f) for f in self.found if not f.fault]
        for r in self.record:
            deal = self.view.number
            if r.deviation.kind == "hand_unfinished":  # of the deal before
                deal = self.view.previous.number if self.view.previous is not None else None
            self.findings.append(
                FindingRuling(
                    law=None,
                    deal=deal,
                    line=r.step.line,
                    column=r.step.column,
                    offender=r.deviation.player.value if r.deviation.player else None,
                    kind=r.kind,
                    message=r.message,
                    evidence=[c.code for c in r.deviation.cards],
                    default=r.unjudged.settles,
                )
            )

    # -- when windows close ---------------------------------------------------------------

    def closes(self, window: str, after: int) -> tuple[int | None, int | None]:
        """The event number (and line) at which ``window`` closes, for a finding at event
        ``after``; ``(None, None)`` if it is still open when the deal's record ends."""
        if window == Window.BEFORE_NEXT_TURN:
            return (self.view.next_turn_step, None)
        elder = self.deal.elder if self.deal else None
        closing = _CLOSING.get(window)
        if closing is None:  # at any time during the game, or at once
            return None, None
        if window == Window.BEFORE_LOOKING:
            # He may have looked before the irregularity: then the window never opened.
            look = first_look(self.steps, elder) if elder is not None else None
            return (look.number, look.line) if look is not None else (None, None)
        for s in self.steps:
            if s.number > after and closing(_kind(s), getattr(s.event, "player", None), elder):
                return s.number, s.line
        return None, None

    # -- claims -----------------------------------------------------------------------------

    def _judge_claims(self) -> None:
        for s in self.steps:
            k = _kind(s)
            if k not in ("claim", "permit_complete", "elect_play"):
                continue
            given = self.verdicts.get(s.number)
            if given is not None:
                self._again(s, given)
                continue
            e = s.event
            if isinstance(e, Claim):
                what = e.claim.value
                text = (
                    f"claims {what}"
                    + (f" {e.card}" if e.card else "")
                    + (f" {e.suit.value}" if e.suit else "")
                )
                self._claim(s, e.player, what, text)
            elif isinstance(e, PermitComplete):
                self._claim(s, e.player, "permit complete", "permits complete")
            elif isinstance(e, ElectPlay):
                self._elect(s, e.player, "elects play")

    def _candidates(self, what: str) -> list[tuple[int, Finding, Option]]:
        return [(i, f, o) for i, f in enumerate(self.found) for o in f.options if what in o.claims]

    def _claim(self, s: Step, player: Player, what: str, text: str) -> None:
        reasons: list[tuple[float, int | None, str]] = []
        for i, f, o in self._candidates(what):
            owner = _who(o, f, self.deal)
            window = str(o.window)
            if f.step > s.number:
                reasons.append(
                    (3, f.law, f"the irregularity it answers (line {f.line}) came later")
                )
                continue
            if owner is not None and owner is not player:
                reasons.append(
                    (2, f.law, f"law {f.law} gives this option to {owner}, not to {player}")
                )
                continue
            closed, at = self.closes(window, f.step)
            if closed is not None and closed <= s.number:
                where = f" (line {at})" if at else ""
                reasons.append(
                    (
                        1 - closed / 1e9,  # of two laws too late, cite the one in force last
                        f.law,
                        f"too late: the window closed{where}; law {f.law} allows it only {window}",
                    )
                )
                continue
            if (i, o.name) in self.taken:
                reasons.append((4, f.law, "the option was already taken"))
                continue
            named = getattr(s.event, "card", None)
            if o.names and named not in o.names:
                among = " ".join(c.code for c in o.names)
                reasons.append((0.5, f.law, f"law {f.law} lets him name only one of {among}"))
                continue
            self._uphold(self, i, f, o, s, player, text, f"this option {window}")
            return
        earlier = self._claim_for_earlier(s, player, what, text)
        if earlier is True:
            return
        if earlier and not reasons:
            reasons.append(earlier)
        if reasons:
            reasons.sort(key=lambda r: r[0])
            _, law, why = reasons[0]
        else:
            law, why = None, f"no irregularity in this deal gives {player} the option to {what}"
        self._judged(s, player, text, False, law, why)

    def _judged(
        self,
        s: Step,
        player: Player,
        text: str,
        upheld: bool,
        law: int | None,
        reason: str,
        taken: tuple[bool, int, int, str, str] | None = None,
    ) -> None:
        """Record how the claim at step ``s`` is judged."""
        ruling = ClaimRuling(
            line=s.line,
            column=s.column,
            player=player.value,
            claim=text,
            upheld=upheld,
            law=law,
            reason=reason,
        )
        self.claims.append(ruling)
        self.given[s.number] = _Verdict(ruling, taken)

    def _again(self, s: Step, given: _Verdict) -> None:
        """A claim judged when it was made: the same verdict, and the option it took taken."""
        self.claims.append(given.ruling)
        if given.taken is None:
            return
        in_earlier, law, step, kind, name = given.taken
        owner = self.earlier if in_earlier else self
        if owner is None:
            return
        for i, f in enumerate(owner.found):
            if f.law == law and f.step == step and f.kind == kind:
                for o in f.options:
                    if o.name == name:
                        self._take(
                            owner,
                            i,
                            f,
                            o,
                            s,
                            Player(given.ruling.player),
                            given.ruling.claim,
                            " in the next deal" if in_earlier else "",
                        )
                        return

    def _take(
        self,
        owner: _Judge,
        i: int,
        f: Finding,
        o: Option,
        s: Step,
        player: Player,
        text: str,
        when: str,
    ) -> None:
        """The option ``o`` of finding ``i`` of ``owner`` taken by the claim at ``s``."""
        if self.provisional and owner is not self:
            self.earlier_taken.add((i, o.name))
            return
        owner.taken[(i, o.name)] = (player, s.line)

    def _uphold(
        self,
        owner: _Judge,
        i: int,
        f: Finding,
        o: Option,
        s: Step,
        player: Player,
        text: str,
        what: str,
        when: str = "",
    ) -> None:
        """Record a claim upheld: the option taken (in ``owner``, the judge of the deal whose
        finding gave it), the claim's ruling here, and a link of the trace."""
        reason = f"law {f.law} gives {player} {what}" + (f": {o.effect}" if o.effect else "")
        taken = (owner is not self, f.law, f.step, f.kind, o.name)
        self._judged(s, player, text, True, f.law, reason, taken)
        self._take(owner, i, f, o, s, player, text, when)

    def _claim_for_earlier(
        self, s: Step, player: Player, what: str, text: str
    ) -> bool | tuple[float, int | None, str]:
        """Uphold a claim made before this deal's turn-up for an option of the previous deal
        that stays open until then: True if upheld; the reason it is too late if it came
        after the turn-up; False if the previous deal offers no such option."""
        earlier = self.earlier
        if earlier is None:
            return False
        turns = [t for t in self.steps if t.kind == "turn"]
        late = bool(turns) and turns[0].number < s.number
        for i, f, o in earlier._candidates(what):
            if o.window not in (Window.BEFORE_NEXT_TURN, Window.DURING_GAME):
                continue
            owner = _who(o, f, earlier.deal)
            if (owner is not None and owner is not player) or (
                (i, o.name) in earlier.taken or (i, o.name) in self.earlier_taken
            ):
                continue
            if late and o.window is Window.BEFORE_NEXT_TURN:
                why = (
                    f"too late: the trump was turned up (line {turns[0].line}); law {f.law} "
                    f"allows it, for deal {f.deal}, only {o.window}"
                )
                return (1.0, f.law, why)
            where = f"this option, for deal {f.deal}, {o.window}"
            self._uphold(earlier, i, f, o, s, player, text, where, " in the next deal")
            return True
        return False

    def _elect(self, s: Step, player: Player, text: str) -> None:
        declined = []
        for i, f in enumerate(self.found):
            for o in f.options:
                owner = _who(o, f, self.deal)
                if owner is not player or f.step > s.number or (i, o.name) in self.taken:
                    continue
                closed, _ = self.closes(str(o.window), f.step)
                if closed is not None and closed <= s.number:
                    continue
                self.declined[(i, o.name)] = s.line
                declined.append(f.law)
        if declined:
            laws = ", ".join(str(n) for n in sorted(set(declined)))
            self._judged(
                s,
                player,
                text,
                True,
                min(declined),
                f"{player} declines the options of law(s) {laws} and plays on",
            )
        else:
            self._judged(s, player, text, False, None, f"no option was open to {player} to decline")

    # -- findings and their options ---------------------------------------------------------

    def _finding(self, i: int, f: Finding) -> FindingRuling:
        options = []
        for o in f.options:
            window = str(o.window)
            owner = _who(o, f, self.deal)
            if window == Window.AT_ONCE:
                status, line = "imposed", None
            elif (i, o.name) in self.taken:
                status, line = "taken", self.taken[(i, o.name)][1]
            elif (i, o.name) in self.declined:
                status, line = "declined", self.declined[(i, o.name)]
            elif any((i, other.name) in self.taken for other in f.options):
                status, line = "declined", None  # another option of the same finding was taken
            else:
                closed, at = self.closes(window, f.step)
                status, line = ("expired", at) if closed is not None else ("open", None)
            options.append(
                OptionRuling(
                    name=o.name,
                    who=owner.value if owner else None,
                    window=window,
                    status=status,
                    line=line,
                    effect=o.effect,
                )
            )
        return FindingRuling(
            law=f.law,
            deal=f.deal,
            line=f.line,
            column=f.column,
            offender=f.offender.value if f.offender else None,
            kind=f.kind,
            message=f.message,
            evidence=[c.code for c in f.evidence],
            options=options,
            default=f.default,
        )

    def taken_outcomes(self) -> list[tuple[str, int]]:
        out = []
        for i, f in enumerate(self.found):
            for o in f.options:
                if (i, o.name) in self.taken:
                    out.append((str(o.outcome), f.law))
        return out


# --------------------------------------------------------------------------------------------
#  The deal's outcome and marks
# --------------------------------------------------------------------------------------------


def _trace(judged: _Judge, deal: DealRuling, corrections: list[Correction]) -> list[TraceEntry]:
    """The chain of laws behind a deal's ruling, in the record's order: each finding and the
    fate of each option it gave, each claim judged, each note; then what the laws make of the
    marks (a cap that binds, a king taken), the outcome and the corrections."""
    n = deal.number
    links: list[tuple[int, TraceEntry]] = []

    def link(
        at: int | None, law: int | None, step: TraceStep, text: str, number: int | None = n
    ) -> None:
        entry = TraceEntry(deal=number, law=law, step=step, line=at, text=text)
        links.append((at or 0, entry))

    for f in judged.findings:
        who = f" by {f.offender}" if f.offender else ""
        link(f.line, f.law, "finding", f"{f.kind.replace('_', ' ')}{who}", f.deal)
        for o in f.options:
            at = f" (line {o.line})" if o.line else ""
            link(o.line or f.line, f.law, "option", f"{o.name}: {o.status}{at}", f.deal)
    for c in judged.claims:
        link(
            c.line, c.law, "claim", f"{c.player} {c.claim}: {'upheld' if c.upheld else 'rejected'}"
        )
    for note in judged.notes:
        link(note.line, note.law, "note", note.kind.replace("_", " "))
    links.sort(key=lambda pair: pair[0])
    tail: list[tuple[int, TraceEntry]] = links
    links = []  # what follows comes after the record's lines, in this order
    for q, a in judged.allowed.items():
        if a.cap is not None:
            link(a.cap.line, a.cap.law, "cap", f"{q} marks at most {a.hand} for the hand")
        if a.king_answer is not None and a.king_entitled > a.king:
            link(a.king_answer.line, a.king_answer.law, "king", f"{q} may not mark the king")
    if deal.outcome != "stands" or deal.laws:
        cited = f" (laws {', '.join(str(x) for x in deal.laws)})" if deal.laws else ""
        text = f"{deal.outcome.replace('_', ' ')}: {deal.how}{cited}"
        link(deal.line, deal.decided_by, "outcome", text)
    for corr in corrections:
        sign = "+" if corr.points > 0 else ""
        link(corr.line, corr.law, "correction", f"{corr.player} {sign}{corr.points}", corr.deal)
    return [entry for _, entry in (*tail, *links)]


def _note(f: Finding) -> NoteRuling:
    """A law's word on a fact that is no irregularity (``Finding.fault`` false)."""
    return NoteRuling(
        law=f.law,
        deal=f.deal,
        line=f.line,
        column=f.column,
        player=f.offender.value if f.offender else None,
        kind=f.kind,
        message=f.message,
    )


def _early_marks(view: DealView | None) -> dict[str, int]:
    """Marks made in a deal before its trump is turned: they may be for the deal before."""
    out = {"A": 0, "B": 0}
    if view is None:
        return out
    for s in view.steps:
        k = _kind(s)
        if k == "turn":
            break
        if k in ("mark", "unmark") and s.table.deal is not None and s.table.deal.marks:
            player, points = s.table.deal.marks[-1]
            if player.value in out:
                out[player.value] += points
    return out


def _rule_deal(
    view: DealView,
    final: DealState,
    judged: _Judge,
    next_view: DealView | None,
    lent: dict[str, int],
    owed: dict[str, int],
) -> tuple[DealRuling, list[Correction], dict[str, int], dict[str, int]]:
    """Rule on one deal. ``lent``: marks made in this deal that the previous deal claimed (made
    before this deal's turn-up, for the previous deal). ``owed``: marks the ruling has already
    taken down from each player earlier in the game, which a mark he takes down himself here
    settles. Returns the ruling, the corrections, the marks this deal claims from the next
    deal's early marks, and the marks of ``owed`` settled here.

    What each player may mark is :func:`laws.allowed.allowed_marks` (how the laws' effects
    combine is stated there); each mark taken down cites the law whose finding answers for it
    (the one that takes his king, the cap that binds, a re-reckoning), else the law that
    corrects an overscore; a mark still owed cites the law that corrects an omission."""
    outcome = "stands"
    laws: list[int] = []
    how = "the deal stands"
    decided_by: int | None = None
    for f in judged.found:
        if f.outcome is not None and _SEVERITY[str(f.outcome)] > _SEVERITY[outcome]:
            outcome, how = str(f.outcome), f"law {f.law}: {f.default or f.message}"
            laws.append(f.law)
            decided_by = f.law
    for name, law in judged.taken_outcomes():
        if _SEVERITY.get(name, 0) > _SEVERITY[outcome]:
            outcome, how = name, f"by the option law {law} gave"
            laws.append(law)
            decided_by = law
    # A record that contradicts itself in the deal, or leaves it unfinished, cannot be ruled.
    unruled = [r for r in judged.record if r.unjudged.contradiction]
    unruled = [r for r in unruled if r.deviation.kind != "hand_unfinished"]
    if next_view is not None:
        unruled += [
            r
            for r in record_findings(next_view.deviations)
            if r.deviation.kind == "hand_unfinished"
        ]
    if unruled and _SEVERITY[outcome] < _SEVERITY["undetermined"]:
        r = unruled[0]
        outcome, decided_by = "undetermined", None
        how = (
            f"undetermined: {r.deviation.message} (line {r.step.line}); needs {r.unjudged.settles}"
        )
    recorded = {"A": 0, "B": 0}
    for player, points in final.marks:
        if player.value in recorded:
            recorded[player.value] += points
    for q, n in lent.items():  # marks made here for the previous deal
        recorded[q] -= n
    early = _early_marks(next_view)
    corrections: list[Correction] = []
    allowed: dict[str, Allowed] = {}
    parts = allowed_marks(final, judged.found)
    if outcome in ("fresh_deal", "void"):
        marks = {"A": 0, "B": 0}
        if not isinstance(parts, Unknown):  # nothing allowed; who answers for a king mark
            allowed = {
                q.value: a._replace(king=0, hand=0, hand_reckoned=0, optional=0)
                for q, a in parts.items()
                if q.value in recorded
            }
    elif unruled:
        marks = dict(recorded)
    else:
        if isinstance(parts, Unknown):
            if outcome == "stands":
                outcome, how = "undetermined", f"undetermined: {parts.missing}"
                decided_by = None
            marks = dict(recorded)
        else:
            allowed = {q.value: a for q, a in parts.items() if q.value in recorded}
            marks = {"A": 0, "B": 0}
            for q, a in allowed.items():
                marks[q] = a.total
                for effect in (a.cap, a.king_answer, *a.reckonings):
                    if effect is not None and effect.law not in laws:
                        laws.append(effect.law)
    judged.allowed = allowed
    # A mark of choice (the king turned up) not made lapses: no omission.
    for q, a in allowed.items():
        if a.optional and recorded[q] + early.get(q, 0) < marks[q]:
            marks[q] -= a.optional
    # Marks made early in the next deal, before its turn-up, make good an omission here.
    borrowed = {"A": 0, "B": 0}
    for q in ("A", "B"):
        short = marks[q] - recorded[q]
        if short > 0 and early[q] > 0:
            borrowed[q] = min(short, early[q])
            recorded[q] += borrowed[q]
    # A mark the player took down himself here, when the ruling had already taken it down
    # for an earlier deal, settles that correction: it is not taken down twice.
    settled = {"A": 0, "B": 0}
    down = _taken_down(view)
    for q in ("A", "B"):
        short = marks[q] - recorded[q]
        if short > 0 and owed.get(q, 0) > 0 and down[q] > 0:
            settled[q] = min(short, owed[q], down[q])
            recorded[q] += settled[q]
    next_turn = view.next_turn_step
    lines = _mark_lines(view)
    heading = (view.steps[0].line, view.steps[0].column)
    for q in ("A", "B"):
        diff = marks[q] - recorded[q]
        if diff > 0 and next_turn is not None:
            marks[q] = recorded[q]  # omitted, and lost once the next trump was turned up
        elif diff > 0:
            at_line, at_column = lines[q].get("any", heading)
            corrections.append(
                Correction(
                    player=q,
                    points=diff,
                    law=_CORRECTING[Correcting.OMISSION],
                    deal=view.number,
                    line=at_line,
                    column=at_column,
                    reason=f"{q} is entitled to {marks[q]} from deal {view.number} and marked "
                    f"{recorded[q]}; he may mark the rest until the next trump is turned",
                )
            )
            marks[q] = recorded[q] + diff
        elif diff < 0:
            for law, points, where, why in _takedowns(q, -diff, allowed.get(q), view):
                at_line, at_column = lines[q].get(where, lines[q].get("any", heading))
                corrections.append(
                    Correction(
                        player=q,
                        points=-points,
                        law=law,
                        deal=view.number,
                        line=at_line,
                        column=at_column,
                        reason=f"{q} marked {recorded[q]} for deal {view.number}; the laws "
                        f"allow {marks[q]}: {why}",
                    )
                )
    ruling = DealRuling(
        number=view.number,
        line=view.steps[0].line,
        dealer=final.dealer.value,
        outcome=outcome,
        how=how,
        marks=marks,
        recorded=recorded,
        laws=sorted(set(laws)),
        decided_by=decided_by,
    )
    return ruling, corrections, borrowed, settled


_CORRECTING = {law.corrects: law.number for law in LAWS if law.corrects is not None}
"""The law that makes each kind of correction when no finding answers for it (law data)."""


def _takedowns(
    player: str, excess: int, allowed: Allowed | None, view: DealView
) -> list[tuple[int, int, str, str]]:
    """The marks taken down from ``player`` (``excess`` in all), each with the law that answers
    for it, the kind of mark it comes off (``king`` or ``hand``) and why."""
    out: list[tuple[int, int, str, str]] = []
    overscore = _CORRECTING[Correcting.OVERSCORE]
    if allowed is not None:
        kings = _king_marks(view).get(player, 0)
        take = min(excess, max(0, kings - allowed.king))
        if take:
            f = allowed.king_answer
            law = f.law if f is not None else overscore
            why = f"law {law}: he may not mark the king" if f else "a king he may not mark"
            out.append((law, take, "king", why))
            excess -= take
        take = min(excess, allowed.hand_reckoned - allowed.hand)
        if take and allowed.cap is not None:
            why = f"law {allowed.cap.law}: as offender he marks only {allowed.hand} for the hand"
            out.append((allowed.cap.law, take, "hand", why))
            excess -= take
        for f in allowed.reckonings:
            lost = -sum(n for q, n in f.marks if q.value == player)
            take = min(excess, max(0, lost))
            if take:
                out.append((f.law, take, "hand", f"law {f.law} reckons the hand otherwise"))
                excess -= take
    if excess:
        out.append((overscore, excess, "any", "marks beyond what the deal gives him"))
    return out


def _king_marks(view: DealView) -> dict[str, int]:
    """The king marks each player made in the deal from its turn-up on."""
    out: dict[str, int] = {}
    turned = not any(s.kind == "turn" for s in view.steps)
    for s in view.steps:
        if s.kind == "turn":
            turned = True
        e = s.event
        if turned and isinstance(e, Mark) and e.reason is MarkReason.KING:
            out[e.player.value] = out.get(e.player.value, 0) + (e.points or 1)
    return out


def _taken_down(view: DealView) -> dict[str, int]:
    """The marks each player took down himself in the deal (``unmarks``)."""
    out = {"A": 0, "B": 0}
    for s in view.steps:
        e = s.event
        if isinstance(e, Unmark) and e.player.value in out:
            out[e.player.value] += e.points
    return out


def _mark_lines(view: DealView) -> dict[str, dict[str, tuple[int, int]]]:
    """For each player, the line of his last mark of the deal (``any``), of his last king mark
    (``king``) and of his last other mark (``hand``): where a correction is located."""
    out: dict[str, dict[str, tuple[int, int]]] = {"A": {}, "B": {}}
    for s in view.steps:
        e = s.event
        if isinstance(e, Mark | Unmark) and e.player.value in out:
            at = (s.line, s.column)
            out[e.player.value]["any"] = at
            if isinstance(e, Mark):
                out[e.player.value]["king" if e.reason is MarkReason.KING else "hand"] = at
    return out


__all__ = ["LawTableError", "adjudicate", "ruled_replay"]
