"""Every example of the notation's specification, read and written back.

The specification (``notation.md``, "Écarté Transcript Notation") says that every example in it
must parse and mean what it says. The examples are copied into ``tests/data/spec/``:

* ``example-game.etn``: the full example game, verbatim (``example-game.canonical.etn`` is the
  same record in the writer's canonical form; ``example-game.lenient.etn`` is the same record in
  the lenient spellings the notation accepts);
* ``cut-for-deal.etn``, ``deal-headings.etn``: the two small code blocks, verbatim;
* ``tags.etn``: the tags of the tag table;
* ``lines/*.etn``: one file for every line form of the tables ("The cut for deal", "A deal",
  "Claims and elections"), each after a ``deal 1 A`` heading where it belongs in a deal;
* ``several-records.etn``: a file of three records.

This module checks, for each of them and for the lenient variants below:

1. that it reads to the model the specification describes (the actual fields);
2. the facts of the full example game;
3. that lenient spellings (case, ``10``, suit symbols, counts, comments, tabs, CRLF, a BOM)
   read to the same model as their canonical spelling;
4. that writing is a round trip (``read_one(write(r)) == r``, and ``write`` is a fixed point),
   and that the writer's output is in the canonical spelling;
5. that the grammar with Lark's own contextual lexer (``reference_parser``) reads the same
   records as the line lexer;
6. that every model the reader builds (without validation) validates to itself.

Where a test fails because of a fault in the library, it stays as the correct expectation,
marked ``xfail(strict=True)`` with a reason that begins ``BUG:``.
"""

from __future__ import annotations

import os
import re
import warnings
from pathlib import Path
from typing import Any

import pytest
from pydantic import BaseModel

from adjudicator import (
    Card,
    Deal,
    NotationError,
    Player,
    Record,
    Suit,
    Tag,
    read,
    read_one,
    write,
    write_all,
)
from adjudicator.notation.ecarte.lexer import KEYWORDS
from adjudicator.notation.ecarte.model import (
    Abandon,
    Accept,
    Announce,
    Ask,
    CallNewCards,
    Claim,
    ClaimKind,
    Cut,
    CutForDeal,
    DeclarePlay,
    Discard,
    ElectPlay,
    Faced,
    Holds,
    Lead,
    Mark,
    MarkReason,
    Order,
    Packet,
    PackFault,
    PackFaultKind,
    PermitComplete,
    Play,
    Propose,
    Refuse,
    Retract,
    Score,
    Show,
    Shuffle,
    TakeUp,
    Trick,
    Turn,
    Unmark,
)
from adjudicator.notation.ecarte.reader import reference_parser

DATA = Path(__file__).parent / "data" / "spec"
LINES = DATA / "lines"
SPEC = Path(
    os.environ.get(
        "ETN_SPEC", Path(__file__).resolve().parents[2] / "shared" / "spec" / "notation.md"
    )
)

A, B, C = Player.A, Player.B, Player.C


# --------------------------------------------------------------------------------------------
#  Helpers
# --------------------------------------------------------------------------------------------


def cards(text: str) -> tuple[Card | None, ...]:
    """``"KH ?? 9S"`` as a tuple of cards (``None`` for ``??``)."""
    return tuple(None if word == "??" else Card.parse(word) for word in text.split())


def in_deal(*events: Any, number: int = 1, dealer: Player = A, **record: Any) -> Record:
    """A record of one deal (``deal 1 A`` unless told) holding ``events``."""
    return Record(deals=(Deal(number=number, dealer=dealer, events=events),), **record)


def text_of(path: Path) -> str:
    return path.read_text(encoding="utf-8")


def _strip(node: Any) -> Any:
    """``node`` with every comment taken out (recursively)."""
    if isinstance(node, tuple):
        return tuple(_strip(x) for x in node)
    if not isinstance(node, BaseModel):
        return node
    update = {name: _strip(value) for name, value in node.__dict__.items()}
    for name in ("comments", "comments_continued", "comments_before", "comments_after"):
        if name in update:
            update[name] = ()
    return node.model_copy(update=update)


def without_comments(record: Record) -> Record:
    """The record's facts alone: what a reader that ignores comments would build."""
    result: Record = _strip(record)
    return result


_COMMENT = re.compile(r"\{[^}]*\}|;[^\r\n]*")


def comment_free(text: str) -> str:
    """``text`` with its comments taken out (a brace comment counts as a space)."""
    return _COMMENT.sub(" ", text)


def for_reference(text: str) -> str:
    """``text`` as the reference parser wants it: no BOM, no leading blank lines, a final
    newline."""
    text = text.removeprefix("\ufeff").lstrip()
    return text if text.endswith("\n") else text + "\n"


def assert_validates_to_itself(model: BaseModel) -> None:
    """The model, dumped and validated again (from Python and from JSON), is equal to it, and
    every value in it has the type validation gives it (a ``str`` is not a ``Suit``, though
    they compare equal; pydantic warns when it serialises a value of the wrong type)."""
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        again = type(model).model_validate(model.model_dump())
        assert again == model
        assert type(model).model_validate_json(model.model_dump_json()) == model
    _assert_same_types(model, again, type(model).__name__)


def _assert_same_types(built: Any, validated: Any, where: str) -> None:
    assert type(built) is type(validated), f"{where}: {type(built)} != {type(validated)}"
    if isinstance(built, BaseModel):
        assert built.__dict__.keys() == validated.__dict__.keys(), where
        for name, value in built.__dict__.items():
            _assert_same_types(value, validated.__dict__[name], f"{where}.{name}")
    elif isinstance(built, tuple):
        assert len(built) == len(validated), where
        for i, (x, y) in enumerate(zip(built, validated, strict=True)):
            _assert_same_types(x, y, f"{where}[{i}]")
    elif isinstance(built, dict):
        assert list(built) == list(validated), where
        for key, value in built.items():
            _assert_same_types(key, next(k for k in validated if k == key), f"{where} key")
            _assert_same_types(value, validated[key], f"{where}[{key}]")


