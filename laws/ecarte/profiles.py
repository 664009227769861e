"""The rules the profiles add to the code (``docs/profiles.md``): pool rule P1 (who sits at the
pool's table), bystanders' rule B1 (advice), doubling rule D1 and offering rule O1 (offers and
their answers). They are numbered from 101 (:data:`laws.ecarte.base.FIRST_RULE`) so that a finding's
law stays a number, and each is cited by its own name.

The engine states what each profile changes in the play and the scoring (who sits, what a
doubled hand or a refused offer gives, when an offer is in time: ``adjudicator.engine.ecarte.rules.
offer_in_time``); these rules judge the departures it reports. None of them annuls a deal or
gives an option: the sources give no penalty, and each finding says what follows.
"""

from __future__ import annotations

from collections.abc import Sequence

from adjudicator.engine.ecarte.deviations import DeviationKind
from adjudicator.engine.ecarte.hand_score import hand_score
from adjudicator.engine.ecarte.profiles import Profile

from .base import Finder, Finding, Heading, Law
from .facts import deviations, finding
from .view import DealView

# -- P1: the pool's seats ----------------------------------------------------------------------

_SEATING = (DeviationKind.WRONG_PLAYER_SEATED, DeviationKind.SITS_OUT_CONTRADICTS)


def _find_p1(view: DealView) -> Sequence[Finding]:
    out = []
    for step, dev in deviations(view, *_SEATING):
        follows = (
            "the deal stands as played, and the pool goes on from the players who played it"
            if dev.kind == DeviationKind.WRONG_PLAYER_SEATED
            else "nothing follows: the deal's own lines say who played it"
        )
        out.append(
            finding(
                101,
                view,
                step,
                dev.player,
                dev.kind,
                f"{dev.message}: {follows} (pool rule P1)",
                default=follows,
            )
        )
    return out


RULE_P1 = Law(
    number=101,
    heading=Heading.PROFILES,
    title="Pool: who sits at the table",
    summary=(
        "In pool écarté three play in turn, two at a time. After each game the loser gives his "
        "seat to the one sitting out, and the newcomer takes the loser's turn to deal. The first "
        "to win two games running (three, if agreed) wins the pool."
    ),
    interpretation=(
        "Sources: the Encyclopaedia Britannica and the International Encyclopedia; Cavendish's "
        "chapter on the pool was not recovered. The first two players are those of the cut for "
        "deal (or all but the one a `sits out` line in the opening names). A player who sits down "
        "when the rotation has him out is found at the deal's heading; no source gives a "
        "penalty, so the deal stands, as law 14 lets a deal out of turn stand once played, and "
        "the rotation goes on from who actually played. A `sits out` line naming a player of "
        "the deal, or another than the rotation's, is found too."
    ),
    find=_find_p1,
    default="the deal stands",
    cite="pool rule P1",
    keywords=("pool", "sits out", "rotation", "seat"),
    deviations=_SEATING,
    looks_at=frozenset(_SEATING),
)

# -- B1: bystanders' advice --------------------------------------------------------------------

_ADVICE = (DeviationKind.BYSTANDER_ADVICE, DeviationKind.ADVICE_BY_PLAYER)


def _find_b1(view: DealView) -> Sequence[Finding]:
    out = []
    for step, dev in deviations(view, *_ADVICE):
        lawful = dev.kind == DeviationKind.BYSTANDER_ADVICE and step.table.profile.advice_lawful
        if lawful:
            message = (
                f"{dev.message}: lawful at French écarté; the player need not follow it "
                "(bystanders' rule B1)"
            )
            default = "nothing follows"
        elif dev.kind == DeviationKind.BYSTANDER_ADVICE:
            message = (
                f"{dev.message}: at English écarté a bystander may not advise (custom, "
                "bystanders' rule B1); no law gives a penalty, and the deal stands as played"
            )
            default = "the deal stands as played"
        else:
            message = (
                f"{dev.message}: a player's advice to his adversary is no bystander's "
                "(bystanders' rule B1); no law gives a penalty, and the deal stands as played"
            )
            default = "the deal stands as played"
        out.append(
            finding(
                111, view, step, dev.player, dev.kind, message, default=default, fault=not lawful
            )
        )
    return out


