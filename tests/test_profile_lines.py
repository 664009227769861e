"""The line forms of the rule profiles (``docs/profiles.md``), in the notation layer alone.

* ``C sits out`` (pool rule P1), ``C advises B: play`` / ``C advises B: KH`` (bystanders' rule
  B1), ``B doubles`` and ``A accepts double`` / ``A refuses double`` (doubling rule D1),
  ``A offers point`` and ``B accepts point`` / ``B refuses point`` (offering rule O1);
* each is read in any case to the model its fields say, written back in its canonical spelling
  byte for byte, and read again to the same model, comments included;
* the words they share with older lines change nothing there: ``A accepts``,
  ``A accepts if stock``, ``A refuses``, a packet's ``B:``, ``B elects play``,
  ``B claims refuse``;
* Lark's own contextual lexer reads them as the line lexer does, and the line-by-line builder
  builds them as Lark does;
* a malformed line is a :class:`NotationError` with its line and column, and a hint where a
  typo is near a word of the notation.

Replaying or ruling records with these lines is the engine's business, not tested here.
"""

from __future__ import annotations

import re
import typing
from collections.abc import Callable
from typing import Any, cast

import pytest

from adjudicator import (
    Card,
    Deal,
    NotationError,
    Player,
    Record,
    read,
    read_each,
    read_one,
    write,
)
from adjudicator.notation.ecarte.lexer import ADVICE_WORDS, KEYWORDS, LineLexer
from adjudicator.notation.ecarte.model import (
    Accept,
    Advise,
    Claim,
    ClaimKind,
    CutForDeal,
    Double,
    DoubleAnswer,
    ElectPlay,
    Event,
    OfferPoint,
    Packet,
    PointAnswer,
    Refuse,
    SitOut,
)
from adjudicator.notation.ecarte.reader import _lines_of_text, _parser, reference_parser
from adjudicator.notation.ecarte.shapes import build_record
from adjudicator.notation.ecarte.writer import event_text

A, B, C = Player.A, Player.B, Player.C


def cards(text: str) -> tuple[Card | None, ...]:
    """``"KH ?? 9S"`` as a tuple of cards (``None`` for ``??``)."""
    return tuple(None if word == "??" else Card.parse(word) for word in text.split())


def in_deal(*lines: str) -> str:
    """``lines`` as the events of ``deal 1 A``: the first of them is line 2."""
    return "deal 1 A\n" + "".join(f"  {line}\n" for line in lines)


def comment_free(text: str) -> str:
    """``text`` with its comments taken out (a brace comment counts as a space)."""
    return re.sub(r"\{[^}]*\}|;[^\r\n]*", " ", text)


def only_event(text: str) -> Event:
    (deal,) = read_one(text).deals
    (event,) = deal.events
    return event


def only_error(text: str) -> NotationError:
    errors = [x for x in read_each(text) if isinstance(x, NotationError)]
    assert len(errors) == 1, [str(e) for e in errors]
    return errors[0]


# --------------------------------------------------------------------------------------------
#  Every form, and what it means
# --------------------------------------------------------------------------------------------

FORMS: dict[str, Event] = {
    "C sits out": SitOut(player=C),
    "A sits out": SitOut(player=A),
    "C advises B: play": Advise(player=C, advised=B, action="play"),
    "C advises B: propose": Advise(player=C, advised=B, action="propose"),
    "C advises A: accept": Advise(player=C, advised=A, action="accept"),
    "C advises A: refuse": Advise(player=C, advised=A, action="refuse"),
    "C advises B: KH": Advise(player=C, advised=B, cards=cards("KH")),
    "C advises B: 9D 8H 7C": Advise(player=C, advised=B, cards=cards("9D 8H 7C")),
    "C advises B: ??": Advise(player=C, advised=B, cards=(None,)),
    "C advises B: TS ?? 7C": Advise(player=C, advised=B, cards=cards("TS ?? 7C")),
    "A advises B: play": Advise(player=A, advised=B, action="play"),
    "B doubles": Double(player=B),
    "A accepts double": DoubleAnswer(player=A, accepted=True),
    "A refuses double": DoubleAnswer(player=A, accepted=False),
    "A offers point": OfferPoint(player=A),
    "B accepts point": PointAnswer(player=B, accepted=True),
    "B refuses point": PointAnswer(player=B, accepted=False),
}
"""Each form in its canonical spelling, and the event it is."""


