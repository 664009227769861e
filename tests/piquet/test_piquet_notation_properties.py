"""Nothing is lost: for records drawn at random from the model (every line form, unknown cards,
tags of any value, comments in every place), writing then reading gives the same record, and
writing what was read gives the same text. The reader never raises anything but a
NotationError, whatever the text."""

from __future__ import annotations

import os
import string
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from adjudicator.notation.cards import ALL_CARDS, Player, Rank, Suit
from adjudicator.notation.errors import NotationError
from adjudicator.notation.piquet import read_each, read_one, write, write_all
from adjudicator.notation.piquet.model import (
    Announce,
    Answer,
    Asked,
    Bystander,
    CarteBlanche,
    Choice,
    Claim,
    Claimed,
    ClaimReply,
    Consent,
    Counted,
    CutForDeal,
    Damage,
    Damaged,
    Deal,
    Deals,
    Discard,
    DoesNotLook,
    Drop,
    Elect,
    ExchangeCall,
    ExchangeWord,
    Expose,
    Faced,
    Heap,
    Holds,
    Lead,
    Leave,
    Look,
    LookAt,
    Mix,
    MixedWith,
    NewPacks,
    NumberSaid,
    PackDealt,
    Packet,
    Partie,
    PartieScore,
    Place,
    Play,
    PlayerCards,
    PointCall,
    Question,
    Reckon,
    Record,
    Reply,
    Result,
    Retract,
    Score,
    SequenceCall,
    SetCall,
    Settlement,
    Show,
    Stand,
    Stock,
    Tag,
    Take,
    TakeBack,
    TakesUp,
    Tally,
    Touch,
    Trick,
    Waive,
)

EXAMPLES = 150 if os.environ.get("HYPOTHESIS_PROFILE") == "explore" else 60
"""Records drawn a property: 60 in the suite (each a whole partie written, read and compared,
about a tenth of a second), 150 when exploring (``HYPOTHESIS_PROFILE=explore``)."""
SETTINGS = settings(
    max_examples=EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)

players = st.sampled_from([Player.A, Player.B])
card = st.one_of(st.none(), st.sampled_from(ALL_CARDS))
some_cards = st.lists(card, min_size=1, max_size=12).map(tuple)
any_cards = st.lists(card, min_size=0, max_size=12).map(tuple)
numbers = st.one_of(st.integers(0, 60), st.integers(0, 999_999_999))
ranks = st.sampled_from(list(Rank))
suits = st.sampled_from(list(Suit))

# Text that a comment or a tag's value may hold: any character but the line ends, NUL, the
# byte-order mark and lone surrogates (which a file cannot hold).
_TEXT = st.characters(blacklist_categories=["Cs"], blacklist_characters="\r\n\x00\ufeff")
_SPACE = " \t\f"


@st.composite
def semicolon_comment(draw: Any) -> str:
    text: str = draw(st.text(_TEXT, max_size=20)).rstrip(_SPACE)
    return ";" + text


@st.composite
def brace_comment(draw: Any) -> str:
    parts = draw(
        st.lists(
            st.text(
                st.characters(blacklist_categories=["Cs"], blacklist_characters="}\r\x00\ufeff"),
                max_size=12,
            ),
            min_size=1,
            max_size=3,
        )
    )
    return "{" + "\n".join(parts) + "}"


comment = st.one_of(semicolon_comment(), brace_comment())


@st.composite
def comments(draw: Any, last: bool = False) -> dict[str, tuple[str, ...]]:
    """The comment fields of a line: braces then at most one ``;`` comment on it; continued
    lines only below a line with comments; none after the record's last line."""
    on = draw(st.lists(brace_comment(), max_size=2))
    if draw(st.booleans()):
        on.append(draw(semicolon_comment()))
    continued: list[str] = draw(st.lists(comment, max_size=2)) if on else []
    return {
        "comments": tuple(on),
        "comments_continued": tuple(continued),
        "comments_before": tuple(draw(st.lists(comment, max_size=2))),
        "comments_after": () if last else tuple(draw(st.lists(comment, max_size=2))),
    }


def tallies() -> st.SearchStrategy[tuple[Tally, ...]]:
    tally = st.builds(Tally, player=players, points=numbers)
    return st.lists(tally, min_size=1, max_size=2).map(tuple)


@st.composite
def set_calls(draw: Any) -> SetCall:
    rank = draw(st.one_of(st.none(), ranks))
    count = draw(st.sampled_from([3, 4])) if rank is None else draw(st.integers(1, 40))
    return SetCall(player=draw(players), count=count, rank=rank)


@st.composite
def questions(draw: Any) -> Question:
    asks = draw(st.sampled_from(list(Asked)))
    return Question(
        player=draw(players),
        asks=asks,
        rank=draw(ranks) if asks is Asked.NOT_COUNTED else None,
        suit=draw(suits) if asks is Asked.HOW_MANY else None,
    )


@st.composite
def tricks(draw: Any) -> Trick:
    follower = draw(st.one_of(st.none(), players))
    return Trick(
        number=draw(numbers),
        leader=draw(players),
        lead=draw(card),
        follower=follower,
        follow=None if follower is None else draw(card),
    )


