"""The ruling documents of piquet records (issue 23, item 8): ``adjudicator rule`` on a
``.ptn`` file gives a piquet ruling in text, Markdown and HTML (it read the file as écarté and
refused it), the verdict first: per partie the score as written and as reckoned, each
difference with its reason, who won and by how much, rubicon or not, the settlement; the
findings; each deal with the hands by suit, the exchange, the declarations as a table of call
and answer, the tricks with the winning card marked and the score by head; the partie sheet;
the ruling's date and the signatures.

The figures are those of the sources: Cavendish's example deal (A 28, B 23, by head), the two
parties of the docs (A wins 118; A wins 306, a rubicon), and Case XXII (the younger hand
reckons nothing in the last deal, and wins a rubicon of 283).
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from adjudicator.engine.piquet.generate import generate_text
from adjudicator.shell.games import game_of_text
from adjudicator.shell.main import app
from adjudicator.shell.text_ruling import rule_text

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = "docs/examples/piquet-example.ptn"
TWO = "docs/examples/piquet-two-parties.ptn"
CASE = "tests/piquet/data/case-xxii.ptn"
FORMATS = ["text", "md", "html"]


@pytest.fixture(autouse=True)
def _at_root(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)


def rule(*words: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(app, ["rule", *words])
    return result.exit_code, result.stdout, result.stderr


def plain(html: str) -> str:
    """The text of an HTML page, its tags dropped and its spaces run together."""
    text = re.sub(r"<[^>]+>", " ", html).replace("&#39;", "'").replace("&nbsp;", " ")
    return re.sub(r"\s+", " ", text)


def said(fmt: str, path: str, *more: str) -> str:
    """The ruling of ``path`` in ``fmt`` as one line of words (wrapping, markup and tags
    dropped), for looking for a sentence in it whatever the format."""
    _, out, _ = rule("--format", fmt, *more, path)
    if fmt == "html":
        return plain(out)
    return re.sub(r"\s+", " ", out.replace("**", "").replace("\\", ""))


@pytest.mark.parametrize("fmt", FORMATS)
def test_a_piquet_file_is_ruled_as_piquet_in_every_format(fmt: str) -> None:
    status, out, err = rule("--format", fmt, EXAMPLE)
    assert status == 0, err
    assert "Game tag" not in err and out
    assert "rubicon piquet" in out


@pytest.mark.parametrize("fmt", FORMATS)
def test_the_verdict_comes_before_the_deals(fmt: str) -> None:
    text = said(fmt, EXAMPLE)
    assert text.index("Verdict") < text.index("As written: A 28, B 23.")
    assert text.index("As reckoned: A 28, B 23.") < text.index("Deal 1: B deals, A is the elder")
    assert "The score as written agrees with the score as reckoned." in text
    assert "The partie is not finished after deal 1 of 6: nothing is settled yet." in text


@pytest.mark.parametrize("fmt", FORMATS)
def test_the_hands_are_by_suit_in_the_usual_order(fmt: str) -> None:
    text = said(fmt, EXAMPLE)
    dealt = ["A♠ K♠ J♠", "A♥ Q♥ J♥ 8♥", "9♦ 8♦", "J♣ 8♣ 7♣"]
    if fmt == "html":
        dealt = [" ".join(f"{c[:-1]} {c[-1]}" for c in group.split()) for group in dealt]
    at = [text.index(group) for group in dealt]
    assert at == sorted(at)
    assert "As dealt" in text and "After the exchange" in text


def test_the_declarations_are_a_table_of_call_and_answer() -> None:
    _, md, _ = rule("--format", "md", EXAMPLE)
    assert "| Head | A, elder: called | B, younger: answered | Scored |" in md
    assert "| point | five cards; 49 | what do they make?; good | A 5 (point of five cards" in md
    assert (
        "| quatorzes and trios | three knaves | not good; four tens; three queens "
        "| B 17 (four tens 14, three queens 3) |"
    ) in md
    _, html, _ = rule("--format", "html", EXAMPLE)
    assert "<th>A, elder: called</th><th>B, younger: answered</th><th>Scored</th>" in html
    text = said("text", EXAMPLE)
    assert "sequence: A quart major; B good; scored: A 4 (quart major in hearts 4)" in text


@pytest.mark.parametrize("fmt", FORMATS)
def test_the_winning_card_of_each_trick_is_marked(fmt: str) -> None:
    _, out, _ = rule("--format", fmt, EXAMPLE)
    if fmt == "text":
        assert " 6. A K♦ B A♦*\n" in out and " 1. A A♥* B 10♥\n" in out
    elif fmt == "md":
        assert "| 6 | A K♦ | B **A♦** | B |" in out
    else:
        start = out.index('<table class="tricks">')
        grid = out[start : out.index("</table>", start)]  # the trick grid, not the step-through
        won = re.findall(r'class="card[^"]* won"[^>]*data-card="(\w\w)"', grid)
        assert won[:6] == ["AH", "KH", "QH", "JH", "8H", "AD"] and len(won) == 12


@pytest.mark.parametrize("fmt", FORMATS)
def test_the_score_by_head_adds_up_to_the_deal(fmt: str) -> None:
    text = said(fmt, EXAMPLE)
    if fmt == "text":
        for line in ("Point: A 5, B 0", "Quatorzes and trios: A 0, B 17", "Play: A 9, B 6"):
            assert line in text
        assert "The cards: A 10, B 0 Total: A 28, B 23" in text
    else:
        heads = "Player | Point | Sequences | Quatorzes and trios | Play | The cards | Total |"
        rows = ["A | 5 | 4 | 0 | 9 | 10 | 28 |", "B | 0 | 0 | 17 | 6 | 0 | 23 |"]
        if fmt == "html":
            heads, rows = heads.replace(" |", ""), [r.replace(" |", "") for r in rows]
        assert heads in text and all(f" {row}" in text for row in rows)


@pytest.mark.parametrize("fmt", FORMATS)
def test_each_partie_is_won_and_settled_with_its_sum(fmt: str) -> None:
    text = said(fmt, TWO)
    assert "Mr. Anstey (A) wins the partie by 118: A 131 - B 113 + 100 = 118 (law 72)." in text
    assert (
        "Mr. Anstey (A) wins the partie by 306, a rubicon: A 125 + B 81 + 100 = 306: B has "
        "not reached 100, and is rubiconed (law 73)."
    ) in text
    assert "The settlement as written (A wins 306 rubicon) agrees." in text
    assert text.index("Partie 1") < text.index("Partie 2") < text.index("Deal 1")


@pytest.mark.parametrize("fmt", FORMATS)
def test_case_xxii_the_younger_reckons_nothing_and_wins_a_rubicon_of_283(fmt: str) -> None:
    status, _, _ = rule("--format", fmt, CASE)
    assert status == 1  # B holds thirteen cards: laws 35 and 58 find it
    text = said(fmt, CASE)
    assert "As written: A 91, B 92." in text
    assert "B wins the partie by 283, a rubicon: B 92 + A 91 + 100 = 283" in text
    assert "The settlement as written (B wins 283 rubicon) agrees." in text
    assert "A 29; B reckons nothing, as the score lines written before and after it" in text
    assert "Before the first deal" in text and "A 62, B 92" in text
    assert "B plays with 13 cards: he reckons nothing that deal" in text
    assert "B discards 2 and takes in 3: he plays with more than twelve cards" in text
    assert "The laws settle the partie: A 91, B 92: B wins 283 rubicon." in text


def test_the_partie_sheet_runs_deal_by_deal(tmp_path: Path) -> None:
    _, md, _ = rule("--format", "md", TWO)
    assert "| 1 | A | 8 | 27 | written | 8 | 27 | 8 | 27 |" in md
    assert "| 6 | B | 30 | 17 | written | 131 | 113 | 131 | 113 |" in md
    _, case, _ = rule("--format", "md", CASE)
    assert "| 6 | B | 29 | 0 | from the score | 91 | 92 | 91 | 92 |" in case


@pytest.mark.parametrize("fmt", FORMATS)
def test_a_difference_is_said_with_its_reason(fmt: str, tmp_path: Path) -> None:
    wrong = tmp_path / "wrong.ptn"
    source = (ROOT / EXAMPLE).read_text(encoding="utf-8")
    wrong.write_text(source.replace("score A 28 B 23", "score A 30 B 23"), encoding="utf-8")
    status, _, _ = rule("--format", fmt, str(wrong))
    assert status == 1
    text = said(fmt, str(wrong))
    assert "As written: A 30, B 23." in text and "As reckoned: A 28, B 23." in text
    assert "Differences, each with its reason:" in text
    assert "Line 55: the score is written A 30; the deals add up to A 28." in text


@pytest.mark.parametrize("fmt", FORMATS)
def test_the_ruling_is_dated_by_the_record_or_by_date_never_the_clock(fmt: str) -> None:
    assert "Ruled on: 1885.11.14" in said(fmt, TWO).replace("Ruled on ", "Ruled on: ")
    dated = said(fmt, EXAMPLE, "--date", "1886.01.02").replace("Ruled on ", "Ruled on: ")
    assert "Ruled on: 1886.01.02" in dated
    assert "Ruled on" not in said(fmt, EXAMPLE)  # no Date tag, no --date: no date at all


@pytest.mark.parametrize("fmt", FORMATS)
def test_the_referee_and_each_player_have_a_line_to_sign(fmt: str) -> None:
    text = said(fmt, TWO, "--referee", "Mr. Cavendish")
    # the referee's name signs the report (html, md); the text has a line for it, as écarté's
    assert ("Referee: ____" if fmt == "text" else "Referee: Mr. Cavendish") in text
    assert re.search(r"Mr\. Bourke \(B\): (____|Record)", text)
    assert re.search(r"SHA-256 of its canonical text.*[0-9a-f]{64}", text)


@pytest.mark.parametrize("fmt", FORMATS)
def test_a_record_that_cannot_be_read_exits_2_at_its_line(fmt: str, tmp_path: Path) -> None:
    bad = tmp_path / "bad.ptn"
    bad.write_text('[Game "piquet"]\n\ndeal 1 B\n  A discards XX\n', encoding="utf-8")
    status, out, err = rule("--format", fmt, str(bad))
    assert status == 2
    assert f"{bad}:4:" in err
    assert out == ""  # no record read: no report


def test_the_json_is_the_piquet_ruling() -> None:
    status, out, _ = rule("--format", "json", EXAMPLE)
    assert status == 0 and '"game": "piquet"' in out


def test_an_ecarte_record_is_ruled_as_before() -> None:
    status, out, _ = rule("--format", "md", "docs/examples/tutorial.etn")
    assert status == 1 and "**As corrected:** Mr. Anstey (A) 1, Mr. Bourke (B) 0." in out


def test_serve_rules_a_typed_piquet_record_as_piquet() -> None:
    text = (ROOT / CASE).read_text(encoding="utf-8")
    answer = rule_text(text, "Mr. Cavendish")
    assert answer["ok"] and answer["errors"] == []
    assert answer["message"] == "1 piquet record ruled: 2 findings."
    page = plain(answer["html"])
    assert "Record: Cases and Decisions, Case XXII." in page and "<page>" not in answer["html"]
    assert (
        page.index("Verdict")
        < page.index("B wins the partie by 283, a rubicon")
        < page.index("Deal 6")
    )
    assert "Referee: Mr. Cavendish" in page


def test_serve_says_a_typed_piquet_records_errors_at_their_lines() -> None:
    text = (ROOT / CASE).read_text(encoding="utf-8").replace("A discards 8H", "A discards XX")
    answer = rule_text(text, None)
    assert not answer["ok"] and answer["html"] == ""
    assert [(e["line"], e["column"], e["message"]) for e in answer["errors"]] == [
        (8, 14, "unknown word 'XX'")
    ]


def test_serve_reads_a_record_without_a_piquet_tag_as_ecarte() -> None:
    answer = rule_text((ROOT / "docs/examples/tutorial.etn").read_text(encoding="utf-8"), None)
    assert answer["message"] == "1 record ruled: 1 finding, 1 correction."
    assert game_of_text('[Event "x"]\n[Game "5"]\n') == "ecarte"
    assert game_of_text('[Event "x"]\n  [game "PIQUET"]\n') == "piquet"


def test_the_ruling_is_the_same_whatever_the_order_of_sets_in_the_process(
    tmp_path: Path,
) -> None:
    """A point called by its length alone from two suits of that length making the same is
    named in the notation's suit order (a generated partie has one in its first deal), not in
    the order a set of suits happens to have in the process (``PYTHONHASHSEED``)."""
    record = tmp_path / "tie.ptn"
    record.write_text(generate_text(1, 2), encoding="utf-8")
    code = "from adjudicator.shell.main import app; app()"
    outputs = set()
    for seed in ("1", "2", "3", "4"):
        done = subprocess.run(
            [sys.executable, "-c", code, "rule", "--format", "md", str(record)],
            capture_output=True,
            text=True,
            env={**os.environ, "PYTHONHASHSEED": seed},
            check=False,
        )
        outputs.add(done.stdout)
    assert len(outputs) == 1
    assert "41 in spades 4)" in outputs.pop()


STEP = re.compile(r'<div class="step" id="([^"]+)">\n(.*?)\n</div>', re.S)
"""A step of the step-through: its id and its body."""


def steps_of(html: str) -> list[tuple[str, str]]:
    """Each step of the page's step-throughs, in order: its id and its body."""
    return STEP.findall(html)


