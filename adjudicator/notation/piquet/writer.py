"""The canonical writer: a record of piquet in the one fixed spelling of the notation.

Canonical form: the tags, one a line; a blank line; the first partie's opening (the cut for
deal), flush left; each deal after a blank line, its heading flush left and its events
indented by two spaces; each later partie after a blank line, its heading ``partie N`` and its
opening flush left, then its deals. Cards in capitals with ``T`` and suit letters; keywords in
lower case; the first spelling of every word of several (``quart``, ``knave``, ``five cards``,
``four tens``); a line of cards none of which is known as their count (``A takes 5``), except
a packet, whose count would read as a number said. Comments stay where they belong
(:func:`adjudicator.notation.lines.emit`).

``read(write(r)) == r`` for every record ``r`` the reader gives, and writing what was read from
a canonical text gives the same text again.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from adjudicator.notation.cards import Card, Rank
from adjudicator.notation.lines import blank, emit, escape, tag_text
from adjudicator.notation.piquet.model import (
    NUMBER_WORDS,
    RANK_NAMES,
    SEQUENCE_NAMES,
    SUIT_NAMES,
    Announce,
    Answer,
    Asked,
    Bystander,
    CardNamed,
    Cards,
    CarteBlanche,
    Choice,
    Claim,
    Claimed,
    ClaimReply,
    Collects,
    Counted,
    CutForDeal,
    Cuts,
    Damaged,
    Deal,
    Deals,
    Discard,
    DoesNotLook,
    Drop,
    Elect,
    Event,
    ExchangeCall,
    Expose,
    Faced,
    Holds,
    Lead,
    Leave,
    Look,
    LookAt,
    Mix,
    NewPacks,
    NumberSaid,
    Packet,
    Partie,
    PartieScore,
    Play,
    PointCall,
    Question,
    Reckon,
    Record,
    Result,
    Retract,
    Score,
    SequenceCall,
    SetCall,
    Settlement,
    Show,
    Shuffles,
    Stand,
    Stock,
    Take,
    TakeBack,
    TakesUp,
    Tally,
    Touch,
    Trick,
    Waive,
)

INDENT = "  "
"""Indentation of a deal's events."""


def write(record: Record) -> str:
    """The record in canonical form, ending with a newline."""
    out: list[str] = []
    for tag in record.tags:
        emit(out, "", tag, tag_text(tag.name, tag.value))
    in_deal = False
    for partie in record.parties:
        if partie.number is not None:
            blank(out)
            emit(out, "", partie, partie_heading(partie))
        elif partie.opening:
            blank(out)
        for event in partie.opening:
            emit(out, "", event, event_text(event))
        in_deal = False
        for deal in partie.deals:
            blank(out)
            emit(out, "", deal, deal_heading(deal))
            for event in deal.events:
                emit(out, INDENT, event, event_text(event))
            in_deal = True
    while out and out[-1] == "":
        out.pop()
    indent = INDENT if in_deal else ""
    out.extend(indent + c for c in record.comments_after)
    return "\n".join(out) + "\n" if out else ""


def write_all(records: Iterable[Record]) -> str:
    """Several records in canonical form, a blank line between two."""
    return "\n".join(write(r) for r in records)


def partie_heading(partie: Partie) -> str:
    """``partie 2``."""
    return f"partie {partie.number}"


def deal_heading(deal: Deal) -> str:
    """``deal 1 B``."""
    return f"deal {deal.number} {deal.dealer.value}"


# --------------------------------------------------------------------------------------------
#  Events
# --------------------------------------------------------------------------------------------


def _card(card: Card | None) -> str:
    return "??" if card is None else card.code


def _cards(cards: Cards) -> str:
    return " ".join(_card(c) for c in cards)


def _cards_or_count(cards: Cards) -> str:
    """The cards, or their count when none of them is known."""
    return _cards(cards) if any(c is not None for c in cards) else str(len(cards))


def _tallies(tallies: tuple[Tally, ...]) -> str:
    return " ".join(f"{t.player.value} {t.points}" for t in tallies)


def _suit(e: PointCall | SequenceCall) -> str:
    return "" if e.suit is None else f" in {SUIT_NAMES[e.suit]}"


def _cut_for_deal(e: CutForDeal) -> str:
    return "cut " + " ".join(f"{p.player.value} {_cards(p.cards)}" for p in e.cuts)


def _elect(e: Elect) -> str:
    return f"{e.player.value} elects to " + ("deal" if e.choice is Choice.DEAL else "be elder")


