"""The Piquet Transcript Notation read and written: every line form round trips, the examples
state every fact their sources give, records may be partial, and every kind of source reads."""

from __future__ import annotations

import ast
import io
from pathlib import Path
from typing import Any

import pytest

from adjudicator.notation.cards import Card, Player, Rank, Suit
from adjudicator.notation.errors import NotationError
from adjudicator.notation.piquet import read, read_each, read_one, write, write_all
from adjudicator.notation.piquet.model import (
    Answer,
    Asked,
    Bystander,
    Choice,
    Claim,
    Claimed,
    CutForDeal,
    Deal,
    Discard,
    Holds,
    LookAt,
    Mix,
    MixedWith,
    NumberSaid,
    Partie,
    PointCall,
    Question,
    Reckon,
    Record,
    Reply,
    Score,
    SequenceCall,
    SetCall,
    Settlement,
    Take,
    Trick,
)

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "docs" / "examples" / "piquet-example.ptn"
TWO_PARTIES = ROOT / "docs" / "examples" / "piquet-two-parties.ptn"
CASE_XXII = Path(__file__).parent / "data" / "case-xxii.ptn"
FILES = [EXAMPLE, TWO_PARTIES, CASE_XXII]


def cards(text: str) -> tuple[Card | None, ...]:
    return tuple(None if w == "??" else Card.parse(w) for w in text.split())


_NO_COMMENTS = {
    "comments": (),
    "comments_continued": (),
    "comments_before": (),
    "comments_after": (),
}


def bare(events: tuple[Any, ...]) -> list[Any]:
    """The events without their comments (equality compares comments too)."""
    return [e.model_copy(update=_NO_COMMENTS) for e in events]


def only_deal(record: Record) -> Deal:
    (deal,) = record.deals()
    return deal