# --------------------------------------------------------------------------------------------
#  1. Every line example of the specification, and what it means
# --------------------------------------------------------------------------------------------

LINE_MEANINGS: dict[str, Record] = {
    # The cut for deal
    "cut-for-deal": Record(opening=(CutForDeal(cuts={A: cards("JS"), B: cards("AH")}),)),
    "cut-for-deal-exposed": Record(opening=(CutForDeal(cuts={A: cards("QH JH"), B: cards("9C")}),)),
    # A deal: the heading
    "deal-heading": Record(deals=(Deal(number=3, dealer=A),)),
    "deal-heading-pack": Record(deals=(Deal(number=4, dealer=B, pack=A),)),
    # A deal: the line forms, in the order of the table
    "shuffle": in_deal(Shuffle(player=A)),
    "shuffle-exposed": in_deal(Shuffle(player=A, exposed=True)),
    "shuffle-below-table": in_deal(Shuffle(player=A, below_table=True)),
    "shuffle-exposed-below-table": in_deal(Shuffle(player=A, exposed=True, below_table=True)),
    "cut": in_deal(Cut(player=B, count=12)),
    "cut-exposed": in_deal(Cut(player=B, count=12, exposed=cards("9H"))),
    "order": in_deal(Order(first=2, second=3)),
    "packet": in_deal(Packet(player=B, cards=cards("KH QH 9S"))),
    "packet-exposed": in_deal(Packet(player=B, cards=cards("KH QH 9S"), exposed=(1,))),
    "packet-unknown": in_deal(Packet(player=B, cards=(None, None))),
    "packet-count": in_deal(Packet(player=B, cards=(None, None, None))),
    "turn": in_deal(Turn(cards=cards("KD"))),
    "turn-two": in_deal(Turn(cards=cards("KD 7S"))),
    "faced": in_deal(Faced(card=Card.parse("9C"))),
    "take-up": in_deal(TakeUp(player=B)),
    "mark-king": in_deal(Mark(player=A, reason=MarkReason.KING)),
    "announce": in_deal(Announce(player=B)),
    "propose": in_deal(Propose(player=B)),
    "accept": in_deal(Accept(player=A)),
    "refuse": in_deal(Refuse(player=A)),
    "accept-if-stock": in_deal(Accept(player=A, if_stock=True)),
    "declare-play": in_deal(DeclarePlay(player=B)),
    "discard": in_deal(Discard(player=B, cards=cards("9D 8H 7C"))),
    "ask": in_deal(Ask(player=B, count=3)),
    "holds": in_deal(Holds(player=A, cards=cards("KS QS JS 8C 7C"))),
    "trick": in_deal(
        Trick(number=1, leader=B, lead=Card.parse("KH"), follower=A, follow=Card.parse("7H"))
    ),
    "lead": in_deal(Lead(player=B, card=Card.parse("KH"))),
    "play": in_deal(Play(player=A, card=Card.parse("7H"))),
    "lead-then-play": in_deal(
        Lead(player=B, card=Card.parse("KH")), Play(player=A, card=Card.parse("7H"))
    ),
    "lead-names": in_deal(Lead(player=B, card=Card.parse("KH"), names=Suit.SPADES)),
    "retract": in_deal(Retract(player=A, card=Card.parse("7H"))),
    "abandon": in_deal(Abandon(player=B)),
    "show": in_deal(Show(player=B)),
    "call-new-cards": in_deal(CallNewCards(player=A)),
    "pack-incorrect": in_deal(PackFault(fault=PackFaultKind.INCORRECT)),
    "pack-redundant": in_deal(PackFault(fault=PackFaultKind.REDUNDANT)),
    "pack-imperfect": in_deal(PackFault(fault=PackFaultKind.IMPERFECT)),
    "mark-vole": in_deal(Mark(player=A, points=2, reason=MarkReason.VOLE)),
    "mark-point": in_deal(Mark(player=A, points=1, reason=MarkReason.POINT)),
    "mark-penalty": in_deal(Mark(player=A, points=1, reason=MarkReason.PENALTY)),
    "unmark": in_deal(Unmark(player=A, points=1)),
    "score": in_deal(Score(points={A: 3, B: 2})),
    # Claims and elections
    "claim-new-deal": in_deal(Claim(player=B, claim=ClaimKind.NEW_DEAL)),
    "claim-rectify": in_deal(Claim(player=B, claim=ClaimKind.RECTIFY)),
    "claim-trump": in_deal(Claim(player=B, claim=ClaimKind.TRUMP, card=Card.parse("7S"))),
    "claim-replay": in_deal(Claim(player=B, claim=ClaimKind.REPLAY)),
    "claim-suit": in_deal(Claim(player=B, claim=ClaimKind.SUIT, suit=Suit.SPADES)),
    "claim-complete": in_deal(Claim(player=B, claim=ClaimKind.COMPLETE)),
    "permit-complete": in_deal(PermitComplete(player=B)),
    "claim-draw": in_deal(Claim(player=B, claim=ClaimKind.DRAW)),
    "claim-take": in_deal(Claim(player=B, claim=ClaimKind.TAKE)),
    "claim-refuse": in_deal(Claim(player=B, claim=ClaimKind.REFUSE)),
    "elect-play": in_deal(ElectPlay(player=B)),
}