def _title(line: str) -> str:
    return " ".join(w[:1].upper() + w[1:].lower() for w in line.split())


CASES: dict[str, Callable[[str], str]] = {
    "canonical": str,
    "upper": str.upper,
    "lower": str.lower,
    "title": _title,
}
"""Spellings of a line: keywords, cards and players are read in any case."""


@pytest.mark.parametrize("case", sorted(CASES))
@pytest.mark.parametrize("line", sorted(FORMS))
def test_each_form_reads_in_any_case(line: str, case: str) -> None:
    event = only_event(in_deal(CASES[case](line)))
    assert event == FORMS[line]
    assert (event.line, event.column) == (2, 3)


def test_the_fields_of_each_form() -> None:
    sit = only_event(in_deal("c SITS out"))
    assert isinstance(sit, SitOut)
    assert (sit.kind, sit.player) == ("sit_out", C)

    advice = only_event(in_deal("C ADVISES b: PROPOSE"))
    assert isinstance(advice, Advise)
    assert (advice.kind, advice.player, advice.advised) == ("advise", C, B)
    assert (advice.action, advice.cards) == ("propose", ())
    assert type(advice.action) is str

    pointed = only_event(in_deal("c advises b: 9d ?? 7♣"))
    assert isinstance(pointed, Advise)
    assert (pointed.action, pointed.cards) == (None, cards("9D ?? 7C"))

    double = only_event(in_deal("b Doubles"))
    assert isinstance(double, Double)
    assert (double.kind, double.player) == ("double", B)

    for text, accepted in (("A accepts double", True), ("A REFUSES DOUBLE", False)):
        answer = only_event(in_deal(text))
        assert isinstance(answer, DoubleAnswer)
        assert (answer.kind, answer.player, answer.accepted) == ("double_answer", A, accepted)

    offer = only_event(in_deal("a OFFERS Point"))
    assert isinstance(offer, OfferPoint)
    assert (offer.kind, offer.player) == ("offer_point", A)

    for text, accepted in (("b accepts point", True), ("B Refuses Point", False)):
        answer = only_event(in_deal(text))
        assert isinstance(answer, PointAnswer)
        assert (answer.kind, answer.player, answer.accepted) == ("point_answer", B, accepted)


def test_the_advice_may_be_spaced_and_commented_like_a_packet() -> None:
    for text in (
        "C advises B : play",
        "C advises B {the elder}: play",
        "C advises B: {he said} play",
        "C\tadvises   B:\tplay",
    ):
        event = only_event(in_deal(text))
        assert isinstance(event, Advise)
        assert (event.player, event.advised, event.action, event.cards) == (C, B, "play", ())


def test_sitting_out_in_the_opening_and_in_a_deal() -> None:
    record = read_one("C sits out\ncut A JS B AH\n\ndeal 1 A\n  C sits out\n  turn KS\n")
    assert record.opening == (SitOut(player=C), CutForDeal(cuts={A: cards("JS"), B: cards("AH")}))
    assert record.opening[0].line == 1
    (deal,) = record.deals
    assert deal.events[0] == SitOut(player=C)
    assert deal.events[0].line == 5


def test_every_kind_is_in_the_event_union() -> None:
    (union,) = typing.get_args(Event)[:1]
    kinds = {cls.model_fields["kind"].default: cls for cls in typing.get_args(union)}
    assert {
        "sit_out": SitOut,
        "advise": Advise,
        "double": Double,
        "double_answer": DoubleAnswer,
        "offer_point": OfferPoint,
        "point_answer": PointAnswer,
    }.items() <= kinds.items()


