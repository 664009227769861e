"""The ``ecarte`` command: each command, its output streams and its exit status.

Results go to standard output and diagnostics to standard error; typer's ``CliRunner`` keeps
the two apart (``result.stdout``, ``result.stderr``). Exit status: 0 all read (and nothing
would change), 1 ``fmt --check`` found files to reformat, 2 unreadable input or wrong usage.
"""

from __future__ import annotations

import importlib
import json
import os
import re
import shutil
import subprocess
import sys
import sysconfig
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from typer.testing import CliRunner, Result

from adjudicator import read_one
from adjudicator.shell.cli import app

NONCANONICAL = (
    '[Event "Test"]\n'
    "DEAL 1 a\n"
    " turn ks   ; trumps\n"
    " b: 10h qh 9s\n"
    "\n"
    "\n"
    " b PROPOSES\n"
    " A Refuses\n"
    " 1. b kh A 7h\n"
)
CANONICAL = (
    '[Event "Test"]\n'
    "\n"
    "deal 1 A\n"
    "  turn KS                     ; trumps\n"
    "  B: TH QH 9S\n"
    "  B proposes\n"
    "  A refuses\n"
    "  1. B KH A 7H\n"
)
BROKEN = (
    '[Event "one"]\n'
    "deal 1 A\n"
    "  turn KS\n"
    "\n"
    '[Event "two"]\n'
    "deal 1 A\n"
    "  B propose\n"
    "\n"
    '[Event "three"]\n'
    "deal 1 A\n"
    "  turn KS\n"
)
"""Three records, the second bad at line 7, column 5."""

OLD = 1_000_000_000  # an mtime long past, to see whether a file was written


@pytest.fixture
def runner() -> CliRunner:
    return CliRunner()


def run(runner: CliRunner, *args: str, input: str | bytes | None = None) -> Result:
    result = runner.invoke(app, list(args), input=input)
    # Whatever happened, it was not an unexpected exception escaping the command.
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exc_info
    assert "Traceback" not in result.output
    return result


def write(path: Path, text: str, *, old: bool = True) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(text.encode("utf-8"))
    if old:
        os.utime(path, (OLD, OLD))
    return path


def test_canonical_text_is_what_the_writer_writes() -> None:
    # The fixtures above agree with the library's own idea of canonical.
    from adjudicator import write as write_record

    assert write_record(read_one(NONCANONICAL)) == CANONICAL
    assert write_record(read_one(CANONICAL)) == CANONICAL


# --------------------------------------------------------------------------------------------
#  fmt
# --------------------------------------------------------------------------------------------


def test_fmt_rewrites_a_file_in_canonical_form(runner: CliRunner, tmp_path: Path) -> None:
    path = write(tmp_path / "game.etn", NONCANONICAL)
    result = run(runner, "fmt", str(path))
    assert result.exit_code == 0
    assert path.read_text(encoding="utf-8") == CANONICAL
    assert result.stdout == f"reformatted: {path}\n"
    assert result.stderr == "1 file(s) reformatted, 0 already in canonical form\n"


def test_fmt_leaves_a_canonical_file_untouched(runner: CliRunner, tmp_path: Path) -> None:
    path = write(tmp_path / "game.etn", CANONICAL)
    result = run(runner, "fmt", str(path))
    assert result.exit_code == 0
    assert path.read_text(encoding="utf-8") == CANONICAL
    assert path.stat().st_mtime == OLD
    assert result.stdout == ""
    assert result.stderr == "0 file(s) reformatted, 1 already in canonical form\n"


def test_fmt_writes_line_feeds_and_no_byte_order_mark(runner: CliRunner, tmp_path: Path) -> None:
    path = tmp_path / "windows.etn"
    path.write_bytes(b"\xef\xbb\xbf" + CANONICAL.replace("\n", "\r\n").encode())
    result = run(runner, "fmt", str(path))
    assert result.exit_code == 0
    assert path.read_bytes() == CANONICAL.encode()


