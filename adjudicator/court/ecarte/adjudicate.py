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

The laws are data and pure functions (package ``laws``); the court knows the general rules by
which claims are judged and options taken (:mod:`adjudicator.court.ecarte.judge`) and deals ruled
(:mod:`adjudicator.court.ecarte.deal`), and nothing of any particular law.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import NamedTuple, cast

from adjudicator.court.ecarte.deal import rule_deal, trace_deal
from adjudicator.court.ecarte.judge import Judge, Verdict
from adjudicator.court.ecarte.plain import game_won, plain_ruling, players_of, tags_of
from adjudicator.court.ecarte.record import contradicted_at, record_findings
from adjudicator.court.ecarte.ruling import (
    ClaimRuling,
    Correction,
    DealRuling,
    FindingRuling,
    GameRuling,
    NoteRuling,
    RecordRuling,
    TraceEntry,
)
from adjudicator.court.ecarte.series import series_of
from adjudicator.engine.ecarte.profiles import Profile, profile_named, profile_of
from adjudicator.engine.ecarte.queries import Unknown
from adjudicator.engine.ecarte.remedy import Remedy
from adjudicator.engine.ecarte.replay import counts_by_law46, game_target, replay
from adjudicator.engine.ecarte.table import ANNULLED, DealState, Ending, Step
from adjudicator.notation.cards import Player
from adjudicator.notation.ecarte.model import Claim, ClaimKind, Deal, Record
from laws.ecarte import BY_NUMBER, LAWS, that_may_find
from laws.ecarte.allowed import allowed_marks
from laws.ecarte.base import ANNULS, Finding, Law, Outcome, findings_of
from laws.ecarte.games import Standing, Tally, count_deal, tally_after
from laws.ecarte.view import DealView, with_next_turn


class LawTableError(Exception):
    """Two laws claim the same fact and neither overrides the other: a bug in the law table."""


def adjudicate(record: Record, *, fast: bool = True, advise: bool = False) -> RecordRuling:
    """The ruling on ``record``, in one pass (:class:`_Court`).

    A plain record (every deal lawful, played out and marked as it entitles) is ruled by the
    fast path of :mod:`adjudicator.court.ecarte.plain`, which gives the same ruling without the
    replay's state after every event (``fast=False`` does the full work whatever the record).
    ``advise``: value the options the laws give (:mod:`adjudicator.court.ecarte.worth`: the deals'
    ``advice``), which takes time a check of an archive need not spend; a plain record has
    none.

    The record's rule profile is resolved here, once, and passed to everything that rules it.
    """
    profile = profile_of(record)
    plain = plain_ruling(record, game_target(record), profile) if fast else None
    if plain is not None:
        return plain
    return _Court(record, profile, advise=advise).rule()


def adjudicate_parts(
    head: Record, deals: Iterable[Deal], *, every: int = 64, advise: bool = False
) -> Iterator[RecordRuling]:
    """The ruling on a record whose deals come one at a time (a long record read in parts:
    ``head`` holds its line, tags and opening, ``deals`` its deals as they are read), given in
    pieces as the deals are ruled, so that neither the record nor its ruling is held whole.

    Each piece is a :class:`RecordRuling` of what was ruled since the piece before: findings,
    notes, claims, deals, trace, and the corrections that nothing later can change (those of
    the game in progress wait for its end, a later deal of the game may settle them: law 51);
    its ``score`` and ``winner`` are as they stand after it. A piece is given once ``every``
    deals are ruled, and the last at the end. Joined (:func:`join_rulings`), the pieces are
    the ruling :func:`adjudicate` gives on the whole record (``advise`` as there)."""
    return _Court(head, profile_of(head), deals=deals, advise=advise).pieces(every)


def join_rulings(pieces: Iterable[RecordRuling]) -> RecordRuling:
    """The ruling whose pieces are ``pieces`` (:func:`adjudicate_parts`), whole."""
    names = ("findings", "notes", "claims", "deals", "corrections", "trace", "games")
    lists: dict[str, list[object]] = {name: [] for name in names}
    last: RecordRuling | None = None
    tags: dict[str, str] = {}
    for piece in pieces:
        for name in names:
            lists[name].extend(getattr(piece, name))
        if last is None:
            tags = piece.tags
        last = piece
    if last is None:
        raise ValueError("no pieces to join")
    games = cast(list[GameRuling], lists["games"])
    return RecordRuling(
        line=last.line,
        tags=tags,
        score=last.score,
        winner=last.winner,
        rules=last.rules,
        series=series_of(games, tags, profile_named(last.rules)),
        **lists,
    )


