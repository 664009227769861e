"""The two fast paths give exactly what the slow paths give.

* :mod:`adjudicator.notation.ecarte.shapes` builds a record line by line from the rules Lark chose
for each
  shape of line; Lark's own parse of the whole record must give the same model, positions and
  comments included.
* :mod:`adjudicator.court.ecarte.plain` rules a plain record from the engine's replay without steps
  (:func:`adjudicator.engine.ecarte.replay.deal_ends`); whenever it answers, its ruling must be the
  full adjudication's, on the casebook, on generated games and on generated games damaged at random
  (dropped, repeated and swapped lines, changed cards and marks), and it must answer for every
  lawful generated game. The replay without steps must end each deal as the replay with steps
  does, and stop where that one meets a deviation.
"""

from __future__ import annotations

import io
import random
from pathlib import Path
from typing import Any, cast

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from strategies import records

from adjudicator import Record, read_each, read_one, write
from adjudicator.court.ecarte.adjudicate import adjudicate
from adjudicator.court.ecarte.plain import plain_ruling
from adjudicator.engine.ecarte.generate import generate
from adjudicator.engine.ecarte.replay import deal_ends, game_target, replay
from adjudicator.notation.cards import ALL_CARDS
from adjudicator.notation.ecarte import reader
from adjudicator.notation.ecarte.builder import BuildError
from adjudicator.notation.ecarte.lexer import LineLexer
from adjudicator.notation.ecarte.model import Deal, Mark
from adjudicator.notation.ecarte.reader import _lines_of_text, _parser
from adjudicator.notation.ecarte.shapes import build_record
from adjudicator.notation.errors import NotationError

CASES = Path(__file__).resolve().parent.parent / "cases" / "ecarte"
DATA = Path(__file__).resolve().parent / "data"


def _texts() -> list[str]:
    return [p.read_text(encoding="utf-8") for p in sorted(CASES.glob("*/*.etn"))] + [
        p.read_text(encoding="utf-8") for p in sorted(DATA.rglob("*.etn"))
    ]


def _both_ways(text: str) -> int:
    """Build every record of ``text`` line by line and by Lark; assert they agree. Returns how
    many records the line-by-line way built."""
    lark, builder = _parser()
    built = 0
    for rt in LineLexer().records(_lines_of_text(text)):
        if not rt.lines or rt.problem is not None:
            continue
        builder.line, builder.comments_after = rt.line, rt.comments_after
        try:
            # the builder is Lark's transformer: the parse is a Record, not the Tree Lark's
            # annotation says (the reader casts it alike)
            by_lark: Record | str = cast(Record, lark.parse(rt.tokens))
        except Exception as e:  # the line-by-line way must fail alike, or hand over
            by_lark = type(e).__name__
        try:
            by_lines: Record | str | None = build_record(rt, lark, builder)
        except BuildError:
            by_lines = "BuildError"
        if by_lines is None:
            assert isinstance(by_lark, str), "a record Lark reads was handed back to it"
            continue
        built += 1
        if isinstance(by_lines, str) or isinstance(by_lark, str):
            assert by_lines == by_lark
        else:
            assert by_lines.model_dump() == by_lark.model_dump()
    return built


def test_shapes_build_the_casebook_as_lark_does() -> None:
    built = sum(_both_ways(t) for t in _texts())
    assert built > 150


def test_shapes_build_generated_games_as_lark_does() -> None:
    text = "\n".join(write(generate(seed).record) for seed in range(40))
    assert _both_ways(text) == 40


@settings(max_examples=150, deadline=None)
@given(records())
def test_shapes_build_any_record_as_lark_does(record: Record) -> None:
    _both_ways(write(record))


def test_a_line_no_rule_accepts_goes_to_lark_for_its_error() -> None:
    lark, builder = _parser()
    rt = next(LineLexer().records(_lines_of_text("deal 1 A\nB: KH QH\nB proposes KH\n")))
    assert build_record(rt, lark, builder) is None
    (item,) = read_each("deal 1 A\nB: KH QH\nB proposes KH\n")
    assert isinstance(item, Exception) and item.line == 3


def test_a_tag_after_the_body_is_not_built_line_by_line() -> None:
    """The lexer cuts a record at a tag that follows its body; should a record still hold one,
    Lark is left to refuse it."""
    lark, builder = _parser()
    body, tag = LineLexer().records(_lines_of_text('deal 1 A\n[Site "x"]\n'))
    body.lines.extend(tag.lines)
    assert build_record(body, lark, builder) is None


# --------------------------------------------------------------------------------------------
#  The plain fast path
# --------------------------------------------------------------------------------------------


def _agrees(record: Record) -> bool:
    """Whether the plain path answered; if it did, assert it matches the full adjudication."""
    fast = plain_ruling(record, game_target(record))
    if fast is None:
        return False
    assert fast.model_dump() == adjudicate(record, fast=False).model_dump()
    return True


def test_plain_rulings_of_the_casebook_are_the_full_rulings() -> None:
    answered = 0
    for text in _texts():
        for item in read_each(text):
            if not isinstance(item, Exception):
                answered += _agrees(item)
    assert answered >= 5  # the casebook's near misses include plain games


@pytest.mark.parametrize("block", range(4))
def test_every_lawful_generated_game_is_plain(block: int) -> None:
    for seed in range(block * 100, block * 100 + 100):
        record = read_one(write(generate(seed).record))
        assert _agrees(record), f"generated game {seed} was not taken as plain"


