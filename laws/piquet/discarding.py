"""Discarding and taking in (laws 21-45): what each hand may exchange, the discard fixed once
the stock is touched, and the penalties for too many or too few cards, the chief of them
"reckons nothing that deal", which the adversary may waive (law 44)."""

from __future__ import annotations

from collections.abc import Sequence

from adjudicator.engine.piquet.deviations import DeviationKind
from adjudicator.notation.cards import Card, Player
from adjudicator.notation.piquet.events import Discard, Event, ExchangeCall, Stock, Take
from adjudicator.notation.piquet.irregularities import (
    Claim,
    Expose,
    Mix,
    TakeBack,
    Touch,
    Waive,
)
from adjudicator.notation.piquet.vocabulary import Claimed, MixedWith, Place

from .base import WAIVE, Choice, Effect, Finding, Law, Option, Section, Who, Window
from .facts import (
    ELDER_MOST,
    HAND,
    STOCK,
    dealt_size,
    discarded,
    first_lead,
    first_take,
    line_at,
    stock_size,
    taken,
)
from .left_cards import LEFT_TAKEN, MIXED_LEFT, OWN_DISCARD, SEEN, TAKES_ALL, said_take
from .playing import LONG
from .standing import (
    COUNTED,
    ELEVEN_EIGHT,
    THIRTEEN_EIGHT,
    THIRTEEN_SEVEN,
    TWELVE_SEVEN,
    UNANNOUNCED,
)
from .view import DealView


def _dealt_twelve(view: DealView, player: Player) -> bool:
    """Whether ``player`` was dealt twelve, or the record does not say otherwise."""
    return dealt_size(view, player) in (None, HAND)


def _taken_deviation(view: DealView, player: Player) -> tuple[int, ...]:
    """The lines of the engine's deviations of cards taken in against cards put out."""
    return tuple(d.line for d in view.deviations(DeviationKind.TAKEN) if d.player is player)


def _take_line(view: DealView, player: Player) -> int:
    lines = [e.line for _, e in view.of_type(Take) if e.player is player]
    return lines[-1] if lines else view.deal.line


def _no_exchange(view: DealView, player: Player, law: Law) -> Sequence[Finding]:
    """``player`` took in no card though the exchange was played (the other took in, and the
    play began)."""
    if _took_any_line(view, player) or not view.of_type(Take) or first_lead(view) is None:
        return ()
    return [
        law.finding(
            view,
            line_at(view, first_lead(view)),
            player,
            "exchange_count",
            f"{player} goes into the play without exchanging a card: he must exchange at "
            f"least one (law {law.number})",
        )
    ]


def _took_any_line(view: DealView, player: Player) -> bool:
    return any(e.player is player for _, e in view.of_type(Take))


def _elder_count(view: DealView) -> Sequence[Finding]:
    return _no_exchange(view, view.elder, ELDER_EXCHANGE)


def _younger_count(view: DealView) -> Sequence[Finding]:
    return _no_exchange(view, view.younger, YOUNGER_EXCHANGE)


def _not_from_top(view: DealView) -> Sequence[Finding]:
    return [
        ORDER.finding(view, d.line, d.player, "not_from_top", d.message, judges=(d.line,))
        for d in view.deviations(DeviationKind.NOT_FROM_TOP)
    ]


def _discard_fixed(view: DealView) -> Sequence[Finding]:
    found = []
    for player in (view.elder, view.younger):
        start = first_take(view, player)
        if start is None:
            continue
        later = [e for at, e in view.of_type(Discard) if at > start and e.player is player]
        for e in later:
            found.append(
                FIXED.finding(
                    view,
                    e.line,
                    player,
                    "discard_altered",
                    f"{player} discards again after taking up a card of the stock: his "
                    "discard cannot be altered (law 24)",
                )
            )
        if taken(view, player) > discarded(view, player) and _dealt_twelve(view, player):
            found.append(
                FIXED.finding(
                    view,
                    _take_line(view, player),
                    player,
                    "discard_fixed",
                    f"{player} has taken up more cards than he discarded: having taken a card "
                    "of the stock he cannot alter his discard to put the extra card out (law 24)",
                    fault=False,
                )
            )
    return [*found, *_alter_claimed_late(view), *_altered_in_time(view)]


