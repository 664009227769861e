"""How the project reads a law, written for a club's members.

A law's ``interpretation`` (``laws/ecarte``) is written for the people who keep the project: it
cites its sources by their ids in the project's reference (``S2``: the club code's text as
reprinted in 1909; ``S7``: an older English Hoyle), the reference's list of ambiguities by
section (``§6.10``), and names from the code (the engine's finding kinds such as
``shuffled_after_cut``, its functions, its files). A member cannot follow those.
:func:`for_members` gives the same readings in words: the sources named, each reading the
project made where the laws are silent said to be one, the lines of the notation quoted as a
record writes them, the finding kinds in words (:data:`CODE_WORDS`), the few sentences about
the code said without it (:data:`PHRASES`), and any other name from the code left out with the
aside that holds it. :func:`for_developers` keeps the text whole, for ``ecarte laws N
--sources`` and the section "Sources" of ``docs/laws.md``. ``tests/test_first_hour.py`` holds
every law's reading to it, so that a reading reworded in ``laws/ecarte`` that names the code
anew is caught.

A ruling labels each part of it that rests on such a reading (an option's deadline, a finding,
a correction: the law's ``readings``) as the project's reading, with where it is documented
(:func:`reading_label`, :func:`window_reading`, :func:`finding_reading`,
:func:`correction_reading`), in text, Markdown and HTML alike.
"""

from __future__ import annotations

import re

from adjudicator.court.ecarte.api import BY_NUMBER, FIRST_RULE, Law, Rests, cite, reading_of

SOURCES: dict[str, str] = {
    "S1": "Cavendish's book of 1886",
    "S2": "the club code's text (as reprinted in Hoyle's Games Modernized, 1909)",
    "S3": "an early encyclopaedia article",
    "S4": "the Encyclopaedia Britannica of 1911",
    "S5": "the ninth edition of the Encyclopaedia Britannica",
    "S6": "Foster's Complete Hoyle",
    "S7": "an older English Hoyle, before the code of 1878",
    "S9": "a condensed list of fifteen rules from the nineteenth century",
    "S11": "American encyclopaedias",
    "S12": "Enquire Within Upon Everything",
}
"""The sources the interpretations cite by id, in words (the project's reference names them)."""

_SOURCE = re.compile(r"\b(S(?:1[0-2]|[1-9]))\b('s)?")
_TICKED = re.compile(r"`([^`]+)`")
_CODE = re.compile(r"_|\.py\b|/|[a-z]\.[A-Za-z]|\b[A-Z][a-z]+[A-Z]|\(\)")
"""A name from the code, once in backticks: a finding kind or field (``cut_tie``), a dotted
name (``Table.next_dealer``), a file (``laws/ecarte/games.py``), a class (``DealView``)."""


def _is_code(ticked: str) -> bool:
    return bool(_CODE.search(ticked))


def _sources(text: str) -> str:
    """The source ids in words ("Source: S2." becomes "Source: the club code's text ...")."""

    def named(found: re.Match[str]) -> str:
        words = SOURCES.get(found.group(1), found.group(1))
        return words + ("'s" if found.group(2) else "")

    text = re.sub(r"^S2 text([.;])", r"Source: the club code's text\1", text)
    text = text.replace("S2 text", "the club code's text").replace(
        "S2's wording", "the club code's wording"
    )
    text = re.sub(r"(Foster|Hoyle)(?:'s)?,? S\d+('s)?", r"\1\2", text)
    text = text.replace("EB 1911", "the Encyclopaedia Britannica of 1911")
    text = re.sub(r"\s*\(S\d+\)", "", text)  # a source already named, its id in brackets
    text = re.sub(r"\(S\d+, ", "(", text)
    return _SOURCE.sub(named, text)


def _sections(text: str) -> str:
    """The sections of the project's reference: its list of ambiguities (``§6.N``) as the
    project's readings, its pages on the sources (``§4.N``) left out."""
    text = re.sub(r",?\s*§[1-5]\.\d+", "", text)
    text = re.sub(r"\(\s*\)", "", text)
    text = re.sub(r"\.\s+§6\.\d+(?:\s+reading)?\.", " (the project's reading).", text)
    text = re.sub(r"(^|\.\s+)§6\.\d+(?:\s+reading)?:", r"\1The project's reading:", text)
    text = re.sub(r"§6\.\d+(?:[-–]6?\.?\d+)?(?:\s+reading)?", "the project's reading", text)
    return text.replace("the project's reading of the project's reading", "the project's reading")


def _code_asides(text: str) -> str:
    """Remove asides in brackets that only name the code (``(`shuffled_after_cut`)``, ``(the
    engine's `order_changed`, `wrong_packet_size`)``)."""

    def aside(found: re.Match[str]) -> str:
        inside = found.group(1)
        ticks = _TICKED.findall(inside)
        rest = _TICKED.sub("", inside)
        rest = re.sub(r"\b(the engine's|the finding|and|or|its|is|are|judged here)\b", "", rest)
        if ticks and all(_is_code(t) for t in ticks) and not re.search(r"[A-Za-z]{3,}", rest):
            return ""
        return found.group(0)

    return re.sub(r"\s?\(([^()]*)\)", aside, text)