def test_fmt_check_lists_files_to_reformat(runner: CliRunner, tmp_path: Path) -> None:
    bad = write(tmp_path / "a.etn", NONCANONICAL)
    good = write(tmp_path / "b.etn", CANONICAL)
    result = run(runner, "fmt", "--check", str(bad), str(good))
    assert result.exit_code == 1
    assert result.stdout == f"would reformat: {bad}\n"
    assert result.stderr == "1 file(s) would be reformatted, 1 already in canonical form\n"
    assert bad.read_text(encoding="utf-8") == NONCANONICAL
    assert bad.stat().st_mtime == OLD
    assert good.stat().st_mtime == OLD


def test_fmt_check_passes_when_all_are_canonical(runner: CliRunner, tmp_path: Path) -> None:
    one = write(tmp_path / "a.etn", CANONICAL)
    two = write(tmp_path / "b.etn", CANONICAL.replace("Test", "Other"))
    result = run(runner, "fmt", "--check", str(one), str(two))
    assert result.exit_code == 0
    assert result.stdout == ""
    assert "0 file(s) would be reformatted, 2 already in canonical form" in result.stderr


def test_fmt_finds_record_files_in_a_folder(runner: CliRunner, tmp_path: Path) -> None:
    top = write(tmp_path / "games" / "a.etn", NONCANONICAL)
    deep = write(tmp_path / "games" / "club" / "1886" / "b.etn", NONCANONICAL)
    fine = write(tmp_path / "games" / "club" / "c.etn", CANONICAL)
    other = write(tmp_path / "games" / "notes.txt", NONCANONICAL)
    folder = tmp_path / "games"

    check = run(runner, "fmt", "--check", str(folder))
    assert check.exit_code == 1
    assert check.stdout.splitlines() == sorted(
        [f"would reformat: {top}", f"would reformat: {deep}"]
    )

    result = run(runner, "fmt", str(folder))
    assert result.exit_code == 0
    assert top.read_text(encoding="utf-8") == CANONICAL
    assert deep.read_text(encoding="utf-8") == CANONICAL
    assert fine.stat().st_mtime == OLD
    assert other.read_text(encoding="utf-8") == NONCANONICAL  # not a record file
    assert "2 file(s) reformatted, 1 already in canonical form" in result.stderr


def test_fmt_on_a_folder_without_record_files(runner: CliRunner, tmp_path: Path) -> None:
    write(tmp_path / "notes.txt", NONCANONICAL)
    result = run(runner, "fmt", str(tmp_path))
    assert result.stdout == ""
    assert "no record files (*.etn) in this folder" in result.stderr


def test_fmt_stdin_to_stdout(runner: CliRunner) -> None:
    result = run(runner, "fmt", "-", input=NONCANONICAL)
    assert result.exit_code == 0
    assert result.stdout == CANONICAL
    assert result.stderr == "1 file(s) reformatted, 0 already in canonical form\n"


def test_fmt_stdin_already_canonical_is_echoed(runner: CliRunner) -> None:
    result = run(runner, "fmt", "-", input=CANONICAL)
    assert result.exit_code == 0
    assert result.stdout == CANONICAL


def test_fmt_check_stdin(runner: CliRunner) -> None:
    result = run(runner, "fmt", "--check", "-", input=NONCANONICAL)
    assert result.exit_code == 1
    assert result.stdout == "would reformat: <stdin>\n"


def test_fmt_leaves_a_file_with_a_bad_record_alone(runner: CliRunner, tmp_path: Path) -> None:
    broken = write(tmp_path / "broken.etn", BROKEN.upper())  # non-canonical as well as bad
    other = write(tmp_path / "other.etn", NONCANONICAL)
    result = run(runner, "fmt", str(broken), str(other))
    assert result.exit_code == 2
    assert broken.read_text(encoding="utf-8") == BROKEN.upper()
    assert broken.stat().st_mtime == OLD
    # the other input is still processed
    assert other.read_text(encoding="utf-8") == CANONICAL
    assert result.stdout == f"reformatted: {other}\n"
    err = result.stderr
    assert f"{broken}:7:5: 'PROPOSE' is not a word of the notation" in err
    assert "did you mean 'proposes'?" in err
    assert f"{broken}: left as it was: 1 record(s) could not be read" in err