def _altered_in_time(view: DealView) -> Sequence[Finding]:
    """A card taken back from the discard, or mixed with it, before the player takes up a card
    of the stock: an alteration law 24 allows, noted as a fact."""
    found = []
    mixed = [(at, e) for at, e in view.of_type(Mix) if e.into is MixedWith.DISCARD]
    altered: list[tuple[int, TakeBack | Mix]] = [*view.of_type(TakeBack), *mixed]
    for at, e in sorted(altered, key=lambda pair: pair[0]):
        start = first_take(view, e.player)
        if isinstance(e, Mix) and e.left_cards:
            continue
        if start is not None and at > start:
            continue
        found.append(
            FIXED.finding(
                view,
                e.line,
                None,
                "discard_altered_in_time",
                f"{e.player} alters his discard before taking up a card of the stock, as he "
                "may (law 24)",
                judges=(e.line,),
                fault=False,
            )
        )
    return found


def _alter_claimed_late(view: DealView) -> Sequence[Finding]:
    """A claim to alter his discard by a player who has taken up a card of the stock: his
    discard is fixed, and the option of altering it (law 11, law 32) closed with that card."""
    found = []
    for at, e in view.of_type(Claim):
        start = first_take(view, e.player)
        if e.claimed is not Claimed.ALTER_DISCARD or start is None or start > at:
            continue
        window = Window.BEFORE_STOCK if e.player is view.elder else Window.BEFORE_YOUNGER_STOCK
        found.append(
            FIXED.finding(
                view,
                e.line,
                e.player,
                "discard_fixed",
                f"{e.player} asks to alter his discard after taking up a card of the stock "
                f"(line {line_at(view, start)}): it cannot be altered (law 24)",
                fault=False,
                choices=(_alter(Who.OFFENDER, window, "the player alters his discard"),),
            )
        )
    return found


def _alter(who: Who, window: Window, does: str) -> Choice:
    """The option of altering a discard (laws 11, 24, 32)."""
    return Choice(
        Option.ALTER_DISCARD, who, window, (Claimed.ALTER_DISCARD,), does, (Effect.DISCARD_ALTERED,)
    )


def _taken_back(view: DealView) -> Sequence[Finding]:
    found = []
    for at, e in view.of_type(TakeBack):
        start = first_take(view, e.player)
        if start is None or at < start:
            continue
        found.append(
            TAKEN_BACK.finding(
                view,
                e.line,
                e.player,
                "discard_taken_back",
                f"{e.player} takes back a card of his discard after taking up a card of the "
                "stock: he plays with more than twelve cards and reckons nothing that deal "
                "(law 25)",
                judges=(e.line,),
                cites=(24, 58),
            )
        )
    return found


def _mixed_with_discard(view: DealView) -> Sequence[Finding]:
    found = []
    for at, e in view.of_type(Mix):
        start = first_take(view, e.player)
        if e.into is not MixedWith.DISCARD or e.left_cards or start is None or at < start:
            continue
        found.append(
            MIXED.finding(
                view,
                e.line,
                e.player,
                "mixed_with_discard",
                f"{e.player} mixes a card with his discard after taking up a card of the "
                "stock: it stays there; he plays short, and his adversary counts as tricks "
                "the cards that cannot be played to (law 26)",
                judges=(e.line,),
            )
        )
    return found


def _wrong_stock_cards(view: DealView) -> Sequence[Finding]:
    found = []
    elder_first = first_take(view, view.elder)
    for at, e in view.of_type(Expose):
        if e.place is not Place.STOCK or e.player is view.elder:
            continue
        if elder_first is None or at < elder_first:
            found.append(_wrong_card(view, e.line, e.player, "exposes", (e.line,)))
    bottom = _bottom_three(view)
    for at, e in view.of_type(Expose):
        shown = e.place in (Place.STOCK, Place.LEFT_CARDS) and e.player is view.elder
        if shown and bottom & set(e.cards) and (elder_first is not None and at > elder_first):
            found.append(_wrong_card(view, e.line, e.player, "exposes", (e.line,)))
    if taken(view, view.elder) > ELDER_MOST:
        found.append(
            _wrong_card(view, _take_line(view, view.elder), view.elder, "takes up", (), (31,))
        )
    early = _younger_early(view, elder_first)
    if early is not None:
        found.append(_wrong_card(view, early, view.younger, "takes up", ()))
    return found


