"""What each player declared, read from the dialogue of a deal in order and held against the
hands (laws 46-56): calls, answers and questions, with the corrections the laws of calling
allow and the moments that close them.

The reading follows the laws where they say what is reckoned:

* the elder who calls a sequence or a set before his point has lost the right to it (law 46);
* a younger who asks what a point makes, or answers "equal" to a point called by its number
  of cards, while holding more cards, may not count them: his point bars only (law 46,
  Case I);
* the elder who called less than he holds may put it right until the younger replies; after
  that his call stands as made (law 50);
* a younger who allowed a call may put his answer right until the elder calls again or leads;
  after that, or after asking which card of a set is not counted (Case VII), the call stays
  allowed, and his own calls of that head are not reckoned (law 51);
* a call naming the suit or rank wrongly of a combination held, what it names being out of
  reach of hand and discard together, is reckoned as what is held (law 53).

What follows from a call of what was not held (laws 52, 54) is the laws'; here it is a
deviation, and the call declares nothing.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, field, replace

from adjudicator.engine.piquet.calls import (
    Call,
    Category,
    Combination,
    Dialogue,
    Said,
    asks_value,
    best,
    category,
    resolve,
    verdict,
)
from adjudicator.engine.piquet.cards import SET_RANKS
from adjudicator.engine.piquet.deviations import Deviation, DeviationKind
from adjudicator.engine.piquet.holdings import Declaration, Point, RankSet, holdings
from adjudicator.engine.piquet.holdings import Sequence as Run
from adjudicator.engine.piquet.rulings import Verdict
from adjudicator.notation.cards import Card, Player, Suit
from adjudicator.notation.piquet.events import (
    Answer,
    CardNamed,
    CarteBlanche,
    NumberSaid,
    PointCall,
    Question,
    SequenceCall,
    SetCall,
)
from adjudicator.notation.piquet.vocabulary import Asked, Reply

_HEADS = {
    Category.POINT: "point",
    Category.SEQUENCE: "sequences",
    Category.SETS: "quatorzes and trios",
}
"""Each head as :class:`~adjudicator.engine.piquet.holdings.Declaration` names it (the scoring's
heads)."""


@dataclass(frozen=True)
class Declared:
    """What the dialogue of a deal comes to."""

    declarations: Mapping[Player, Declaration]
    """What each player declared, held against his hand."""
    deviations: tuple[Deviation, ...]
    """Calls of what was not held, answers the hands do not bear out, questions law 46 denies,
    calls out of order, under-calls, corrections and misnomers."""


@dataclass
class _Allowed:
    """A call the answerer allowed good or equal: until when he may put his answer right."""

    line: int
    open: bool = True
    """Whether he may still put it right (law 51)."""
    final: bool = False
    """Allowed by asking which card is not counted: no correction (Case VII)."""


@dataclass
class _Reading:
    """The state of the dialogue while its lines are read in order."""

    hands: Mapping[Player, frozenset[Card]]
    seen: Mapping[Player, frozenset[Card]]
    deal: int
    elder: Player
    declared: dict[Player, Declaration] = field(default_factory=dict)
    last_call: dict[Player, tuple[Call, Combination | None]] = field(default_factory=dict)
    called: dict[Player, list[Combination]] = field(default_factory=dict)
    allowed: dict[tuple[Player, Category], _Allowed] = field(default_factory=dict)
    under: tuple[Call, Combination] | None = None
    replied: bool = False
    barred: dict[Player, set[str]] = field(default_factory=dict)
    """The heads in which a player's declaration bars only, whatever he calls (law 46)."""
    unreckoned: dict[Player, set[str]] = field(default_factory=dict)
    """The heads declared by an answer alone, not yet reckoned by a call (law 56)."""
    granted: set[tuple[Player, Category]] = field(default_factory=set)
    """The heads in which a player has allowed a call of his adversary's."""
    other_first: Call | None = None
    pointed: bool = False
    found: list[Deviation] = field(default_factory=list)

    def __post_init__(self) -> None:
        for player in self.hands:
            self.declared[player] = Declaration()
            self.called[player] = []

    def other(self, player: Player) -> Player:
        """The adversary of ``player``."""
        return next(p for p in self.hands if p is not player)

    def note(self, kind: DeviationKind, line: Said, message: str) -> None:
        """Note a deviation at ``line``."""
        self.found.append(Deviation(kind, message, line.line, line.column, line.player, self.deal))

    def read(self, line: Said, moment: int, value: int | None) -> None:
        """Read one line of the dialogue, said at ``moment`` (0 before the first lead)."""
        if moment >= 1:
            for allowance in self.allowed.values():
                allowance.open = False
        if isinstance(line, CarteBlanche):
            self.declared[line.player] = replace(self.declared[line.player], carte_blanche=True)
        elif isinstance(line, PointCall | SequenceCall | SetCall):
            self.call(line, value)
        elif isinstance(line, Question):
            self.question(line)
        elif isinstance(line, Answer):
            self.answer(line)
        elif isinstance(line, CardNamed):
            self.named(line)

    # -- calls -------------------------------------------------------------------------------

    def call(self, line: Call, value: int | None) -> None:
        """A call: out of order, a correction, or a combination declared."""
        who, head = line.player, category(line)
        if who is self.elder:
            for (answerer, _), allowance in self.allowed.items():
                if answerer is not who:
                    allowance.open = False
            if not self._in_order(line, head):
                return
        if self._conceded(line, head):
            return
        under = self.under[1] if self.under is not None else None
        others = [c for c in self.called[who] if c != under]
        combo = resolve(line, self.hands[who], value, others)
        if combo is None:
            combo = self._misnomer(line, value)
        if who is self.elder and self._corrects(line, combo):
            return
        self.last_call[who] = (line, combo)
        if combo is None:
            if not _of_no_value(line, self.hands[who]):
                seen = self.seen.get(who)
                reach = seen is not None and resolve(line, seen, value) is None
                self.note(
                    DeviationKind.CALL,
                    line,
                    f"{who} calls what he does not hold"
                    + (", nor could have held in hand and discard together" if reach else ""),
                )
            return
        self.called[who].append(combo)
        self.declared[who] = _with(self.declared[who], combo)
        self.unreckoned.get(who, set()).discard(_HEADS[head])
        if who is self.elder and _larger_held(combo, self.hands[who]):
            self.under, self.replied = (line, combo), False

    def _in_order(self, line: Call, head: Category) -> bool:
        """Law 46: the elder's point, called after a sequence or a set, is not reckoned."""
        if head is not Category.POINT:
            if not self.pointed and self.other_first is None:
                self.other_first = line
            return True
        self.pointed = True
        if self.other_first is None:
            return True
        first = self.other_first
        self.found.append(
            Deviation(
                DeviationKind.CALL_ORDER,
                f"{line.player} calls his point (line {line.line}) after calling another head "
                "first: he has lost the right to it (law 46)",
                first.line,
                first.column,
                line.player,
                self.deal,
            )
        )
        return False

    def _conceded(self, line: Call, head: Category) -> bool:
        """A call of a head in which the caller allowed his adversary's call: a correction of
        his answer if still open (law 51), else not reckoned."""
        allowance = self.allowed.get((line.player, head))
        if allowance is None:
            return False
        if allowance.open and not allowance.final:
            del self.allowed[(line.player, head)]
            self.note(
                DeviationKind.CORRECTION,
                line,
                f"{line.player} puts right in time the answer of line {allowance.line} by this "
                "call (law 51)",
            )
            return False
        self._too_late(line, allowance)
        return True

    def _too_late(self, line: Said, allowance: _Allowed) -> None:
        why = (
            "he allowed the call by asking which card is not counted (Case VII)"
            if allowance.final
            else "the elder has called again or led since (law 51)"
        )
        self.note(
            DeviationKind.CORRECTION,
            line,
            f"{line.player} would put right his answer of line {allowance.line} too late: {why}; "
            "the call stays allowed",
        )

    def _misnomer(self, line: Call, value: int | None) -> Combination | None:
        """The combination held of the counting value called, if the call is a misnomer: what
        it names could not be held in hand and discard together (law 53)."""
        who = line.player
        plain = _unnamed(line)
        seen = self.seen.get(who)
        if plain is None or seen is None:
            return None
        combo = resolve(plain, self.hands[who], value, self.called[who])
        if combo is None or not _same_value(line, combo):
            return None
        if resolve(line, seen, value) is not None:
            self.note(
                DeviationKind.MISNOMER,
                line,
                f"{who} holds a {combo.describe()}, of the value he calls, but what he names he "
                "could have held in hand and discard together: no misnomer (law 53)",
            )
            return None
        self.note(
            DeviationKind.MISNOMER,
            line,
            f"{who} names his {combo.describe()} wrongly; what he names he could not have held "
            "in hand and discard together: a misnomer (law 53)",
        )
        return combo

    def _corrects(self, line: Call, combo: Combination | None) -> bool:
        """Law 50: a larger call of the elder's under-call; in time before the younger
        replies (it replaces the under-call), else not reckoned. Whether ``line`` is one."""
        if self.under is None or combo is None or not _extends(combo, self.under[1]):
            return False
        first, small = self.under
        self.under = None
        who = line.player
        if self.replied:
            self.note(
                DeviationKind.UNDER_CALL,
                first,
                f"{who} calls less than he holds and puts it right at line {line.line}, after "
                "the younger replied: too late, the call stands as made (law 50)",
            )
            return True
        self.note(
            DeviationKind.UNDER_CALL,
            first,
            f"{who} calls less than he holds and puts it right at line {line.line}, before "
            "the younger replied (law 50)",
        )
        self.called[who] = [c for c in self.called[who] if c != small]
        self.declared[who] = _without(self.declared[who], small)
        return False

    # -- answers and questions ------------------------------------------------------------------

    def question(self, line: Question) -> None:
        """A question: what the point makes (law 46), which card is not counted (Case VII)."""
        who = line.player
        asked_of = self.last_call.get(self.other(who))
        if who is not self.elder:
            self.replied = True
        if asked_of is None:
            return
        if line.asks is Asked.NOT_COUNTED:
            self._allow(line, asked_of)
        elif line.asks is Asked.VALUE and isinstance(asked_of[0], PointCall):
            point = asked_of[1]
            length = point.cards if isinstance(point, Point) else asked_of[0].length
            own = best(self.hands[who], Category.POINT)
            if length is None:
                return
            if not isinstance(own, Point) or own.cards < length:
                self.note(
                    DeviationKind.QUESTION,
                    line,
                    f"{who} asks what the point makes, but he holds fewer cards in his own "
                    "point (law 46)",
                )
            elif own.cards > length:
                self._bars_only(line, "asks what the point makes")

    def named(self, line: CardNamed) -> None:
        """The card of his set he says he does not count: his answer stands for showing the
        set (Case VIII), so the set he claims is the other cards of the rank."""
        who = line.player
        call, combo = self.last_call.get(who, (None, None))
        if not isinstance(call, SetCall) or not isinstance(combo, RankSet):
            return
        if line.card.rank is not combo.rank or combo.count != 3:
            return
        claimed = {c for c in _of_rank(combo) if c != line.card}
        missing = sorted(str(c) for c in claimed - self.hands[who])
        if not missing:
            return
        seen = self.seen.get(who)
        reach = seen is not None and not claimed <= seen
        self.found.append(
            Deviation(
                DeviationKind.CALL,
                f"{who} calls what he does not hold: naming {line.card} as the card he does "
                f"not count (line {line.line}), he claims {', '.join(missing)}, which he does "
                "not hold"
                + (", nor could have held in hand and discard together" if reach else ""),
                call.line,
                call.column,
                who,
                self.deal,
            )
        )
        if not reach:
            self.found.append(
                Deviation(
                    DeviationKind.MISNOMER,
                    f"{who} holds {combo.describe()}, but the set his answer defines he could "
                    "have held in hand and discard together: no misnomer (law 53)",
                    call.line,
                    call.column,
                    who,
                    self.deal,
                )
            )

    def _bars_only(self, line: Said, did: str) -> None:
        who = line.player
        self.barred.setdefault(who, set()).add(_HEADS[Category.POINT])
        self.note(
            DeviationKind.QUESTION,
            line,
            f"{who} {did} holding more cards: it bars him from counting them; his point bars "
            "only (law 46)",
        )

    def answer(self, line: Answer) -> None:
        """An answer to the adversary's last call, checked against the hands."""
        who = line.player
        if who is not self.elder:
            self.replied = True
        if self.other(who) not in self.last_call:
            return
        answered, combo = self.last_call[self.other(who)]
        head = category(answered)
        allowance = self.allowed.get((who, head))
        if allowance is not None and line.reply is not Reply.GOOD:
            if allowance.final or not allowance.open:
                self._too_late(line, allowance)
                return
            del self.allowed[(who, head)]
            self.note(
                DeviationKind.CORRECTION,
                line,
                f"{who} puts right in time his answer of line {allowance.line} (law 51)",
            )
        mine = best(self.hands[who], head)
        if line.reply is not Reply.NOT_GOOD and combo is not None:
            self._allow(line, (answered, combo))
        elif combo is not None and verdict(combo, mine).value != line.reply.value:
            self._wrong(line, verdict(combo, mine))
        if line.reply is not Reply.GOOD and mine is not None:
            before = self.declared[who]
            self.declared[who] = _with(before, mine, only_if_none=head)
            if self.declared[who] != before:
                self.unreckoned.setdefault(who, set()).add(_HEADS[head])
        if (
            line.reply is Reply.EQUAL
            and isinstance(mine, Point)
            and isinstance(answered, PointCall)
        ):
            called = answered.length
            if called is not None and answered.value is None and mine.cards > called:
                self._bars_only(line, f'answers "equal" to {called} cards')

    def _allow(self, line: Said, asked_of: tuple[Call, Combination | None]) -> None:
        """The answerer allows the call good (or equal): noted until he may no longer put it
        right; a wrong allowance is a deviation."""
        answered, combo = asked_of
        final = isinstance(line, Question)
        head = (line.player, category(answered))
        again = head in self.granted
        self.granted.add(head)
        self.allowed[head] = _Allowed(line.line, final=final)
        if combo is None or again:  # a further call of a head allowed: the head is the caller's
            return
        truth = verdict(combo, best(self.hands[line.player], category(answered)))
        said = line.reply.value if isinstance(line, Answer) else Verdict.GOOD.value
        if truth.value != said:
            self._wrong(line, truth)

    def _wrong(self, line: Said, truth: Verdict) -> None:
        how = f'"{line.reply.value}"' if isinstance(line, Answer) else "by his question"
        self.note(
            DeviationKind.ANSWER,
            line,
            f"{line.player} answers {how}, but the hands make it {truth.value}",
        )

    def finish(self) -> Declared:
        """What was declared, and the deviations found."""
        if self.under is not None:
            first, _ = self.under
            self.note(DeviationKind.UNDER_CALL, first, f"{first.player} calls less than he holds")
        declared = {
            p: replace(
                d,
                bars_only=frozenset(self.barred.get(p, set()) | self.unreckoned.get(p, set())),
            )
            for p, d in self.declared.items()
        }
        return Declared(declared, tuple(self.found))