def test_every_line_file_has_a_meaning() -> None:
    assert sorted(p.stem for p in LINES.glob("*.etn")) == sorted(LINE_MEANINGS)


@pytest.mark.parametrize("name", sorted(LINE_MEANINGS))
def test_line_example_means_what_the_spec_says(name: str) -> None:
    path = LINES / f"{name}.etn"
    assert read_one(path) == LINE_MEANINGS[name]
    assert read_one(text_of(path)) == LINE_MEANINGS[name]


def only_event(name: str) -> Any:
    (deal,) = read_one(LINES / f"{name}.etn").deals
    (event,) = deal.events
    return event


def test_the_distinctions_the_spec_draws() -> None:
    """The fields behind the spec's own words, one by one."""
    (cut,) = read_one(LINES / "cut-for-deal-exposed.etn").opening
    assert isinstance(cut, CutForDeal)
    assert cut.cuts == {A: cards("QH JH"), B: cards("9C")}  # A exposed two cards

    assert only_event("packet-exposed").exposed == (1,)  # the `*` is on the second card
    assert only_event("packet").exposed == ()
    assert only_event("packet-count").cards == (None, None, None)  # `B: 3`
    assert only_event("turn-two").cards == cards("KD 7S")

    assert only_event("accept-if-stock").if_stock is True
    assert only_event("accept").if_stock is False

    # `B plays` declares play (law 49); `A plays 7H` plays a card to a trick.
    assert type(only_event("declare-play")) is DeclarePlay
    assert type(only_event("play")) is Play
    assert only_event("play").card == Card.parse("7H")

    (deal,) = read_one(LINES / "deal-heading-pack.etn").deals
    assert (deal.number, deal.dealer, deal.pack) == (4, B, A)
    (deal,) = read_one(LINES / "deal-heading.etn").deals
    assert (deal.number, deal.dealer, deal.pack) == (3, A, None)

    trump = only_event("claim-trump")
    assert (trump.claim, trump.card, trump.suit) == (ClaimKind.TRUMP, Card.parse("7S"), None)
    suit = only_event("claim-suit")
    assert (suit.claim, suit.card, suit.suit) == (ClaimKind.SUIT, None, Suit.SPADES)
    assert only_event("claim-new-deal").claim is ClaimKind.NEW_DEAL
    assert type(only_event("permit-complete")) is PermitComplete
    assert type(only_event("elect-play")) is ElectPlay

    mark = only_event("mark-king")
    assert (mark.points, mark.reason) == (None, MarkReason.KING)  # the points are not said


def test_both_trick_forms_say_the_same() -> None:
    """``1. B KH A 7H`` and ``B leads KH`` / ``A plays 7H``: the same trick, two forms."""
    trick = only_event("trick")
    lead, play = read_one(LINES / "lead-then-play.etn").deals[0].events
    assert isinstance(lead, Lead) and isinstance(play, Play)
    assert (trick.leader, trick.lead) == (lead.player, lead.card) == (B, Card.parse("KH"))
    assert (trick.follower, trick.follow) == (play.player, play.card) == (A, Card.parse("7H"))
    assert trick.number == 1
    assert trick.names is None and lead.names is None


def test_cut_for_deal_block() -> None:
    record = read_one(DATA / "cut-for-deal.etn")
    assert record.opening == (
        CutForDeal(
            cuts={A: cards("JS"), B: cards("AH")},
            comments=("; each player's cut card; here A cuts the knave, B the ace: A deals",),
        ),
        CutForDeal(
            cuts={A: cards("QH JH"), B: cards("9C")},
            comments=("; A exposed two cards (law 4)",),
        ),
    )
    assert record.deals == ()


def test_deal_headings_block() -> None:
    record = read_one(DATA / "deal-headings.etn")
    assert record.deals == (
        Deal(number=3, dealer=A, comments=("; deal number, then the dealer",)),
        Deal(
            number=4,
            dealer=B,
            pack=A,
            comments=("; optional: B deals with A's pack (law 14)",),
        ),
    )


def test_tags() -> None:
    record = read_one(DATA / "tags.etn")
    assert [(t.name, t.value) for t in record.tags] == [
        ("Event", "Portland Club, evening game"),
        ("Site", "Portland Club, London"),
        ("Date", "1886.05.01"),
        ("Round", "1"),
        ("A", "Mr. Anstey"),
        ("B", "Mr. Bourke"),
        ("C", "Mr. Carew"),
        ("Rules", "club"),
        ("Game", "5"),
        ("Scoring", "law46"),
    ]
    assert record.tag("game") == "5"
    assert record.tag("Scoring") == "law46"
    assert (record.opening, record.deals) == ((), ())


def test_tag_values_unescape() -> None:
    (tag,) = read_one('[Event "the \\"Portland\\" \\\\ club"]\n').tags
    assert tag == Tag(name="Event", value='the "Portland" \\ club')


# --------------------------------------------------------------------------------------------
#  Every example of the specification is here
# --------------------------------------------------------------------------------------------

_FRAGMENTS = {"*", "exposed", "below table", "king", "point", "vole", "penalty"}
"""Words the tables quote that are parts of a line, not lines."""