def _younger_early(view: DealView, elder_first: int | None) -> int | None:
    """The line where the younger, taking in before the elder has, takes up one of the
    elder's cards: one of the top five of the stock as written that the elder has not
    declared left, or, the cards not being known, cards from the top (law 23)."""
    said = said_take(view)
    mine = ELDER_MOST if said is None else said
    stocks = [e for _, e in view.of_type(Stock)]
    top = set(stocks[0].cards[:mine]) if stocks else set()
    for at, e in view.of_type(Take):
        if e.player is not view.younger or (elder_first is not None and at > elder_first):
            continue
        known = [c for c in e.cards if c is not None]
        if mine and (len(known) < len(e.cards) or not stocks or top & set(known)):
            return e.line
    return None


def _bottom_three(view: DealView) -> set[Card]:
    """The known cards of the stock's bottom three, as the stock is written (the younger's)."""
    stocks = [e for _, e in view.of_type(Stock)]
    if not stocks or len(stocks[0].cards) != STOCK:
        return set()
    return {c for c in stocks[0].cards[ELDER_MOST:] if c is not None}


def _wrong_card(
    view: DealView,
    line: int,
    player: Player,
    did: str,
    judges: tuple[int, ...],
    cites: tuple[int, ...] = (),
) -> Finding:
    which = "bottom three" if player is view.elder else "top five"
    apart = "; law 31 does not come into it, a card taken being the adversary's" if cites else ""
    return WRONG_CARDS.finding(
        view,
        line,
        player,
        "wrong_stock_card",
        f"{player} {did} one of the {which} cards of the stock: he reckons nothing that "
        f"deal (law 27){apart}",
        judges=judges,
        cites=cites,
    )


def _elder_mixes(view: DealView) -> Sequence[Finding]:
    return _mixed_with_hand(view, view.elder, ELDER_MIXES)


def _younger_mixes(view: DealView) -> Sequence[Finding]:
    return _mixed_with_hand(view, view.younger, YOUNGER_MIXES)


def _mixed_with_hand(view: DealView, player: Player, law: Law) -> Sequence[Finding]:
    """``player``'s mixing cards of the stock with his hand, as findings of ``law``."""
    found = []
    for _, e in view.of_type(Mix):
        if e.into is not MixedWith.HAND or e.player is not player:
            continue
        found.append(
            law.finding(
                view,
                e.line,
                e.player,
                "mixed_with_hand",
                f"{e.player} mixes with his hand cards of the stock that were not his to take: "
                f"he reckons nothing that deal, or {view.other(e.player)} may have a fresh "
                f"deal (law {law.number})",
                judges=(e.line,),
            )
        )
    return found


def _discards_more(view: DealView) -> Sequence[Finding]:
    found = []
    for player in (view.elder, view.younger):
        put, took = discarded(view, player), taken(view, player)
        if not _took_any_line(view, player) or put <= took or not _dealt_twelve(view, player):
            continue
        found.append(
            MORE_DISCARDED.finding(
                view,
                _take_line(view, player),
                player,
                "discards_more",
                f"{player} discards {put} and takes in {took}: he plays with fewer than twelve "
                "cards, and his adversary counts as tricks the cards that cannot be played to "
                "(law 30; law 57)",
                judges=_taken_deviation(view, player),
                cites=(57,),
            )
        )
    return found


def _takes_more(view: DealView, younger: bool) -> Sequence[Finding]:
    player = view.younger if younger else view.elder
    put, took = discarded(view, player), taken(view, player)
    if not _took_any_line(view, player) or took <= put or not _dealt_twelve(view, player):
        return ()
    if not younger and took > ELDER_MOST:
        return ()  # one of the adversary's cards: law 27
    law = YOUNGER_TAKES_MORE if younger else TAKES_MORE
    kind = "younger_takes_more" if younger else "takes_more"
    return [
        law.finding(
            view,
            _take_line(view, player),
            player,
            kind,
            f"{player} discards {put} and takes in {took}: he plays with more than twelve cards "
            f"and reckons nothing that deal (law {law.number})",
            judges=_taken_deviation(view, player),
        )
    ]


def _elder_takes_more(view: DealView) -> Sequence[Finding]:
    return _takes_more(view, younger=False)


def _younger_takes_more(view: DealView) -> Sequence[Finding]:
    return _takes_more(view, younger=True)