# --------------------------------------------------------------------------------------------
#  Round trips
# --------------------------------------------------------------------------------------------


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_the_files_are_canonical_and_round_trip(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    record = read_one(text)
    assert write(record) == text
    assert read_one(write(record)) == record


LINE_FORMS = {
    "partie 2": "partie 2",
    "deal 1 B": "deal 1 B",
    "cut A AS B 9D": "cut A AS B 9D",
    "cut a qh jh b 9c": "cut A QH JH B 9C",
    "A elects to deal": "A elects to deal",
    "A elects to be elder": "A elects to be elder",
    "B deals": "B deals",
    "B deals by threes": "B deals by threes",
    "B deals by 2": "B deals by twos",
    "B deals by 4": "B deals by 4",
    "A: AS 10s ?? K♥": "A: AS TS ?? KH",
    "A holds 12": "A holds 12",
    "A holds ?? ?? ??": "A holds 3",
    "A holds AS ?? ??": "A holds AS ?? ??",
    "stock QS 9S 8S KH AC 9C KD 7D": "stock QS 9S 8S KH AC 9C KD 7D",
    "stock 8": "stock 8",
    "A: take 5": "A: take 5",
    "A: leave 1": "A: leave 1",
    "A discards KS 8C 7C 9D 8D": "A discards KS 8C 7C 9D 8D",
    "A discards 6": "A discards 6",
    "A takes 9S 8S KH 9C KD": "A takes 9S 8S KH 9C KD",
    "B takes 0": "B takes 0",
    "A leaves 1": "A leaves 1",
    "B leaves 7D": "B leaves 7D",
    "B looks at the left cards": "B looks at the left cards",
    "B looks at cards left": "B looks at the left cards",
    "A looks at his discard": "A looks at his discard",
    "B does not look": "B does not look",
    "B does not look at the left cards": "B does not look",
    "A: point 5": "A: five cards",
    "A: five cards": "A: five cards",
    "A: 13 cards": "A: 13 cards",
    "A: point": "A: point",
    "A: point 5 making 49": "A: five cards making 49",
    "A: Five Cards making 49 in Hearts?": "A: five cards making 49 in hearts",
    "A: quart major": "A: quart major",
    "A: quart to the ace": "A: quart major",
    "A: tierce to the queen": "A: tierce to the queen",
    "A: quinte to the jack in clubs": "A: quint to the knave in clubs",
    "A: quint to the ace in hearts": "A: quint major in hearts",
    "A: tierce": "A: tierce",
    "A: SIXIEME": "A: sixième",
    "A: septieme to the king": "A: septième to the king",
    "A: huitième": "A: huitième",
    "A: three knaves": "A: three knaves",
    "A: 3 jacks": "A: three knaves",
    "A: trio of knaves": "A: three knaves",
    "B: quatorze of tens": "B: four tens",
    "B: fourteen tens": "B: four tens",
    "B: quatorze": "B: quatorze",
    "B: trio": "B: trio",
    "B: 13 aces": "B: 13 aces",
    "B: carte blanche": "B: carte blanche",
    "B: good": "B: good",
    "B: not good": "B: not good",
    "B: equal": "B: equal",
    "B: what do they make?": "B: what do they make?",
    "B: what do they make": "B: what do they make?",
    "B: which queen do you not count?": "B: which queen do you not count?",
    "B: which queen do you not reckon": "B: which queen do you not count?",
    "B: to what?": "B: to what?",
    "B: how high?": "B: to what?",
    "B: how many diamonds?": "B: how many diamonds?",
    "A: 49": "A: 49",
    "A: 007": "A: 7",
    "A reckons 9": "A reckons 9",
    "B shows AS TS 9S": "B shows AS TS 9S",
    "1. A AH B TH": "1. A AH B TH",
    "12. A JS": "12. A JS",
    "3. b ?? a ??": "3. B ?? A ??",
    "A leads AH": "A leads AH",
    "B plays TH": "B plays TH",
    "score A 28 B 23": "score A 28 B 23",
    "score B 5": "score B 5",
    "result A 28 B 23": "result A 28 B 23",
    "partie A 131 B 113": "partie A 131 B 113",
    "A wins 118": "A wins 118",
    "A wins 306 rubicon": "A wins 306 rubicon",
    # version 2: words added to lines of version 1
    "B deals with the same pack": "B deals with the same pack",
    "B deals by 3 with the other pack": "B deals by threes with the other pack",
    "A looks at his adversary's discard": "A looks at his adversary's discard",
    "A leads AS KS 10S": "A leads AS KS TS",
    "B plays 7s ?? TH": "B plays 7S ?? TH",
    "score A 28 B 25 by B": "score A 28 B 25 by B",
    "score A 30 B 23 corrected": "score A 30 B 23 corrected",
    "score B 9 corrected by a": "score B 9 corrected by A",
    # version 2: the lines of irregularities
    "A takes up his cards": "A takes up his cards",
    "A touches the stock": "A touches the stock",
    "B exposes AS": "B exposes AS",
    "B exposes AS ?? from the pack": "B exposes AS ?? from the pack",
    "A exposes 7D from the stock": "A exposes 7D from the stock",
    "A exposes 7D from the cards left": "A exposes 7D from the left cards",
    "B exposes KH from his cards": "B exposes KH from his cards",
    "B exposes KH from his adversary's cards": "B exposes KH from his adversary's cards",
    "B exposes KH from his discard": "B exposes KH from his discard",
    "A exposes ?? from his adversary's discard": "A exposes ?? from his adversary's discard",
    "faced 7D in the pack": "faced 7D in the pack",
    "faced ?? in the stock": "faced ?? in the stock",
    "stock counted 7": "stock counted 7",
    "pack counted 31": "pack counted 31",
    "A announces 13 cards": "A announces 13 cards",
    "A announces 11 cards": "A announces eleven cards",
    "B mixes 7D with his hand": "B mixes 7D with his hand",
    "A mixes ?? ?? with his discard": "A mixes 2 with his discard",
    "B mixes the cards left with his discard": "B mixes the left cards with his discard",
    "A takes back KS from his discard": "A takes back KS from his discard",
    "A takes back 1 from his discard": "A takes back 1 from his discard",
    "A retracts AH": "A retracts AH",
    "B retracts 7D 8D": "B retracts 7D 8D",
    "A drops KS": "A drops KS",
    "7d is torn": "7D is torn",
    "?? is marked": "?? is marked",
    "A calls for new packs": "A calls for new packs",
    "A claims a fresh deal": "A claims a fresh deal",
    "A claims fresh deal": "A claims a fresh deal",
    "B claims A fresh cut": "B claims a fresh cut",
    "A claims B reckons nothing": "A claims B reckons nothing",
    "A claims the stock counted": "A claims the stock counted",
    "B claims to alter his discard": "B claims to alter his discard",
    "B claims to play again": "B claims to play again",
    "B accepts": "B accepts",
    "B refuses": "B refuses",
    "A stands the deal": "A stands the deal",
    "B waives the penalty": "B waives the penalty",
    "bystander remarks": "bystander remarks",
    'bystander remarks "B has \\"13\\" ; {sic}"': 'bystander remarks "B has \\"13\\" ; {sic}"',
}


@pytest.mark.parametrize(("written", "canonical"), list(LINE_FORMS.items()))
def test_each_line_form_reads_and_writes_its_canonical_spelling(
    written: str, canonical: str
) -> None:
    heading = "" if written.lower().startswith(("deal ", "partie ", "cut ")) else "deal 1 B\n"
    record = read_one(heading + written + "\n")
    text = write(record)
    assert canonical in text.splitlines() or "  " + canonical in text.splitlines(), text
    again = read_one(text)
    assert again == record
    assert write(again) == text


def test_the_lines_of_version_2_state_their_facts() -> None:
    text = (
        "deal 1 B\n"
        '  bystander remarks "B has \\"13\\" ; cards"  ; a comment\n'
        "  A leads AS KS QS\n"
        "  B plays 7S\n"
        "  score A 30 B 23 corrected by B\n"
        "  A claims B reckons nothing\n"
    )
    remark, lead, play, score, claim = bare(only_deal(read_one(text)).events)
    assert remark == Bystander(remark='B has "13" ; cards')
    assert (lead.card, lead.more) == (Card.parse("AS"), cards("KS QS"))
    assert (play.card, play.more) == (Card.parse("7S"), ())
    assert (score.corrected, score.by) == (True, Player.B)
    assert score.tallies[1].points == 23
    assert claim == Claim(player=Player.A, claimed=Claimed.RECKONS_NOTHING, of=Player.B)
    assert read_one(text).deals()[0].events[0].comments == ("; a comment",)


# --------------------------------------------------------------------------------------------
#  The examples state their sources' facts
# --------------------------------------------------------------------------------------------


def test_cavendishs_example_states_every_fact_of_the_source() -> None:
    record = read_one(EXAMPLE)
    deal = only_deal(record)
    assert deal.dealer is Player.B
    events = bare(deal.events)
    holds = [e for e in events if isinstance(e, Holds)]
    assert holds[0].player is Player.A
    assert holds[0].cards == cards("AS KS JS AH QH JH 8H JC 8C 7C 9D 8D")
    assert holds[1].cards == cards("TS 7S TH 9H 7H KC QC TC AD QD JD TD")
    discards = [e for e in events if isinstance(e, Discard)]
    takes = [e for e in events if isinstance(e, Take)]
    assert [d.cards for d in discards] == [cards("KS 8C 7C 9D 8D"), cards("7S 9H 7H")]
    assert [t.cards for t in takes] == [cards("9S 8S KH 9C KD"), cards("QS AC 7D")]
    assert PointCall(player=Player.A, length=5) in events
    assert Question(player=Player.B, asks=Asked.VALUE) in events
    assert NumberSaid(player=Player.A, value=49) in events
    assert SequenceCall(player=Player.A, length=4, top=Rank.ACE) in events
    assert SetCall(player=Player.A, count=3, rank=Rank.KNAVE) in events
    assert Answer(player=Player.B, reply=Reply.NOT_GOOD) in events
    assert SetCall(player=Player.B, count=4, rank=Rank.TEN) in events
    assert SetCall(player=Player.B, count=3, rank=Rank.QUEEN) in events
    assert Reckon(player=Player.A, value=9) in events
    assert Reckon(player=Player.B, value=17) in events
    # the younger declares after the elder's first lead and before he plays to it
    kinds = [e.kind for e in events]
    lead, play = kinds.index("lead"), kinds.index("play")
    assert lead < kinds.index("set_call", lead) < play
    tricks = [e for e in events if isinstance(e, Trick)]
    assert [t.number for t in tricks] == list(range(2, 13))
    assert tricks[-1] == Trick(
        number=12,
        leader=Player.A,
        lead=Card.parse("JS"),
        follower=Player.B,
        follow=Card.parse("TS"),
    )
    played = {c for t in tricks for c in (t.lead, t.follow)} | {Card.parse("AH"), Card.parse("TH")}
    assert len(played) == 24 and None not in played
    assert events[-1] == Score.model_validate(
        {"tallies": [{"player": "A", "points": 28}, {"player": "B", "points": 23}]}
    )


def test_case_xxii_holds_thirteen_cards_after_discarding_two_and_taking_three() -> None:
    deal = only_deal(read_one(CASE_XXII))
    b_discard = next(e for e in deal.events if isinstance(e, Discard) and e.player is Player.B)
    b_take = next(e for e in deal.events if isinstance(e, Take) and e.player is Player.B)
    assert len(b_discard.cards) == 2 and b_take.cards == (None, None, None)
    b_holds = next(e for e in deal.events if isinstance(e, Holds) and e.player is Player.B)
    assert len(b_holds.cards) == 13
    assert PointCall(player=Player.A, length=5, value=50) in bare(deal.events)
    assert Answer(player=Player.B, reply=Reply.EQUAL) in bare(deal.events)
    assert bare(deal.events)[-1] == Settlement(player=Player.B, points=283, rubicon=True)


def test_two_parties_each_with_its_cut_and_six_deals() -> None:
    record = read_one(TWO_PARTIES)
    assert [p.number for p in record.parties] == [1, 2]
    assert [len(p.deals) for p in record.parties] == [6, 6]
    for partie in record.parties:
        assert isinstance(partie.opening[0], CutForDeal)
        assert partie.opening[1].kind == "elect"
    assert record.parties[0].opening[1].choice is Choice.DEAL  # type: ignore[union-attr]
    assert record.partie_length() == 6
    assert record.tag("a") == "Mr. Anstey"


# --------------------------------------------------------------------------------------------
#  Partial records, structure, tags
# --------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        '[Event "tags alone"]\n',
        "cut A AS B 9D\n",
        "deal 1 B\n",
        "A: good\n",
        "12. A JS\n",
        "score A 28 B 23\n",
        "partie 2\n",
        "deal 3 A\n  A leads ??\n",
    ],
)
def test_a_partial_record_reads(text: str) -> None:
    record = read_one(text)
    assert read_one(write(record)) == record


