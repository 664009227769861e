"""What the laws of piquet make of a record, in words, the same in every output: a finding's
options and their fates, a claim judged, a deal and a partie as the laws leave them (each
correction naming its law)."""

from __future__ import annotations

from typing import Any

from adjudicator.court.piquet.api import PLAYERS


def fates(judged: Any) -> str:
    """A finding's options and their fates, as words after its message: "; waive (law 44):
    open"; nothing when it gives none."""
    options = [f"{o.option} (law {o.law}): {o.fate.value}" for o in judged.options]
    return "; " + ", ".join(options) if options else ""


def claim_words(claim: Any) -> str:
    """A claim judged: "B claims a fresh deal: upheld (law 11): ..."."""
    verdict = "upheld" if claim.upheld else "not upheld"
    law = f" (law {claim.law})" if claim.law is not None else ""
    return f"{claim.said}: {verdict}{law}: {claim.reason}"


def deal_law_words(deal: Any) -> str:
    """What the laws make of a deal, when it is not as the table had it: its outcome, who
    reckons nothing, the score as the laws allow against the score as written; empty when
    the laws change nothing."""
    parts = []
    if deal.outcome.value != "stands":
        parts.append(deal.outcome.value.replace("_", " "))
    if deal.reckons_nothing:
        parts.append(" and ".join(p.value for p in deal.reckons_nothing) + " reckons nothing")
    allowed, written = deal.allowed.score, deal.written
    if not parts and (allowed is None or written is None or dict(allowed) == dict(written)):
        return ""
    if allowed is not None:
        score = ", ".join(f"{p} {allowed.get(p, 0)}" for p in PLAYERS)
        parts.append(f"as the laws allow {score}")
    if written is not None and allowed is not None and dict(allowed) != dict(written):
        parts.append("as written " + ", ".join(f"{p} {written.get(p, 0)}" for p in PLAYERS))
    return f"deal {deal.number} under the laws: " + "; ".join(parts)


def partie_law_words(partie: Any) -> str:
    """The partie as the laws settle it, when a law changed a deal's score or outcome: "the
    laws settle the partie: A 91, B 92: B wins 283 rubicon"; empty otherwise."""
    if not any(deal_law_words(d) for d in partie.deals) or partie.totals is None:
        return ""
    totals = ", ".join(f"{p} {partie.totals[p]}" for p in PLAYERS)
    settled = partie.settlement
    if settled is None:
        return f"the laws make the partie {totals}, not settled"
    if settled.winner is None:
        return f"the laws settle the partie: {totals}: drawn"
    rubicon = " rubicon" if settled.rubicon else ""
    return f"the laws settle the partie: {totals}: {settled.winner} wins {settled.points}{rubicon}"
