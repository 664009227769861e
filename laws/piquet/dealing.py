"""Dealing (laws 9-17): the method, a wrong number of cards, cards exposed or faced, the wrong
pack, a deal out of turn."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from adjudicator.engine.piquet.deviations import DeviationKind
from adjudicator.notation.cards import Player
from adjudicator.notation.piquet.events import (
    Deals,
    Discard,
    ExchangeCall,
    Holds,
    Lead,
    Packet,
    Stock,
    Take,
    Trick,
)
from adjudicator.notation.piquet.irregularities import (
    Announce,
    Claim,
    ClaimReply,
    Collects,
    Counted,
    Cuts,
    Expose,
    Faced,
    Shuffles,
    TakesUp,
)
from adjudicator.notation.piquet.vocabulary import Claimed, Consent, Heap, PackDealt, Place

from .base import Choice, Effect, Finding, Law, Option, Section, Who, Window
from .facts import HAND, STOCK, dealt_size, first_take, line_at, stock_size
from .view import DealView

# -- law 9 ----------------------------------------------------------------------------------


def _method(view: DealView) -> Sequence[Finding]:
    """The engine's deviations of the method of dealing, as findings of law 9."""
    return [
        METHOD.finding(view, d.line, d.player, "method_of_dealing", d.message, judges=(d.line,))
        for d in view.deviations(DeviationKind.DEALING)
    ]


# -- laws 11, 12: a wrong number of cards ---------------------------------------------------


def _wrong(view: DealView) -> tuple[int, int, int] | None:
    """The elder's, the younger's and the stock's sizes as dealt, if all are known (two known
    give the third)."""
    elder, younger = dealt_size(view, view.elder), dealt_size(view, view.younger)
    stock = stock_size(view)
    known = [n for n in (elder, younger, stock) if n is not None]
    if len(known) == 1 and elder is not None:
        stock = STOCK  # the elder's count alone: his the one card wrong (the reading of law 11)
    elif len(known) == 1 and stock == STOCK + 1:
        return HAND, HAND - 1, stock  # nine in the stock: law 12 whatever the hands hold
    elif len(known) < 2:
        return None
    total = 2 * HAND + STOCK
    elder = elder if elder is not None else total - (younger or 0) - (stock or 0)
    younger = younger if younger is not None else total - elder - (stock or 0)
    stock = stock if stock is not None else total - elder - younger
    return elder, younger, stock


def _misplaced(sizes: tuple[int, int, int]) -> int:
    """How many cards were dealt to the wrong place."""
    elder, younger, stock = sizes
    return (abs(elder - HAND) + abs(younger - HAND) + abs(stock - STOCK) + 1) // 2


Sizes = tuple[int | None, int | None, int | None]
"""The elder's, the younger's and the stock's sizes as dealt, as far as the record has told."""


def _told(view: DealView) -> list[tuple[int, Sizes]]:
    """The sizes the record has told at each line that tells one: a hand held as dealt, a
    player's last packet, an announcement, the stock written or counted before any card is
    taken from it."""
    last_packet: dict[Player, int] = {e.player: e.line for _, e in view.of_type(Packet)}
    first_take = next((at for at, _ in view.of_type(Take)), len(view.events))
    known: dict[str, int] = {}
    told: list[tuple[int, Sizes]] = []
    for at, event in enumerate(view.events):
        said = _tells(view, event, at < first_take, last_packet)
        if said is None:
            continue
        known.setdefault(*said)
        sizes = (known.get("elder"), known.get("younger"), known.get("stock"))
        told.append((event.line, sizes))
    return told


def _tells(
    view: DealView, event: object, before_take: bool, last_packet: Mapping[Player, int]
) -> tuple[str, int] | None:
    """Which size ``event`` tells, and what it is."""
    whose = {view.elder: "elder", view.younger: "younger"}
    if isinstance(event, Holds) and event.line not in last_packet.values():
        size = dealt_size(view, event.player)
        return None if size is None or not before_take else (whose[event.player], size)
    if isinstance(event, Packet) and last_packet.get(event.player) == event.line:
        size = dealt_size(view, event.player)
        return None if size is None else (whose[event.player], size)
    if isinstance(event, Announce):
        return whose[event.player], event.count
    if isinstance(event, Stock) and before_take:
        return "stock", len(event.cards)
    if isinstance(event, Counted) and event.heap is Heap.STOCK and before_take:
        return "stock", event.count
    return None