counted = st.lists(card, min_size=0, max_size=12).map(tuple)


@st.composite
def claims(draw: Any) -> Claim:
    claimed = draw(st.sampled_from(list(Claimed)))
    of = draw(players) if claimed is Claimed.RECKONS_NOTHING else None
    return Claim(player=draw(players), claimed=claimed, of=of)


@st.composite
def mixes(draw: Any) -> Mix:
    into = draw(st.sampled_from(list(MixedWith)))
    if draw(st.booleans()):
        return Mix(player=draw(players), left_cards=True, into=into)
    return Mix(player=draw(players), cards=draw(some_cards), into=into)


IRREGULARITIES: list[st.SearchStrategy[Any]] = [
    st.builds(TakesUp, player=players),
    st.builds(Touch, player=players),
    st.builds(
        Expose,
        player=players,
        cards=some_cards,
        place=st.one_of(st.none(), st.sampled_from(list(Place))),
    ),
    st.builds(Faced, cards=some_cards, heap=st.sampled_from(list(Heap))),
    st.builds(Counted, heap=st.sampled_from(list(Heap)), count=numbers),
    st.builds(Announce, player=players, count=numbers),
    mixes(),
    st.builds(TakeBack, player=players, cards=some_cards),
    st.builds(Retract, player=players, cards=some_cards),
    st.builds(Drop, player=players, cards=some_cards),
    st.builds(Damaged, card=card, damage=st.sampled_from(list(Damage))),
    st.builds(NewPacks, player=players),
    claims(),
    st.builds(ClaimReply, player=players, consent=st.sampled_from(list(Consent))),
    st.builds(Stand, player=players),
    st.builds(Waive, player=players),
    st.builds(Bystander, remark=st.one_of(st.none(), st.text(_TEXT, max_size=20))),
]

EVENTS: list[st.SearchStrategy[Any]] = [
    st.builds(
        CutForDeal,
        cuts=st.lists(
            st.builds(PlayerCards, player=players, cards=some_cards), min_size=1, max_size=3
        ).map(tuple),
    ),
    st.builds(Elect, player=players, choice=st.sampled_from(list(Choice))),
    st.builds(
        Deals,
        player=players,
        by=st.one_of(st.none(), numbers),
        pack=st.one_of(st.none(), st.sampled_from(list(PackDealt))),
    ),
    st.builds(Packet, player=players, cards=some_cards),
    st.builds(Holds, player=players, cards=counted),
    st.builds(Stock, cards=counted),
    st.builds(
        ExchangeCall, player=players, word=st.sampled_from(list(ExchangeWord)), count=numbers
    ),
    st.builds(Discard, player=players, cards=counted),
    st.builds(Take, player=players, cards=counted),
    st.builds(Leave, player=players, cards=counted),
    st.builds(Look, player=players, at=st.sampled_from(list(LookAt))),
    st.builds(DoesNotLook, player=players),
    st.builds(
        PointCall,
        player=players,
        length=st.one_of(st.none(), numbers),
        value=st.one_of(st.none(), numbers),
        suit=st.one_of(st.none(), suits),
    ),
    st.builds(
        SequenceCall,
        player=players,
        length=st.integers(3, 8),
        top=st.one_of(st.none(), ranks),
        suit=st.one_of(st.none(), suits),
    ),
    set_calls(),
    st.builds(CarteBlanche, player=players),
    st.builds(Answer, player=players, reply=st.sampled_from(list(Reply))),
    questions(),
    st.builds(NumberSaid, player=players, value=numbers),
    st.builds(Reckon, player=players, value=numbers),
    st.builds(Show, player=players, cards=some_cards),
    tricks(),
    st.builds(Lead, player=players, card=card, more=any_cards),
    st.builds(Play, player=players, card=card, more=any_cards),
    st.builds(
        Score,
        tallies=tallies(),
        corrected=st.booleans(),
        by=st.one_of(st.none(), players),
    ),
    st.builds(Result, tallies=tallies()),
    st.builds(PartieScore, tallies=tallies()),
    st.builds(Settlement, player=players, points=numbers, rubicon=st.booleans()),
    *IRREGULARITIES,
]
events = st.one_of(EVENTS)


def with_comments(draw: Any, value: Any) -> Any:
    return value.model_copy(update=draw(comments()))


@st.composite
def tags(draw: Any) -> Tag:
    name = draw(
        st.text(string.ascii_letters, min_size=1, max_size=1)
        .flatmap(
            lambda c: st.text(string.ascii_letters + string.digits + "_", max_size=8).map(
                lambda r: c + r
            )
        )
        .filter(lambda n: n not in ("Game", "Partie"))
    )
    value = draw(st.text(_TEXT, max_size=20))
    return Tag(name=name, value=value, **draw(comments()))


@st.composite
def deals(draw: Any) -> Deal:
    heading = Deal(number=draw(numbers), dealer=draw(players), **draw(comments()))
    evs = tuple(with_comments(draw, e) for e in draw(st.lists(events, max_size=6)))
    return heading.model_copy(update={"events": evs})