def counts_held(body: str) -> dict[str, int]:
    """The cards each seat still holds in a step, as the step says."""
    return {s: int(n) for s, n in re.findall(r'data-seat="(\w)" data-count="(\d+)"', body)}


@pytest.mark.parametrize(("path", "held"), [(EXAMPLE, (12, 12)), (CASE, (12, 13))])
def test_the_step_through_has_a_step_for_each_trick_and_the_hands_shrink(
    path: str, held: tuple[int, int]
) -> None:
    _, out, _ = rule("--format", "html", path)
    rows = re.findall(r"<tr><td class=\"n\">(\d+)</td>", out)
    steps = steps_of(out)
    assert len(steps) == len(rows) + 1 == 13
    titles = [re.search(r"<strong>([^<]+)</strong>", body)[1] for _, body in steps]  # type: ignore[index]
    assert titles == [f"Before trick {n}" for n in range(1, 13)] + ["After the last trick"]
    counts = [counts_held(body) for _, body in steps]
    assert (counts[0]["A"], counts[0]["B"]) == held
    for before, after, (_, body) in zip(counts, counts[1:], steps, strict=False):
        leader = re.search(r"</strong>: (\w) leads", body)[1]  # type: ignore[index]
        follower = "B" if leader == "A" else "A"
        assert after == {leader: before[leader] - 1, follower: before[follower] - 1}
    if path == EXAMPLE:  # every card named: the hand drawn is the hand held
        for _, body in steps:
            for seat, n in counts_held(body).items():
                hand = body[body.index(f'data-seat="{seat}"') :].split("</div>")[0]
                assert hand.count('class="card') == n
        assert 'data-card="AH"' not in steps[1][1].split('data-seat="B"')[0].split("<div")[1]
    else:  # A's leads are not named: his hand is shown whole, less the cards named
        assert "7 of these 12 (5 played, not named)" in plain(steps[5][1])


