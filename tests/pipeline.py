"""The whole pipeline on one input, for the fuzzers (``tests/test_fuzz.py`` and the atheris
harness ``fuzz/fuzz_record.py``, which imports this module: it needs nothing but the
adjudicator itself).

:func:`run_pipeline` reads a source with ``read_each``. A record that reads is replayed,
adjudicated (and the ruling serialised), written, and read back from its canonical text,
which must give an equal model with the same comments and be a fixed point of writing; an
unreadable record must be a :class:`NotationError` that formats. Anything else (another
exception, a failed check) propagates: for a fuzzer, it is a crash.
"""

from __future__ import annotations

import io
from typing import Any

from adjudicator.court.ecarte.adjudicate import adjudicate
from adjudicator.engine.ecarte.remedy import Remedy
from adjudicator.engine.ecarte.replay import replay
from adjudicator.engine.ecarte.table import Ending, Step
from adjudicator.notation.ecarte.model import Line, Record
from adjudicator.notation.ecarte.reader import Source, read_each
from adjudicator.notation.ecarte.writer import write
from adjudicator.notation.errors import NotationError


class Told:
    """A stand-in for the court (:class:`adjudicator.engine.ecarte.replay.Leave`), for tests of the
    engine alone: it annuls the deals of ``endings`` (by position) as given, and refuses the
    facts at the lines of ``refused``."""

    def __init__(self, endings: dict[int, Ending] | None = None, refused: set[int] | None = None):
        self.endings = endings or {}
        self.refused = refused or set()
        self.asked: list[int] = []
        """The lines of the facts the engine asked about, in order."""

    def allows(self, fact: Step) -> bool:
        self.asked.append(fact.line)
        return fact.line not in self.refused

    def remedies(self, fact: Step) -> tuple[Remedy, ...]:
        return ()

    def ending(self, position: int) -> Ending | None:
        return self.endings.get(position)

    def unwon(self, position: int) -> bool:
        return False


def comments_of(record: Record) -> list[tuple[str, ...]]:
    """Every comment of ``record`` in order, grouped by the line that holds it (what a round
    trip must keep, whatever model equality compares)."""
    lines: list[Line] = [*record.tags, *record.opening]
    for deal in record.deals:
        lines.append(deal)
        lines.extend(deal.events)
    out = [part for line in lines for part in (line.comments_before, line.comments)]
    out.append(record.comments_after)
    return out


def check_record(record: Record) -> None:
    """Replay, adjudicate and write ``record``; its canonical text must read back as the same
    facts and comments, and write again as the same text."""
    for _ in replay(record):
        pass
    adjudicate(record).model_dump_json()
    text = write(record)
    back = list(read_each(text, path="<written>"))
    assert len(back) == 1, f"the written record reads as {len(back)} items:\n{text}"
    again = back[0]
    assert isinstance(again, Record), (
        f"the written record does not read: {again.message}\n{again}\n{text}"
    )
    assert again == record, f"the facts change through write and read:\n{text}"
    assert comments_of(again) == comments_of(record), f"comments change:\n{text}"
    assert write(again) == text, f"the canonical text is not a fixed point:\n{text}"


def check_error(error: NotationError) -> None:
    """An unreadable record's error formats as text and as JSON, and points at a line."""
    assert str(error)
    assert error.to_json()["message"]
    assert error.line >= 1 and error.column >= 1, error.location


def run_pipeline(source: Source) -> list[Record | NotationError]:
    """Run every record of ``source`` through the pipeline (see the module's docstring) and
    return what the reader yielded."""
    items: list[Record | NotationError] = []
    for item in read_each(source, path="<fuzz>"):
        if isinstance(item, NotationError):
            check_error(item)
        else:
            assert isinstance(item, Record), f"read_each yielded {item!r}"
            check_record(item)
        items.append(item)
    assert items, "read_each yielded nothing"
    return items


def run_bytes(data: bytes) -> list[Record | NotationError]:
    """The pipeline on ``data`` as a binary stream, and, if it is UTF-8, on its text too,
    which must read alike; what the reader yielded from the stream."""
    items = run_pipeline(io.BytesIO(data))
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        return items
    _read_alike(text, run_pipeline(text), items)
    return items


def run_text(text: str) -> list[Record | NotationError]:
    """The pipeline on ``text`` as a string, and on its UTF-8 bytes as a binary stream, which
    must read alike; what the reader yielded from the string."""
    items = run_pipeline(text)
    _read_alike(text, items, run_pipeline(io.BytesIO(text.encode("utf-8", "surrogatepass"))))
    return items


def _read_alike(
    text: str, from_text: list[Record | NotationError], from_bytes: list[Record | NotationError]
) -> None:
    """A text and its bytes read as the same records, with errors at the same places; unless
    the text holds a NUL (bytes with one are a binary file, which a str cannot be)."""
    if "\0" not in text:
        assert _reading(from_bytes) == _reading(from_text), "a str and its bytes read differently"


def _reading(items: list[Record | NotationError]) -> list[Any]:
    """What the reader made of an input: the records, and where each error is."""
    return [i if isinstance(i, Record) else (i.line, i.column, i.message) for i in items]
