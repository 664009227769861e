"""The club code's rulings are unchanged by the rule profiles (issue 14).

``tests/data/club_rulings_before_profiles.json.gz`` holds the ruling on every record of the
club casebook (``cases/ecarte/law-*``) as the program gave it before the profiles were built (commit
22f9c59). Every ruling today must be the same, but for what the profiles add beside it: the
``rules`` it was ruled under, the ``series`` (none under the club code) and each game's
``against``. Then each club record is ruled again under every profile that cannot touch it (its
lines have no advice, no offer, no third player), and must be ruled the same.
"""

from __future__ import annotations

import gzip
import json
from pathlib import Path
from typing import Any

import pytest

from adjudicator import read_one
from adjudicator.court.ecarte.adjudicate import adjudicate
from adjudicator.engine.ecarte.profiles import with_rules

ROOT = Path(__file__).resolve().parent.parent
BEFORE = ROOT / "tests" / "data" / "club_rulings_before_profiles.json.gz"
RECORDS = sorted((ROOT / "cases" / "ecarte").glob("law-*/*.etn"))


def _without_profiles(ruling: dict[str, Any]) -> dict[str, Any]:
    out = {k: v for k, v in ruling.items() if k not in ("rules", "series")}
    out["games"] = [{k: v for k, v in g.items() if k != "against"} for g in ruling["games"]]
    return out


def test_every_club_ruling_is_as_before_the_profiles() -> None:
    before = json.loads(gzip.decompress(BEFORE.read_bytes()))
    names = {f"{path.parent.name}/{path.stem}": path for path in RECORDS}
    assert set(before) <= set(names)  # cases added since are not in it
    changed = []
    for name in sorted(before):
        path = names[name]
        ruling = adjudicate(read_one(path.read_text(encoding="utf-8")))
        assert ruling.rules == "club-1878"
        assert ruling.series == []
        if _without_profiles(ruling.model_dump(mode="json")) != before[name]:
            changed.append(name)
    assert changed == []


def _core(ruling: Any) -> Any:
    """What a profile that cannot touch a record must leave as it is."""
    data = ruling.model_dump(mode="json")
    return {k: data[k] for k in ("findings", "notes", "claims", "deals", "corrections", "score")}


@pytest.mark.parametrize("rules", ["doubling", "offering", "french", "french+doubling+offering"])
def test_a_profile_that_adds_lines_rules_a_record_without_them_alike(rules: str) -> None:
    for path in RECORDS[::3]:  # a third of the casebook: the suit's time is budgeted
        record = read_one(path.read_text(encoding="utf-8"))
        club, other = adjudicate(record), adjudicate(with_rules(record, rules))
        assert other.rules == rules
        assert _core(other) == _core(club), path.name
