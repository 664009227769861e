"""Judging claims and options: which claims are upheld, and what became of each option a law
gave (taken, declined, expired, still open, imposed), by the general rules by which options are
taken and windows close. Nothing here knows a law by number: an option's owner, window,
claims and the cards it may name are the law's data.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import NamedTuple

from adjudicator.court.ecarte.record import RecordFinding, record_findings
from adjudicator.court.ecarte.ruling import (
    ClaimRuling,
    FindingRuling,
    NoteRuling,
    OptionRuling,
)
from adjudicator.engine.ecarte.deviations import DeviationKind
from adjudicator.engine.ecarte.queries import first_look, unrecorded_words
from adjudicator.engine.ecarte.remedy import Remedy
from adjudicator.engine.ecarte.table import DealState, Step
from adjudicator.notation.cards import Player
from adjudicator.notation.ecarte.model import (
    Claim,
    ElectPlay,
    PermitComplete,
)
from laws.ecarte import BY_NUMBER, LAWS, cite
from laws.ecarte.allowed import Allowed
from laws.ecarte.base import Finding, Law, Option, Outcome, Who, Window
from laws.ecarte.view import DealView

_Key = tuple[bool, int, int, str, str]
"""An option of a finding: whether it is the previous deal's, the finding's law, step and kind,
and the option's name."""


class Lapsed(NamedTuple):
    """An option of an earlier deal, open until the trump of the deal after it was turned up
    (laws 25, 43) and not taken then: a claim for it made later is too late, under its law."""

    deal: int | None
    """The deal it was for."""
    law: int
    owner: Player | None
    option: Option
    closed: int | None
    """The line of the turn-up that closed it (``None``: not in the record)."""
    then: int | None
    """The deal of that turn-up."""


class Verdict(NamedTuple):
    """How a claim was judged when it was made."""

    ruling: ClaimRuling
    taken: _Key | None
    """The option it took (``None``: rejected, or it took none)."""
    declined: tuple[_Key, ...] = ()
    """The options it declined (a player electing to play on)."""


_PLAYING = ("lead", "trick", "play")

_Closes = Callable[[str, Player | None, Player | None], bool]
"""Whether an event (its kind, who did it, the deal's elder) closes a window."""

_CLOSING: dict[str, _Closes] = {
    # window: (event kind, who did it, the elder) -> whether this event closes it
    Window.BEFORE_TURN: lambda k, p, elder: k == "turn",
    Window.BEFORE_PROPOSING: lambda k, p, elder: (k == "propose" and p is elder) or k in _PLAYING,
    Window.BEFORE_ANSWER: (lambda k, p, elder: k in ("accept", "refuse", *_PLAYING)),
    Window.BEFORE_PLAYING: lambda k, p, elder: k in _PLAYING,
    Window.BEFORE_PLAYED_TO: lambda k, p, elder: k in ("play", "trick"),
    Window.BEFORE_NEXT_LEAD: lambda k, p, elder: k in ("lead", "trick"),
    Window.BEFORE_NEXT_CUT: lambda k, p, elder: k == "deal",
}
"""When each window closes, by the events after the finding (the window before the non-dealer
looks closes at his first look, :func:`~adjudicator.engine.ecarte.queries.first_look`; those not
here close with the next deal's turn-up, with the game, or never open: at once)."""


def _no_ground(player: Player, what: str, found: Sequence[Finding]) -> tuple[int | None, str]:
    """Why a claim no finding of the deal supports is rejected, citing the law that refuses it:
    the law of an irregularity found in the deal that gives no such option (of several, one
    whose law gives the claim elsewhere, which refuses it here: law 25 when the adversary
    holds the king); with no irregularity found, no law refuses it, and none is cited (the
    laws that would give it for an irregularity the deal does not have do not refuse it). The
    laws that correct the score sheet (``Law.corrects``) speak of marks, not of claims."""
    faults = [f for f in found if f.fault and BY_NUMBER[f.law].corrects is None]
    giving = [f for f in faults if any(what in o.claims for o in BY_NUMBER[f.law].options)]
    for f in giving or faults:
        return f.law, (
            f"{cite(f.law)} governs what was found (line {f.line}), and it gives no claim '{what}'"
        )
    if not any(what in o.claims for law in LAWS for o in law.options):
        return None, f"no law gives {player} the option to {what}"
    return None, f"the deal has no irregularity for which a law gives the claim '{what}'"