def test_fmt_check_with_a_bad_file_exits_2(runner: CliRunner, tmp_path: Path) -> None:
    other = write(tmp_path / "a.etn", NONCANONICAL)
    broken = write(tmp_path / "b.etn", BROKEN)
    result = run(runner, "fmt", "--check", str(other), str(broken))
    assert result.exit_code == 2
    assert result.stdout == f"would reformat: {other}\n"
    assert f"{broken}:7:5:" in result.stderr


def test_fmt_stdin_with_a_bad_record_writes_nothing(runner: CliRunner) -> None:
    result = run(runner, "fmt", "-", input=BROKEN)
    assert result.exit_code == 2
    assert result.stdout == ""
    assert "<stdin>:7:5: 'propose' is not a word of the notation" in result.stderr


def test_fmt_missing_file(runner: CliRunner, tmp_path: Path) -> None:
    missing = tmp_path / "nowhere.etn"
    result = run(runner, "fmt", str(missing))
    assert result.exit_code == 2
    assert result.stdout == ""
    assert f"{missing}: cannot read the file" in result.stderr
    assert not missing.exists()


@pytest.mark.skipif(os.name != "posix", reason="POSIX file modes")
def test_fmt_keeps_the_file_mode(runner: CliRunner, tmp_path: Path) -> None:
    path = write(tmp_path / "game.etn", NONCANONICAL)
    path.chmod(0o644)
    result = run(runner, "fmt", str(path))
    assert result.exit_code == 0
    assert path.read_text(encoding="utf-8") == CANONICAL
    assert path.stat().st_mode & 0o777 == 0o644


@pytest.mark.skipif(os.name != "posix", reason="symbolic links")
def test_fmt_through_a_symbolic_link_formats_the_target(runner: CliRunner, tmp_path: Path) -> None:
    target = write(tmp_path / "game.etn", NONCANONICAL)
    link = tmp_path / "link.etn"
    link.symlink_to(target.name)
    result = run(runner, "fmt", str(link))
    assert result.exit_code == 0
    assert link.is_symlink()
    assert target.read_text(encoding="utf-8") == CANONICAL


# --------------------------------------------------------------------------------------------
#  parse
# --------------------------------------------------------------------------------------------


def test_parse_json(runner: CliRunner, tmp_path: Path) -> None:
    path = write(tmp_path / "game.etn", NONCANONICAL)
    result = run(runner, "parse", str(path), "--format", "json")
    assert result.exit_code == 0
    assert result.stderr == ""
    data = json.loads(result.stdout)
    assert isinstance(data, list) and len(data) == 1
    [entry] = data
    assert set(entry) == {"file", "records", "errors"}
    assert entry["file"] == str(path)
    assert entry["errors"] == []
    [rec] = entry["records"]
    assert rec["tags"][0]["name"] == "Event" and rec["tags"][0]["value"] == "Test"
    [deal] = rec["deals"]
    assert (deal["number"], deal["dealer"]) == (1, "A")
    kinds = [e["kind"] for e in deal["events"]]
    assert kinds == ["turn", "packet", "propose", "refuse", "trick"]
    assert deal["events"][1]["cards"] == ["TH", "QH", "9S"]
    assert deal["events"][0]["comments"] == ["; trumps"]
    assert (deal["events"][4]["line"], deal["events"][4]["column"]) == (9, 2)


def test_parse_json_is_the_default(runner: CliRunner, tmp_path: Path) -> None:
    path = write(tmp_path / "game.etn", CANONICAL)
    default = run(runner, "parse", str(path))
    explicit = run(runner, "parse", "-f", "json", str(path))
    assert default.exit_code == explicit.exit_code == 0
    assert json.loads(default.stdout) == json.loads(explicit.stdout)


def test_parse_several_files(runner: CliRunner, tmp_path: Path) -> None:
    one = write(tmp_path / "one.etn", CANONICAL)
    two = write(tmp_path / "two.etn", CANONICAL + "\n" + CANONICAL)
    result = run(runner, "parse", str(one), str(two))
    assert result.exit_code == 0
    data = json.loads(result.stdout)
    assert [(d["file"], len(d["records"])) for d in data] == [(str(one), 1), (str(two), 2)]