class _Closed(NamedTuple):
    """A deal whose last event has been replayed: its view and what the laws find in it."""

    view: DealView
    found: list[Finding]


def ruled_replay(record: Record, deals: Iterable[Deal] | None = None) -> Iterator[Step]:
    """The table after every event of ``record`` as the laws allow it to move (a rejected
    claim changes nothing, a card that may not be taken back stays, an annulled deal passes to
    the right dealer): the replay :func:`adjudicate` rules on, for ``ecarte replay``.
    ``deals``: the record's deals, if not ``record.deals`` (a long record read in parts)."""
    return _Court(record, profile_of(record), ruling=False, deals=deals).steps()


def _findings(view: DealView) -> list[Finding]:
    """What the laws find in the view, conflicts resolved (none in a quiet deal). Past a point
    where the record contradicts itself, nothing the laws find is ruled on
    (:mod:`adjudicator.court.ecarte.record`)."""
    found: list[Finding] = []
    if view.telling:
        for law in that_may_find(view):  # a kind it looks at tells (Law.looks_at)
            found.extend(findings_of(view, law))
        at = contradicted_at(record_findings(view))
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

    def __init__(
        self,
        record: Record,
        profile: Profile,
        *,
        ruling: bool = True,
        deals: Iterable[Deal] | None = None,
        advise: bool = False,
    ) -> None:
        self.record = record
        self.profile = profile
        """The rule profile the record is ruled under, resolved once by the caller."""
        self.deals = deals
        """The record's deals, if they are not ``record.deals`` (a long record read in parts)."""
        self.ruling = ruling
        """Whether to rule the deals (else only decide what the engine asks, for a replay)."""
        self.deal_steps: list[Step] = []
        """The deal in progress (the record's opening before the first deal)."""
        self.telling: list[Step] = []
        """The steps of :attr:`deal_steps` a claim is judged on as it is made: all but the
        claims refused that no law reads (:func:`_silent`). A claim is judged on the deal so
        far, so a deal of a thousand claims refused would otherwise be judged over a thousand
        times its length: this keeps the work of each claim to the deal's other events."""
        self.earlier: tuple[_Closed, Judge] | None = None
        """The provisional judge of the deal before, for claims made before this deal's trump
        is turned up (made once per deal: its claims were all judged when they were made)."""
        self.number: int | None = None
        self.previous: DealState | None = None
        """The last deal's final state, as the laws left it (annulled or not)."""
        self.closed: _Closed | None = None
        """The deal in progress, once :meth:`ending` has closed it."""
        self.waiting: list[_Closed] = []
        """Deals over whose next trump is not yet turned up."""
        self.turned = False
        self.verdicts: dict[int, Verdict] = {}
        """By step number: how each claim that would move the table was judged when made."""
        self.granted: tuple[Remedy, ...] = ()
        """The laws' remedies the claim last upheld takes, for the engine to make."""
        self.ruler = _Ruler(record, profile, advise)
        self.pool = Standing({})
        """Pool: the game in progress as the laws let the marks stand, deal by deal
        (:meth:`_stand`, :func:`laws.ecarte.games.count_deal`)."""
        self.tally = Tally()
        """The score sheet as marked, cut into games, after the last deal closed
        (:mod:`laws.ecarte.games`): what the next deal's score lines are read against."""

    # -- what the engine asks (adjudicator.engine.ecarte.replay.Leave)
    # -------------------------------

    def allows(self, fact: Step) -> bool:
        if fact.kind not in _JUDGED:  # a card taken back, a refusal: the laws' leave
            return all(
                law.leave(self.deal_steps, fact) is not False for law in _LEAVES if law.leave
            )
        view = DealView(self.number, (*self.telling, fact), self.previous, None, tally=self.tally)
        earlier = None
        if self.waiting:  # the deal before, not yet judged: a provisional judge of it
            before = self.waiting[-1]
            if self.earlier is None or self.earlier[0] is not before:
                older = self.ruler.previous  # the deal before that one, judged at its turn-up
                carried = older[1].lapsing(before.view) if older is not None else None
                judged = Judge(
                    before.view,
                    before.found,
                    None,
                    self.verdicts,
                    provisional=True,
                    carried=carried,
                )
                self.earlier = (before, judged)
            earlier = self.earlier[1]
        elif self.ruler.previous is not None:  # the deal before, judged at this deal's turn-up
            earlier = self.ruler.previous[1]
        judge = Judge(view, _findings(view), earlier, self.verdicts, provisional=True)
        verdict = judge.given[fact.number]
        self.verdicts[fact.number] = verdict
        if verdict.ruling.upheld and fact.table.deal is not None:
            self.granted = judge.remedies(verdict, fact.table.deal)
        return verdict.ruling.upheld

    def remedies(self, fact: Step) -> tuple[Remedy, ...]:
        # What the options the claim just upheld took do to the cards (:meth:`allows`).
        granted, self.granted = self.granted, ()
        return granted

    def ending(self, position: int) -> Ending | None:
        ending = self._ending()
        closed = self._close()
        table = closed.view.steps[-1].table if closed.view.steps else None
        if table is not None and self.profile.seats.rotation:
            self._stand(closed, table.target)
        return ending

    def _stand(self, closed: _Closed, target: int) -> None:
        """Pool: add what the laws let stand of the deal's marks to the game's score (nothing
        for a deal annulled), and note whether the game is won by it (:meth:`unwon`)."""
        final = closed.view.final
        if final is None:
            return
        marked: dict[str, int] = {}
        for p, n in final.marks:
            marked[p.value] = marked.get(p.value, 0) + n
        annulled = (self.previous or final).ended_by in ANNULLED or final.ended_by in ANNULLED
        allowed = None if annulled else allowed_marks(final, closed.found)
        stands: dict[str, int] = {}
        for q, n in marked.items():
            p = Player(q)
            if allowed is None:
                stands[q] = 0
            elif isinstance(allowed, Unknown) or p not in allowed:
                stands[q] = n  # what the record does not settle stands as marked
            else:
                stands[q] = min(n, allowed[p].total)
        self.pool, _ = count_deal(self.pool, stands, target)

    def _ending(self) -> Ending | None:
        closed = self._close()
        final = closed.view.final
        if final is None or final.ended_by in ANNULLED:
            return None  # the record ended it itself (a claimed fresh deal, a faulty pack)
        imposed = {f.outcome for f in closed.found if f.outcome in ANNULS}
        if not imposed:
            return None
        ending = Ending.VOID if Outcome.VOID in imposed else Ending.FRESH_DEAL
        self.previous = final._replace(ended_by=ending)
        return ending

    def unwon(self, position: int) -> bool:
        # The score the laws let stand in the game so far (:meth:`_stand`) does not reach the
        # game, though the sheet as marked does.
        return not self.pool.over

    # -- the pass -------------------------------------------------------------------------------

    def rule(self) -> RecordRuling:
        for _ in self.steps():
            pass
        return self.ruler.done()

    def pieces(self, every: int) -> Iterator[RecordRuling]:
        """The ruling in pieces (:func:`adjudicate_parts`): one once ``every`` deals are ruled
        or the ruling holds :data:`MAX_HELD` findings, notes, claims and trace entries (deals of
        a thousand claims each), and the last at the end."""
        ruler = self.ruler
        for step in self.steps():
            if isinstance(step.event, Deal) and (
                len(ruler.deals) >= every or ruler.held() >= MAX_HELD
            ):
                yield ruler.cut()
        yield ruler.cut(final=True)

    def steps(self) -> Iterator[Step]:
        """The replay's steps, the court deciding as they come (the table as the laws allow
        it); the ruling is complete when they are exhausted."""
        for step in replay(self.record, self, self.deals, self.profile):
            if isinstance(step.event, Deal):
                if self.deal_steps or self.number is not None:
                    self._close()
                self.closed = None
                self.deal_steps = [step]
                self.telling = [step]
                self.number = step.event.number
                self.turned = False
                yield step
                continue
            self.deal_steps.append(step)
            if not _silent(step):
                self.telling.append(step)
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
            view = DealView(
                self.number, tuple(self.deal_steps), self.previous, None, tally=self.tally
            )
            self.closed = _Closed(view, _findings(view))
            self.tally = tally_after(view, self.tally)
            self.waiting.append(self.closed)
            self.previous = view.final
            if len(self.waiting) > MAX_WAITING:
                self._release_oldest(len(self.waiting) - MAX_WAITING)
        return self.closed

    def _release_oldest(self, count: int) -> None:
        """Rule the ``count`` deals that have waited longest, as at the record's end (no trump
        turned up after them): a bound on what a record of deals in which no trump is ever
        turned up holds (:data:`MAX_WAITING`)."""
        oldest, self.waiting = self.waiting[:count], self.waiting[count:]
        if self.ruling:
            for closed in oldest:
                view = with_next_turn(closed.view, None)
                self.ruler.take(view, closed.found, self.verdicts)

    def _release(self, next_turn: int | None) -> None:
        """Rule the deals waiting, now that the next trump turned up is known."""
        if self.ruling:
            for closed in self.waiting:
                view = with_next_turn(closed.view, next_turn)
                self.ruler.take(view, closed.found, self.verdicts)
            if next_turn is None:
                self.ruler.take(None, [], self.verdicts)
        self.waiting.clear()
        self._forget_verdicts()

    def _forget_verdicts(self) -> None:
        """Let go of the verdicts on the claims of the deals now ruled: only those of the deal
        in progress are read again (when it is judged), so that what a record of many claims
        holds does not grow with their number. Verdicts are added in the order of their steps,
        so the ones to forget are at the front."""
        first = self.deal_steps[0].number if self.deal_steps else None
        for number in list(self.verdicts):
            if first is not None and number >= first:
                break
            del self.verdicts[number]


