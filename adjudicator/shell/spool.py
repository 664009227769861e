"""The output of a long record, gathered while its parts are ruled, without holding it.

A long record (read in parts, :class:`adjudicator.notation.ecarte.reader.Portion`) is ruled in
pieces
(:func:`adjudicator.court.ecarte.adjudicate.adjudicate_parts`). Its output must be what the ruling
of the whole record would print, byte for byte, but the order of that output is not the order in
which the pieces come: ``check`` prints every finding of a record, then every correction, then
every claim not upheld; the JSON of a ruling lists findings, notes, claims, deals, corrections
and the trace one after the other. What cannot be written yet waits in spooled temporary files
(in memory up to a megabyte each, on disk beyond), so that what is held stays bounded whatever
the length of the record.
"""

from __future__ import annotations

import json
import tempfile
from collections.abc import Iterator
from typing import IO, Any

from adjudicator.court.ecarte.api import RecordRuling, profile_named, series_of

SPOOL_BYTES = 1 << 20
"""What a spool holds in memory before it goes to disk."""

BLOCK = 1 << 16
"""The size of the blocks in which spooled text is given back."""

_LISTS = ("findings", "notes", "claims", "deals", "corrections", "trace", "games")
"""The lists of a ruling's JSON, in the order of its fields (:class:`RecordRuling`)."""


def _spool() -> IO[str]:
    spooled: IO[str] = tempfile.SpooledTemporaryFile(  # noqa: SIM115 - closed by its owner
        max_size=SPOOL_BYTES, mode="w+", encoding="utf-8"
    )
    return spooled


def _blocks(spool: IO[str]) -> Iterator[str]:
    spool.seek(0)
    while block := spool.read(BLOCK):
        yield block


class Spooled:
    """Lines of text written now and read back later, in order."""

    def __init__(self) -> None:
        self._file: IO[str] | None = None

    def write(self, text: str) -> None:
        if text:
            if self._file is None:
                self._file = _spool()
            self._file.write(text)

    def blocks(self) -> Iterator[str]:
        """What was written, in blocks; then the spool is closed."""
        if self._file is not None:
            yield from _blocks(self._file)
            self.close()

    def close(self) -> None:
        if self._file is not None:
            self._file.close()
            self._file = None


class Rows:
    """A list that waits in a spool (each item as a line of JSON) to be read back once, in
    order: its length is known; its items are read as they are asked for."""

    def __init__(self) -> None:
        self._spool = Spooled()
        self._count = 0

    def add(self, item: Any) -> None:
        self._spool.write(json.dumps(item, ensure_ascii=False) + "\n")
        self._count += 1

    def __len__(self) -> int:
        return self._count

    def __bool__(self) -> bool:
        return self._count > 0

    def __iter__(self) -> Iterator[Any]:
        held: list[str] = []
        for block in self._spool.blocks():
            start = 0
            while (end := block.find("\n", start)) >= 0:
                held.append(block[start:end])
                yield json.loads("".join(held))
                held.clear()
                start = end + 1
            held.append(block[start:])

    def close(self) -> None:
        self._spool.close()


class RulingJson:
    """The JSON of a record's ruling (as ``check --format json`` writes it among a file's
    ``records``: ``json.dumps(..., indent=1)`` of the whole document, three levels deep),
    gathered piece by piece."""

    def __init__(self, line: int, tags: dict[str, str] | None = None) -> None:
        self.line = line
        self.tags = tags or {}
        """The record's tags (written after its line, as the ruling's model has them)."""
        self._lists = {name: Spooled() for name in _LISTS}
        self._counts = dict.fromkeys(_LISTS, 0)
        self.score: dict[str, int] = {}
        self.winner: str | None = None
        self.rules = "club-1878"
        self.games: list[Any] = []
        """The games won (few: kept, for the pools or rubbers they make)."""

    def add(self, piece: RecordRuling) -> None:
        """Take in a piece of the ruling (its lists, and the score as it stands after it)."""
        data = piece.model_dump(mode="json")
        for name in _LISTS:
            spool = self._lists[name]
            for item in data[name]:
                if self._counts[name]:
                    spool.write(",\n")
                spool.write(indented(item, "     "))
                self._counts[name] += 1
        self.score, self.winner = data["score"], data["winner"]
        self.rules = piece.rules
        self.games.extend(piece.games)

    def blocks(self) -> Iterator[str]:
        """The JSON, in blocks (the spools are let go as they are read)."""
        yield "   {\n" + f'    "line": {json.dumps(self.line)},\n'
        yield '    "tags": ' + indented(self.tags, "    ").lstrip() + ",\n"
        for name in _LISTS[:5]:
            yield from self._list(name)
            yield ",\n"
        yield '    "score": ' + indented(self.score, "    ").lstrip() + ",\n"
        yield f'    "winner": {json.dumps(self.winner, ensure_ascii=False)},\n'
        yield from self._list("trace")
        yield ",\n"
        yield from self._list("games")
        yield ",\n"
        yield f'    "rules": {json.dumps(self.rules, ensure_ascii=False)},\n'
        series = [
            x.model_dump(mode="json")
            for x in series_of(self.games, self.tags, profile_named(self.rules))
        ]
        yield '    "series": ' + indented(series, "    ").lstrip()
        yield "\n   }"

    def _list(self, name: str) -> Iterator[str]:
        if not self._counts[name]:
            yield f'    "{name}": []'
            return
        yield f'    "{name}": [\n'
        yield from self._lists[name].blocks()
        yield "\n    ]"

    def close(self) -> None:
        for spool in self._lists.values():
            spool.close()


def indented(obj: Any, indent: str) -> str:
    """``obj`` as ``json.dumps(..., indent=1)`` of a whole document writes it at the depth of
    ``indent`` (every line of it indented so)."""
    text = json.dumps(obj, ensure_ascii=False, indent=1)
    return indent + text.replace("\n", "\n" + indent)