def _said_late(view: DealView) -> Sequence[Finding]:
    """The elder leaves cards without saying how many he takes or leaves before he takes up a
    card of the stock, or before the younger discards on the faith of three cards."""
    elder, younger = view.elder, view.younger
    start = first_take(view, elder)
    stock = stock_size(view) or STOCK
    if start is None or taken(view, elder) >= min(ELDER_MOST, stock - 3):
        return ()
    said = next((at for at, e in view.of_type(ExchangeCall) if e.player is elder), None)
    younger_discard = next((at for at, e in view.of_type(Discard) if e.player is younger), None)
    if said is None:
        late = _younger_finds(view, start)
    else:
        late = said > start or (younger_discard is not None and younger_discard < said)
    if not late:
        return ()
    when = (
        "never says how many he takes or leaves"
        if said is None
        else "says how many he leaves only after "
        + ("taking up a card of the stock" if said > start else f"{younger} has discarded")
    )
    return [
        STATES.finding(
            view,
            line_at(view, said if said is not None else start),
            elder,
            "take_not_stated",
            f"{elder} takes {taken(view, elder)} of his five and {when}: an elder who leaves "
            f"cards must say so before taking up a card of the stock; {younger}, finding more "
            "than three cards there, may alter his discard and take the cards left (laws 32, 34)",
            cites=(34,),
        )
    ]


def _younger_finds(view: DealView, start: int) -> bool:
    """Whether the record shows the younger coming to the stock, after the elder took in and
    before taking up a card of it himself (he touches it, or claims to alter his discard): the
    moment law 32 speaks of, when an elder's silence is in issue. A record that does not
    write the elder's word is silent, not proof that he said nothing."""
    younger = view.younger
    until = first_take(view, younger)

    def comes(e: Event) -> bool:
        touch = isinstance(e, Touch)
        claim = isinstance(e, Claim) and e.claimed is Claimed.ALTER_DISCARD
        return (touch or claim) and getattr(e, "player", None) is younger

    found = view.first(comes, start)
    return found is not None and (until is None or found < until)


def _penalised(view: DealView) -> set[Player]:
    """The players the laws of :data:`PENALTIES` make reckon nothing in the deal."""
    return {
        f.offender
        for law in PENALTIES
        for f in law.find(view)
        if f.offender is not None and Effect.RECKONS_NOTHING in f.effects
    }


def _waived(view: DealView) -> Sequence[Finding]:
    waives = view.of_type(Waive)
    if not waives:
        return ()
    penalised = _penalised(view)
    return [
        WAIVED.finding(
            view,
            e.line,
            view.other(e.player),
            "penalty_waived",
            f"{e.player} does not enforce his adversary's penalty of reckoning nothing (law 44)",
            judges=(e.line,),
            fault=False,
        )
        for _, e in waives
        if view.other(e.player) in penalised
    ]


_PENALTY = (Effect.RECKONS_NOTHING,)
_RECKONS = "reckons nothing"