def _reading(option: Option) -> str:
    """The window of ``option`` labelled as the project's reading, where it is one."""
    return f" ({option.reading})" if option.reading else ""


def _lapsed_words(lapsed: Lapsed, player: Player, now: int | None) -> str:
    """Why a claim made in deal ``now`` for an option of an earlier deal that lapsed is
    rejected: too late, under the option's law (or, another player's option, not his)."""
    law = cite(lapsed.law)
    if lapsed.owner is not None and lapsed.owner is not player:
        return f"{law} gave this option, for deal {lapsed.deal}, to {lapsed.owner}, not to {player}"
    at = f" (line {lapsed.closed})" if lapsed.closed is not None else ""
    return (
        f"too late: claimed in deal {now} for deal {lapsed.deal}; {law} allowed it only "
        f"{lapsed.option.window}{_reading(lapsed.option)}, and the trump of deal "
        f"{lapsed.then} was turned up{at}"
    )


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


_NEEDING: tuple[Law, ...] = tuple(law for law in LAWS if law.needs)
_DEALING = frozenset({"packets", "dealt"})
"""The facts of the dealing (``Law.needs``): a fault there is the dealer's."""
"""The laws that read facts of the dealing a record may leave unwritten (``Law.needs``)."""


class Judge:
    """Claims, options and windows for one deal."""

    def __init__(
        self,
        view: DealView,
        found: list[Finding],
        earlier: Judge | None = None,
        verdicts: dict[int, Verdict] | None = None,
        *,
        provisional: bool = False,
        carried: dict[str, Lapsed] | None = None,
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
        self.verdicts: dict[int, Verdict] = verdicts if verdicts is not None else {}
        """Claims judged when they were made (by step number): they are not judged again, so
        the ruling says what moved the table."""
        self.given: dict[int, Verdict] = {}
        """The claims this judge judged afresh."""
        self.provisional = provisional
        """Judging a claim as it is made, on the deal so far: nothing of the previous deal's
        judge is changed (what it would take is kept in ``earlier_taken``)."""
        self.earlier_taken: set[tuple[int, str]] = set()
        self.record: list[RecordFinding] = record_findings(view)
        """What no law speaks of in the deal: the court's own findings."""
        self.notes: list[NoteRuling] = []
        self.lapsed: dict[str, Lapsed] = (
            earlier.lapsing(view) if earlier is not None else dict(carried or {})
        )
        """By the claim that takes it, the last option of a deal before the previous one that
        lapsed with the next turn-up (``carried``: given by the court when ``earlier`` is not,
        for a provisional judge of the deal before)."""
        self._judge_claims()

    def lapsing(self, after: DealView) -> dict[str, Lapsed]:
        """The options lapsed before this deal (:attr:`lapsed`), with this deal's options open
        until the next turn-up and not taken, which lapse at the turn-up of ``after``, the next
        deal (the latest option for a claim wins)."""
        turns = after.events("turn")
        turn = turns[0] if turns else None
        out = dict(self.lapsed)
        for i, f in enumerate(self.found):
            for o in f.options:
                if o.window is not Window.BEFORE_NEXT_TURN or (i, o.name) in self.taken:
                    continue
                lapse = Lapsed(
                    f.deal,
                    f.law,
                    _who(o, f, self.deal),
                    o,
                    turn.line if turn is not None else None,
                    after.number,
                )
                out.update(dict.fromkeys(o.claims, lapse))
        return out

    def finish(self) -> None:
        """Rule on the findings' options, once every claim of the record has been judged."""
        self.findings = [self._finding(i, f) for i, f in enumerate(self.found) if f.fault]
        self.notes = [_note(f) for f in self.found if not f.fault]
        for r in self.record:
            deal = self.view.number
            if r.deviation.kind == DeviationKind.HAND_UNFINISHED:  # of the deal before
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
        if window == Window.BEFORE_LOOKING:
            # He may have looked before the irregularity: then the window never opened.
            look = first_look(self.steps, elder) if elder is not None else None
            return (look.number, look.line) if look is not None else (None, None)
        closing = _CLOSING.get(window)
        if closing is None:  # at any time during the game, or at once
            return None, None
        for s in self.steps:
            if s.number > after and closing(s.kind, getattr(s.event, "player", None), elder):
                return s.number, s.line
        return None, None

    # -- claims -----------------------------------------------------------------------------

    def _judge_claims(self) -> None:
        for s in self.steps:
            k = s.kind
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
                    (
                        2 - f.step / 1e9,  # of several laws, cite the one found last: in force
                        f.law,
                        f"{cite(f.law)} gives this option to {owner}, not to {player}",
                    )
                )
                continue
            closed, at = self.closes(window, f.step)
            if closed is not None and closed <= s.number:
                where = f" (line {at})" if at else ""
                reasons.append(
                    (
                        1 - closed / 1e9,  # of two laws too late, cite the one in force last
                        f.law,
                        f"too late: the window closed{where}; {cite(f.law)} allows it only "
                        f"{window}{_reading(o)}",
                    )
                )
                continue
            if (i, o.name) in self.taken:
                reasons.append((4, f.law, "the option was already taken"))
                continue
            named = getattr(s.event, "card", None)
            if o.names and named not in o.names:
                among = " ".join(c.code for c in o.names)
                reasons.append((0.5, f.law, f"{cite(f.law)} lets him name only one of {among}"))
                continue
            self._uphold(self, i, f, o, s, player, text, f"this option {window}")
            return
        earlier = self._claim_for_earlier(s, player, what, text)
        if earlier is True:
            return
        if earlier and not reasons:
            reasons.append(earlier)
        lapsed = self.lapsed.get(what)
        if earlier is False and not reasons and lapsed is not None:
            reasons.append((1.0, lapsed.law, _lapsed_words(lapsed, player, self.view.number)))
        unwritten = self._unwritten(s, player, what)
        if unwritten:
            laws, needs = unwritten
            cited = ", ".join(str(n) for n in laws)
            why = (
                f"the record does not say {' or '.join(needs)}, on which law(s) {cited} could "
                f"give {player} the option to {what}"
            )
            self._judged(s, player, text, False, laws[0], why, needs=needs)
            return
        if reasons:
            reasons.sort(key=lambda r: r[0])
            _, law, why = reasons[0]
        else:
            law, why = _no_ground(player, what, self.found)
        self._judged(s, player, text, False, law, why)

    def _unwritten(self, s: Step, player: Player, what: str) -> tuple[list[int], list[str]] | None:
        """The laws that could give ``player`` the option ``what`` claims at step ``s`` if the
        facts of the dealing the record leaves unwritten (``DealState.unrecorded``) were
        against the dealer, with their windows still open there, and those facts in words;
        ``None`` if there are none (the claim is then rejected, not undetermined)."""
        deal = s.table.deal
        if deal is None or not deal.unrecorded:
            return None
        laws: list[int] = []
        facts: list[tuple[str, Player | None]] = []
        for law in _NEEDING:
            unwritten = [f for f in deal.unrecorded if f[0] in law.needs]
            dealing = bool(set(law.needs) & _DEALING)
            if not unwritten or not any(
                self._open_to(o, deal, player, s, dealing) for o in law.options if what in o.claims
            ):
                continue
            laws.append(law.number)
            facts.extend(f for f in unwritten if f not in facts)
        if not laws:
            return None
        return laws, [unrecorded_words(f) for f in facts]

    def _open_to(
        self, option: Option, deal: DealState, player: Player, s: Step, dealing: bool
    ) -> bool:
        """Whether ``option`` would be ``player``'s and still open at step ``s``, the fault
        found as the deal began: a fault of the ``dealing`` is the dealer's; any other, the
        player's adversary's (a claim is made against the other player)."""
        other = deal.dealer if player is deal.elder else deal.elder
        offender = deal.dealer if dealing else other
        adversary = deal.elder if offender is deal.dealer else deal.dealer
        owner = {
            Who.NON_DEALER: deal.elder,
            Who.ADVERSARY: adversary,
            Who.DEALER: deal.dealer,
            Who.OFFENDER: offender,
        }.get(option.who, player)
        if owner is not player:
            return False
        closed, _ = self.closes(str(option.window), self.steps[0].number)
        return closed is None or closed > s.number

    def _judged(
        self,
        s: Step,
        player: Player,
        text: str,
        upheld: bool,
        law: int | None,
        reason: str,
        taken: _Key | None = None,
        *,
        needs: list[str] | None = None,
        declined: tuple[_Key, ...] = (),
    ) -> None:
        """Record how the claim at step ``s`` is judged (``needs``: it is undetermined for want
        of these facts)."""
        ruling = ClaimRuling(
            line=s.line,
            column=s.column,
            player=player.value,
            claim=text,
            upheld=upheld,
            law=law,
            reason=reason,
            undetermined=bool(needs),
            needs=needs or [],
        )
        self.claims.append(ruling)
        self.given[s.number] = Verdict(ruling, taken, declined)

    def _again(self, s: Step, given: Verdict) -> None:
        """A claim judged when it was made: the same verdict, the option it took taken and
        those it declined declined."""
        self.claims.append(given.ruling)
        for key in given.declined:
            found = self._option(key)
            if found is not None and found[0] is self:
                self.declined[(found[1], found[3].name)] = s.line
        if given.taken is None:
            return
        found = self._option(given.taken)
        if found is not None:
            owner, i, _f, o = found
            self._take(owner, i, o, s, Player(given.ruling.player))

    def _option(self, key: _Key) -> tuple[Judge, int, Finding, Option] | None:
        """The option ``key`` names: the judge whose finding gives it, the finding's index
        there, the finding and the option."""
        in_earlier, law, step, kind, name = key
        owner = self.earlier if in_earlier else self
        if owner is None:
            return None
        for i, f in enumerate(owner.found):
            if f.law == law and f.step == step and f.kind == kind:
                for o in f.options:
                    if o.name == name:
                        return owner, i, f, o
        return None

    def _key(self, owner: Judge, f: Finding, o: Option) -> _Key:
        return (owner is not self, f.law, f.step, f.kind, o.name)

    def remedies(self, verdict: Verdict, deal: DealState) -> tuple[Remedy, ...]:
        """What the claim judged in ``verdict`` does to the cards of ``deal`` (the deal as it
        stood when it was made), by the laws' remedies (``Option.remedy``, ``Law.remedy``): the
        remedy of the option it took; for a player who declined every option of a finding
        and plays on, the remedy of the finding's law."""
        out: list[Remedy | None] = []
        found = self._option(verdict.taken) if verdict.taken is not None else None
        if found is not None and found[3].remedy is not None:
            out.append(found[3].remedy.on(deal, found[2]))
        findings: dict[int, Finding] = {}
        for key in verdict.declined:
            declined = self._option(key)
            if declined is not None and declined[0] is self:
                findings[declined[1]] = declined[2]
        for i, f in findings.items():
            law = BY_NUMBER[f.law]
            taken = any((i, o.name) in self.taken for o in f.options)
            if law.remedy is not None and not taken:
                out.append(law.remedy.on(deal, f))
        return tuple(dict.fromkeys(r for r in out if r is not None))

    def _take(self, owner: Judge, i: int, o: Option, s: Step, player: Player) -> None:
        """The option ``o`` of finding ``i`` of ``owner`` taken by the claim at ``s``."""
        if self.provisional and owner is not self:
            self.earlier_taken.add((i, o.name))
            return
        owner.taken[(i, o.name)] = (player, s.line)

    def _uphold(
        self,
        owner: Judge,
        i: int,
        f: Finding,
        o: Option,
        s: Step,
        player: Player,
        text: str,
        what: str,
    ) -> None:
        """Record a claim upheld: the option taken (in ``owner``, the judge of the deal whose
        finding gave it), the claim's ruling here, and a link of the trace."""
        if o.who in (Who.EITHER, Who.NOBODY):  # the law requires it: the claim calls for it
            reason = f"{cite(f.law)} requires it ({o.window})" + (
                f": {o.effect}" if o.effect else ""
            )
        else:
            reason = f"{cite(f.law)} gives {player} {what}" + (f": {o.effect}" if o.effect else "")
        self._judged(s, player, text, True, f.law, reason, self._key(owner, f, o))
        self._take(owner, i, o, s, player)

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
                n = self.view.number
                why = (
                    f"too late: claimed in deal {n} for deal {f.deal}, after deal {n}'s trump "
                    f"was turned up (line {turns[0].line}); {cite(f.law)} allows it only "
                    f"{o.window}{_reading(o)}"
                )
                return (1.0, f.law, why)
            where = (
                f"this option for deal {f.deal}, claimed in deal {self.view.number} before its "
                "trump was turned up"
            )
            self._uphold(earlier, i, f, o, s, player, text, where)
            return True
        return False

    def _elect(self, s: Step, player: Player, text: str) -> None:
        """``elects play``: where a law offers playing on as an option (``elect play`` among
        the claims that take it), that option is taken; every other option open to him is
        declined."""
        declined = []
        keys: list[_Key] = []
        playing_on: tuple[int, Finding, Option] | None = None
        for i, f in enumerate(self.found):
            for o in f.options:
                owner = _who(o, f, self.deal)
                if owner is not player or f.step > s.number or (i, o.name) in self.taken:
                    continue
                closed, _ = self.closes(str(o.window), f.step)
                if closed is not None and closed <= s.number:
                    continue
                if playing_on is None and "elect play" in o.claims:
                    playing_on = (i, f, o)
                    continue
                self.declined[(i, o.name)] = s.line
                declined.append(f.law)
                keys.append(self._key(self, f, o))
        if playing_on is not None:
            i, f, o = playing_on
            self._uphold(self, i, f, o, s, player, text, "the option to play on")
            verdict = self.given[s.number]
            self.given[s.number] = verdict._replace(declined=tuple(keys))
            return
        if declined:
            laws = ", ".join(str(n) for n in sorted(set(declined)))
            self._judged(
                s,
                player,
                text,
                True,
                min(declined),
                f"{player} declines the options of law(s) {laws} and plays on",
                declined=tuple(keys),
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
        law = BY_NUMBER[f.law]
        return FindingRuling(
            law=f.law,
            title=law.title,
            summary=law.summary,
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

    def taken_outcomes(self) -> list[tuple[Outcome, int, str]]:
        """The outcome of each option taken, the law that gave it, and in words who took it,
        where and what it does."""
        out = []
        for i, f in enumerate(self.found):
            for o in f.options:
                if (i, o.name) in self.taken:
                    player, line = self.taken[(i, o.name)]
                    words = (
                        f"{player} took the option {cite(f.law)} gives (line {line}): {o.effect}"
                    )
                    out.append((o.outcome, f.law, words))
        return out


# --------------------------------------------------------------------------------------------
#  The deal's outcome and marks
# --------------------------------------------------------------------------------------------


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


__all__ = ["Judge", "Lapsed", "Verdict"]