def test_parse_jsonl(runner: CliRunner, tmp_path: Path) -> None:
    path = write(tmp_path / "game.etn", CANONICAL + "\n" + CANONICAL.replace("Test", "Two"))
    result = run(runner, "parse", str(path), "--format", "jsonl")
    assert result.exit_code == 0
    assert result.stderr == ""
    lines = result.stdout.splitlines()
    assert len(lines) == 2
    objects = [json.loads(line) for line in lines]
    assert all(set(o) == {"file", "record"} for o in objects)
    assert [o["record"]["tags"][0]["value"] for o in objects] == ["Test", "Two"]
    assert all(o["file"] == str(path) for o in objects)


def test_parse_stdin(runner: CliRunner) -> None:
    result = run(runner, "parse", "-", input=NONCANONICAL)
    assert result.exit_code == 0
    [entry] = json.loads(result.stdout)
    assert entry["file"] == "<stdin>"
    assert len(entry["records"]) == 1


def stderr_shows_the_error(stderr: str, name: str) -> None:
    """The diagnostic as a person reads it: location and message, the line, a caret under
    the fault, what was expected, and a hint."""
    lines = stderr.splitlines()
    head = f"{name}:7:5: 'propose' is not a word of the notation"
    assert head in lines
    i = lines.index(head)
    assert lines[i + 1] == "    7 |   B propose"
    assert lines[i + 2] == "      |     ^^^^^^^"
    assert lines[i + 3].startswith("  expected: ':' after the player, ")
    assert lines[i + 4] == "  hint: unknown word 'propose': did you mean 'proposes'?"


def test_parse_broken_file_json(runner: CliRunner, tmp_path: Path) -> None:
    path = write(tmp_path / "broken.etn", BROKEN)
    result = run(runner, "parse", str(path), "--format", "json")
    assert result.exit_code == 2
    stderr_shows_the_error(result.stderr, str(path))
    # stdout is still one valid JSON document, with the good records in it
    [entry] = json.loads(result.stdout)
    assert [r["tags"][0]["value"] for r in entry["records"]] == ["one", "three"]
    [error] = entry["errors"]
    assert (error["path"], error["line"], error["column"]) == (str(path), 7, 5)
    assert error["message"] == "'propose' is not a word of the notation"
    assert error["hint"] == "unknown word 'propose': did you mean 'proposes'?"
    assert "':' after the player" in error["expected"]


def test_parse_broken_file_jsonl(runner: CliRunner, tmp_path: Path) -> None:
    path = write(tmp_path / "broken.etn", BROKEN)
    result = run(runner, "parse", str(path), "--format", "jsonl")
    assert result.exit_code == 2
    stderr_shows_the_error(result.stderr, str(path))
    objects = [json.loads(line) for line in result.stdout.splitlines()]
    assert [("record" if "record" in o else "error") for o in objects] == [
        "record",
        "error",
        "record",
    ]
    assert objects[0]["record"]["tags"][0]["value"] == "one"
    assert (objects[1]["error"]["line"], objects[1]["error"]["column"]) == (7, 5)
    assert objects[2]["record"]["tags"][0]["value"] == "three"


def test_parse_goes_on_to_the_next_file(runner: CliRunner, tmp_path: Path) -> None:
    broken = write(tmp_path / "a.etn", BROKEN)
    good = write(tmp_path / "b.etn", CANONICAL)
    result = run(runner, "parse", str(broken), str(good))
    assert result.exit_code == 2
    data = json.loads(result.stdout)
    assert [(d["file"], len(d["records"]), len(d["errors"])) for d in data] == [
        (str(broken), 2, 1),
        (str(good), 1, 0),
    ]


def test_parse_missing_file(runner: CliRunner, tmp_path: Path) -> None:
    missing = tmp_path / "nowhere.etn"
    result = run(runner, "parse", str(missing))
    assert result.exit_code == 2
    assert f"{missing}:1:1: cannot open the file" in result.stderr
    [entry] = json.loads(result.stdout)
    assert entry["records"] == []
    assert len(entry["errors"]) == 1


def test_parse_binary_file(runner: CliRunner, tmp_path: Path) -> None:
    path = tmp_path / "picture.etn"
    path.write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR")
    result = run(runner, "parse", str(path))
    assert result.exit_code == 2
    assert "a NUL byte: this is a binary file" in result.stderr
    json.loads(result.stdout)