def _spec_examples(spec: str) -> list[str]:
    """The line examples of the specification: its two small code blocks, the lines quoted in
    the tables of "A deal" and "Claims and elections", and ``B: 3``."""
    examples = ["B: 3"]
    for heading in ("## The cut for deal\n", "## A deal\n"):
        block = spec.split(heading, 1)[1].lstrip("\n")
        for line in block.split("\n"):
            if not line.startswith("    "):
                break
            examples.append(line)
    tables = spec.split("## A deal\n", 1)[1].split("## Example", 1)[0]
    for row in tables.split("\n"):
        if row.startswith("| `"):
            examples += [q for q in re.findall(r"`([^`]+)`", row) if q not in _FRAGMENTS]
    return [" ".join(comment_free(e).split()) for e in examples]


def _data_lines() -> set[str]:
    return {
        " ".join(line.split())
        for path in DATA.rglob("*.etn")
        for line in comment_free(text_of(path)).splitlines()
    }


@pytest.mark.skipif(not SPEC.is_file(), reason="the specification is not beside this checkout")
def test_every_spec_example_is_in_the_data() -> None:
    spec = SPEC.read_text(encoding="utf-8")
    examples = _spec_examples(spec)
    assert len(examples) > 40
    missing = [e for e in examples if e not in _data_lines()]
    assert missing == []


@pytest.mark.skipif(not SPEC.is_file(), reason="the specification is not beside this checkout")
def test_example_game_is_copied_verbatim() -> None:
    spec = SPEC.read_text(encoding="utf-8")
    block = spec.split("## Example\n", 1)[1].strip("\n")
    copied = "\n".join(line.removeprefix("    ") for line in block.split("\n")) + "\n"
    assert text_of(DATA / "example-game.etn") == copied


# --------------------------------------------------------------------------------------------
#  2. The full example game
# --------------------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def game() -> Record:
    return read_one(DATA / "example-game.etn")


def kinds(deal: Deal) -> list[str]:
    return [e.kind for e in deal.events]


def test_example_game_tags_and_cut(game: Record) -> None:
    assert [(t.name, t.value) for t in game.tags] == [
        ("Event", "Portland Club, evening game"),
        ("Date", "1886.05.01"),
        ("A", "Mr. Anstey"),
        ("B", "Mr. Bourke"),
    ]
    assert game.opening == (
        CutForDeal(
            cuts={A: cards("JS"), B: cards("AH")},
            comments=("; the knave is higher than the ace: A deals",),
        ),
    )


def test_example_game_deals(game: Record) -> None:
    assert [(d.number, d.dealer, d.pack) for d in game.deals] == [
        (1, A, None),
        (2, B, None),
        (3, A, None),
    ]


def test_example_game_deal_1(game: Record) -> None:
    deal = game.deals[0]
    assert kinds(deal) == [
        "cut",
        *["packet"] * 4,
        "turn",
        "mark",
        "take_up",
        "propose",
        "accept",
        "discard",
        "packet",
        "discard",
        "packet",
        "declare_play",
        *["trick"] * 5,
        "mark",
        "score",
    ]
    events = deal.events
    assert events[0] == Cut(player=B, count=14)
    packets = [(e.player, e.cards, e.exposed) for e in events if isinstance(e, Packet)]
    assert packets == [
        (B, cards("TS KH TD"), ()),
        (A, cards("QS JS AS"), ()),
        (B, cards("7D 9C"), ()),
        (A, cards("AD 8H"), ()),
        (B, cards("KD 7S 7H"), ()),  # from the stock, after B's discard
        (A, cards("9S 8S"), ()),  # from the stock, after A's discard
    ]
    assert events[5] == Turn(cards=cards("KS"))
    assert events[6] == Mark(player=A, reason=MarkReason.KING)
    assert events[7:10] == (TakeUp(player=B), Propose(player=B), Accept(player=A))
    assert events[10] == Discard(player=B, cards=cards("TD 7D 9C"))
    assert events[12] == Discard(player=A, cards=cards("AD 8H"))
    assert events[14] == DeclarePlay(player=B)
    tricks = [
        (t.number, t.leader, t.lead, t.follower, t.follow)
        for t in events[15:20]
        if isinstance(t, Trick)
    ]
    assert tricks == [
        (1, B, Card.parse("KH"), A, Card.parse("9S")),
        (2, A, Card.parse("QS"), B, Card.parse("7S")),
        (3, A, Card.parse("JS"), B, Card.parse("TS")),
        (4, A, Card.parse("AS"), B, Card.parse("7H")),
        (5, A, Card.parse("8S"), B, Card.parse("KD")),
    ]
    assert events[20] == Mark(player=A, points=2, reason=MarkReason.VOLE)
    assert events[21] == Score(points={A: 3, B: 0})


def test_example_game_deal_2(game: Record) -> None:
    deal = game.deals[1]
    assert deal.comments == ("; B's first deal: B selects 2-3 (law 8)",)
    assert kinds(deal) == [
        *["packet"] * 4,
        "turn",
        "declare_play",
        *["trick"] * 5,
        "mark",
        "score",
    ]
    events = deal.events
    assert [(e.player, e.cards) for e in events[:4] if isinstance(e, Packet)] == [
        (A, (None, None)),
        (B, (None, None)),
        (A, (None, None, None)),
        (B, (None, None, None)),
    ]
    assert events[0].comments == ("; cards nobody recorded",)
    assert events[4] == Turn(cards=cards("9D"))
    assert events[5] == DeclarePlay(player=A, comments=("; A plays without proposing",))
    assert events[6].comments == ("; the cards are known from the play",)
    tricks = [
        (t.number, t.leader, t.lead, t.follower, t.follow)
        for t in events[6:11]
        if isinstance(t, Trick)
    ]
    assert tricks == [
        (1, A, Card.parse("KS"), B, Card.parse("7S")),
        (2, A, Card.parse("QS"), B, Card.parse("8S")),
        (3, A, Card.parse("JD"), B, Card.parse("TD")),
        (4, A, Card.parse("7C"), B, Card.parse("AC")),
        (5, B, Card.parse("8H"), A, Card.parse("9H")),
    ]
    assert events[11] == Mark(player=A, points=1, reason=MarkReason.POINT)
    assert events[12] == Score(points={A: 4, B: 0})