def _shown(view: DealView, test: Callable[[Sizes], bool]) -> int | None:
    """The first line at which what the record has told of the sizes shows ``test``."""
    return next((line for line, sizes in _told(view) if test(sizes)), None)


def _several(sizes: Sizes) -> bool:
    """Whether the sizes told show more than one card dealt wrongly, or nine in the stock:
    the cards too many, or too few, in the places told."""
    due = (HAND, HAND, STOCK)
    off = [n - d for n, d in zip(sizes, due, strict=True) if n is not None]
    return (
        sizes[2] == STOCK + 1
        or max(sum(o for o in off if o > 0), -sum(o for o in off if o < 0)) > 1
    )


def _where(view: DealView, test: Callable[[Sizes], bool] | None = None) -> int:
    """The line where the wrong number shows: the first fact that tells it (``test``), else
    an announcement, else the stock counted, else the elder's first take."""
    shown = _shown(view, test) if test is not None else None
    if shown is not None:
        return shown
    announced = view.of_type(Announce)
    if announced:
        return announced[0][1].line
    counted = view.of_type(Counted)
    if counted:
        return counted[0][1].line
    return line_at(view, first_take(view, view.elder))


def _elder_wrong(sizes: Sizes) -> bool:
    return sizes[0] is not None and sizes[0] != HAND


def _seven(sizes: Sizes) -> bool:
    return sizes[2] == STOCK - 1


def _one_card(view: DealView) -> Sequence[Finding]:
    sizes = _wrong(view)
    if sizes is None or _misplaced(sizes) != 1 or sizes[2] == STOCK + 1:
        return ()
    elder, _, stock = sizes
    if elder != HAND:
        what = f"the elder hand, {view.elder}, was dealt {elder} cards"
        kind = "elder_eleven" if elder < HAND else "elder_thirteen"
        choices = ELEVEN.choices[:1]
        test = _elder_wrong
    elif stock == STOCK - 1:
        what = f"the elder hand, {view.elder}, finds seven cards in the stock"
        kind = "stock_of_seven"
        choices = ELEVEN.choices
        test = _seven
    else:
        return ()
    return [
        ELEVEN.finding(
            view,
            _where(view, test),
            view.younger,
            kind,
            f"{what}: he may have a fresh deal before he takes up a card of the stock (law 11)",
            choices=choices,
            judges=tuple(e.line for _, e in view.of_type(Announce)),
        )
    ]


def _compulsory(view: DealView) -> Sequence[Finding]:
    sizes = _wrong(view)
    if sizes is None:
        return ()
    elder, younger, stock = sizes
    if _misplaced(sizes) <= 1 and stock != STOCK + 1:
        return ()
    return [
        COMPULSORY.finding(
            view,
            _where(view, _several),
            view.younger,
            "compulsory_fresh_deal",
            f"{view.elder} was dealt {elder}, {view.younger} {younger}, the stock holds "
            f"{stock}: more than one card is dealt wrongly, or nine are in the stock; there "
            "must be a fresh deal (law 12)",
            judges=tuple(e.line for _, e in view.of_type(Announce)),
        )
    ]


# -- laws 13, 14: cards exposed or faced ----------------------------------------------------


def _exposed(view: DealView) -> Sequence[Finding]:
    found = []
    taken_up = view.first(lambda e: isinstance(e, TakesUp))
    dealing = view.first(lambda e: isinstance(e, Deals | Packet | Holds | Stock))
    before = view.first(lambda e: isinstance(e, Shuffles | Cuts))
    for at, e in view.of_type(Expose):
        if e.player is not view.younger or e.place in (Place.LEFT_CARDS, Place.DISCARD):
            continue
        if before is not None and before < at and (dealing is None or at < dealing):
            continue  # shown in shuffling or in the cut, before the dealing (laws 2, 7)
        if taken_up is not None and at > taken_up and e.place is not Place.ADVERSARY:
            continue  # a card exposed after the deal: not the dealer's dealing
        own = e.place is Place.OWN or (
            e.place is None and _dealt_to(view, view.younger, e.cards) is True
        )
        if own:
            continue  # his own card: the deal stands good
        found.append(
            EXPOSED.finding(
                view,
                e.line,
                view.younger,
                "dealer_exposes",
                f"the dealer, {view.younger}, exposes a card of his adversary's or of the "
                "stock: the elder hand may have a fresh deal (law 13)",
                judges=(e.line,),
            )
        )
    return found