MAX_HELD = 4_096
"""A piece of a long record's ruling (:meth:`_Court.pieces`) is given once it holds this many
findings, notes, claims and trace entries, whatever the number of deals ruled: what is held
then stays flat in the number of claims (a deal has at most ``MAX_DEAL_LINES`` lines)."""

MAX_WAITING = 1_000
"""At most this many deals wait for the next trump to be turned up (a mark omitted is lost then,
law 50; a claim made before it may take an option of the deal before, laws 25 and 43). Only a
record of more than this many deals in a row with no turn-up meets it (deal lines with nothing
in them): the oldest is then ruled as at the record's end, so that what such a record holds is
bounded."""


def _silent(step: Step) -> bool:
    """Whether no law, and no judging of a later claim, reads ``step``: a claim the court
    refused (it changed nothing at the table, took no option, closes no window, and the laws'
    finders read claims only where they took effect, ``laws.ecarte.facts.claims_by``), unless it is
    a claim to refuse cards shown, which law 36's finder reads as made."""
    event = step.event
    return (
        step.refused
        and isinstance(event, Claim)
        and event.claim is not ClaimKind.REFUSE
        and not step.deviations
    )


_JUDGED = ("claim", "permit_complete", "elect_play")
"""Facts judged as claims: an option a law gives is taken by them."""
_LEAVES = tuple(law for law in LAWS if law.leave is not None)
"""The laws whose leave a fact other than a claim needs (``Law.leave``)."""