def test_the_json_schema_has_each_form_with_its_fields_described() -> None:
    schema = Record.model_json_schema()
    defs = schema["$defs"]
    for name, fields in {
        "SitOut": {"player"},
        "Advise": {"player", "advised", "action", "cards"},
        "Double": {"player"},
        "DoubleAnswer": {"player", "accepted"},
        "OfferPoint": {"player"},
        "PointAnswer": {"player", "accepted"},
    }.items():
        props = defs[name]["properties"]
        assert fields <= set(props), name
        assert "const" in props["kind"], name
        for field in fields:
            assert props[field].get("description"), (name, field)
        assert defs[name].get("description"), name
    assert "propose" in str(defs["Advise"]["properties"]["action"])


# --------------------------------------------------------------------------------------------
#  Writing: the canonical spelling, and round trips
# --------------------------------------------------------------------------------------------


@pytest.mark.parametrize("line", sorted(FORMS))
def test_the_writer_spells_each_form_canonically(line: str) -> None:
    assert event_text(FORMS[line]) == line
    text = in_deal(line)
    assert write(read_one(text)) == text


@pytest.mark.parametrize("case", sorted(CASES))
@pytest.mark.parametrize("line", sorted(FORMS))
def test_read_write_read_gives_the_same_model(line: str, case: str) -> None:
    record = read_one(in_deal(CASES[case](line)))
    written = write(record)
    assert written == in_deal(line)
    assert read_one(written) == record
    assert write(read_one(written)) == written


CANONICAL = """\
[Event "The profiles' lines"]
[Rules "pool+french+doubling+offering"]
[C "Mr. Carew"]

C sits out                    ; C watches first
cut A JS B AH

deal 1 A
  C sits out
  B: ?? ?? ??
  A: ?? ?? ??
  B: ?? ??
  A: ?? ??
  turn 8D
  C advises B: propose        { quietly }
  B proposes
  A refuses
  B doubles
  A accepts double
  C advises B: KH             ; the king first
                              ; he pointed to it
  1. B KH A 7H
  C advises A: 9D 8H ??
  ; before the second trick
  A offers point
  B refuses point
  2. B QH A 9D
  C advises A: accept         {late} ; too late
  A refuses double
  C advises B: refuse
  A accepts point
  ; the deal ends

deal 2 B
  A offers point
"""
"""A record of every form, with comments of every kind, in canonical form."""


def test_a_canonical_record_round_trips_byte_for_byte() -> None:
    record = read_one(CANONICAL)
    assert write(record) == CANONICAL
    assert read_one(write(record)) == record
    kinds = {e.kind for _, e in record.events()}
    assert {
        "sit_out",
        "advise",
        "double",
        "double_answer",
        "offer_point",
        "point_answer",
    } <= kinds


def test_comments_on_the_new_lines_stay_where_they_were() -> None:
    record = read_one(CANONICAL)
    assert record.opening[0].comments == ("; C watches first",)
    events = {(e.line, e.kind): e for _, e in record.events()}
    assert events[(15, "advise")].comments == ("{ quietly }",)
    pointed = events[(20, "advise")]
    assert pointed.comments == ("; the king first",)
    assert pointed.comments_continued == ("; he pointed to it",)
    assert events[(25, "offer_point")].comments_before == ("; before the second trick",)
    late = events[(28, "advise")]
    assert isinstance(late, Advise)
    assert late.comments == ("{late}", "; too late")
    assert late.action == "accept"
    assert events[(31, "point_answer")].comments_after == ("; the deal ends",)


def test_the_canonical_words_are_keywords_or_words_of_advice() -> None:
    for line in comment_free(CANONICAL).splitlines():
        words = line.split()
        if not words or line.startswith("["):
            continue
        for word in words:
            assert (
                word in KEYWORDS
                or word in ADVICE_WORDS
                or re.fullmatch(r"[ABC]:?|(?:[KQJAT987][SHDC]|\?\?)|\d+\.?", word)
            ), (word, line)


def test_a_record_of_every_form_validates_to_itself() -> None:
    """The reader builds its models without validation: each must be what validation makes
    of its dump (an advice's word a ``str``, an answer's ``accepted`` a ``bool``)."""
    record = read_one(CANONICAL)
    assert Record.model_validate(record.model_dump()) == record
    assert Record.model_validate_json(record.model_dump_json()) == record
    for _, event in record.events():
        again = type(event).model_validate(event.model_dump())
        assert again == event
        assert again.model_dump() == event.model_dump()
        for name, value in event.__dict__.items():
            assert type(value) is type(again.__dict__[name]), (event.kind, name)


