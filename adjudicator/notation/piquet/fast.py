"""The fast path of the reader: the most frequent line forms of the Piquet notation read by
looking their words up, without the grammar's parser.

A record is mostly tricks (``3. A TS B AS``), hands, discards and takes, the players' calls
and answers (``A: tierce major``, ``B: good``), counts (``A: 14``) and scores; Lark's LALR
parser reads each such line in a third of a millisecond, a lookup of its words in a few
microseconds. :func:`fast_line` reads a line of those forms into the same model the grammar's
builder (:mod:`~adjudicator.notation.piquet.build`) makes of it, and answers ``None`` for any
line it is not sure of: a form it does not know, a word not spelt exactly as the grammar
spells it (``cards5``, ``K♥``, a question mark after a number), a number the notation
refuses, a value its model refuses, an error of any kind. The reader then parses that line
with the grammar, which stays the notation's definition and the only source of errors
(tests/piquet/test_piquet_fast_path.py checks that both build the same model of every line
the fast path reads).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import Any

from adjudicator.notation.cards import CARD_SPELLINGS, Card, Player, Rank
from adjudicator.notation.nodes import Cards
from adjudicator.notation.numbers import is_number, number
from adjudicator.notation.piquet.build import (
    _RISING,
    COUNT_WORDS,
    PACKET_WORDS,
    RANK_WORDS,
    SEQUENCE_LENGTHS,
    SUIT_WORDS,
)
from adjudicator.notation.piquet.model import (
    Answer,
    Asked,
    Choice,
    CutForDeal,
    Deal,
    Deals,
    Discard,
    DoesNotLook,
    Elect,
    ExchangeCall,
    ExchangeWord,
    Holds,
    Lead,
    Leave,
    Look,
    LookAt,
    NumberSaid,
    PackDealt,
    Packet,
    Partie,
    PartieScore,
    Play,
    PlayerCards,
    PointCall,
    Question,
    Reckon,
    Reply,
    Result,
    Score,
    SequenceCall,
    SetCall,
    Settlement,
    Show,
    Stock,
    Take,
    Tally,
    Trick,
)
from adjudicator.notation.piquet.vocabulary import MAX_CARD_COUNT, Seat


class _Unsure(Exception):
    """The line is not one the fast path reads for certain: the grammar reads it."""


_PLAIN = re.compile(r"[ -~\t\f]*")
"""Printable ASCII and the grammar's spaces: on such a line ``str.split`` cuts words where the
grammar does (no other space, no card written with a suit's symbol, no accented word)."""

_PLAYERS: dict[str, Seat] = {"a": Player.A, "b": Player.B}
_SPEAKERS: dict[str, Seat] = {"a:": Player.A, "b:": Player.B}

_CARDS: dict[str, Card | None] = {
    spelling: card
    for spelling, card in CARD_SPELLINGS.items()
    if spelling == spelling.lower() and re.fullmatch(r"(?:10|[akqjt987])[shdc]", spelling)
}
"""The ASCII spellings of the cards (lower case) that the grammar's ``CARD`` reads, and ``??``."""
_CARDS["??"] = None

_RANKS: dict[str, Rank] = {word + "s": rank for word, rank in RANK_WORDS.items()}
"""The plural names of the ranks (``RANKS``: ``kings``, ``jacks``)."""

_ASCII_SEQUENCES = {word: n for word, n in SEQUENCE_LENGTHS.items() if word.isascii()}


def fast_line(code: str) -> Any | None:
    """The model of the line ``code`` (as :func:`~adjudicator.notation.piquet.build.build`
    makes it of the line's parse tree), if the line is of a form the fast path reads for
    certain; ``None`` otherwise."""
    if _PLAIN.fullmatch(code) is None:
        return None
    words = code.lower().split()
    if not words:
        return None
    try:
        return _read(words)
    except (_Unsure, ValueError, LookupError):  # (ValueError: a model refuses a value)
        return None


def _read(words: list[str]) -> Any:
    """The model of a line of ``words`` (lower case), or :class:`_Unsure`."""
    first = words[0]
    speaker = _SPEAKERS.get(first)
    if speaker is not None:
        return _speech(speaker, words[1:])
    player = _PLAYERS.get(first)
    if player is not None and len(words) > 1:
        doing = _DOINGS.get(words[1])
        if doing is not None:
            return doing(player, words[2:])
        raise _Unsure
    headed = _HEADED.get(first)
    if headed is not None:
        return headed(words[1:])
    if first.endswith(".") and first[:-1].isdigit():
        return _trick(words)
    raise _Unsure


# --------------------------------------------------------------------------------------------
#  Words
# --------------------------------------------------------------------------------------------


def _int(word: str) -> int:
    """The value of an ``INT``: ASCII digits, no more than the notation reads."""
    if not is_number(word):
        raise _Unsure
    return number(word)


def _player(word: str) -> Seat:
    found = _PLAYERS.get(word)
    if found is None:
        raise _Unsure
    return found


def _card(word: str) -> Card | None:
    if word not in _CARDS:
        raise _Unsure
    return _CARDS[word]


def _some_cards(words: Sequence[str]) -> tuple[Card | None, ...]:
    """``CARD+``."""
    if not words:
        raise _Unsure
    try:
        return tuple([_CARDS[w] for w in words])
    except KeyError:
        raise _Unsure from None


def _cards_or_count(words: Sequence[str]) -> Cards:
    """``(CARD+ | INT)``: the cards, or a count of unknown cards (no more than the pack)."""
    if len(words) == 1 and words[0] not in _CARDS:
        n = _int(words[0])
        if n > MAX_CARD_COUNT:
            raise _Unsure
        return (None,) * n
    return _some_cards(words)


def _count(word: str) -> int:
    """The rule ``count``: ``INT`` or ``NUMBER_WORD``."""
    if word in COUNT_WORDS:
        return COUNT_WORDS[word]
    return _int(word)


def _expect(words: Sequence[str], *expected: str) -> None:
    if tuple(words) != expected:
        raise _Unsure


# --------------------------------------------------------------------------------------------
#  A player's speech: ``A: ...``
# --------------------------------------------------------------------------------------------


def _question_mark(words: list[str]) -> tuple[list[str], bool]:
    """The words of a call or question without its ``QMARK``, and whether it had one. A mark
    written against a word counts only after a word of letters (the grammar's keywords end at
    a word's boundary; a number or a card must stand alone)."""
    if words and words[-1] == "?":
        return words[:-1], True
    if words and words[-1].endswith("?"):
        last = words[-1][:-1]
        if not last.isalpha():
            raise _Unsure
        return [*words[:-1], last], True
    return words, False


def _speech(player: Seat, said: list[str]) -> Any:
    """What a player said: a packet given him, a number, an exchange, an answer, a call or a
    question."""
    if not said:
        raise _Unsure
    head = said[0]
    if head in _CARDS:
        return Packet(player=player, cards=_some_cards(said))
    if len(said) == 1 and head.isdigit():
        return NumberSaid(player=player, value=_int(head))
    if head in ("take", "leave") and len(said) == 2:
        word = ExchangeWord.TAKE if head == "take" else ExchangeWord.LEAVE
        return ExchangeCall(player=player, word=word, count=_int(said[1]))
    reply = _REPLIES.get(tuple(said))
    if reply is not None:
        return Answer(player=player, reply=reply)
    words, _ = _question_mark(said)
    if not words:
        raise _Unsure
    head = words[0]
    if head in _ASCII_SEQUENCES:
        return _sequence_call(player, words)
    if head in ("quatorze", "fourteen", "trio") or (len(words) == 2 and words[1] in _RANKS):
        return _set_call(player, words)
    if head == "point" or (len(words) > 1 and words[1] == "cards"):
        return _point_call(player, words)
    return _question(player, words)


_REPLIES: dict[tuple[str, ...], Reply] = {
    ("good",): Reply.GOOD,
    ("not", "good"): Reply.NOT_GOOD,
    ("equal",): Reply.EQUAL,
}


def _in_suit(words: list[str]) -> tuple[list[str], Any]:
    """The words before a closing ``IN SUIT_NAME``, and the suit (``None`` if none is named)."""
    if len(words) >= 2 and words[-2] == "in":
        suit = SUIT_WORDS.get(words[-1])
        if suit is None:
            raise _Unsure
        return words[:-2], suit
    return words, None


def _point_call(player: Seat, words: list[str]) -> PointCall:
    """``(POINT count? | count CARDS) (MAKING INT)? (IN SUIT_NAME)?``."""
    words, suit = _in_suit(words)
    value: int | None = None
    if len(words) >= 2 and words[-2] == "making":
        value = _int(words[-1])
        words = words[:-2]
    if words[:1] == ["point"] and len(words) <= 2:
        length = _count(words[1]) if len(words) == 2 else None
    elif len(words) == 2 and words[1] == "cards":
        length = _count(words[0])
    else:
        raise _Unsure
    return PointCall(player=player, length=length, value=value, suit=suit)


def _sequence_call(player: Seat, words: list[str]) -> SequenceCall:
    """``SEQUENCE (MAJOR | MINOR | TO THE RANK_NAME)? (IN SUIT_NAME)?``."""
    words, suit = _in_suit(words)
    length = _ASCII_SEQUENCES[words[0]]
    rest = words[1:]
    top = None
    if rest == ["major"]:
        top = Rank.ACE
    elif rest == ["minor"]:  # up from the seven, as the builder reads it
        top = _RISING[length - 1]
    elif len(rest) == 3 and rest[:2] == ["to", "the"] and rest[2] in RANK_WORDS:
        top = RANK_WORDS[rest[2]]
    elif rest:
        raise _Unsure
    return SequenceCall(player=player, length=length, top=top, suit=suit)


def _set_call(player: Seat, words: list[str]) -> SetCall:
    """``count RANKS | QUATORZE (OF? RANKS)? | TRIO (OF? RANKS)?``."""
    head, rest = words[0], words[1:]
    if head in ("quatorze", "fourteen", "trio"):
        count = 3 if head == "trio" else 4
        if rest[:1] == ["of"] and len(rest) == 2:
            rest = rest[1:]
        if len(rest) > 1 or (rest and rest[0] not in _RANKS):
            raise _Unsure
        return SetCall(player=player, count=count, rank=_RANKS[rest[0]] if rest else None)
    count = _count(head)
    if count < 1:
        raise _Unsure
    return SetCall(player=player, count=count, rank=_RANKS[rest[0]])


def _question(player: Seat, words: list[str]) -> Question:
    """``WHAT DO THEY MAKE | WHICH RANK_NAME DO YOU NOT COUNT_VERB | TO WHAT | HOW HIGH | HOW
    MANY SUIT_NAME``."""
    if words == ["what", "do", "they", "make"]:
        return Question(player=player, asks=Asked.VALUE)
    if words == ["to", "what"]:
        return Question(player=player, asks=Asked.HOW_HIGH)
    if words == ["how", "high"]:
        return Question(player=player, asks=Asked.HOW_HIGH)
    if len(words) == 3 and words[:2] == ["how", "many"] and words[2] in SUIT_WORDS:
        return Question(player=player, asks=Asked.HOW_MANY, suit=SUIT_WORDS[words[2]])
    if (
        len(words) == 6
        and words[0] == "which"
        and words[1] in RANK_WORDS
        and words[2:5] == ["do", "you", "not"]
        and words[5] in ("count", "reckon")
    ):
        return Question(player=player, asks=Asked.NOT_COUNTED, rank=RANK_WORDS[words[1]])
    raise _Unsure


# --------------------------------------------------------------------------------------------
#  What a player does: ``A holds ...``, ``B leads ...``
# --------------------------------------------------------------------------------------------


def _deals(player: Seat, rest: list[str]) -> Deals:
    """``DEALS (BY (PACKETS | INT))? (WITH THE (SAME | OTHER) PACK)?``."""
    by: int | None = None
    pack: PackDealt | None = None
    if len(rest) >= 2 and rest[0] == "by":
        by = PACKET_WORDS[rest[1]] if rest[1] in PACKET_WORDS else _int(rest[1])
        rest = rest[2:]
    if rest:
        if len(rest) != 4 or rest[:2] != ["with", "the"] or rest[3] != "pack":
            raise _Unsure
        if rest[2] not in ("same", "other"):
            raise _Unsure
        pack = PackDealt.SAME if rest[2] == "same" else PackDealt.OTHER
    return Deals(player=player, by=by, pack=pack)


def _elects(player: Seat, rest: list[str]) -> Elect:
    if rest == ["to", "deal"]:
        return Elect(player=player, choice=Choice.DEAL)
    _expect(rest, "to", "be", "elder")
    return Elect(player=player, choice=Choice.ELDER)


def _left_cards(rest: list[str]) -> None:
    """``THE? (LEFT CARDS | CARDS LEFT)``."""
    if rest[:1] == ["the"]:
        rest = rest[1:]
    if rest not in (["left", "cards"], ["cards", "left"]):
        raise _Unsure


def _looks(player: Seat, rest: list[str]) -> Look:
    """``LOOKS AT THE? (LEFT CARDS | CARDS LEFT | HIS ADVERSARYS? DISCARD)``."""
    if rest[:1] != ["at"]:
        raise _Unsure
    rest = rest[1:]
    mine = rest[1:] if rest[:1] == ["the"] else rest
    if mine == ["his", "discard"]:
        return Look(player=player, at=LookAt.DISCARD)
    if mine == ["his", "adversary's", "discard"]:
        return Look(player=player, at=LookAt.ADVERSARY_DISCARD)
    _left_cards(rest)
    return Look(player=player, at=LookAt.LEFT_CARDS)


def _does(player: Seat, rest: list[str]) -> DoesNotLook:
    """``DOES NOT LOOK (AT THE? (LEFT CARDS | CARDS LEFT))?``."""
    if rest[:2] != ["not", "look"]:
        raise _Unsure
    if len(rest) > 2:
        if rest[2] != "at":
            raise _Unsure
        _left_cards(rest[3:])
    return DoesNotLook(player=player)


def _wins(player: Seat, rest: list[str]) -> Settlement:
    """``WINS INT RUBICON?``."""
    if len(rest) == 2:
        _expect(rest[1:], "rubicon")
    elif len(rest) != 1:
        raise _Unsure
    return Settlement(player=player, points=_int(rest[0]), rubicon=len(rest) == 2)


def _one_int(rest: list[str]) -> int:
    if len(rest) != 1:
        raise _Unsure
    return _int(rest[0])


def _first_and_more(rest: list[str]) -> tuple[Card | None, tuple[Card | None, ...]]:
    first, *more = _some_cards(rest)
    return first, tuple(more)


def _leads(player: Seat, rest: list[str]) -> Lead:
    first, more = _first_and_more(rest)
    return Lead(player=player, card=first, more=more)


def _plays(player: Seat, rest: list[str]) -> Play:
    first, more = _first_and_more(rest)
    return Play(player=player, card=first, more=more)


_DOINGS: dict[str, Callable[[Seat, list[str]], Any]] = {
    "holds": lambda p, rest: Holds(player=p, cards=_cards_or_count(rest)),
    "discards": lambda p, rest: Discard(player=p, cards=_cards_or_count(rest)),
    "takes": lambda p, rest: Take(player=p, cards=_cards_or_count(rest)),
    "leaves": lambda p, rest: Leave(player=p, cards=_cards_or_count(rest)),
    "shows": lambda p, rest: Show(player=p, cards=_some_cards(rest)),
    "reckons": lambda p, rest: Reckon(player=p, value=_one_int(rest)),
    "leads": _leads,
    "plays": _plays,
    "deals": _deals,
    "elects": _elects,
    "looks": _looks,
    "does": _does,
    "wins": _wins,
}
"""The verbs after a player's letter that the fast path reads, each with its reader of the
words after the verb."""


# --------------------------------------------------------------------------------------------
#  Lines headed by a word: ``deal``, ``stock``, ``score``, ``result``, ``partie``, ``cut``
# --------------------------------------------------------------------------------------------


def _tallies(words: list[str]) -> tuple[Tally, ...]:
    """``PLAYER INT (PLAYER INT)?``."""
    if len(words) not in (2, 4):
        raise _Unsure
    return tuple(
        Tally(player=_player(words[i]), points=_int(words[i + 1])) for i in range(0, len(words), 2)
    )


def _score(rest: list[str]) -> Score:
    """``SCORE PLAYER INT (PLAYER INT)? CORRECTED? (BY PLAYER)?``."""
    by: Seat | None = None
    if len(rest) >= 2 and rest[-2] == "by":
        by = _player(rest[-1])
        rest = rest[:-2]
    corrected = rest[-1:] == ["corrected"]
    if corrected:
        rest = rest[:-1]
    return Score(tallies=_tallies(rest), corrected=corrected, by=by)


def _deal(rest: list[str]) -> Deal:
    """``DEAL INT PLAYER``."""
    if len(rest) != 2:
        raise _Unsure
    return Deal(number=_int(rest[0]), dealer=_player(rest[1]))


def _partie(rest: list[str]) -> Partie | PartieScore:
    """``PARTIE INT`` (a heading) or ``PARTIE PLAYER INT (PLAYER INT)?`` (the final totals)."""
    if len(rest) == 1:
        return Partie(number=_int(rest[0]))
    return PartieScore(tallies=_tallies(rest))


def _cut(rest: list[str]) -> CutForDeal:
    """``CUT (PLAYER CARD+)+``."""
    cuts: list[PlayerCards] = []
    i = 0
    while i < len(rest):
        player = _player(rest[i])
        j = i + 1
        while j < len(rest) and rest[j] in _CARDS:
            j += 1
        cuts.append(PlayerCards(player=player, cards=_some_cards(rest[i + 1 : j])))
        i = j
    if not cuts:
        raise _Unsure
    return CutForDeal(cuts=tuple(cuts))


_HEADED: dict[str, Callable[[list[str]], Any]] = {
    "deal": _deal,
    "stock": lambda rest: Stock(cards=_cards_or_count(rest)),
    "score": _score,
    "result": lambda rest: Result(tallies=_tallies(rest)),
    "partie": _partie,
    "cut": _cut,
}
"""The words that begin a line and that the fast path reads, each with its reader of the
words after it."""


def _trick(words: list[str]) -> Trick:
    """``TRICK_NUMBER PLAYER CARD (PLAYER CARD)?``."""
    if len(words) not in (3, 5):
        raise _Unsure
    number_ = _int(words[0][:-1])
    follower = _player(words[3]) if len(words) == 5 else None
    return Trick(
        number=number_,
        leader=_player(words[1]),
        lead=_card(words[2]),
        follower=follower,
        follow=_card(words[4]) if len(words) == 5 else None,
    )