class _Ruler:
    """Rules each deal once the next deal's claims are judged, and keeps the record's ruling."""

    def __init__(self, record: Record, profile: Profile, advise: bool = False) -> None:
        self.advise = advise
        """Whether the options of each deal are valued."""
        self.findings: list[FindingRuling] = []
        self.notes: list[NoteRuling] = []
        self.claims: list[ClaimRuling] = []
        self.deals: list[DealRuling] = []
        self.corrections: list[Correction] = []
        self.trace: list[TraceEntry] = []
        self.line = record.line
        self.tags = tags_of(record)
        self.games: list[GameRuling] = []
        """Games won since the last cut."""
        self.won = 0
        """Games won in the record so far."""
        self.by_law = counts_by_law46(record, profile)
        self.target = game_target(record)
        self.profile = profile
        self.rules = profile.name
        self.standing = Standing(dict.fromkeys(players_of(profile), 0))
        """The game in progress, as the ruling counts it (:mod:`laws.ecarte.games`)."""
        self.winner: str | None = None
        self.lent = dict.fromkeys("ABC", 0)
        self.previous: tuple[DealView, Judge] | None = None
        self.owed: list[Correction] = []
        """Marks the ruling has taken down in the game so far."""
        self.lost: dict[str, int] = {}
        """What the laws allowed each player for the deal last ruled and did not let stand (an
        omission not made good in time): a mark made for it in the next deal, after its
        turn-up, is too late for it (law 50's correction)."""

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
        self, view: DealView | None, found: list[Finding], verdicts: dict[int, Verdict]
    ) -> None:
        """Judge the claims of ``view`` (``None``: the record has ended), then rule the deal
        before it."""
        judge = None
        if view is not None:
            judge = Judge(view, found, self.previous[1] if self.previous else None, verdicts)
            judge.earlier = None  # its claims are judged: the deal before may go
        if self.previous is not None:
            before, judged = self.previous
            judged.finish()
            if before.number is not None and before.final is not None:
                self._rule(before, before.final, judged, view)  # may withdraw findings
            self.claims.extend(judged.claims)
            self.findings.extend(judged.findings)
            self.notes.extend(judged.notes)
        self.previous = (view, judge) if view is not None and judge is not None else None

    def _rule(
        self, view: DealView, final: DealState, judged: Judge, after: DealView | None
    ) -> None:
        """Rule the deal of ``view`` (``after``: the next deal's view, if any), and count its
        marks in the game (:func:`laws.ecarte.games.count_deal`)."""
        if self.standing.over:  # a deal after a game was won begins the next game
            self.standing = Standing(dict.fromkeys(self.standing.score, 0))
            self.owed = []  # an overscore is taken down during its game only
        owed = {p: -sum(c.points for c in self.owed if c.player == p) for p in "ABC"}
        deal_ruling, corrections, self.lent, settled, self.lost = rule_deal(
            view,
            final,
            judged,
            after,
            self.lent,
            owed,
            _findings,
            standing=self.standing,
            target=self.target,
            advise=self.advise,
            lost_before=self.lost,
        )
        self._settle(settled)
        self.deals.append(deal_ruling)
        self.corrections.extend(corrections)
        self.trace.extend(trace_deal(judged, deal_ruling, corrections))
        self.owed.extend(c for c in corrections if c.points < 0)
        self.standing, p = count_deal(self.standing, deal_ruling.marks, self.target)
        if p is not None:
            self.winner = p
            self.won += 1
            loser = final.elder if final.dealer.value == p else final.dealer
            self.games.append(
                game_won(
                    self.won, p, self.standing.score, deal_ruling.number, self.by_law, loser.value
                )
            )

    @property
    def score(self) -> dict[str, int]:
        """The score of the game in progress (or of the game just won), as ruled."""
        return self.standing.score

    def held(self) -> int:
        """How many findings, notes, claims and trace entries the ruler holds since its last
        cut."""
        return len(self.findings) + len(self.notes) + len(self.claims) + len(self.trace)

    def cut(self, *, final: bool = False) -> RecordRuling:
        """What was ruled since the last cut, as a piece of the ruling (see
        :func:`adjudicate_parts`), and let go: everything but the corrections of the game in
        progress that a later deal may still settle (:attr:`owed`, and those after them),
        unless the record has ended (``final``)."""
        open_ = set() if final else {id(c) for c in self.owed}
        settled = next(
            (i for i, c in enumerate(self.corrections) if id(c) in open_), len(self.corrections)
        )
        piece = RecordRuling.model_construct(
            line=self.line,
            tags=self.tags,
            findings=self.findings,
            notes=self.notes,
            claims=self.claims,
            deals=self.deals,
            corrections=self.corrections[:settled],
            score=dict(self.score),
            winner=self.winner,
            trace=self.trace,
            games=self.games,
            rules=self.rules,
        )
        self.findings, self.notes, self.claims, self.deals, self.trace = [], [], [], [], []
        self.games = []
        del self.corrections[:settled]
        return piece

    def done(self) -> RecordRuling:
        return RecordRuling(
            line=self.line,
            tags=self.tags,
            findings=self.findings,
            notes=self.notes,
            claims=self.claims,
            deals=self.deals,
            corrections=self.corrections,
            score=self.score,
            winner=self.winner,
            trace=self.trace,
            games=self.games,
            rules=self.rules,
            series=series_of(self.games, self.tags, self.profile),
        )