def test_example_game_deal_3(game: Record) -> None:
    deal = game.deals[2]
    assert deal.events[:4] == (
        Packet(
            player=B,
            cards=(None, None),
            comments=("; A selected 3-2 in deal 1 and now deals 2-3: law 8",),
        ),
        Packet(player=A, cards=(None, None)),
        Packet(player=B, cards=(None, None, None)),
        Packet(player=A, cards=(None, None, None)),
    )
    assert deal.events[4:] == (
        Claim(
            player=B,
            claim=ClaimKind.NEW_DEAL,
            comments=("; before the trump is turned and before B took up his hand:",),
            comments_continued=("; law 9 gives him this option",),
        ),
    )
    # The comment's second line, aligned under it, continues it: it is not a note standing
    # alone after the record's last line.
    assert game.comments_after == ()


def test_example_game_writes_in_canonical_form(game: Record) -> None:
    canonical = text_of(DATA / "example-game.canonical.etn")
    assert write(game) == canonical
    assert read_one(canonical) == game
    assert write(read_one(canonical)) == canonical


def test_example_game_in_lenient_spellings(game: Record) -> None:
    lenient = read_one(DATA / "example-game.lenient.etn")
    assert lenient == game
    assert write(lenient) == text_of(DATA / "example-game.canonical.etn")


# --------------------------------------------------------------------------------------------
#  3. Lenient variants: each reads as its canonical spelling
# --------------------------------------------------------------------------------------------

KH, QH, _9S = Card.parse("KH"), Card.parse("QH"), Card.parse("9S")

