"""Atheris harness: the whole pipeline on arbitrary bytes.

Each input is read with ``read_each`` as a binary stream (what a file gives the reader; the
hypothesis suite also reads its inputs as ``str``, which the harness leaves out for speed).
Every record that reads is replayed, adjudicated, written and read back (the same facts and
comments, and a fixed point of writing); every unreadable one must be a ``NotationError``.
The checks are those of the hypothesis suite (``tests/pipeline.py``). Any other exception is a
crash.

Run it from a virtualenv of its own (atheris is no dependency of the project); see
``fuzz/README.md``. With ``ECARTE_FUZZ_CRASH_DIR`` set, a crash does not stop the run: each
distinct one (by exception type and the innermost frame of the project's code) is saved
there, input and traceback, once, and the fuzzer goes on.
"""

from __future__ import annotations

import hashlib
import io
import os
import re
import sys
import traceback
from pathlib import Path

import atheris

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

with atheris.instrument_imports(include=["adjudicator", "laws", "pipeline"]):
    from pipeline import run_pipeline

    from adjudicator.notation.errors import NotationError

CRASH_DIR = os.environ.get("ECARTE_FUZZ_CRASH_DIR")
_seen: set[str] = set()


def _signature(error: BaseException) -> str:
    """The exception's type, the innermost frame of the project's code it passed, and the
    first line of its message with numbers and quoted words taken out (a failed check of
    ``tests/pipeline.py`` says there which check failed, and how)."""
    frames = traceback.extract_tb(error.__traceback__)
    ours = [f for f in frames if "/adjudicator/" in f.filename or "/laws/" in f.filename]
    where = ours[-1] if ours else frames[-1]
    message = str(error).partition("\n")[0]
    message = re.sub(r"\d+", "N", re.sub(r"'[^']*'", "'...'", message))[:120]
    return f"{type(error).__name__} {Path(where.filename).name}:{where.lineno} {message}"


def _keep(data: bytes, error: BaseException) -> None:
    """Save a crash not seen before in ``CRASH_DIR``: the input and its traceback."""
    signature = _signature(error)
    if signature in _seen:
        return
    _seen.add(signature)
    assert CRASH_DIR is not None
    out = Path(CRASH_DIR)
    out.mkdir(parents=True, exist_ok=True)
    name = "crash-" + hashlib.sha1(signature.encode()).hexdigest()[:12]
    (out / f"{name}.bin").write_bytes(data)
    trace = "".join(traceback.format_exception(error))
    (out / f"{name}.txt").write_text(f"{signature}\ninput: {data!r}\n\n{trace}")
    print(f"\n=== new crash {name}: {signature}", file=sys.stderr, flush=True)


def test_one_input(data: bytes) -> None:
    """The fuzz target. ``read_each`` yields a ``NotationError`` in place of a bad record; one
    raised is no crash either."""
    try:
        run_pipeline(io.BytesIO(data))
    except NotationError:
        pass
    except Exception as error:
        if CRASH_DIR is None:
            raise
        _keep(data, error)


def main() -> None:
    """Hand the target to libFuzzer, with its command line."""
    atheris.Setup(sys.argv, test_one_input)
    atheris.Fuzz()


if __name__ == "__main__":
    main()