def _dealt_to(view: DealView, player: Player, cards: Sequence[object]) -> bool | None:
    whole = view.replay.dealt.get(player)
    if whole is None or None in cards:
        return None
    return all(card in whole for card in cards)


def _faced(view: DealView) -> Sequence[Finding]:
    return [
        FACED.finding(
            view,
            e.line,
            None,
            "faced_card",
            f"a card is found faced in the {e.heap.value}: there must be a fresh deal (law 14)",
            judges=(e.line,),
        )
        for _, e in view.of_type(Faced)
    ]


# -- laws 15, 16: the wrong pack, a deal out of turn ----------------------------------------


def _wrong_pack(view: DealView) -> Sequence[Finding]:
    found = []
    for _, e in view.of_type(Deals):
        if e.pack is not PackDealt.SAME or _twice_running(view):
            continue
        found.append(
            PACK.finding(
                view,
                e.line,
                view.younger,
                "wrong_pack",
                f"{view.younger} deals with the pack of the deal before: found before either "
                "player takes up his cards, it is dealt again with the right pack; after, the "
                "deal stands and the packs stay changed (law 15)",
                judges=(e.line,),
            )
        )
    return found


def _annulled(view: DealView, index: int) -> bool:
    """Whether the ``index``-th deal of the partie was dealt again: the next deal written
    bears its number (a fresh deal, or a deal void, is dealt again in its place)."""
    numbers = view.numbers
    return index + 1 < len(numbers) and numbers[index + 1] == numbers[index]


def _counted(view: DealView) -> list[int]:
    """The places of the partie's deals before this one that count in the turn of dealing:
    a deal dealt again in its place does not (law 16: the right dealer deals; law 11: the
    same dealer deals again)."""
    return [i for i in range(view.index) if not _annulled(view, i)]


def expected_dealer(view: DealView) -> Player | None:
    """Who should deal this deal under law 16: the players deal in turn, and after a deal out
    of turn not put right its elder hand deals twice running, unless that deal or the next is
    the partie's last. A deal annulled and dealt again does not count in the turn."""
    dealers = view.dealers
    if not dealers:
        return None
    expected = view.first_dealer or dealers[0]
    twice = False
    for index in _counted(view):
        actual = dealers[index]
        other = Player.B if actual is Player.A else Player.A
        if actual is not expected:
            last = view.numbers[index] >= view.deals_in_partie - 1
            expected, twice = other, not last
        elif twice:
            twice = False
        else:
            expected = other
    return expected


def _twice_running(view: DealView) -> bool:
    """Whether this deal's dealer deals twice running as law 16 requires."""
    counted = _counted(view)
    return (
        bool(counted)
        and view.dealers[counted[-1]] is view.younger
        and expected_dealer(view) is view.younger
    )


def _out_of_turn(view: DealView) -> Sequence[Finding]:
    expected = expected_dealer(view)
    if expected is None:
        return ()
    judged = tuple(d.line for d in view.deviations(DeviationKind.DEALER))
    if expected is view.younger:
        if not judged and not _twice_running(view):
            return ()
        return [
            OUT_OF_TURN.finding(
                view,
                view.deal.line,
                None,
                "deals_twice_running",
                f"{view.younger} deals twice running, as law 16 requires after the deal out of "
                "turn before",
                judges=judged,
                fault=False,
                choices=(),
                effects=(),
            )
        ]
    return [
        OUT_OF_TURN.finding(
            view,
            view.deal.line,
            view.younger,
            "deal_out_of_turn",
            f"{view.younger} deals out of turn: it is {expected}'s deal. Found before either "
            "player takes up his cards, the deal is void; found later, it stands and its elder "
            "hand deals twice running (law 16)",
            judges=judged,
        )
    ]


METHOD = Law(
    9,
    Section.DEALING,
    "The method of dealing",
    "The dealer gives the cards two or three at a time, his adversary first, until each has "
    "twelve; the eight left over are the stock, laid face down in one packet. Having chosen "
    "twos or threes he keeps to it for the partie.",
    "The code sets no penalty of its own: a wrong number dealt is laws 11 and 12's. A change "
    "of method, or packets of another size, is found as a fault of the dealer with no effect "
    "on the deal (the project's reading: the code names none).",
    find=_method,
    keywords=("misdeal", "twos", "threes"),
    readings=("a change of method is a fault without effect",),
    judges=(DeviationKind.DEALING,),
)