def declarations(
    dialogue: Dialogue,
    hands: Mapping[Player, frozenset[Card]],
    deal: int,
    seen: Mapping[Player, frozenset[Card]] | None = None,
    elder: Player | None = None,
) -> Declared:
    """Turn a deal's dialogue into each player's declaration, checked against ``hands`` (each
    player's twelve cards as he played them); ``seen`` is each player's hand and discard
    together, where known (law 53); ``elder`` the elder hand (by default the first to speak).
    A carte blanche is held against the hand as dealt where it is announced
    (:mod:`~adjudicator.engine.piquet.deal`)."""
    lines = [line for line, _ in dialogue.said]
    first = elder or (lines[0].player if lines else next(iter(hands)))
    reading = _Reading(hands, seen or {}, deal, first)
    values = _values(dialogue.said)
    for line, moment in dialogue.said:
        reading.read(line, moment, values.get(id(line)))
    return reading.finish()


def _values(said: Sequence[tuple[Said, int]]) -> dict[int, int]:
    """The value said of each point call in answer to ``what do they make?`` (or after an
    ``equal``, Case I), with no card played between."""
    lines = [line for line, _ in said]
    values: dict[int, int] = {}
    for index, (line, moment) in enumerate(said):
        if not isinstance(line, NumberSaid) or not index or said[index - 1][1] != moment:
            continue
        if asks_value(lines[:index], line.player):
            point = _last_point(lines[:index], line.player)
            if point is not None:
                values[id(point)] = line.value
    return values


