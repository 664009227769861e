"""The adjudicator's general rules, apart from any one law: claims across deals, rejected
claims, and the JSON shape of a ruling."""

from __future__ import annotations

import json
import random
from pathlib import Path

from test_mutations import revoke
from typer.testing import CliRunner

from adjudicator import Player, Record, read_one, write
from adjudicator.court.ecarte.adjudicate import adjudicate
from adjudicator.engine.ecarte.generate import generate
from adjudicator.notation.ecarte.model import Claim, ClaimKind, Trick
from adjudicator.shell.cli import app


def _revoked_game() -> tuple[Record, int, int]:
    """A generated game with a revoke in a deal that is not the last: (record, deal index,
    line of the revoke)."""
    for seed in range(60):
        got = revoke(generate(seed).record, random.Random(seed))
        if got is None:
            continue
        record = read_one(write(got[0]))
        line = got[2]
        d = next(
            i for i, deal in enumerate(record.deals) if any(e.line == line for e in deal.events)
        )
        if d + 1 < len(record.deals):
            return record, d, line
    raise AssertionError("no generated game offers a revoke before its last deal")


def _with_claim(record: Record, d: int, claim: Claim, before_turn: bool) -> Record:
    deal = record.deals[d]
    events = list(deal.events)
    turn = next(i for i, e in enumerate(events) if e.kind == "turn")
    events.insert(turn if before_turn else turn + 1, claim)
    deals = list(record.deals)
    deals[d] = deal.model_copy(update={"events": tuple(events)})
    return read_one(write(record.model_copy(update={"deals": tuple(deals)})))


def _adversary(record: Record, d: int, line: int) -> Player:
    revoked = next(e for e in record.deals[d].events if e.line == line)
    assert isinstance(revoked, Trick)  # `revoke` changes the follower's card of a trick
    offender = revoked.follower
    return Player.A if offender is Player.B else Player.B


def test_replay_claimed_in_the_next_deal_before_its_turn_up() -> None:
    record, d, line = _revoked_game()
    claim = Claim(player=_adversary(record, d, line), claim=ClaimKind.REPLAY)
    ruling = adjudicate(_with_claim(record, d + 1, claim, before_turn=True))
    judged = [c for c in ruling.claims if c.claim == "claims replay"]
    assert len(judged) == 1 and judged[0].upheld and judged[0].law == 43
    assert ruling.deals[d].outcome == "replay"


def test_replay_claimed_after_the_next_turn_up_is_too_late() -> None:
    record, d, line = _revoked_game()
    claim = Claim(player=_adversary(record, d, line), claim=ClaimKind.REPLAY)
    ruling = adjudicate(_with_claim(record, d + 1, claim, before_turn=False))
    judged = [c for c in ruling.claims if c.claim == "claims replay"]
    assert len(judged) == 1 and not judged[0].upheld
    assert ruling.deals[d].outcome == "stands"


def test_a_rejected_replay_leaves_the_hand_and_its_marks() -> None:
    record = read_one(write(generate(5).record))
    lines = write(record).split("\n")
    last = max(i for i, text in enumerate(lines) if text.startswith("  5. "))
    lines.insert(last + 1, "  B claims replay")
    ruling = adjudicate(read_one("\n".join(lines)))
    assert [c.upheld for c in ruling.claims] == [False]
    assert ruling.deals[0].outcome == "stands"
    assert ruling.deals[0].marks == ruling.deals[0].recorded


def test_check_json_has_the_stable_fields(tmp_path: Path) -> None:
    path = tmp_path / "g.etn"
    path.write_text(write(generate(3).record), encoding="utf-8")
    result = CliRunner().invoke(app, ["check", str(path), "--format", "json"])
    assert result.exit_code == 0, result.output
    files = json.loads(result.stdout)
    record = files[0]["records"][0]
    assert files[0]["file"] == str(path)
    assert {"line", "findings", "deals", "corrections", "score", "winner"} <= set(record)
    deal = record["deals"][0]
    assert {"number", "dealer", "outcome", "marks"} <= set(deal)
    assert set(deal["marks"]) == {"A", "B"}