STATES = Law(
    32,
    Section.DISCARDING,
    "The elder says what he takes",
    "An elder who does not take all five must say how many he takes or leaves before "
    "taking up a stock card. If he does not, and the younger touching the stock finds "
    "more than three there, the younger may change his discard and take the extra cards.",
    "Found where the elder, taking fewer than five, says how many only after taking up a "
    "card of the stock or after the younger has discarded on the faith of three cards (Case "
    "V); or where the record writes no word of his and shows the younger coming to the "
    "stock (touching it, or claiming to alter his discard) with more than three cards "
    "there. A touch of the stock before he says it is no fault. The younger's "
    "option, to alter his discard and take the cards left (law 34), is his until he takes up "
    "a card of the stock.",
    find=_said_late,
    choices=(
        _alter(
            Who.YOUNGER,
            Window.BEFORE_YOUNGER_STOCK,
            "the younger alters his discard and takes the extra cards",
        ),
    ),
    readings=(
        "the moment is the taking up of a stock card, not a touch",
        "said after the younger has discarded is said too late (Case V)",
    ),
)
ELDER_EXCHANGE = Law(
    21,
    Section.DISCARDING,
    "The elder's exchange",
    "The elder may put out and take in up to five cards, and must exchange at least one "
    "(save under law 42).",
    "Found when the elder goes into the play without exchanging; the code sets no penalty, "
    "and taking more than five is law 27's (one of the younger's cards).",
    find=_elder_count,
    judges=(DeviationKind.EXCHANGE_COUNT,),
)
YOUNGER_EXCHANGE = Law(
    22,
    Section.DISCARDING,
    "The younger's exchange",
    "The younger may put out and take in up to three cards (more under laws 34, 41 and 43), "
    "and must exchange at least one (save under law 40).",
    "Found when the younger goes into the play without exchanging, where law 40 does not "
    "excuse him; the code sets no penalty. What he may take is what the elder left (law 34).",
    find=_younger_count,
    judges=(DeviationKind.EXCHANGE_COUNT,),
)
ORDER = Law(
    23,
    Section.DISCARDING,
    "Taking in order",
    "Cards are taken from the top of the stock, in order.",
    "The engine finds a card taken that is not the next of the stock as written; the code "
    "sets no penalty, so the finding has no effect (law 27 covers the wrong cards taken).",
    find=_not_from_top,
    judges=(DeviationKind.NOT_FROM_TOP,),
)
FIXED = Law(
    24,
    Section.DISCARDING,
    "The discard is fixed",
    "Once a player has taken up a card of the stock, he cannot change his discard.",
    "Found when a player discards again after taking in, and, as a note, when he has taken "
    "more than he put out: he may not now put the extra card out (Case XXII); when he claims "
    "to alter his discard after taking in (the claim fails); and, as a fact, when he takes a "
    "card back from his discard or mixes one with it before taking in, as he may.",
    find=_discard_fixed,
    keywords=("alter",),
)
TAKEN_BACK = Law(
    25,
    Section.DISCARDING,
    "A discard taken back",
    "A player who, after taking up a card of the stock, takes any of his discard back into "
    "his hand plays with more than twelve cards and reckons nothing that deal.",
    "A card taken back before the stock is touched is an alteration law 24 allows: no finding.",
    find=_taken_back,
    choices=(WAIVE,),
    effects=_PENALTY,
    overrides=(31, 35),
    keywords=(_RECKONS,),
)
MIXED = Law(
    26,
    Section.DISCARDING,
    "A card mixed with the discard",
    "A card of his hand, or one he was entitled to take, that a player mixes with his "
    "discard after taking up a stock card stays in the discard; he plays short, and the "
    "adversary counts as tricks the cards that cannot be played to.",
    "The same effect as laws 30 and 57: the unanswered cards are tricks to the adversary. "
    "It replaces law 30's finding of the same short hand.",
    find=_mixed_with_discard,
    effects=(Effect.TRICKS_TO_ADVERSARY,),
    overrides=(30,),
)
WRONG_CARDS = Law(
    27,
    Section.DISCARDING,
    "The other's stock cards exposed or taken",
    "An elder who, taking in or looking at cards he left, shows or takes up one of the "
    "bottom three of the stock (save under laws 41 and 43), or a younger who shows or takes "
    "up one of the top five (unless the elder declared it left), reckons nothing that deal.",
    "Found when the elder takes more than five, or exposes a card of the bottom three of the "
    "stock as written after taking in; when the younger, before the elder has taken in, "
    "takes up one of the top five the elder has not declared left (cards not known: taken "
    "from the top), or exposes a card of the stock.",
    find=_wrong_stock_cards,
    choices=(WAIVE,),
    effects=_PENALTY,
    keywords=(_RECKONS, "expose"),
)

_FRESH_FOR_ADVERSARY = Choice(
    Option.FRESH_DEAL,
    Who.ADVERSARY,
    Window.BEFORE_LEAD,
    (Claimed.FRESH_DEAL,),
    "the deal is annulled and dealt again",
    (Effect.FRESH_DEAL,),
    sets_aside=_PENALTY,
    stood=True,
)