def _put_right(view: DealView) -> Sequence[Finding]:
    """A wrong deal put right by consent: the claim accepted before either player takes up
    his cards (a note: the dealer's mistake is mended as the law allows)."""
    found = []
    for at, e in view.of_type(Claim):
        if e.claimed is not Claimed.PUT_RIGHT or at + 1 >= len(view.events):
            continue
        reply = view.events[at + 1]
        if not isinstance(reply, ClaimReply) or reply.consent is not Consent.ACCEPTS:
            continue
        taken_up = view.first(lambda ev: isinstance(ev, _TAKING_UP))
        if taken_up is not None and taken_up < at:
            continue
        found.append(
            PUT_RIGHT.finding(
                view,
                e.line,
                e.player,
                "put_right",
                f"{e.player} puts the deal right with {reply.player}'s consent, before either "
                "player takes up his cards (law 10)",
                fault=False,
                choices=(),
            )
        )
    return found


_TAKING_UP = (TakesUp, Discard, Take, ExchangeCall, Lead, Trick)
"""The lines by which a player has taken up his cards (said, or shown by his exchange or
the play)."""

_PUT_RIGHT = Choice(
    Option.PUT_RIGHT,
    Who.BOTH,
    Window.BEFORE_TAKING_UP,
    (Claimed.PUT_RIGHT,),
    "the deal is put right by consent (law 10)",
    (Effect.CORRECTED,),
    sets_aside=(Effect.FRESH_DEAL,),
    by=10,
)
"""Law 10's option on a wrong deal's finding: the dealer's claim, his adversary's consent."""

PUT_RIGHT = Law(
    10,
    Section.DEALING,
    "A wrong deal put right",
    "A dealer who deals wrongly may put it right if his adversary agrees, so long as neither "
    "player has taken up his hand.",
    "An option of law 12's finding (a deal that must else be dealt again): the claim 'the "
    "deal put right' takes it when the adversary accepts it before either player has taken "
    "up his cards; the deal is then played as put right. Found, as a note, where it is put "
    "right in time.",
    find=_put_right,
    choices=(_PUT_RIGHT,),
    keywords=("misdeal",),
)

_FRESH_ELDER = Choice(
    Option.FRESH_DEAL,
    Who.ELDER,
    Window.BEFORE_STOCK,
    (Claimed.FRESH_DEAL,),
    "the deal is annulled and dealt again by the same dealer",
    (Effect.FRESH_DEAL,),
    stood=True,
)

ELEVEN = Law(
    11,
    Section.DEALING,
    "Eleven or thirteen cards",
    "An elder hand dealt one card too many or too few may, having looked at his hand, have "
    "a fresh deal, so long as he has not taken up a card of the stock. An elder dealt twelve "
    "who finds only seven in the stock when he draws it to him after discarding may have a "
    "fresh deal or change his discard.",
    "The option is the elder's alone: his claim takes it, and 'stands the deal' declines it "
    "(then laws 40 to 43 say how each exchanges). It closes when he takes up a card of the "
    "stock (law 39). The sizes are read from the hands dealt, the packets, an announcement or "
    "the stock counted; with only the elder's count known, his is read as the one card "
    "dealt wrongly, the stock holding eight (laws 40, 42).",
    find=_one_card,
    choices=(
        _FRESH_ELDER,
        Choice(
            Option.ALTER_DISCARD,
            Who.ELDER,
            Window.BEFORE_STOCK,
            (Claimed.ALTER_DISCARD,),
            "the elder changes his discard",
            (Effect.DISCARD_ALTERED,),
        ),
    ),
    keywords=("misdeal", "eleven", "thirteen", "wrong number"),
    judges=(DeviationKind.HAND_SIZE,),
    readings=("with only the elder's count known, his is the one card dealt wrongly",),
)

COMPULSORY = Law(
    12,
    Section.DEALING,
    "A compulsory fresh deal",
    "If more than one card is dealt wrongly, or the stock holds nine, the deal is dealt "
    "again, unless it was put right by consent under law 10.",
    "No choice: the fresh deal is imposed whatever is claimed, and the deal scores nothing; "
    "a 'stands the deal' is of no effect. Law 10's putting right by consent is the only way "
    "out, before either player takes up his hand.",
    find=_compulsory,
    choices=(
        Choice(
            Option.FRESH_DEAL,
            Who.NOBODY,
            Window.AT_ONCE,
            (),
            "the deal is annulled and dealt again by the same dealer",
            (Effect.FRESH_DEAL,),
        ),
        _PUT_RIGHT,
    ),
    effects=(Effect.FRESH_DEAL,),
    keywords=("misdeal", "nine"),
    judges=(DeviationKind.HAND_SIZE,),
)