def _resolve_conflicts(found: list[Finding], by_number: dict[int, Law]) -> list[Finding]:
    """Drop findings that a law overriding theirs replaces at the same step; raise if two laws
    claim the same fact (a deviation both judge, at one step) with neither overriding.

    Whether one finding replaces another depends only on their laws (and, for a clash, their
    kinds), so the work is over the laws found at each step, not over pairs of findings: a step
    with thousands of findings (a packet of thousands of cards) costs what its findings number
    (no two laws override each other: ``tests/test_laws_registry.py``)."""
    laws_at: dict[int, dict[int, list[Finding]]] = {}  # step -> law -> its findings, in order
    for f in found:
        laws_at.setdefault(f.step, {}).setdefault(f.law, []).append(f)
    dropped: set[int] = set()  # ids of the findings dropped
    for at in laws_at.values():
        if len(at) < 2:
            continue
        present = list(at)
        for i, a in enumerate(present):
            la = by_number[a]
            for b in present[i + 1 :]:
                lb = by_number[b]
                if b in la.overrides:
                    dropped.update(id(g) for g in at[b])
                elif a in lb.overrides:
                    dropped.update(id(g) for g in at[a])
                elif set(la.deviations) & set(lb.deviations):
                    kinds_b = {g.kind for g in at[b]}
                    clash = next((f for f in at[a] if f.kind in kinds_b), None)
                    if clash is not None:
                        raise LawTableError(
                            f"laws {a} and {b} both claim '{clash.kind}' at line {clash.line} "
                            "and neither overrides the other"
                        )
    if not dropped:
        return found
    return [f for f in found if id(f) not in dropped]


__all__ = ["LawTableError", "adjudicate", "adjudicate_parts", "join_rulings", "ruled_replay"]