# --------------------------------------------------------------------------------------------
#  The older lines that share their words are read as before
# --------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("line", "event"),
    [
        ("A accepts", Accept(player=A)),
        ("a ACCEPTS", Accept(player=A)),
        ("A accepts if stock", Accept(player=A, if_stock=True)),
        ("A refuses", Refuse(player=A)),
        ("A REFUSES", Refuse(player=A)),
        ("B elects play", ElectPlay(player=B)),
        ("B claims refuse", Claim(player=B, claim=ClaimKind.REFUSE)),
        ("B: KH QH 9S", Packet(player=B, cards=cards("KH QH 9S"))),
        ("B : KH", Packet(player=B, cards=cards("KH"))),
        ("C: ?? ??", Packet(player=C, cards=(None, None))),
        ("B: 3", Packet(player=B, cards=(None, None, None))),
        ("B: KH *QH", Packet(player=B, cards=cards("KH QH"), exposed=(1,))),
    ],
)
def test_the_older_lines_are_unaffected(line: str, event: Event) -> None:
    assert only_event(in_deal(line)) == event


def test_the_older_lines_keep_their_tokens() -> None:
    assert token_types("A accepts") == ["PLAYER", "ACCEPTS", "NL"]
    assert token_types("A accepts if stock") == ["PLAYER", "ACCEPTS", "IF", "STOCK", "NL"]
    assert token_types("A refuses") == ["PLAYER", "REFUSES", "NL"]
    assert token_types("B: KH QH") == ["PLAYER", "COLON", "CARD_RUN", "NL"]
    assert token_types("B elects play") == ["PLAYER", "ELECTS", "PLAY", "NL"]
    assert token_types("B claims refuse") == ["PLAYER", "CLAIMS", "REFUSE", "NL"]


def token_types(line: str) -> list[str]:
    """The types of the tokens the line lexer makes of ``line``: the same whether they are
    remembered as a plain line's or made afresh, each with its own position (``precise``)."""
    found = []
    for precise in (False, True):
        (rt,) = LineLexer(precise=precise).records(_lines_of_text(line + "\n"))
        ((first, rest, _plain),) = rt.lines
        found.append([first.type, *[t.type for t in rest]])
    assert found[0] == found[1]
    return found[0]


def test_the_lexer_reads_the_new_lines() -> None:
    assert token_types("C sits out") == ["PLAYER", "SITS", "OUT", "NL"]
    assert token_types("C advises B: play") == [
        "PLAYER",
        "ADVISES",
        "PLAYER",
        "COLON",
        "ADVICE",
        "NL",
    ]
    assert token_types("C advises B : REFUSE") == [
        "PLAYER",
        "ADVISES",
        "PLAYER",
        "COLON",
        "ADVICE",
        "NL",
    ]
    assert token_types("C advises B: KH 9S") == [
        "PLAYER",
        "ADVISES",
        "PLAYER",
        "COLON",
        "CARD_RUN",
        "NL",
    ]
    assert token_types("B doubles") == ["PLAYER", "DOUBLES", "NL"]
    assert token_types("A refuses double") == ["PLAYER", "REFUSES", "DOUBLE", "NL"]
    assert token_types("A offers point") == ["PLAYER", "OFFERS", "POINT", "NL"]
    assert token_types("B accepts point") == ["PLAYER", "ACCEPTS", "POINT", "NL"]
    # a word of advice is one only after `advises B:`
    assert token_types("B propose") == ["PLAYER", "WORD", "NL"]
    assert token_types("B: play") == ["PLAYER", "COLON", "PLAY", "NL"]
    assert token_types("C advises B play") == ["PLAYER", "ADVISES", "PLAYER", "PLAY", "NL"]