def _quoted(text: str) -> str:
    """The notation's lines in backticks, quoted as a record's lines are in the hints."""
    return _TICKED.sub(lambda m: m.group(0) if _is_code(m.group(1)) else f"'{m.group(1)}'", text)


PHRASES: tuple[tuple[str, str], ...] = (
    (
        "(`Table.next_dealer` after the cut for deal, then alternation)",
        "(the cut for deal names the first dealer, and the deal then alternates)",
    ),
    ("leaves `next_dealer` unset", "names no dealer"),
    ("the finder reports the engine's `cut_tie`", "the adjudicator notes the tie"),
    ("(law 45 judges the `pack_faulty` deviation)", "(law 45 judges the faulty pack)"),
    ("(engine deviation `pack_faulty`) ", ""),
    ("in the dealing it is law 13's `exposed_in_dealing`", "in the dealing it is law 13's"),
    (
        "The timing is `adjudicator.engine.ecarte.queries.announced_in_time` (checked: ",
        "The timing, as the adjudicator checks it: ",
    ),
    ("and had not played again). An announcement", "and had not played again. An announcement"),
    (
        "S11's International Encyclopedia and Americana",
        "the International Encyclopedia and the Encyclopedia Americana",
    ),
    (
        "The engine's `not_following_suit` gives the finding `revoke`, `not_winning` the finding "
        "`not_winning`; `play_undetermined` (the record lacks the cards to tell) gives "
        "`revoke_undetermined`,",
        "A card that does not follow suit gives the finding 'revoke', one that does not win the "
        "trick when it could the finding 'not winning'; a card the record lacks the cards to "
        "judge gives 'revoke undetermined',",
    ),
    ("Definitional: `queries.entitled_marks` counts", "Definitional: the adjudicator counts"),
    ("(Decided against a `law49_points` finding:", "(Decided against a finding of its own:"),
    ("Finding `omitted_mark`, at the step", "The finding of an omitted mark is made at the step"),
    ("the engine's `Result` gives", "the adjudicator's scoring gives"),
    (
        "`Result` already gives the two points (`how` = 'point (law 49)')",
        "scoring already gives the two points (as 'point (law 49)')",
    ),
    ("the condensed S9 list", "the condensed list of fifteen rules from the nineteenth century"),
    ("The earlier S9 rule", "The rule of a condensed list of the nineteenth century"),
    ("the gap of §6.16", "a gap in the laws (the project's reading)"),
    ("the engine, told by the finder, expects him", "the adjudicator expects him"),
    (
        "the finding `claim_not_made_good` gives",
        "the finding that the claim is not made good gives",
    ),
)
"""Sentences that name the code, said without it (before the names left are put in words)."""

CODE_WORDS: dict[str, str] = {
    "faulty_shuffle": "a faulty shuffle",
    "shuffle_during_play": "a shuffle during the play",
    "cut_by_dealer": "a cut by the dealer",
    "cut_after_dealing": "a cut after the dealing began",
    "short_cut": "a cut of too few cards",
    "order_changed": "a changed order",
    "wrong_packet_size": "a packet of the wrong size",
    "packet_to_wrong_player": "a packet to the wrong player",
    "extra_packet": "a packet too many",
    "exposed_in_dealing": "a card exposed in dealing",
    "wrong_count_dealt": "a wrong number of cards dealt",
    "cards_given_out_of_turn": "cards given out of turn",
    "wrong_count_at_play": "a wrong number of cards at the play",
    "answer_without_proposal": "an answer without a proposal",
    "discard_out_of_turn": "a discard out of turn",
    "faced_card": "a faced card",
    "exposed_in_giving": "a card exposed in giving cards",
    "card_turned_in_error": "a card turned up in error",
    "lead_out_of_turn": "a lead out of turn",
}
"""The finding kinds an interpretation names, in words."""


def _code_words(text: str) -> str:
    """The names from the code left in ``text``: the finding kinds in words
    (:data:`CODE_WORDS`), and any other name left out with the words that only introduce it
    ("this law's `x`" is "this law's finding")."""
    text = re.sub(r"this law's `[^`]+`", "this law's finding", text)
    text = re.sub(r"\(`[^`]+`[,:]\s*", "(", text)  # an aside that begins with a name
    text = re.sub(r",\s*`[^`]+`\s*,", ",", text)
    text = re.sub(r";\s*(?:the engine's\s*)?`[^`]+`\)", ")", text)

    def named(found: re.Match[str]) -> str:
        words = CODE_WORDS.get(found.group(2))
        if words is None:
            return found.group(0)
        return words[0].upper() + words[1:] if found.group(1).startswith("The") else words

    return re.sub(r"((?:[Tt]he engine's |)`)([a-z_]+)`", named, text)