def test_the_steps_link_to_each_other_and_the_links_resolve() -> None:
    _, out, _ = rule("--format", "html", EXAMPLE)
    ids = set(re.findall(r' id="([^"]+)"', out))
    steps = steps_of(out)
    for k, (ident, body) in enumerate(steps):
        links = dict((t, h) for h, t in re.findall(r'<a href="#([^"]+)">([^<]+)</a>', body))
        assert set(links.values()) <= ids
        assert links.get("◀ previous") == (steps[k - 1][0] if k else None)
        assert links.get("next ▶") == (steps[k + 1][0] if k + 1 < len(steps) else None)
        assert ident in ids
    assert out.count('<details class="step-through"') == 1
    assert (
        "@media print" in out and ".step-through { display: none; }" in out.split("@media print")[1]
    )


def test_each_step_gives_the_count_as_the_engine_reckons_it() -> None:
    """The counts said aloud in Cavendish's example deal ("A: 15", "B: 18" after trick 6)
    are the counts the step-through gives after each trick; after the last, the deal's."""
    _, out, _ = rule("--format", "html", EXAMPLE)
    said_counts = [plain(body).split("The count ")[1].split(".")[0] for _, body in steps_of(out)]
    assert said_counts[0] == "after it: A 10, B 17 (A: leads AH 1, making 10)"
    assert said_counts[5].startswith("after it: A 15, B 18 (A: leads KD 1, making 15; B: wins")
    assert said_counts[11].startswith("after it: A 18, B 23")
    assert said_counts[12] == "of the deal: A 28, B 23"
    _, case, _ = rule("--format", "html", CASE)
    assert "The count" not in case  # the play of Case XXII is not written in full