def test_the_word_of_advice_keeps_its_position() -> None:
    (rt,) = LineLexer(precise=True).records(_lines_of_text("deal 1 A\n  C advises B: accept\n"))
    advice = [t for first, rest, _ in rt.lines for t in (first, *rest) if t.type == "ADVICE"]
    assert [(t.value, t.line, t.column) for t in advice] == [("accept", 2, 16)]


# --------------------------------------------------------------------------------------------
#  Lark's own lexer, and the line-by-line builder, agree with the reader
# --------------------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def reference() -> Any:
    return reference_parser()


@pytest.mark.parametrize("case", sorted(CASES))
@pytest.mark.parametrize("line", sorted(FORMS))
def test_larks_contextual_lexer_reads_each_form_alike(line: str, case: str, reference: Any) -> None:
    text = in_deal(CASES[case](line))
    assert reference.parse(text) == read_one(text)


def test_larks_contextual_lexer_reads_the_whole_record_alike(reference: Any) -> None:
    expected = strip(read_one(CANONICAL))
    assert reference.parse(comment_free(CANONICAL)) == expected
    assert reference.parse(CANONICAL) == expected  # the grammar ignores comments too
    lenient = CANONICAL.lower().replace('[event "', '[Event "').replace('[rules "', '[Rules "')
    lenient = lenient.replace('[c "', '[C "')
    assert strip(read_one(lenient)) == reference.parse(lenient)


def strip(record: Record) -> Record:
    """The record with every comment taken out."""

    def bare(line: Any) -> Any:
        return line.model_copy(
            update={
                "comments": (),
                "comments_continued": (),
                "comments_before": (),
                "comments_after": (),
            }
        )

    return record.model_copy(
        update={
            "tags": tuple(bare(t) for t in record.tags),
            "opening": tuple(bare(e) for e in record.opening),
            "deals": tuple(
                bare(d).model_copy(update={"events": tuple(bare(e) for e in d.events)})
                for d in record.deals
            ),
            "comments_after": (),
        }
    )


def test_the_line_by_line_builder_builds_them_as_lark_does() -> None:
    lark, builder = _parser()
    text = CANONICAL + "".join(f'\n[Event "{i}"]\n{in_deal(line)}' for i, line in enumerate(FORMS))
    built = 0
    for rt in LineLexer().records(_lines_of_text(text)):
        builder.line, builder.comments_after = rt.line, rt.comments_after
        by_lark = cast(Record, lark.parse(rt.tokens))
        by_lines = build_record(rt, lark, builder)
        assert by_lines is not None
        assert by_lines.model_dump() == by_lark.model_dump()
        built += 1
    assert built == len(FORMS) + 1
    # Read twice: the second time plain lines are built from the models the first one kept.
    first, again = list(read(text)), list(read(text))
    assert [r.model_dump() for r in again] == [r.model_dump() for r in first]


# --------------------------------------------------------------------------------------------
#  Malformed lines
# --------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("line", "message", "column", "width"),
    [
        ("C advises B:", "the line ends too soon", 15, 1),
        ("C advises B: ", "the line ends too soon", 15, 1),
        ("C advises B", "the line ends too soon", 14, 1),
        ("C advises", "the line ends too soon", 12, 1),
        ("B accepts dubble", "'dubble' is not a word of the notation", 13, 6),
        ("B dubles", "'dubles' is not a word of the notation", 5, 6),
        ("C sits", "the line ends too soon", 9, 1),
        ("C sits ot", "'ot' is not a word of the notation", 10, 2),
        ("A offers", "the line ends too soon", 11, 1),
        ("A offers the point", "'the' is not a word of the notation", 12, 3),
        ("C advises B: play KH", "unexpected 'KH'", 21, 2),
        ("C advises B: KH play", "unexpected 'play'", 19, 4),
        ("C advises B: propse", "'propse' is not a word of the notation", 16, 6),
        ("C advises B: plays", "unexpected 'plays'", 16, 5),
        ("C advises B: KX", "'KX' is not a word of the notation", 16, 2),
        ("C advises KH", "unexpected 'KH'", 13, 2),
        ("C advises B play", "unexpected 'play'", 15, 4),
        ("B doubles KH", "unexpected 'KH'", 13, 2),
        ("B accepts point double", "unexpected 'double'", 19, 6),
        ("B proposes double", "unexpected 'double'", 14, 6),
        ("B: double", "unexpected 'double'", 6, 6),
    ],
)
def test_a_malformed_line_is_an_error_with_its_line_and_column(
    line: str, message: str, column: int, width: int
) -> None:
    err = only_error(in_deal("turn KS", line))
    assert err.message == message
    assert (err.line, err.column, err.width) == (3, column, width)
    assert err.location == f"<string>:3:{column}"
    assert err.source == f"  {line}"