RULE_B1 = Law(
    number=111,
    heading=Heading.PROFILES,
    title="Bystanders' advice",
    summary=(
        "At French écarté bystanders who bet may advise the players, by word or by pointing to "
        "cards, and the player need not follow them. At English écarté they may bet but not "
        "advise."
    ),
    interpretation=(
        "Sources: the Encyclopaedia Britannica and the older English Hoyle; Cavendish's "
        "section on bystanders was not recovered. Under the `french` profile advice is a note; "
        "under any other it is an irregularity by custom, with no penalty: the deal stands. "
        "Advice from one of the deal's two players is no bystander's and is found under both."
    ),
    find=_find_b1,
    default="the deal stands",
    cite="bystanders' rule B1",
    keywords=("bystander", "advice", "advises", "french"),
    deviations=_ADVICE,
    looks_at=frozenset(_ADVICE),
)

# -- D1 and O1: offers -------------------------------------------------------------------------

_DOUBLING = (
    DeviationKind.DOUBLE_OUT_OF_TIME,
    DeviationKind.DOUBLE_AGAIN,
    DeviationKind.DOUBLE_NOT_IN_RULES,
)
_OFFERING = (DeviationKind.POINT_OFFER_OUT_OF_TIME, DeviationKind.POINT_OFFER_NOT_IN_RULES)


def _void_offers(number: int, kinds: tuple[DeviationKind, ...], cite: str, void: str) -> Finder:
    """The finder of a rule whose findings are offers void for the reasons ``kinds``."""

    def find(view: DealView) -> Sequence[Finding]:
        return [
            finding(
                number,
                view,
                step,
                dev.player,
                dev.kind,
                f"{dev.message}: the offer is void, and {void} ({cite})",
                default=void,
            )
            for step, dev in deviations(view, *kinds)
        ]

    return find


RULE_D1 = Law(
    number=121,
    heading=Heading.PROFILES,
    title="Doubling the hand's value",
    summary=(
        "Either player may offer to double the hand's value, from the turn-up until the first card "
        "of the third trick is led. If the adversary accepts, the points for the hand (law 49's "
        "two included) count double; if he refuses, the hand ends and the offerer marks as for the "
        "point: one, or two if the refuser played without proposing or refused the first proposal."
    ),
    interpretation=(
        "Source: the project's seed text (the Russian article). Readings: a king is not the "
        "hand's and counts one; a hand is doubled once; an offer nobody answers is void. An "
        "offer out of time, a second offer, or one under rules without doubling is void and the "
        "hand is scored single. A doubled hand marked single is an omission (law 50), a single "
        "hand marked double an overscore (law 51)."
    ),
    find=_void_offers(121, _DOUBLING, "doubling rule D1", "the hand is scored single"),
    default="the hand is scored single",
    cite="doubling rule D1",
    scoring=hand_score,  # a hand doubled, a double refused
    keywords=("double", "doubling", "redouble"),
    deviations=_DOUBLING,
    looks_at=frozenset(_DOUBLING),
)

RULE_O1 = Law(
    number=131,
    heading=Heading.PROFILES,
    title="Offering the point",
    summary=(
        "Either player may offer his adversary the point, from the turn-up until the first card of "
        "the third trick is led. Accepted, the hand ends and the adversary marks as for the point. "
        "Refused, the refuser must win the vole: if he does he marks two, and if he does not the "
        "offerer marks two."
    ),
    interpretation=(
        "Source: the project's seed text, which leaves the window open; the project reads "
        "doubling's. 'As for the point' includes law 49's two when the offerer played without "
        "proposing or refused the first proposal. An offer out of time, or under rules without "
        "offering, is void and the hand is scored as played."
    ),
    find=_void_offers(131, _OFFERING, "offering rule O1", "the hand is scored as played"),
    default="the hand is scored as played",
    cite="offering rule O1",
    scoring=hand_score,  # the point accepted, the point refused
    keywords=("offer", "offering", "point offered"),
    deviations=_OFFERING,
    looks_at=frozenset(_OFFERING),
)

RULES: tuple[Law, ...] = (RULE_P1, RULE_B1, RULE_D1, RULE_O1)
"""The profiles' rules, in number order."""

RULE_NAMED: dict[str, Law] = {"P1": RULE_P1, "B1": RULE_B1, "D1": RULE_D1, "O1": RULE_O1}
"""Each rule by the name a profile gives it (``Profile.added_rules``)."""


def rules_of(profile: Profile) -> list[Law]:
    """The rules ``profile`` adds (B1, D1 and O1 judge their lines under every profile; the
    profile makes what they judge lawful), in number order."""
    return sorted((RULE_NAMED[name] for name in profile.added_rules), key=lambda law: law.number)


__all__ = ["RULES", "RULE_B1", "RULE_D1", "RULE_NAMED", "RULE_O1", "RULE_P1", "rules_of"]