def _last_point(lines: Sequence[Said], player: Player) -> PointCall | None:
    last = None
    for line in lines:
        if isinstance(line, PointCall) and line.player is player:
            last = line
    return last


def _unnamed(line: Call) -> Call | None:
    """The call without the suit or rank it names (``None`` if it names none)."""
    if isinstance(line, PointCall | SequenceCall) and line.suit is not None:
        return line.model_copy(update={"suit": None})
    if isinstance(line, SequenceCall) and line.top is not None:
        return line.model_copy(update={"top": None})
    if isinstance(line, SetCall) and line.rank is not None:
        return line.model_copy(update={"rank": None})
    return None


def _same_value(line: Call, combo: Combination) -> bool:
    """Whether ``combo`` is of the counting value ``line`` calls."""
    if isinstance(line, PointCall) and isinstance(combo, Point):
        return line.length is None or combo.cards == line.length
    if isinstance(line, SequenceCall) and isinstance(combo, Run):
        return combo.length == line.length
    return isinstance(line, SetCall) and isinstance(combo, RankSet) and combo.count == line.count


def _larger_held(combo: Combination, hand: frozenset[Card]) -> bool:
    """Whether the hand holds a larger combination of which ``combo`` is part (law 50)."""
    if isinstance(combo, Point):
        return sum(1 for c in hand if c.suit is combo.suit) > combo.cards
    if isinstance(combo, RankSet):
        return sum(1 for c in hand if c.rank is combo.rank) > combo.count
    held = set(combo.cards)
    return any(
        isinstance(run, Run) and run.length > combo.length and held <= set(run.cards)
        for run in _runs(hand)
    )