def test_lines_before_the_first_deal_are_the_partie_opening() -> None:
    record = read_one("cut A AS B 9D\nA: good\ndeal 1 B\nB: good\npartie 2\ncut A 7S B 8S\n")
    first, second = record.parties
    assert first.number is None and len(first.opening) == 2 and len(first.deals) == 1
    assert second.number == 2 and len(second.opening) == 1 and second.deals == ()


def test_unknown_tags_are_kept_and_the_partie_tag_is_read() -> None:
    record = read_one('[Partie "4"]\n[Stakes "a shilling a point"]\n[Note "x \\"y\\" \\\\"]\n')
    assert record.partie_length() == 4
    assert record.tag("Stakes") == "a shilling a point"
    assert record.tag("note") == 'x "y" \\'
    assert read_one(write(record)) == record


def test_the_game_tag_is_piquet_in_any_case() -> None:
    assert read_one('[Game "Piquet"]\ndeal 1 A\n').tag("Game") == "Piquet"


def test_equality_ignores_positions_but_not_comments() -> None:
    a = read_one("deal 1 B\n  B: good\n")
    b = read_one("\n\n   deal 1 B\nB: good\n")
    c = read_one("deal 1 B\n  B: good ; said at once\n")
    assert a == b and a != c


def test_the_models_are_frozen() -> None:
    record = read_one("deal 1 B\n")
    with pytest.raises(Exception):  # noqa: B017 - pydantic's frozen error
        record.parties = ()  # type: ignore[misc]