def _damaged(record: Record, rng: random.Random) -> Record:
    """The record with one random fault: an event dropped, repeated or moved, a card changed,
    or a mark's points changed."""
    d = rng.randrange(len(record.deals))
    deal = record.deals[d]
    events = list(deal.events)
    if not events:
        return record
    i = rng.randrange(len(events))
    how = rng.randrange(5)
    if how == 0:
        del events[i]
    elif how == 1:
        events.insert(i, events[i])
    elif how == 2 and i + 1 < len(events):
        events[i], events[i + 1] = events[i + 1], events[i]
    elif how == 3:
        e = events[i]
        for name in ("card", "lead", "follow", "cards"):
            value = getattr(e, name, None)
            if value is None:
                continue
            other = rng.choice(ALL_CARDS)
            new = (other, *value[1:]) if isinstance(value, tuple) and value else other
            events[i] = e.model_copy(update={name: new})
            break
    else:
        marks = [j for j, e in enumerate(events) if isinstance(e, Mark)]
        if marks:
            j = rng.choice(marks)
            events[j] = events[j].model_copy(update={"points": rng.choice((0, 1, 2, 3))})
    deals = list(record.deals)
    deals[d] = deal.model_copy(update={"events": tuple(events)})
    return record.model_copy(update={"deals": tuple(deals)})


@pytest.mark.parametrize("block", range(4))
def test_plain_rulings_of_damaged_games_are_the_full_rulings(block: int) -> None:
    rng = random.Random(block)
    refused = 0
    for seed in range(block * 60, block * 60 + 60):
        record = _damaged(generate(seed).record, rng)
        refused += not _agrees(record)
    assert refused >= 30  # most damage makes a record irregular: the full path rules it


@pytest.mark.parametrize("block", range(2))
def test_the_replay_without_steps_ends_each_deal_as_the_replay_with_steps(block: int) -> None:
    rng = random.Random(100 + block)
    stopped = 0
    for seed in range(block * 60, block * 60 + 60):
        for record in (generate(seed).record, _damaged(generate(seed).record, rng)):
            steps = list(replay(record))
            headings = [i for i, step in enumerate(steps) if isinstance(step.event, Deal)]
            ends = [steps[i - 1].table for i in headings[1:]] + [steps[-1].table]
            got = list(deal_ends(record))
            if any(s.deviations for s in steps):
                assert got[-1] is None
                assert got[:-1] == ends[: len(got) - 1]
                stopped += 1
            else:
                assert got == ends
    assert stopped >= 20  # the damage makes many records deviate


def test_a_revoke_is_never_plain() -> None:
    record = read_one(
        "deal 1 A\n"
        "B: KH QH 9S\nA: 7H 8C\nB: 7S 8S\nA: 9C TC JC\n"
        "turn KD\nA marks king\nB plays\n"
        "1. B KH A 8C\n"  # A holds 7H: he had to follow suit
        "2. B QH A 7H\n3. B 9S A 9C\n4. B 7S A TC\n5. B 8S A JC\n"
        "B marks 2 point\n"
    )
    assert plain_ruling(record, 5) is None
    assert any(f.law == 43 for f in adjudicate(record).findings)


# --------------------------------------------------------------------------------------------
#  Decoding a block at a time
# --------------------------------------------------------------------------------------------

_PIECES = [b"deal 1 A\n", b"B: KH QH\r\n", b"\r", b"\n", b"\xef\xbb\xbf", b"\xff\xfe", b"\0"]
_PIECES += [b"\xe9", b"\xc3\xa9", b"caf\xc3\xa9 ; x\n", b"x" * 30, b'[A "B"]\n', b"  "]


@settings(max_examples=1000, deadline=None)
@given(st.lists(st.sampled_from(_PIECES), max_size=40), st.sampled_from([1, 7, 64, 1 << 16]))
def test_lines_decoded_a_block_at_a_time_are_the_lines_read_one_by_one(
    pieces: list[bytes], block: int
) -> None:
    data = b"".join(pieces)

    def lines(fast: bool) -> tuple[Any, list[str]]:
        problems: list[NotationError] = []
        try:
            if fast:
                out: Any = list(reader._lines_of_bytes(io.BytesIO(data), "f", problems))
            else:
                out = list(reader._careful_lines(io.BytesIO(data), "f", problems, 1, True))
        except reader._Unreadable as e:
            out = str(e.error)
        return out, [str(p) for p in problems]

    saved = reader.BLOCK_BYTES
    reader.BLOCK_BYTES = block
    try:
        assert lines(True) == lines(False)
    finally:
        reader.BLOCK_BYTES = saved


def test_a_long_line_across_blocks_is_reported_once(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(reader, "BLOCK_BYTES", 4096)
    data = b"deal 1 A\n" + b"x" * (reader.MAX_LINE_BYTES + 10) + b"\nB proposes\n"
    problems: list[NotationError] = []
    out = list(reader._lines_of_bytes(io.BytesIO(data), "f", problems))
    assert [n for n, _ in out] == [1, 2, 3] and out[2][1] == "B proposes"
    assert len(problems) == 1 and problems[0].line == 2


@pytest.mark.parametrize(
    "data",
    [b"deal 1 A\rB proposes\r", b"deal 1 A\r\nB proposes\n", b"deal 1 A\nB proposes {a\rb}\n"],
    ids=["cr", "crlf", "cr-in-brace-comment"],
)
def test_a_lone_cr_ends_a_line_from_bytes_as_from_a_str(data: bytes) -> None:
    """LF, CR LF and CR alone all end a line, whether the reader is given bytes or a str, so
    that a record read either way writes and reads back as itself."""
    from_bytes = read_one(io.BytesIO(data))
    assert from_bytes == read_one(data.decode())
    assert read_one(write(from_bytes)) == from_bytes
    assert "\r" not in write(from_bytes)