def test_the_step_through_is_for_the_html_report_alone() -> None:
    for fmt in ("text", "md"):
        _, out, _ = rule("--format", fmt, EXAMPLE)
        assert "Step through" not in out and "count after it" not in out


@pytest.mark.parametrize(
    ("old", "new", "code", "kind"),
    [
        ("  B plays TH\n  2. A KH B 7D\n", "  B plays 7D\n  2. A KH B TH\n", "7D", "revoke"),
        ("  3. A QH B TD\n", "  3. A QH B KS\n", "KS", "not held"),
        ("  3. A QH B TD\n", "  3. A QH B TD\n  B retracts 7D\n", "7D", "not yet judged"),
    ],
    ids=["revoke", "not held", "retracted"],
)
def test_the_card_at_fault_is_marked_and_linked_to_its_finding(
    tmp_path: Path, old: str, new: str, code: str, kind: str
) -> None:
    source = (ROOT / EXAMPLE).read_text(encoding="utf-8")
    assert old in source
    record = tmp_path / "fault.ptn"
    record.write_text(source.replace(old, new, 1), encoding="utf-8")
    _, out, _ = rule("--format", "html", str(record))
    link = r'<a class="card-link" href="#([^"]+)"><span class="card[^"]* fault"'
    marked = re.findall(link + r'[^>]*data-card="(\w\w)"', out)
    assert len(marked) == 2  # in the trick grid and in its step
    (target,) = {t for t, _ in marked}
    assert {c for _, c in marked} == {code}
    assert f'<li class="finding" id="{target}" data-line=' in out
    assert f'data-kind="{kind}"' in out.split(f'id="{target}"')[1].split(">")[0]
    _, clean, _ = rule("--format", "html", EXAMPLE)
    body = clean.split("</style>")[1]
    assert "card-link" not in body and " fault" not in body