VARIANTS = [
    # --- case ---------------------------------------------------------------------------
    pytest.param(
        "DEAL 1 a\n  B PROPOSES\n  A REFUSES\n",
        "deal 1 A\n  B proposes\n  A refuses\n",
        in_deal(Propose(player=B), Refuse(player=A)),
        id="keywords-upper-case",
    ),
    pytest.param(
        "Deal 4 b Pack a\n  b Takes Up\n  a Accepts IF Stock\n  B Claims NEW deal\n",
        "deal 4 B pack A\n  B takes up\n  A accepts if stock\n  B claims new deal\n",
        Record(
            deals=(
                Deal(
                    number=4,
                    dealer=B,
                    pack=A,
                    events=(
                        TakeUp(player=B),
                        Accept(player=A, if_stock=True),
                        Claim(player=B, claim=ClaimKind.NEW_DEAL),
                    ),
                ),
            )
        ),
        id="keywords-mixed-case",
    ),
    pytest.param(
        "DEAL 1 a\n  b: kh qh 9s\n",
        "deal 1 A\n  B: KH QH 9S\n",
        in_deal(Packet(player=B, cards=(KH, QH, _9S))),
        id="cards-and-players-lower-case",
    ),
    pytest.param(
        "cut a qh jh b 9c\n",
        "cut A QH JH B 9C\n",
        Record(opening=(CutForDeal(cuts={A: cards("QH JH"), B: cards("9C")}),)),
        id="cut-for-deal-lower-case",
    ),
    pytest.param(
        "deal 1 A\n  b: kh *qh 9s\n",
        "deal 1 A\n  B: KH *QH 9S\n",
        in_deal(Packet(player=B, cards=(KH, QH, _9S), exposed=(1,))),
        id="exposed-card-lower-case",
    ),
    pytest.param(
        "deal 1 A\n  1. b kh a 7h\n",
        "deal 1 A\n  1. B KH A 7H\n",
        in_deal(Trick(number=1, leader=B, lead=KH, follower=A, follow=Card.parse("7H"))),
        id="trick-lower-case",
    ),
    pytest.param(
        "deal 1 A\n  SCORE a 3 b 2\n  a MARKS 2 VOLE\n  PACK Imperfect\n",
        "deal 1 A\n  score A 3 B 2\n  A marks 2 vole\n  pack imperfect\n",
        in_deal(
            Score(points={A: 3, B: 2}),
            Mark(player=A, points=2, reason=MarkReason.VOLE),
            PackFault(fault=PackFaultKind.IMPERFECT),
        ),
        id="score-mark-pack-mixed-case",
    ),
    pytest.param(
        "deal 1 A\n  shuffle a BELOW TABLE exposed\n",
        "deal 1 A\n  shuffle A exposed below table\n",
        in_deal(Shuffle(player=A, exposed=True, below_table=True)),
        id="shuffle-faults-in-either-order",
    ),
    # --- ten, suit symbols, unknown cards ----------------------------------------------------
    pytest.param(
        "deal 1 A\n  B: 10H 10s TD\n  turn 10C\n  B claims trump 10s\n",
        "deal 1 A\n  B: TH TS TD\n  turn TC\n  B claims trump TS\n",
        in_deal(
            Packet(player=B, cards=cards("TH TS TD")),
            Turn(cards=cards("TC")),
            Claim(player=B, claim=ClaimKind.TRUMP, card=Card.parse("TS")),
        ),
        id="ten-as-10",
    ),
    pytest.param(
        "deal 1 A\n  B: K♠ Q♥ J♦ A♣\n  A: 10♠ 9♥ 8♦ 7♣\n  faced k♥\n",
        "deal 1 A\n  B: KS QH JD AC\n  A: TS 9H 8D 7C\n  faced KH\n",
        in_deal(
            Packet(player=B, cards=cards("KS QH JD AC")),
            Packet(player=A, cards=cards("TS 9H 8D 7C")),
            Faced(card=KH),
        ),
        id="suit-symbols",
    ),
    pytest.param(
        "deal 1 A\n  B: *K♥ *10♠\n",
        "deal 1 A\n  B: *KH *TS\n",
        in_deal(Packet(player=B, cards=cards("KH TS"), exposed=(0, 1))),
        id="exposed-symbols-and-10",
    ),
    pytest.param(
        "deal 1 A\n  A: 2\n  B: 3\n  B discards 3\n",
        "deal 1 A\n  A: ?? ??\n  B: ?? ?? ??\n  B discards ?? ?? ??\n",
        in_deal(
            Packet(player=A, cards=(None, None)),
            Packet(player=B, cards=(None, None, None)),
            Discard(player=B, cards=(None, None, None)),
        ),
        id="unknown-cards-as-counts",
    ),
    pytest.param(
        "deal 1 A\n  B: ?? KH ??\n  1. a ?? b ??\n",
        "deal 1 A\n  B: ?? KH ??\n  1. A ?? B ??\n",
        in_deal(
            Packet(player=B, cards=(None, KH, None)),
            Trick(number=1, leader=A, lead=None, follower=B, follow=None),
        ),
        id="unknown-cards",
    ),
    # --- naming a suit (C is a suit after `names` and `suit`, not the third player) ---------
    pytest.param(
        "deal 1 A\n  b leads kh names s\n",
        "deal 1 A\n  B leads KH names S\n",
        in_deal(Lead(player=B, card=KH, names=Suit.SPADES)),
        id="names-lower-case",
    ),
    pytest.param(
        "deal 1 A\n  B leads K♥ names ♠\n",
        "deal 1 A\n  B leads KH names S\n",
        in_deal(Lead(player=B, card=KH, names=Suit.SPADES)),
        id="names-symbol",
    ),
    pytest.param(
        "deal 1 A\n  B leads KH names c\n  B claims SUIT c\n",
        "deal 1 A\n  B leads KH names C\n  B claims suit C\n",
        in_deal(
            Lead(player=B, card=KH, names=Suit.CLUBS),
            Claim(player=B, claim=ClaimKind.SUIT, suit=Suit.CLUBS),
        ),
        id="names-clubs",
    ),
    pytest.param(
        "deal 1 A\n  2. a qs names ♠ b 7s\n  B claims suit ♣\n",
        "deal 1 A\n  2. A QS names S B 7S\n  B claims suit C\n",
        in_deal(
            Trick(
                number=2,
                leader=A,
                lead=Card.parse("QS"),
                names=Suit.SPADES,
                follower=B,
                follow=Card.parse("7S"),
            ),
            Claim(player=B, claim=ClaimKind.SUIT, suit=Suit.CLUBS),
        ),
        id="trick-names-and-claim-suit-symbols",
    ),
    # --- white space ---------------------------------------------------------------------
    pytest.param(
        "deal 1 A\n\tB:\tKH\tQH 9S\n\t\tturn KD\n",
        "deal 1 A\n  B: KH QH 9S\n  turn KD\n",
        in_deal(Packet(player=B, cards=(KH, QH, _9S)), Turn(cards=cards("KD"))),
        id="tabs",
    ),
    pytest.param(
        "\n\n   deal   1   A\n\n\n      B:   KH    QH\n   \n  turn KD   \n\n",
        "deal 1 A\n  B: KH QH\n  turn KD\n",
        in_deal(Packet(player=B, cards=(KH, QH)), Turn(cards=cards("KD"))),
        id="spaces-and-blank-lines",
    ),
    pytest.param(
        "deal 1 A\nB proposes\nA accepts",
        "deal 1 A\n  B proposes\n  A accepts\n",
        in_deal(Propose(player=B), Accept(player=A)),
        id="flush-left-no-final-newline",
    ),
    # --- comments ------------------------------------------------------------------------
    pytest.param(
        "deal 1 A\n  B proposes ; he wants cards\n",
        "deal 1 A\n  B proposes                  ; he wants cards\n",
        in_deal(Propose(player=B, comments=("; he wants cards",))),
        id="semicolon-comment",
    ),
    pytest.param(
        "deal 1 A\n  B proposes;he wants cards\n",
        "deal 1 A\n  B proposes                  ;he wants cards\n",
        in_deal(Propose(player=B, comments=(";he wants cards",))),
        id="semicolon-comment-without-space",
    ),
    pytest.param(
        "deal 1 A\n  B proposes { he wants cards }\n",
        "deal 1 A\n  B proposes                  { he wants cards }\n",
        in_deal(Propose(player=B, comments=("{ he wants cards }",))),
        id="brace-comment",
    ),
    pytest.param(
        "deal 1 A\n  {at once} B proposes\n",
        "deal 1 A\n  B proposes                  {at once}\n",
        in_deal(Propose(player=B, comments=("{at once}",))),
        id="brace-comment-before-the-words",
    ),
    pytest.param(
        "deal 1 A\n  B proposes {at once} ; he wants cards\n",
        "deal 1 A\n  B proposes                  {at once} ; he wants cards\n",
        in_deal(Propose(player=B, comments=("{at once}", "; he wants cards"))),
        id="brace-and-semicolon-comments",
    ),
    pytest.param(
        "deal 1 A\n  B: KH {x} QH\n",
        "deal 1 A\n  B: KH QH                    {x}\n",
        in_deal(Packet(player=B, cards=(KH, QH), comments=("{x}",))),
        id="brace-comment-between-cards",
    ),
    pytest.param(
        "deal 1 A\n  B: KH{x}QH\n",
        "deal 1 A\n  B: KH QH                    {x}\n",
        in_deal(Packet(player=B, cards=(KH, QH), comments=("{x}",))),
        id="brace-comment-between-cards-unspaced",
    ),
    pytest.param(
        "deal 1 A\n  B: KH QH 9S {dealt\n  face down}\n  turn KD\n",
        "deal 1 A\n  B: KH QH 9S                 {dealt\n  face down}\n  turn KD\n",
        in_deal(
            Packet(player=B, cards=(KH, QH, _9S), comments=("{dealt\n  face down}",)),
            Turn(cards=cards("KD")),
        ),
        id="brace-comment-spanning-lines",
    ),
    pytest.param(
        "deal 1 A\n  B: KH {one card,\n  then another} QH\n  turn KD\n",
        "deal 1 A\n  B: KH QH                    {one card,\n  then another}\n  turn KD\n",
        in_deal(
            Packet(player=B, cards=(KH, QH), comments=("{one card,\n  then another}",)),
            Turn(cards=cards("KD")),
        ),
        id="brace-comment-spanning-lines-between-cards",
    ),
    pytest.param(
        "; before the deal\ndeal 1 A\n    ; before the turn\n{and this\ntoo}\n"
        "  turn KD\n; after everything\n",
        "; before the deal\ndeal 1 A\n  ; before the turn\n  {and this\ntoo}\n"
        "  turn KD\n  ; after everything\n",
        Record(
            deals=(
                Deal(
                    number=1,
                    dealer=A,
                    comments_before=("; before the deal",),
                    events=(
                        Turn(
                            cards=cards("KD"),
                            comments_before=("; before the turn", "{and this\ntoo}"),
                        ),
                    ),
                ),
            ),
            comments_after=("; after everything",),
        ),
        id="standalone-comments",
    ),
    pytest.param(
        '[Event "Portland Club"] ; evening\ndeal 1 A ; first deal\n',
        '[Event "Portland Club"]       ; evening\n\ndeal 1 A                      ; first deal\n',
        Record(
            tags=(Tag(name="Event", value="Portland Club", comments=("; evening",)),),
            deals=(Deal(number=1, dealer=A, comments=("; first deal",)),),
        ),
        id="comments-on-tag-and-heading",
    ),
]