@pytest.mark.parametrize(
    ("line", "hint"),
    [
        ("B dubles", "unknown word 'dubles': did you mean 'doubles'?"),
        ("B double", "'double' does not fit here: did you mean 'doubles'?"),
        ("B accepts dubble", "unknown word 'dubble': did you mean 'double'?"),
        ("B refuses pint", "unknown word 'pint': did you mean 'point'?"),
        ("A offer point", "unknown word 'offer': did you mean 'offers'?"),
        ("C sits ot", "unknown word 'ot': did you mean 'out'?"),
        ("C sit out", "unknown word 'sit': did you mean 'sits'?"),
        ("C advice B: KH", "unknown word 'advice': did you mean 'advises'?"),
        ("C advises B: propse", "unknown word 'propse': did you mean 'propose'?"),
        ("C advises B: acept", "unknown word 'acept': did you mean 'accept'?"),
        ("C advises B: plays", "'plays' does not fit here: did you mean 'play'?"),
        (
            "C advises B: KX",
            "'KX' is not a card: 'X' is not a suit (suits are S H D C, or ♠ ♥ ♦ ♣)",
        ),
    ],
)
def test_a_typo_gets_a_hint(line: str, hint: str) -> None:
    err = only_error(in_deal(line))
    assert err.hint == hint


ADVICE_HINT = (
    "advice names the adviser, the player advised and a colon, then the advice: "
    "'C advises B: KH' or 'C advises B: play'"
)


@pytest.mark.parametrize("line", ["C advises KH", "C advises B KH", "C advises B play"])
def test_advice_without_its_player_or_colon_gets_the_form(line: str) -> None:
    err = only_error(in_deal(line))
    assert err.hint == ADVICE_HINT


def test_what_is_expected_after_advises_b() -> None:
    err = only_error(in_deal("C advises B:"))
    assert err.expected == [
        "a card such as KH or ??",
        "a word of advice (play, propose, accept, refuse)",
    ]
    assert "expected: a card such as KH or ?? or a word of advice" in str(err)
    err = only_error(in_deal("A accepts dubble"))
    assert err.expected == ["the end of the line", "'double'", "'if'", "'point'"]
    err = only_error(in_deal("A refuses dubble"))
    assert err.expected == ["the end of the line", "'double'", "'point'"]


def test_the_older_errors_are_unchanged() -> None:
    err = only_error(in_deal("B propose"))
    assert err.message == "'propose' is not a word of the notation"
    assert err.hint == "unknown word 'propose': did you mean 'proposes'?"
    err = only_error(in_deal("A accept"))
    assert err.message == "'accept' is not a word of the notation"
    assert err.hint == "unknown word 'accept': did you mean 'accepts'?"


def test_a_malformed_line_among_good_ones_is_the_only_error() -> None:
    text = in_deal("C sits out", "C advises B:", "B doubles", "B accepts dubble", "A offers point")
    (err,) = [x for x in read_each(text) if isinstance(x, NotationError)]
    assert [(e.line, e.column) for e in err.errors] == [(3, 15), (5, 13)]
    with pytest.raises(NotationError) as raised:
        read_one(text)
    assert (raised.value.line, raised.value.column) == (3, 15)


def test_the_writer_never_writes_what_the_reader_refuses() -> None:
    # the model does not check that advice has a word or cards; the reader refuses it
    text = write(Record(deals=(Deal(number=1, dealer=A, events=(Advise(player=C, advised=B),)),)))
    assert text == "deal 1 A\n  C advises B:\n"
    err = only_error(text)
    assert (err.line, err.message) == (2, "the line ends too soon")