# --------------------------------------------------------------------------------------------
#  schema
# --------------------------------------------------------------------------------------------

EVENT_MODELS = {
    "CutForDeal",
    "Shuffle",
    "Cut",
    "Order",
    "Packet",
    "Turn",
    "Faced",
    "TakeUp",
    "Mark",
    "Unmark",
    "Announce",
    "Propose",
    "Accept",
    "Refuse",
    "DeclarePlay",
    "Discard",
    "Ask",
    "Holds",
    "Trick",
    "Lead",
    "Play",
    "Retract",
    "Abandon",
    "Show",
    "CallNewCards",
    "PackFault",
    "Score",
    "Claim",
    "PermitComplete",
    "ElectPlay",
    "SitOut",
    "Advise",
    "Double",
    "DoubleAnswer",
    "OfferPoint",
    "PointAnswer",
}

EVERY_EVENT = """\
[Event "Every line"]
[A "Mr. Anstey"]
[B "Mr. Bourke"]

cut A QH JH B 9C
cut A JS B AH

deal 1 A pack B
  shuffle A exposed below table
  order 2-3
  cut B 12 exposed 9H
  B: KH *QH 9S
  A: 3
  turn KD 7S
  faced 9C
  B takes up
  A marks king
  B announces king
  B proposes
  A accepts if stock
  A refuses
  B plays
  B discards 9D 8H 7C
  B asks 3
  A holds KS QS JS 8C 7C
  1. B KH names S A 7H
  B leads KH names S
  A plays 7H
  A retracts 7H
  B abandons
  B shows
  A calls new cards
  pack incorrect
  A marks 2 vole
  A unmarks 1
  score A 3 B 2
  B claims new deal
  B claims trump 7S
  B claims suit S
  B permits complete
  B elects play
  C sits out
  C advises B: play
  C advises B: KH ??
  B doubles
  A accepts double
  A offers point
  B refuses point
"""


def schema_of(runner: CliRunner) -> dict[str, Any]:
    result = run(runner, "schema")
    assert result.exit_code == 0
    assert result.stderr == ""
    schema = json.loads(result.stdout)
    assert isinstance(schema, dict)
    return schema


def test_schema_has_the_event_models(runner: CliRunner) -> None:
    schema = schema_of(runner)
    assert schema["type"] == "object"
    assert {"tags", "opening", "deals"} <= set(schema["properties"])
    defs = schema["$defs"]
    assert set(defs) >= EVENT_MODELS
    assert {"Deal", "Tag", "Player", "Suit"} <= set(defs)
    for name in EVENT_MODELS:
        assert defs[name]["type"] == "object"
        assert "const" in defs[name]["properties"]["kind"], name
    # every $ref points at a definition
    refs = set(re.findall(r'"\$ref": "#/\$defs/(\w+)"', json.dumps(schema)))
    assert refs <= set(defs)


def test_schema_describes_each_field_by_its_docstring(runner: CliRunner) -> None:
    """Each field's description is the docstring under it in the model (read when the schema
    is made, not at import), inherited fields included."""
    schema = schema_of(runner)
    tags = schema["properties"]["tags"]["description"]
    assert tags == "The tag block, in the order written."
    packet = schema["$defs"]["Packet"]["properties"]
    assert packet["line"]["description"].startswith("Line of the record's file")  # from Line
    undocumented = [
        (name, field)
        for name, model in schema["$defs"].items()
        for field, prop in model.get("properties", {}).items()
        if field != "kind" and "description" not in prop
    ]
    assert not undocumented


def _validator() -> ModuleType | None:
    """``jsonschema``'s validator if it is installed, else the small one below."""
    try:
        # imported by name: jsonschema is optional, and so are its stubs (types-jsonschema)
        return importlib.import_module("jsonschema")
    except ImportError:
        return None