EXPOSED = Law(
    13,
    Section.DEALING,
    "The dealer exposes a card",
    "A card of the elder's or of the stock shown by the dealer gives the elder the choice of "
    "a fresh deal; one of the dealer's own cards shown leaves the deal standing.",
    "The code sets no time: the project closes the elder's option when he takes up a card of "
    "the stock (as law 11's). Whose card it was is the line's 'from', else the cards dealt.",
    find=_exposed,
    choices=(_FRESH_ELDER,),
    keywords=("misdeal", "expose"),
    readings=("the elder's option closes when he takes up a card of the stock",),
)

FACED = Law(
    14,
    Section.DEALING,
    "A faced card",
    "A card found face up in the pack while dealing, or in the stock while taking in, means "
    "a fresh deal.",
    "Imposed: no one may choose to play on.",
    find=_faced,
    effects=(Effect.FRESH_DEAL,),
    keywords=("misdeal", "face"),
)

PACK = Law(
    15,
    Section.DEALING,
    "The wrong pack",
    "A deal made with the wrong pack is dealt again with the right one if this is found "
    "before either player takes up any of his cards; found later, the deal stands and the "
    "packs stay changed.",
    "The packs are used in turn, so the pack of the deal before is the wrong one, save when "
    "law 16 makes a player deal twice running with the same pack. A claim of a fresh deal "
    "before either takes up his cards takes the redeal.",
    find=_wrong_pack,
    choices=(
        Choice(
            Option.REDEAL_RIGHT_PACK,
            Who.EITHER,
            Window.BEFORE_TAKING_UP,
            (Claimed.FRESH_DEAL,),
            "the deal is dealt again with the right pack",
            (Effect.FRESH_DEAL,),
        ),
    ),
    keywords=("pack",),
)

OUT_OF_TURN = Law(
    16,
    Section.DEALING,
    "A deal out of turn",
    "The players deal in turn. A deal out of turn found before either player takes up any "
    "of his cards is void, and the right dealer deals. Found too late, it stands, and its "
    "elder hand deals the next two deals with the same pack, unless that deal or the next "
    "is the partie's last (or new packs are called for, law 76).",
    "Either player may find the error: a claim of a fresh deal in time voids the deal. The "
    "engine expects the dealers to alternate; where law 16 makes a player deal twice "
    "running the engine's deviation is judged lawful and leaves the ruling.",
    find=_out_of_turn,
    choices=(
        Choice(
            Option.FRESH_DEAL,
            Who.EITHER,
            Window.BEFORE_TAKING_UP,
            (Claimed.FRESH_DEAL,),
            "the deal is void and the right dealer deals",
            (Effect.VOID,),
        ),
    ),
    effects=(Effect.ELDER_DEALS_TWICE,),
    keywords=("turn", "twice"),
    judges=(DeviationKind.DEALER,),
)


def _collected(view: DealView) -> Sequence[Finding]:
    """The cards for the next deal gathered by the dealer, whose adversary's duty it is."""
    return [
        COLLECTING.finding(
            view,
            e.line,
            e.player,
            "dealer_collects",
            f"{e.player}, the dealer, gathers the cards for the next deal: it is the "
            "non-dealer's part (law 17); no penalty",
            judges=(e.line,),
        )
        for _, e in view.of_type(Collects)
        if e.player is view.younger
    ]


COLLECTING = Law(
    17,
    Section.DEALING,
    "Collecting the cards",
    "The player who is not dealing gathers the cards for the next deal and lays them, "
    "properly collected, face down on the table.",
    "A duty without a penalty. Read from 'A collects the cards' in a deal: gathered by the "
    "dealer of that deal, it is found as his fault, with no effect (the code sets none); "
    "gathered by the non-dealer, nothing is found.",
    find=_collected,
    readings=("the dealer who collects is at fault, without effect",),
)

LAWS: tuple[Law, ...] = (
    METHOD,
    PUT_RIGHT,
    ELEVEN,
    COMPULSORY,
    EXPOSED,
    FACED,
    PACK,
    OUT_OF_TURN,
    COLLECTING,
)