@pytest.mark.parametrize(("lenient", "canonical", "expected"), VARIANTS)
def test_variant_reads_as_its_canonical_spelling(
    lenient: str, canonical: str, expected: Record
) -> None:
    assert read_one(lenient) == expected
    assert read_one(canonical) == expected
    assert write(read_one(lenient)) == canonical


def test_brace_comment_inside_a_tag_line() -> None:
    """A brace comment may stand "anywhere whitespace may stand" (the grammar), so also
    between a tag's name and its value."""
    text = '[Event {the club} "Portland Club"]\n'
    expected = Record(tags=(Tag(name="Event", value="Portland Club", comments=("{the club}",)),))
    assert reference_parser().parse(text) == without_comments(expected)
    assert read_one(text) == expected
    assert write(read_one(text)) == '[Event "Portland Club"]       {the club}\n'


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        pytest.param(
            "deal 1 A\n  B leads KH names {the suit\n  he named} S\n",
            in_deal(
                Lead(player=B, card=KH, names=Suit.SPADES, comments=("{the suit\n  he named}",))
            ),
            id="names",
        ),
        pytest.param(
            "deal 1 A\n  B claims suit {the suit\n  he requires} C\n",
            in_deal(
                Claim(
                    player=B,
                    claim=ClaimKind.SUIT,
                    suit=Suit.CLUBS,
                    comments=("{the suit\n  he requires}",),
                )
            ),
            id="claims-suit",
        ),
    ],
)
def test_suit_after_a_brace_comment_spanning_lines(text: str, expected: Record) -> None:
    assert read_one(text) == expected


def _example_with_tabs(text: str) -> str:
    return re.sub(r"^  ", "\t", text, flags=re.M)


ENCODINGS = {
    "crlf": lambda text: text.replace("\n", "\r\n"),
    "bom": lambda text: "\ufeff" + text,
    "bom-crlf": lambda text: "\ufeff" + text.replace("\n", "\r\n"),
    "tabs": _example_with_tabs,
}


@pytest.mark.parametrize("encoding", sorted(ENCODINGS))
def test_example_game_line_ends_bom_and_tabs(encoding: str, game: Record, tmp_path: Path) -> None:
    text = ENCODINGS[encoding](text_of(DATA / "example-game.etn"))
    path = tmp_path / "game.etn"
    path.write_bytes(text.encode("utf-8"))
    assert read_one(text) == game
    assert read_one(path) == game
    assert write(read_one(path)) == text_of(DATA / "example-game.canonical.etn")


def test_several_records_in_one_file() -> None:
    path = DATA / "several-records.etn"
    records = list(read(path))
    assert [r.tag("Event") for r in records] == [
        "Portland Club, evening game",
        "Portland Club, second game",
        "Portland Club, third game",
    ]
    first, second, third = records
    assert [(d.number, d.dealer) for d in first.deals] == [(1, A)]
    assert first.deals[0].events[-1] == Mark(player=A, reason=MarkReason.KING)
    assert second.opening == (
        CutForDeal(
            cuts={A: cards("9C"), B: cards("KD")}, comments=("; B cuts the king: he deals",)
        ),
    )
    assert second.deals[0].events == (Packet(player=A, cards=(None, None)),)
    # A tag line after any other line begins the next record, blank line or not.
    assert third.tags[0].comments_before == (
        "; the next record begins at the tag line below, with no blank line before it",
    )
    assert third.tag("B") == "Mr. Carew"
    assert third.opening == (CutForDeal(cuts={A: cards("QH"), B: cards("8D")}),)
    assert third.deals == ()
    assert list(read(text_of(path))) == records
    with pytest.raises(NotationError):
        read_one(path)