def test_a_model_cannot_say_what_no_line_says() -> None:
    with pytest.raises(ValueError):
        SetCall(player=Player.A, count=2)
    with pytest.raises(ValueError):
        Question(player=Player.A, asks=Asked.HOW_MANY)
    with pytest.raises(ValueError):
        Record(parties=(Partie(), Partie()))
    with pytest.raises(ValueError):
        Holds.model_validate({"player": "C", "cards": []})
    with pytest.raises(ValueError):
        Claim(player=Player.A, claimed=Claimed.FRESH_DEAL, of=Player.B)
    with pytest.raises(ValueError):
        Claim(player=Player.A, claimed=Claimed.RECKONS_NOTHING)
    with pytest.raises(ValueError):
        Mix(player=Player.A, into=MixedWith.HAND)
    with pytest.raises(ValueError):
        Mix(player=Player.A, cards=(None,), left_cards=True, into=MixedWith.HAND)
    assert Question(player=Player.B, asks=Asked.HOW_MANY, suit=Suit.DIAMONDS)
    assert LookAt("left cards") is LookAt.LEFT_CARDS


def test_events_are_serialised_and_read_back_as_json() -> None:
    record = read_one(CASE_XXII)
    assert Record.model_validate_json(record.model_dump_json()) == record


# --------------------------------------------------------------------------------------------
#  Sources and several records
# --------------------------------------------------------------------------------------------