def test_schema_validates_a_parsed_record(runner: CliRunner, tmp_path: Path) -> None:
    schema = schema_of(runner)
    path = write(tmp_path / "every.etn", EVERY_EVENT)
    result = run(runner, "parse", str(path))
    assert result.exit_code == 0, result.stderr
    [entry] = json.loads(result.stdout)
    [rec] = entry["records"]
    kinds = {e["kind"] for e in rec["opening"]} | {
        e["kind"] for d in rec["deals"] for e in d["events"]
    }
    # every kind of event is in the record, so every event model is checked
    assert len(kinds) == len(EVENT_MODELS)

    jsonschema = _validator()
    if jsonschema is not None:
        jsonschema.validate(rec, schema)
        bad = json.loads(json.dumps(rec))
        bad["deals"][0]["events"][0]["kind"] = "sneeze"
        with pytest.raises(jsonschema.ValidationError):
            jsonschema.validate(bad, schema)
    else:
        assert _problems(rec, schema, schema) == []
        for mutate in (_unknown_kind, _bad_card, _extra_field, _missing_player):
            bad = json.loads(json.dumps(rec))
            mutate(bad)
            assert _problems(bad, schema, schema) != [], mutate.__name__


def _unknown_kind(rec: dict[str, Any]) -> None:
    rec["deals"][0]["events"][0]["kind"] = "sneeze"


def _bad_card(rec: dict[str, Any]) -> None:
    packet = next(e for e in rec["deals"][0]["events"] if e["kind"] == "packet")
    packet["cards"][0] = "KX"


def _extra_field(rec: dict[str, Any]) -> None:
    rec["deals"][0]["events"][-1]["verdict"] = "revoke"


def _missing_player(rec: dict[str, Any]) -> None:
    take_up = next(e for e in rec["deals"][0]["events"] if e["kind"] == "take_up")
    del take_up["player"]


_TYPES: dict[str, Any] = {
    "object": dict,
    "array": list,
    "string": str,
    "integer": int,
    "number": (int, float),
    "boolean": bool,
    "null": type(None),
}


def _problems(value: Any, node: dict[str, Any], root: dict[str, Any], at: str = "$") -> list[str]:
    """A small JSON Schema check (the keywords the record schema uses), for when
    ``jsonschema`` is not installed. Returns what is wrong, empty if nothing."""
    if "$ref" in node:
        name = node["$ref"].removeprefix("#/$defs/")
        return _problems(value, root["$defs"][name], root, at)
    out: list[str] = []
    if "type" in node:
        numeric = node["type"] in ("integer", "number")
        if not isinstance(value, _TYPES[node["type"]]) or (numeric and isinstance(value, bool)):
            return [f"{at}: not of type {node['type']}"]
    if "const" in node and value != node["const"]:
        out.append(f"{at}: not {node['const']!r}")
    if "enum" in node and value not in node["enum"]:
        out.append(f"{at}: not one of {node['enum']}")
    if "pattern" in node and not re.search(node["pattern"], value):
        out.append(f"{at}: does not match {node['pattern']}")
    for key in ("anyOf", "oneOf"):
        if key in node:
            matches = [s for s in node[key] if not _problems(value, s, root, at)]
            if not matches or (key == "oneOf" and len(matches) > 1):
                out.append(f"{at}: matches {len(matches)} of the {key} choices")
    if isinstance(value, dict):
        props = node.get("properties", {})
        for name in node.get("required", []):
            if name not in value:
                out.append(f"{at}: {name} is missing")
        for name, item in value.items():
            if "propertyNames" in node:
                out += _problems(name, node["propertyNames"], root, f"{at}.{name}(name)")
            if name in props:
                out += _problems(item, props[name], root, f"{at}.{name}")
            elif node.get("additionalProperties") is False:
                out.append(f"{at}: {name} is not allowed")
            elif isinstance(node.get("additionalProperties"), dict):
                out += _problems(item, node["additionalProperties"], root, f"{at}.{name}")
    if isinstance(value, list) and "items" in node:
        for i, item in enumerate(value):
            out += _problems(item, node["items"], root, f"{at}[{i}]")
    return out


# --------------------------------------------------------------------------------------------
#  Usage and version
# --------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "args",
    [
        ["frobnicate"],
        ["fmt"],
        ["parse"],
        ["parse", "--format", "xml", "x.etn"],
        ["fmt", "--nope", "x.etn"],
        ["schema", "extra"],
    ],
    ids=[
        "unknown command",
        "fmt without a path",
        "parse without a path",
        "bad format",
        "unknown option",
        "schema with an argument",
    ],
)
def test_usage_errors_exit_2(runner: CliRunner, args: list[str]) -> None:
    result = run(runner, *args)
    assert result.exit_code == 2
    assert result.stdout == ""
    assert "Usage:" in result.stderr