_PACKETS = {2: "twos", 3: "threes"}


def _deals(e: Deals) -> str:
    text = f"{e.player.value} deals"
    if e.by is not None:
        text += f" by {_PACKETS.get(e.by, str(e.by))}"
    if e.pack is not None:
        text += f" with the {e.pack.value} pack"
    return text


def _packet(e: Packet) -> str:
    return f"{e.player.value}: {_cards(e.cards)}"


def _holds(e: Holds) -> str:
    return f"{e.player.value} holds {_cards_or_count(e.cards)}"


def _stock(e: Stock) -> str:
    return f"stock {_cards_or_count(e.cards)}"


def _exchange_call(e: ExchangeCall) -> str:
    return f"{e.player.value}: {e.word.value} {e.count}"


def _discard(e: Discard) -> str:
    return f"{e.player.value} discards {_cards_or_count(e.cards)}"


def _take(e: Take) -> str:
    return f"{e.player.value} takes {_cards_or_count(e.cards)}"


def _leave(e: Leave) -> str:
    return f"{e.player.value} leaves {_cards_or_count(e.cards)}"


_LOOKED_AT = {
    LookAt.LEFT_CARDS: "the left cards",
    LookAt.DISCARD: "his discard",
    LookAt.ADVERSARY_DISCARD: "his adversary's discard",
    LookAt.TRICKS: "the tricks",
}


def _look(e: Look) -> str:
    return f"{e.player.value} looks at {_LOOKED_AT[e.at]}"


def _not_look(e: DoesNotLook) -> str:
    return f"{e.player.value} does not look"


def _point_call(e: PointCall) -> str:
    if e.length is None:
        text = f"{e.player.value}: point"
    else:
        text = f"{e.player.value}: {NUMBER_WORDS.get(e.length, str(e.length))} cards"
    if e.value is not None:
        text += f" making {e.value}"
    return text + _suit(e)


def _sequence_call(e: SequenceCall) -> str:
    text = f"{e.player.value}: {SEQUENCE_NAMES[e.length]}"
    if e.top is Rank.ACE:
        text += " major"
    elif e.top is not None:
        text += f" to the {RANK_NAMES[e.top]}"
    return text + _suit(e)


def _set_call(e: SetCall) -> str:
    if e.rank is None:
        return f"{e.player.value}: " + ("quatorze" if e.count == 4 else "trio")
    return f"{e.player.value}: {NUMBER_WORDS.get(e.count, str(e.count))} {RANK_NAMES[e.rank]}s"


def _carte_blanche(e: CarteBlanche) -> str:
    return f"{e.player.value}: carte blanche"


def _answer(e: Answer) -> str:
    return f"{e.player.value}: {e.reply.value}"


def _question(e: Question) -> str:
    if e.asks is Asked.VALUE:
        words = "what do they make?"
    elif e.asks is Asked.NOT_COUNTED:
        assert e.rank is not None
        words = f"which {RANK_NAMES[e.rank]} do you not count?"
    elif e.asks is Asked.HOW_MANY:
        assert e.suit is not None
        words = f"how many {SUIT_NAMES[e.suit]}?"
    else:
        words = "to what?"
    return f"{e.player.value}: {words}"


def _number_said(e: NumberSaid) -> str:
    return f"{e.player.value}: {e.value}"


def _card_named(e: CardNamed) -> str:
    return f"{e.player.value}: the {RANK_NAMES[e.card.rank]} of {SUIT_NAMES[e.card.suit]}"


def _reckon(e: Reckon) -> str:
    return f"{e.player.value} reckons {e.value}"


def _show(e: Show) -> str:
    return f"{e.player.value} shows {_cards(e.cards)}"


def _trick(e: Trick) -> str:
    text = f"{e.number}. {e.leader.value} {_card(e.lead)}"
    if e.follower is not None:
        text += f" {e.follower.value} {_card(e.follow)}"
    return text


def _lead(e: Lead) -> str:
    return f"{e.player.value} leads {_cards((e.card, *e.more))}"


def _play(e: Play) -> str:
    return f"{e.player.value} plays {_cards((e.card, *e.more))}"


def _score(e: Score) -> str:
    text = "score " + _tallies(e.tallies)
    if e.corrected:
        text += " corrected"
    return text if e.by is None else f"{text} by {e.by.value}"


def _result(e: Result) -> str:
    return "result " + _tallies(e.tallies)


def _partie_score(e: PartieScore) -> str:
    return "partie " + _tallies(e.tallies)