@st.composite
def parties(draw: Any, first: bool) -> Partie:
    opening = tuple(with_comments(draw, e) for e in draw(st.lists(events, max_size=3)))
    ds = tuple(draw(st.lists(deals(), max_size=3)))
    if first and draw(st.booleans()) and (opening or ds):
        return Partie(opening=opening, deals=ds)
    return Partie(number=draw(numbers), opening=opening, deals=ds, **draw(comments()))


def _last_line_has_no_notes_after(record: Record) -> Record:
    """Comments after a record's last line are the record's own: none on the line itself."""
    clear = {"comments_after": ()}
    tags_, parts = list(record.tags), list(record.parties)
    if parts:
        partie = parts[-1]
        if partie.deals:
            deal = partie.deals[-1]
            if deal.events:
                evs = (*deal.events[:-1], deal.events[-1].model_copy(update=clear))
                deal = deal.model_copy(update={"events": evs})
            else:
                deal = deal.model_copy(update=clear)
            partie = partie.model_copy(update={"deals": (*partie.deals[:-1], deal)})
        elif partie.opening:
            opening = (*partie.opening[:-1], partie.opening[-1].model_copy(update=clear))
            partie = partie.model_copy(update={"opening": opening})
        else:
            partie = partie.model_copy(update=clear)
        parts[-1] = partie
    elif tags_:
        tags_[-1] = tags_[-1].model_copy(update=clear)
    return record.model_copy(update={"tags": tuple(tags_), "parties": tuple(parts)})


@st.composite
def records(draw: Any, tagged: bool = False) -> Record:
    ts = draw(st.lists(tags(), min_size=1 if tagged else 0, max_size=3))
    ps = [draw(parties(first=True))] if draw(st.booleans()) else []
    ps += draw(st.lists(parties(first=False), max_size=2))
    if not ts and not ps:
        ps = [Partie(number=1)]
    after = tuple(draw(st.lists(comment, max_size=2)))
    record = Record(tags=tuple(ts), parties=tuple(ps), comments_after=after)
    return _last_line_has_no_notes_after(record)


@SETTINGS
@given(records())
def test_a_record_written_then_read_is_the_same_record(record: Record) -> None:
    text = write(record)
    again = read_one(text)
    assert again == record, text
    assert write(again) == text


@SETTINGS
@given(st.lists(records(tagged=True), min_size=1, max_size=3))
def test_several_records_written_then_read_are_the_same_records(found: list[Record]) -> None:
    # a record of tags alone runs into the next one's tags: a tag line begins a record only
    # after lines that are not tags (so each but the last has a line that is not a tag)
    found = [
        r if r.parties or i == len(found) - 1 else _with_a_partie(r) for i, r in enumerate(found)
    ]
    text = write_all(found)
    again = list(read_each(text))
    assert again == found, text


@SETTINGS
@given(records(), st.sampled_from(["\n", "\r\n", "\r"]), st.booleans())
def test_line_ends_and_a_byte_order_mark_change_nothing(
    record: Record, end: str, bom: bool
) -> None:
    text = write(record)
    if "\n" in "".join(c for c in _all_comments(record)):
        return  # a brace comment over lines holds its line ends as LF
    variant = ("\ufeff" if bom else "") + text.replace("\n", end)
    assert read_one(variant.encode("utf-8") if bom else variant) == record


def _with_a_partie(record: Record) -> Record:
    last = record.tags[-1]
    notes = last.comments_after
    tags_ = (*record.tags[:-1], last.model_copy(update={"comments_after": ()}))
    return record.model_copy(
        update={"tags": tags_, "parties": (Partie(number=1, comments_before=notes),)}
    )


def _all_comments(record: Record) -> list[str]:
    out = list(record.comments_after)
    for tag in record.tags:
        out += [*tag.comments, *tag.comments_continued, *tag.comments_before, *tag.comments_after]
    for partie in record.parties:
        items: list[Any] = [partie, *partie.opening]
        for deal in partie.deals:
            items += [deal, *deal.events]
        for item in items:
            out += [*item.comments, *item.comments_continued]
            out += [*item.comments_before, *item.comments_after]
    return out


WORDS = st.sampled_from(
    ["deal", "1", "B", "A:", "A", "five", "cards", "quart", "major", "AS", "??", "10H", "good",
     "not", "{", "}", ";", "[", "]", '"', "partie", "1.", "score", "\t", "é", "٣", "?", ":",
     "takes", "\x0b", "\u2028", "9999999999", "to", "the", "queen", "claims", "a", "fresh",
     "exposes", "from", "his", "adversary's", "mixes", "with", "hand", "back", "0",
     "bystander", "remarks", '"x"', "retracts", "counted", "stock"]
)  # fmt: skip


@settings(max_examples=300, deadline=None)
@given(st.lists(st.lists(WORDS, max_size=8).map(" ".join), max_size=8).map("\n".join))
def test_the_reader_gives_a_record_or_a_located_error_for_any_text(text: str) -> None:
    for item in read_each(text):
        if isinstance(item, NotationError):
            assert item.line >= 1 and item.column >= 1
            str(item)
        else:
            assert read_one(write(item)) == item
