"""Build the seed corpus and the dictionary for the atheris harness (``fuzz_record.py``).

Seeds (a few hundred small files, made at run time and never committed):

* every record of the casebook (``cases/law-NN-*/*.etn``) and of the test data
  (``tests/data/**/*.etn``), as they are;
* lawful games from the generator (``adjudicator.engine.ecarte.generate``), in canonical form;
* a few lenient respellings of those: CRLF line ends, a byte-order mark, lower case, several
  records in one file;
* every casebook record in compact form: canonical, without tags or comments (the same facts
  in half the bytes: the fuzzer runs faster on short inputs, see ``-max_len`` in the README).

The dictionary (libFuzzer's ``-dict``) holds the notation's keywords, card codes, players and
punctuation, so that the fuzzer splices whole words rather than guessing them byte by byte.

Usage: ``python fuzz/make_corpus.py [OUT_DIR]`` (default ``fuzz/corpus``); it writes the seeds
to ``OUT_DIR`` and the dictionary to ``OUT_DIR.dict``.
"""

from __future__ import annotations

import hashlib
import sys
from pathlib import Path

from adjudicator.engine.ecarte.generate import generate
from adjudicator.notation.ecarte.lexer import ADVICE_WORDS, CARD_CODES, KEYWORDS
from adjudicator.notation.ecarte.model import Record
from adjudicator.notation.ecarte.reader import read_each
from adjudicator.notation.ecarte.writer import write

ROOT = Path(__file__).resolve().parent.parent
GENERATED_SEEDS = range(20)

PUNCTUATION = ["[", "]", '"', "{", "}", ";", ":", ".", "*", "??", "-", "2-3", "3-2", "1.", "10"]
LINE_BREAKS = ["\n", "\r\n", "\r", "\ufeff", "\t"]
TAGS = ['[Event "x"]', '[Game "5"]', '[Game "1"]', '[Scoring "law46"]', '[Rules "club"]']


def seeds() -> dict[str, bytes]:
    """The seed inputs, by file name."""
    out: dict[str, bytes] = {}
    files = sorted(ROOT.glob("cases/*/*/*.etn")) + sorted(ROOT.glob("tests/data/**/*.etn"))
    for path in files:
        out[f"{path.parent.name}--{path.name}"] = path.read_bytes()
    for path in files:
        for item in read_each(path):
            if isinstance(item, Record):
                out[f"compact-{path.parent.name}--{path.name}"] = write(_compact(item)).encode()
    generated = [write(generate(seed).record) for seed in GENERATED_SEEDS]
    for seed, text in zip(GENERATED_SEEDS, generated, strict=True):
        out[f"generated-{seed}.etn"] = text.encode()
    for seed, text in list(zip(GENERATED_SEEDS, generated, strict=True))[:5]:
        out[f"generated-{seed}-crlf.etn"] = text.replace("\n", "\r\n").encode()
        out[f"generated-{seed}-bom.etn"] = b"\xef\xbb\xbf" + text.encode()
        out[f"generated-{seed}-lower.etn"] = text.lower().encode()
    out["generated-several.etn"] = "\n".join(generated[:3]).encode()
    return out


def _compact(record: Record) -> Record:
    """The record without tags and comments."""
    bare = {"comments": (), "comments_before": (), "comments_continued": (), "comments_after": ()}
    deals = tuple(
        d.model_copy(update={**bare, "events": tuple(e.model_copy(update=bare) for e in d.events)})
        for d in record.deals
    )
    opening = tuple(e.model_copy(update=bare) for e in record.opening)
    return record.model_copy(
        update={"tags": (), "opening": opening, "deals": deals, "comments_after": ()}
    )


def dictionary() -> str:
    """libFuzzer dictionary entries, one a line, each a quoted string."""
    words = sorted(KEYWORDS) + sorted(ADVICE_WORDS) + sorted(CARD_CODES)
    words += ["A", "B", "C", "A:", "B:", "C:"]
    words += PUNCTUATION + LINE_BREAKS + TAGS
    return "".join(f'"{_escape(w)}"\n' for w in dict.fromkeys(words))


def _escape(word: str) -> str:
    """A word as a libFuzzer dictionary string: printable ASCII as is, other bytes ``\\xNN``."""
    out = []
    for byte in word.encode():
        char = chr(byte)
        if char in '"\\':
            out.append("\\" + char)
        elif 0x20 <= byte < 0x7F:
            out.append(char)
        else:
            out.append(f"\\x{byte:02X}")
    return "".join(out)


def main(argv: list[str]) -> int:
    """Write the seeds and the dictionary; print what was written."""
    out_dir = Path(argv[1]) if len(argv) > 1 else ROOT / "fuzz" / "corpus"
    out_dir.mkdir(parents=True, exist_ok=True)
    written = 0
    for name, data in seeds().items():
        digest = hashlib.sha1(data).hexdigest()[:8]
        (out_dir / f"{Path(name).stem}-{digest}.etn").write_bytes(data)
        written += 1
    dict_path = out_dir.with_name(out_dir.name + ".dict")
    dict_path.write_text(dictionary(), encoding="ascii")
    print(f"{written} seeds in {out_dir}; dictionary {dict_path}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