def _settlement(e: Settlement) -> str:
    return f"{e.player.value} wins {e.points}" + (" rubicon" if e.rubicon else "")


# --------------------------------------------------------------------------------------------
#  Irregularities (version 2)
# --------------------------------------------------------------------------------------------


def _takes_up(e: TakesUp) -> str:
    return f"{e.player.value} takes up his cards"


def _touch(e: Touch) -> str:
    return f"{e.player.value} touches the stock"


def _expose(e: Expose) -> str:
    text = f"{e.player.value} exposes {_cards(e.cards)}"
    return text if e.place is None else f"{text} from {e.place.value}"


def _faced(e: Faced) -> str:
    return f"faced {_cards(e.cards)} in the {e.heap.value}"


def _counted(e: Counted) -> str:
    return f"{e.heap.value} counted {e.count}"


def _announce(e: Announce) -> str:
    return f"{e.player.value} announces {NUMBER_WORDS.get(e.count, str(e.count))} cards"


def _mix(e: Mix) -> str:
    what = "the left cards" if e.left_cards else _cards_or_count(e.cards)
    return f"{e.player.value} mixes {what} with his {e.into.value}"


def _take_back(e: TakeBack) -> str:
    return f"{e.player.value} takes back {_cards_or_count(e.cards)} from his discard"


def _retract(e: Retract) -> str:
    return f"{e.player.value} retracts {_cards(e.cards)}"


def _drop(e: Drop) -> str:
    return f"{e.player.value} drops {_cards(e.cards)}"


def _damaged(e: Damaged) -> str:
    return f"{_card(e.card)} is {e.damage.value}"


def _new_packs(e: NewPacks) -> str:
    return f"{e.player.value} calls for new packs"


def _cuts(e: Cuts) -> str:
    return f"{e.player.value} cuts {e.count}"


def _shuffles(e: Shuffles) -> str:
    return f"{e.player.value} shuffles"


def _collects(e: Collects) -> str:
    return f"{e.player.value} collects the cards"


def _claim(e: Claim) -> str:
    if e.claimed is Claimed.RECKONS_NOTHING:
        assert e.of is not None
        return f"{e.player.value} claims {e.of.value} reckons nothing"
    return f"{e.player.value} claims {e.claimed.value}"


def _claim_reply(e: ClaimReply) -> str:
    return f"{e.player.value} {e.consent.value}"


def _stand(e: Stand) -> str:
    return f"{e.player.value} stands the deal"


def _waive(e: Waive) -> str:
    return f"{e.player.value} waives the penalty"


def _bystander(e: Bystander) -> str:
    return "bystander remarks" + ("" if e.remark is None else f' "{escape(e.remark)}"')


# Each writer takes the events of its own kind, which a table keyed by ``kind`` cannot tell the
# type checker: hence ``Any`` (event_text hands each event to the writer of its kind).
_WRITERS: dict[str, Callable[[Any], str]] = {
    "cut_for_deal": _cut_for_deal,
    "elect": _elect,
    "deals": _deals,
    "packet": _packet,
    "holds": _holds,
    "stock": _stock,
    "exchange_call": _exchange_call,
    "discard": _discard,
    "take": _take,
    "leave": _leave,
    "look": _look,
    "not_look": _not_look,
    "point_call": _point_call,
    "sequence_call": _sequence_call,
    "set_call": _set_call,
    "carte_blanche": _carte_blanche,
    "answer": _answer,
    "question": _question,
    "number_said": _number_said,
    "card_named": _card_named,
    "reckon": _reckon,
    "show": _show,
    "trick": _trick,
    "lead": _lead,
    "play": _play,
    "score": _score,
    "result": _result,
    "partie_score": _partie_score,
    "settlement": _settlement,
    "takes_up": _takes_up,
    "touch": _touch,
    "expose": _expose,
    "faced": _faced,
    "counted": _counted,
    "announce": _announce,
    "mix": _mix,
    "take_back": _take_back,
    "retract": _retract,
    "drop": _drop,
    "damaged": _damaged,
    "new_packs": _new_packs,
    "cuts": _cuts,
    "shuffles": _shuffles,
    "collects": _collects,
    "claim": _claim,
    "claim_reply": _claim_reply,
    "stand": _stand,
    "waive": _waive,
    "bystander": _bystander,
}


def event_text(event: Event) -> str:
    """One event in canonical form, without its comments."""
    return _WRITERS[event.kind](event)
