"""The cards and the play of a deal as the referee's report draws them (issue 23, item 3):
each card (rank, suit, colour, words), the hands as a player holds them (by suit, trumps
first and marked), the hands after the deal and after each exchange, the tricks with each
winning card marked, the play a trick at a time for the step-through, and the result of the
play in words. Data for the templates of :mod:`adjudicator.shell.referee`, from the replay's
summary of a deal (:func:`adjudicator.shell.show.deal_summaries`).
"""

from __future__ import annotations

from typing import Any

_RANKS = {
    "K": ("K", "king"),
    "Q": ("Q", "queen"),
    "J": ("J", "knave"),
    "A": ("A", "ace"),
    "T": ("10", "ten"),
    "9": ("9", "nine"),
    "8": ("8", "eight"),
    "7": ("7", "seven"),
}
"""Each rank's code: as a card shows it, and in words."""

_SUITS = {
    "S": ("♠", "spades", False),
    "H": ("♥", "hearts", True),
    "D": ("♦", "diamonds", True),
    "C": ("♣", "clubs", False),
}
"""Each suit's code: its symbol, its name, and whether it is red."""


def player_of(seat: str, names: dict[str, str]) -> dict[str, str]:
    """A seat and its player: ``{"seat": "A", "name": "Mr. Anstey", "label": "Mr. Anstey
    (A)"}`` (the label is the seat alone when the record names no player)."""
    name = names.get(seat, seat)
    label = seat if name == seat else f"{name} ({seat})"
    return {"seat": seat, "name": name, "label": label}


def card(code: str) -> dict[str, Any]:
    """A card as the report draws it: ``KH`` is the king of hearts, red, shown ``K♥``; a card
    the record does not know (``??``) is drawn face down."""
    rank, suit = _RANKS.get(code[:-1]), _SUITS.get(code[-1:])
    if rank is None or suit is None:
        return {
            "code": code,
            "known": False,
            "rank": "?",
            "suit": "",
            "red": False,
            "words": "a card the record does not show",
            "short": "??",
            "trump": False,
            "won": False,
            "fault": None,
        }
    return {
        "code": code,
        "known": True,
        "rank": rank[0],
        "suit": suit[0],
        "red": suit[2],
        "words": f"{rank[1]} of {suit[1]}",
        "short": rank[0] + suit[0],
        "trump": False,
        "won": False,
        "fault": None,
    }


_SUIT_ORDER = "SHDC"
_RANK_ORDER = "KQJAT987"


def hand_cards(hand: str, trump: str | None = None) -> list[dict[str, Any]]:
    """The cards of a hand written ``KH QH 9S ??`` (``-``: none), as a player holds them:
    by suit, trumps first (each marked), then spades, hearts, diamonds and clubs, each suit
    from the king down; the cards the record does not show last."""

    def place(code: str) -> tuple[int, int, int]:
        rank, suit = code[:-1], code[-1:]
        if rank not in _RANK_ORDER or suit not in _SUIT_ORDER:
            return (2, 0, 0)
        return (0 if suit == trump else 1, _SUIT_ORDER.index(suit), _RANK_ORDER.index(rank))

    codes = sorted((code for code in hand.split() if code != "-"), key=place)
    return [card(code) | {"trump": code[-1:] == trump} for code in codes]


def hands_at(
    hands: dict[str, str], elder: str, who: dict[str, dict[str, str]], trump: str | None
) -> list[Any]:
    """The hands of a deal at one moment, the elder hand's first."""
    out = []
    for seat, hand in hands.items():
        role = "elder hand" if seat == elder else "dealer"
        out.append(
            {
                "player": who.get(seat, player_of(seat, {})),
                "role": role,
                "cards": hand_cards(hand, trump),
            }
        )
    return out


def stages(shown: dict[str, Any], who: dict[str, dict[str, str]]) -> list[dict[str, Any]]:
    """The hands after the deal (with the turn-up) and after each exchange."""
    out: list[dict[str, Any]] = []
    elder = shown.get("elder", "")
    exchanges = 0
    trumps: str | None = None
    for item in shown.get("lines", []):
        if item["what"] == "dealt":
            trumps = item["trump"] or None
            trump = _SUITS.get(item["trump"] or "")
            out.append(
                {
                    "title": "After the deal",
                    "hands": hands_at(item["hands"], elder, who, trumps),
                    "turned": [card(c) for c in item["turned"]],
                    "trump": f"{trump[0]} {trump[1]}" if trump else "not known",
                    "stock": item["stock"],
                    "packets": item["packets"],
                }
            )
        elif item["what"] == "hands":
            exchanges += 1
            out.append(
                {
                    "title": f"After exchange {exchanges}",
                    "hands": hands_at(item["hands"], elder, who, trumps),
                    "turned": [],
                    "trump": None,
                    "stock": None,
                    "packets": None,
                }
            )
    return out