def _runs(hand: frozenset[Card]) -> Collection[Run]:
    return holdings(hand).sequences


def _extends(combo: Combination, small: Combination) -> bool:
    """Whether ``combo`` is a larger combination that holds ``small``."""
    if isinstance(combo, Point) and isinstance(small, Point):
        return combo.suit is small.suit and combo.cards > small.cards
    if isinstance(combo, RankSet) and isinstance(small, RankSet):
        return combo.rank is small.rank and combo.count > small.count
    if isinstance(combo, Run) and isinstance(small, Run):
        return combo.length > small.length and set(small.cards) <= set(combo.cards)
    return False


def _of_no_value(call: Call, hand: frozenset[Card]) -> bool:
    """A set below the ten, or of other than three or four, held: a call of nothing reckonable
    that is no false claim."""
    if not isinstance(call, SetCall) or call.rank is None:
        return False
    held = sum(1 for c in hand if c.rank is call.rank)
    return held >= call.count and (call.rank not in SET_RANKS or call.count not in (3, 4))


def _with(
    declaration: Declaration, combo: Combination, only_if_none: Category | None = None
) -> Declaration:
    if isinstance(combo, Point):
        if only_if_none is not None and declaration.point is not None:
            return declaration
        return replace(declaration, point=combo)
    if isinstance(combo, Run):
        if combo in declaration.sequences or (only_if_none and declaration.sequences):
            return declaration
        return replace(declaration, sequences=(*declaration.sequences, combo))
    if combo in declaration.sets or (only_if_none and declaration.sets):
        return declaration
    return replace(declaration, sets=(*declaration.sets, combo))


def _without(declaration: Declaration, combo: Combination) -> Declaration:
    if isinstance(combo, Point):
        return replace(declaration, point=None)
    if isinstance(combo, Run):
        return replace(declaration, sequences=tuple(s for s in declaration.sequences if s != combo))
    return replace(declaration, sets=tuple(s for s in declaration.sets if s != combo))


def _of_rank(combo: RankSet) -> frozenset[Card]:
    """The four cards of a set's rank."""
    return frozenset(Card.parse(combo.rank.value + suit.value) for suit in Suit)