def test_bad_format_names_the_choices(runner: CliRunner) -> None:
    result = run(runner, "parse", "--format", "xml", "x.etn")
    assert "'json'" in result.stderr and "'jsonl'" in result.stderr


def test_version(runner: CliRunner) -> None:
    result = run(runner, "--version")
    assert result.exit_code == 0
    assert re.fullmatch(r"ecarte \S+ \(adjudicator\)\n", result.stdout)
    assert result.stderr == ""


def test_help(runner: CliRunner) -> None:
    result = run(runner, "--help")
    assert result.exit_code == 0
    for command in ("fmt", "parse", "schema"):
        assert command in result.stdout


# --------------------------------------------------------------------------------------------
#  The installed console script
# --------------------------------------------------------------------------------------------


def _console_script() -> list[str] | None:
    """The ``ecarte`` command: next to this interpreter (a virtualenv need not be on PATH),
    or on PATH; else ``python -m adjudicator`` if the package has a ``__main__``."""
    scripts = sysconfig.get_path("scripts")
    found = shutil.which("ecarte", path=os.pathsep.join([scripts, os.environ.get("PATH", "")]))
    if found:
        return [found]
    import importlib.util

    if importlib.util.find_spec("adjudicator.__main__") is not None:
        return [sys.executable, "-m", "adjudicator"]
    return None


@pytest.mark.parametrize("command", ["parse", "fmt"])
def test_console_script_on_a_broken_file(tmp_path: Path, command: str) -> None:
    script = _console_script()
    if script is None:
        pytest.skip("the ecarte console script is not installed")
    broken = write(tmp_path / "broken.etn", BROKEN)
    binary = tmp_path / "binary.etn"
    binary.write_bytes(b"\x00\xff\xfe" * 100)
    done = subprocess.run(
        [*script, command, str(broken), str(binary)],
        capture_output=True,
        timeout=120,
        env={**os.environ, "PYTHONIOENCODING": "utf-8"},
    )
    stderr = done.stderr.decode("utf-8", "replace")
    assert done.returncode == 2, stderr
    assert "Traceback" not in stderr
    assert f"{broken}:7:5: 'propose' is not a word of the notation" in stderr
    assert f"{binary}:1:1: a NUL byte" in stderr
    assert broken.read_text(encoding="utf-8") == BROKEN


def test_the_parser_tables_are_cached_in_the_users_cache_folder(tmp_path: Path) -> None:
    """Built once, kept in $XDG_CACHE_HOME/ecarte-adjudicator; a damaged file is built anew
    without a word; ECARTE_NO_CACHE keeps nothing."""
    record = Path(__file__).resolve().parent.parent / "cases/ecarte/law-48-point-and-vole/point.etn"
    env = {**os.environ, "XDG_CACHE_HOME": str(tmp_path)}
    env.pop("ECARTE_NO_CACHE", None)
    run = "from adjudicator.shell.cli import app; app()"
    command = [sys.executable, "-c", run, "check", str(record)]
    first = subprocess.run(command, env=env, capture_output=True, text=True, check=False)
    cache = tmp_path / "ecarte-adjudicator" / "parser.lark"
    assert first.returncode == 0 and cache.is_file()
    cache.write_bytes(b"not a cache\n")
    again = subprocess.run(command, env=env, capture_output=True, text=True, check=False)
    summary = (
        "1 file(s), 1 record(s): 1 clean; 0 finding(s), 0 correction(s); 0 unreadable file(s)\n"
    )
    assert first.stderr == summary  # the summary alone: nothing said of the cache
    assert (again.returncode, again.stdout, again.stderr) == (0, first.stdout, summary)
    assert cache.read_bytes() != b"not a cache\n"  # made anew
    bare = tmp_path / "bare"
    off = {**env, "XDG_CACHE_HOME": str(bare), "ECARTE_NO_CACHE": "1"}
    third = subprocess.run(command, env=off, capture_output=True, text=True, check=False)
    assert third.stdout == first.stdout and not bare.exists()