def test_every_kind_of_source_reads(tmp_path: Path) -> None:
    text = EXAMPLE.read_text(encoding="utf-8")
    expected = read_one(text)
    assert read_one(EXAMPLE) == expected
    assert read_one(io.BytesIO(text.encode("utf-8"))) == expected
    assert read_one(io.StringIO(text)) == expected
    with EXAMPLE.open("rb") as binary:
        assert read_one(binary) == expected
    with EXAMPLE.open(encoding="utf-8") as textfile:
        assert read_one(textfile) == expected
    crlf = tmp_path / "crlf.ptn"
    crlf.write_bytes(b"\xef\xbb\xbf" + text.replace("\n", "\r\n").encode("utf-8"))
    assert read_one(crlf) == expected
    cr = text.replace("\n", "\r")
    assert read_one(cr) == expected


def test_a_file_of_several_records_is_cut_at_its_tag_lines() -> None:
    texts = [p.read_text(encoding="utf-8") for p in FILES]
    joined = write_all(read_one(t) for t in texts)
    assert joined == "\n".join(texts)
    found = list(read(joined))
    assert [write(r) for r in found] == texts
    assert read_each(joined) is not None


def test_read_goes_on_past_a_bad_record_only_in_read_each() -> None:
    text = '[Event "1"]\ndeal 1 B\n[Event "2"]\ndeal 1 B\n  B: goood\n[Event "3"]\ndeal 1 A\n'
    items = list(read_each(text))
    assert [type(i) for i in items] == [Record, NotationError, Record]
    with pytest.raises(NotationError):
        list(read(text))
    with pytest.raises(NotationError, match="expected one record, found 3"):
        read_one('[Event "1"]\n[Event "x"]\ncut A AS B 7S\n[E "2"]\n[E "3"]\ndeal 1 A\n[E "4"]\n')


def test_the_writer_is_deterministic() -> None:
    record = read_one(TWO_PARTIES)
    assert write(record) == write(read_one(TWO_PARTIES)) == write(record)


@pytest.mark.parametrize("module", ["events", "model", "vocabulary"])
def test_every_field_of_the_model_has_a_docstring(module: str) -> None:
    path = ROOT / "adjudicator" / "notation" / "piquet" / f"{module}.py"
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in tree.body:
        if not isinstance(node, ast.ClassDef):
            continue
        assert ast.get_docstring(node), node.name
        body = node.body
        for i, item in enumerate(body):
            if isinstance(item, ast.AnnAssign):
                after = body[i + 1] if i + 1 < len(body) else None
                documented = (
                    isinstance(after, ast.Expr)
                    and isinstance(after.value, ast.Constant)
                    and isinstance(after.value.value, str)
                )
                assert documented, f"{node.name}.{ast.unparse(item.target)}"