def tricks(shown: dict[str, Any], faults: dict[str, str]) -> list[dict[str, Any]]:
    """The tricks as played: number, leader and card, follower and card, winner; the card
    that won each trick marked (``won``), a card a finding is about marked (``fault``: the id
    of the finding, from ``faults``), and, where the replay was analysed (``rule
    --analyse``), what each card cost its player under perfect play (``cost``:
    :func:`costs`)."""
    trump = next((i["trump"] for i in shown.get("lines", []) if i["what"] == "dealt"), None)

    def played(item: dict[str, Any], seat: str, code: str) -> dict[str, Any]:
        return card(code) | {
            "trump": code[-1:] == trump,
            "won": item["winner"] == seat,
            "fault": faults.get(code),
            "cost": costs(item).get((seat, code)),
        }

    return [
        {
            "number": item["number"],
            "leader": item["leader"],
            "lead": played(item, item["leader"], item["lead"]),
            "follower": item["follower"],
            "follow": played(item, item["follower"], item["follow"]),
            "winner": item["winner"],
        }
        for item in shown.get("lines", [])
        if item["what"] == "trick"
    ]


def costs(trick: dict[str, Any]) -> dict[tuple[str, str], dict[str, Any]]:
    """What each card of a trick the replay analysed cost its player under perfect play, by
    player and card: ``lost`` (the tricks it cost; ``None`` for a card he might not lawfully
    play), ``best`` (the cards that cost nothing, drawn) and ``words`` ("costs 1 trick; best
    7♠", "best", "not a lawful card; best 7♠"). Empty where the trick was not analysed (no
    ``--analyse``, or a card still to be played was not known)."""
    out = {}
    for a in trick.get("analysis", ()):
        best = [card(code) for code in a["best"]]
        words = cost_words(a["cost"], " ".join(c["short"] for c in best))
        out[(a["player"], a["card"])] = {"lost": a["cost"], "best": best, "words": words}
    return out


def cost_words(lost: int | None, best: str) -> str:
    """What a card cost its player, in words, given the tricks it lost (``None``: a card he
    might not lawfully play) and his best cards as shown: "best", "costs 1 trick; best 7♠",
    "not a lawful card; best 7♠"."""
    if lost is None:
        return f"not a lawful card; best {best}"
    if lost:
        return f"costs {lost} {'trick' if lost == 1 else 'tricks'}; best {best}"
    return "best"


def play_steps(
    shown: dict[str, Any], who: dict[str, dict[str, str]], ident: str
) -> list[dict[str, Any]]:
    """The play a trick at a time, for the step-through: before each trick and after the
    last, the cards each player still holds (the hands after the last exchange, less the
    cards played), and the trick about to be played. Empty when no trick is shown."""
    lines = shown.get("lines", [])
    hands: dict[str, list[str]] = {}
    trump: str | None = None
    for item in lines:
        if item["what"] == "dealt":
            trump = item["trump"] or None
        if item["what"] in ("dealt", "hands"):
            hands = {seat: hand.split() for seat, hand in item["hands"].items()}
    tricks = [item for item in lines if item["what"] == "trick"]
    if not tricks or not hands:
        return []
    steps = []
    for frame, trick in zip(
        step_frames(ident, [t["number"] for t in tricks]), [*tricks, None], strict=True
    ):
        held = [
            {
                "player": who.get(seat, player_of(seat, {})),
                "cards": hand_cards(" ".join(cards) or "-", trump),
            }
            for seat, cards in hands.items()
        ]
        cost = costs(trick) if trick else {}
        steps.append(
            {
                "id": frame["id"],
                "title": frame["title"],
                "held": held,
                "trick": trick,
                "lead_cost": cost.get((trick["leader"], trick["lead"])) if trick else None,
                "follow_cost": cost.get((trick["follower"], trick["follow"])) if trick else None,
                "prev": frame["prev"],
                "next": frame["next"],
            }
        )
        if trick is not None:
            play_out(hands, trick["leader"], trick["lead"])
            play_out(hands, trick["follower"], trick["follow"])
    return steps


def step_frames(ident: str, numbers: list[int]) -> list[dict[str, Any]]:
    """The frame of a step-through of the play, for any game: a step before each of the tricks
    numbered ``numbers`` and one after the last, each with its id (``{ident}-step-1``, ...),
    its title ("Before trick 3", "After the last trick") and the ids of the steps before and
    after it (``prev``, ``next``: ``None`` at either end), for the report's links between them."""
    count = len(numbers)
    return [
        {
            "id": f"{ident}-step-{k + 1}",
            "title": f"Before trick {numbers[k]}" if k < count else "After the last trick",
            "prev": f"{ident}-step-{k}" if k else None,
            "next": f"{ident}-step-{k + 2}" if k < count else None,
        }
        for k in range(count + 1)
    ]


def play_out(hands: dict[str, list[str]], seat: str, code: str) -> None:
    """Take the card ``code`` that ``seat`` played out of his hand in ``hands`` (cards by their
    codes): the card itself if the hand shows it, else one of its cards not shown (``??``),
    else nothing (the hand does not show which card went)."""
    cards = hands.get(seat, [])
    gone = code if code in cards else ("??" if "??" in cards else None)
    if gone is not None:
        cards.remove(gone)


def play_result(shown: dict[str, Any], who: dict[str, dict[str, str]]) -> str | None:
    """The result of the play as the table played it, in words."""
    result = shown.get("result")
    if not result:
        return None
    tricks = ", ".join(f"{p} {n}" for p, n in result["tricks"].items())
    if result["winner"]:
        winner = who.get(result["winner"], {"label": result["winner"]})["label"]
        points = result["points"]
        mark = "mark" if points == 1 else "marks"
        return f"{winner} wins the {result['how']} (tricks {tricks}): {points} {mark} to make"
    return f"undetermined (tricks {tricks})"