ELDER_MIXES = Law(
    28,
    Section.DISCARDING,
    "The elder mixes the younger's cards",
    "An elder who mixes with his hand one of the bottom three cards, or a card he should have "
    "left, reckons nothing that deal, or the younger, having looked at his cards, may have a "
    "fresh deal; if the younger stands, he takes only those of his cards not mixed.",
    "The younger's choice closes, in the project's reading, when the elder leads.",
    find=_elder_mixes,
    choices=(_FRESH_FOR_ADVERSARY, WAIVE),
    effects=_PENALTY,
    keywords=(_RECKONS,),
    readings=("the choice of a fresh deal closes when the elder leads",),
)
YOUNGER_MIXES = Law(
    29,
    Section.DISCARDING,
    "The younger mixes the elder's cards",
    "A younger who mixes with his hand one of the top five (not declared left by the elder) "
    "reckons nothing that deal, or the elder may have a fresh deal; if the elder stands, he "
    "takes only those of his cards not mixed. Taking up, without mixing, a card the elder "
    "left costs nothing.",
    "The elder's choice closes, in the project's reading, when he leads.",
    find=_younger_mixes,
    choices=(_FRESH_FOR_ADVERSARY, WAIVE),
    effects=_PENALTY,
    keywords=(_RECKONS,),
    readings=("the choice of a fresh deal closes when the elder leads",),
)
MORE_DISCARDED = Law(
    30,
    Section.DISCARDING,
    "Discarding more than taking",
    "A player dealt twelve who puts out more cards than he takes in plays with fewer than "
    "twelve, and his adversary counts as tricks the cards that cannot be played to.",
    "Its effect is law 57's: the adversary's unanswered cards are tricks to him.",
    find=_discards_more,
    effects=(Effect.TRICKS_TO_ADVERSARY,),
    overrides=(57,),
    judges=(DeviationKind.TAKEN,),
)
TAKES_MORE = Law(
    31,
    Section.DISCARDING,
    "Taking more than discarding",
    "A player dealt twelve who takes in more cards than he put out, without taking one of "
    "his adversary's cards, plays with more than twelve and reckons nothing that deal.",
    "Found of the elder; a younger who does so is law 35's (Case XXII).",
    find=_elder_takes_more,
    choices=(WAIVE,),
    effects=_PENALTY,
    keywords=(_RECKONS, "long"),
    judges=(DeviationKind.TAKEN,),
)
YOUNGER_TAKES_MORE = Law(
    35,
    Section.DISCARDING,
    "The younger takes more than he discarded",
    "A younger who takes up, with the cards he is taking in, more cards than he discarded "
    "reckons nothing that deal.",
    "Read, as Cavendish rules in Case XXII, of a younger who took all the cards left him as "
    "well as of one who left some: the penalty is the same, and this law, the younger's, "
    "sets aside law 31's finding.",
    find=_younger_takes_more,
    choices=(WAIVE,),
    effects=_PENALTY,
    overrides=(31,),
    keywords=(_RECKONS, "long"),
    readings=("read of a younger who took every card left him, as Case XXII does",),
    judges=(DeviationKind.TAKEN,),
)
WAIVED = Law(
    44,
    Section.DISCARDING,
    "The penalty waived",
    "Whenever a player incurs the penalty of reckoning nothing that deal, his adversary may "
    "choose not to enforce it.",
    "An option of every finding whose penalty is reckoning nothing (its name: waive), taken "
    "by 'X waives the penalty' at any time in the deal. The penalty is one, reckoning "
    "nothing that deal: a waiver sets it aside whichever laws impose it, before or after "
    "the waiver is said (the project's reading). Found where a player waives a "
    "penalty his adversary has incurred; a waiver with no penalty to waive is no claim "
    "upheld and no finding.",
    find=_waived,
    choices=(WAIVE,),
    readings=("one waiver sets aside the deal's penalty, whichever laws impose it",),
    keywords=(_RECKONS, "enforce"),
)


LAWS: tuple[Law, ...] = (
    ELDER_EXCHANGE,
    YOUNGER_EXCHANGE,
    ORDER,
    FIXED,
    TAKEN_BACK,
    MIXED,
    WRONG_CARDS,
    ELDER_MIXES,
    YOUNGER_MIXES,
    MORE_DISCARDED,
    TAKES_MORE,
    STATES,
    LEFT_TAKEN,
    TAKES_ALL,
    YOUNGER_TAKES_MORE,
    SEEN,
    MIXED_LEFT,
    COUNTED,
    UNANNOUNCED,
    THIRTEEN_EIGHT,
    THIRTEEN_SEVEN,
    ELEVEN_EIGHT,
    TWELVE_SEVEN,
    WAIVED,
    OWN_DISCARD,
)

PENALTIES: tuple[Law, ...] = (
    TAKEN_BACK,
    WRONG_CARDS,
    LEFT_TAKEN,
    ELDER_MIXES,
    YOUNGER_MIXES,
    TAKES_MORE,
    YOUNGER_TAKES_MORE,
    LONG,
)
"""The laws whose finders can make a player reckon nothing before or while the cards are
played, whose penalty law 44 lets the adversary waive (law 54's, a call, is not yet found)."""