# --------------------------------------------------------------------------------------------
#  Every single-record text of this module, for the round trip, the cross-check and the
#  validation below
# --------------------------------------------------------------------------------------------


def _texts() -> dict[str, str]:
    texts = {f"lines/{p.stem}": text_of(p) for p in sorted(LINES.glob("*.etn"))}
    for name in (
        "cut-for-deal",
        "deal-headings",
        "tags",
        "example-game",
        "example-game.canonical",
        "example-game.lenient",
    ):
        texts[name] = text_of(DATA / f"{name}.etn")
    for param in VARIANTS:
        lenient, canonical, _ = param.values
        assert isinstance(lenient, str) and isinstance(canonical, str)
        texts[f"variant/{param.id}"] = lenient
        texts[f"variant/{param.id}/canonical"] = canonical
    for encoding, change in ENCODINGS.items():
        texts[f"example-game/{encoding}"] = change(texts["example-game"])
    return texts


TEXTS = _texts()

CANONICAL = [
    name
    for name in TEXTS
    if (name.startswith("lines/") and name != "lines/packet-count")
    or name.endswith("/canonical")
    or name in ("tags", "example-game.canonical")
]
"""The texts already in canonical form: writing what they read gives them back, byte for
byte. (``B: 3`` is not: the writer spells a count of unknown cards as that many ``??``.)"""


# --------------------------------------------------------------------------------------------
#  4. Round trip, and the canonical spelling
# --------------------------------------------------------------------------------------------


@pytest.mark.parametrize("name", sorted(TEXTS))
def test_round_trip(name: str) -> None:
    record = read_one(TEXTS[name])
    written = write(record)
    again = read_one(written)
    assert again == record
    assert write(again) == written


@pytest.mark.parametrize("name", sorted(CANONICAL))
def test_canonical_text_writes_back_byte_for_byte(name: str) -> None:
    assert write(read_one(TEXTS[name])) == TEXTS[name]


_CANONICAL_WORD = re.compile(
    r"[ABC]:?"  # a player (a packet's player with its colon)
    r"|\*?(?:[KQJAT987][SHDC]|\?\?)"  # a card, maybe exposed
    r"|[SHDC]"  # a suit named
    r"|\d+\.?|\d-\d"  # a number, a trick's number, a packet order
)


@pytest.mark.parametrize("name", sorted(TEXTS))
def test_writer_uses_the_canonical_spelling(name: str) -> None:
    """Upper-case cards and players, ``T``, suit letters, lower-case keywords; events indented
    by two spaces; no tabs, no trailing spaces, one newline at the end."""
    written = write(read_one(TEXTS[name]))
    assert written.endswith("\n") and not written.endswith("\n\n")
    assert "\t" not in written and "\r" not in written
    assert all(line == line.rstrip() for line in written.splitlines())
    in_a_deal = False
    for line in comment_free(written).splitlines():
        words = line.split()
        if not words:
            continue
        indent = len(line) - len(line.lstrip())
        if line.startswith("["):
            continue
        in_a_deal = in_a_deal or words[0] == "deal"
        assert indent == (2 if in_a_deal and words[0] != "deal" else 0), line
        for word in words:
            assert word in KEYWORDS or _CANONICAL_WORD.fullmatch(word), (word, line)


def test_several_records_round_trip() -> None:
    records = list(read(DATA / "several-records.etn"))
    written = write_all(records)
    assert list(read(written)) == records
    assert write_all(read(written)) == written


# --------------------------------------------------------------------------------------------
#  5. The grammar with Lark's own lexer reads what the line lexer reads
# --------------------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def reference() -> Any:
    return reference_parser()


@pytest.mark.parametrize("name", sorted(TEXTS))
def test_reference_parser_agrees(name: str, reference: Any) -> None:
    text = TEXTS[name]
    clean = comment_free(text)
    expected = read_one(clean)
    assert reference.parse(for_reference(clean)) == expected
    # Comments carry no meaning: the record without them is the record of the text without
    # them.
    assert without_comments(read_one(text)) == expected
    # The grammar ignores comments too.
    assert without_comments(reference.parse(for_reference(text))) == expected


@pytest.mark.parametrize("name", ["example-game", "variant/standalone-comments"])
def test_reference_parser_reads_comments_standing_alone(name: str, reference: Any) -> None:
    text = TEXTS[name]
    assert reference.parse(for_reference(text)) == without_comments(read_one(text))


# --------------------------------------------------------------------------------------------
#  6. Every model the reader builds validates to itself
# --------------------------------------------------------------------------------------------


@pytest.mark.parametrize("name", sorted(TEXTS))
def test_reader_models_validate_to_themselves(name: str) -> None:
    assert_validates_to_itself(read_one(TEXTS[name]))


def test_several_records_validate_to_themselves() -> None:
    for record in read(DATA / "several-records.etn"):
        assert_validates_to_itself(record)


def test_file_and_text_read_alike() -> None:
    for path in sorted(DATA.rglob("*.etn")):
        assert list(read(path)) == list(read(text_of(path))), path
        for record in read(path):
            assert_validates_to_itself(record)
