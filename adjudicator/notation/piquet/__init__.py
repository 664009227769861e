"""The Piquet Transcript Notation (PTN): records of rubicon piquet, read and written.

``docs/piquet-notation.md`` describes the notation; ``grammar/piquet.lark`` defines it. A
record states facts only (what was cut, dealt, said, exchanged, declared, played and scored,
in the order it happened); whether they were lawful is for the laws to judge.

* :func:`read` yields the records of a source and raises at the first that cannot be read;
* :func:`read_each` yields a record or a :class:`~adjudicator.notation.errors.NotationError`
  for each record, going on past bad ones;
* :func:`read_one` reads a source that holds exactly one record;
* :func:`write` and :func:`write_all` give the canonical text.

A source is the text of records (a ``str``) or a file's content (``bytes``), a path, or an
open file, binary or text.
"""

from adjudicator.notation.piquet.model import Record
from adjudicator.notation.piquet.reader import read, read_each, read_one
from adjudicator.notation.piquet.writer import write, write_all

__all__ = ["Record", "read", "read_each", "read_one", "write", "write_all"]