def for_members(interpretation: str) -> str:
    """How the project reads a law, in words a member can follow: the sources named, the
    project's readings said to be its own, the notation's lines quoted, and no source ids,
    sections of the reference or names from the code (the program is "the adjudicator")."""
    text = interpretation
    for written, said in PHRASES:
        text = text.replace(written, said)
    text = _code_words(_code_asides(text))
    text = _quoted(_sections(_sources(text)))
    text = re.sub(r"\b([Tt])he (?:engine|finder)\b", r"\1he adjudicator", text)
    text = text.replace("no finder can", "the adjudicator cannot")
    return _tidy(text)


def _tidy(text: str) -> str:
    """The words the substitutions leave, put in order: one "the project's reading" where
    two follow, "the project decided", capitals at the start of a sentence, single spaces."""
    text = re.sub(r"\bthe court\b", "the adjudicator", text)
    text = re.sub(r"\bL(\d\d?)\b", r"law \1", text)
    text = re.sub(
        r"the project's reading(?:[,/]\s*the project's reading)+", "the project's reading", text
    )
    text = re.sub(r"(the project's reading[^()]*?), the project's reading\)", r"\1)", text)
    text = text.replace("the project's reading decided", "the project decided")
    text = text.replace("the project's reading's", "the project's")
    text = re.sub(r"\s{2,}", " ", text.replace("..", "."))
    text = re.sub(r"\s+([.,;:)])", r"\1", text)
    text = re.sub(
        r"(^|(?<!e\.g)(?<!i\.e)[.!?]\s+)([a-z])", lambda m: m.group(1) + m.group(2).upper(), text
    )
    return text.strip()


def for_developers(interpretation: str) -> str:
    """The interpretation as the project keeps it: with its source ids (:data:`SOURCES`), the
    sections of the reference's list of ambiguities (``§6.N``) and the names from the code."""
    return interpretation


WHERE_LAWS = "docs/laws.md"
"""Where each law's readings are documented in full (its section "How the project reads
it")."""

WHERE_RULES = "docs/profiles.md"
"""Where the readings of the profiles' rules are documented."""


def reading_label(number: int) -> str:
    """The label of a reading the project made where law ``number`` is silent, and where it is
    documented: "the project's reading, docs/laws.md, law 43"."""
    where = WHERE_RULES if number >= FIRST_RULE else WHERE_LAWS
    return f"the project's reading, {where}, {cite(number)}"


def _reading(number: int | None, rests: Rests, name: str = "") -> str | None:
    """The words of the reading of law ``number`` a part of a ruling rests on, if any."""
    law = BY_NUMBER.get(number) if number is not None else None
    found = reading_of(law, rests, name) if law is not None else None
    return found.what if found is not None else None


def window_reading(number: int | None, option: str) -> str:
    """The label after an option's deadline where the deadline is the project's reading
    (``" [the project's reading, docs/laws.md, law 43]"``), else nothing."""
    if number is None or _reading(number, Rests.WINDOW, option) is None:
        return ""
    return f" [{reading_label(number)}]"


def finding_reading(number: int | None, kind: str) -> str:
    """The sentence saying that a finding rests on the project's reading, and which ("The
    project's reading, docs/laws.md, law 5: a tie in the cut is cut again."), else nothing."""
    what = _reading(number, Rests.FINDING, kind)
    if number is None or what is None:
        return ""
    label = reading_label(number)
    return f"{label[:1].upper()}{label[1:]}: {what}."


def correction_reading(number: int) -> str:
    """The label after a correction's reason where the corrections of law ``number`` rest on
    the project's reading (``" [the project's reading, docs/laws.md, law 51: ...]"``), else
    nothing."""
    what = _reading(number, Rests.CORRECTION)
    return "" if what is None else f" [{reading_label(number)}: {what}]"


def claim_reading(number: int | None, reason: str) -> str:
    """A claim's reason with the label of :func:`window_reading` after the deadline it states,
    where that deadline is the project's reading ("law 43 gives B this option before the
    trump card of the next deal is turned up [the project's reading, docs/laws.md, law 43]:
    ..."); else the reason as it is."""
    law = BY_NUMBER.get(number) if number is not None else None
    if law is None:
        return reason
    for option in law.options:
        window = str(option.window.value)
        if window in reason and reading_of(law, Rests.WINDOW, option.name) is not None:
            return reason.replace(window, window + window_reading(number, option.name), 1)
    return reason


def labelled(law: Law) -> list[str]:
    """The readings of ``law`` a ruling labels as the project's, each with the part of the
    ruling it bears on: "the replay is open until the next deal's turn-up (the deadline of
    the option replay)", for ``ecarte laws N`` and ``docs/laws.md``."""
    out = []
    for r in law.readings:
        if r.rests is Rests.WINDOW:
            part = f"the deadline of the option {r.name.replace('_', ' ')}"
        elif r.rests is Rests.FINDING:
            part = f"the finding '{r.name.replace('_', ' ')}'"
        else:
            part = "its corrections to the score"
        out.append(f"{r.what} ({part})")
    return out
