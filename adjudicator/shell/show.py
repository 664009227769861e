"""A deal as a referee wants to see it: ``ecarte replay``.

:func:`summarise` walks the replay of a record and gathers, deal by deal, the hands after the
deal and after each exchange, the trump and the stock, every trick and its winner, the marks
and the running score, and any deviation from lawful play. :func:`render` prints that summary
as text; the same summary is the JSON output. :func:`deal_summaries` gives the deals one by
one as the replay passes them, so that the text of a long record is printed holding one deal.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any

from adjudicator.court.api import Card, Player
from adjudicator.court.ecarte.api import (
    SEAT,
    Deal,
    DealState,
    Holding,
    Phase,
    Record,
    Step,
    Unknown,
    event_text,
    position_of,
    ruled_replay,
    solve,
)


def _hand(h: Holding) -> str:
    return h.describe()


def _hands(deal: DealState) -> dict[str, str]:
    return {p.value: _hand(deal.hand(p)) for p in (deal.elder, deal.dealer)}


def summarise(record: Record, *, analyse: bool = False) -> dict[str, Any]:
    """The replay of ``record`` as plain data (see :func:`render` for the text form)."""
    out: dict[str, Any] = {"line": record.line, "opening": [], "deals": []}
    for part, item in walk(record, analyse=analyse):
        out[part].append(item)
    return out


def deal_summaries(
    record: Record,
    deals: Iterable[Deal] | None = None,
    *,
    analyse: bool = False,
    end: dict[str, Any] | None = None,
) -> Iterator[dict[str, Any]]:
    """The deals of :func:`summarise`, each as soon as the replay has passed it (a record of
    many deals is shown holding one deal's summary at a time). ``deals``: the record's deals,
    if not ``record.deals`` (a long record read in parts); ``analyse`` and ``end``: see
    :func:`walk`."""
    for part, item in walk(record, deals, analyse=analyse, end=end):
        if part == "deals":
            yield item


def next_dealer(record: Record) -> str | None:
    """Who deals next after the record, as the laws move the table (an annulled deal passes
    to the right dealer): ``None`` if the replay does not tell."""
    end: dict[str, Any] = {}
    for _ in walk(record, end=end):
        pass
    dealer = end.get("next_dealer")
    return dealer if isinstance(dealer, str) else None


def walk(
    record: Record,
    deals: Iterable[Deal] | None = None,
    *,
    analyse: bool = False,
    end: dict[str, Any] | None = None,
) -> Iterator[tuple[str, dict[str, Any]]]:
    """The parts of the summary in the order the replay completes them: ``("opening", item)``
    for an event outside any deal, ``("deals", deal)`` for each deal once the next begins or
    the record ends.

    ``end``: given, it is told at the end who deals next (``next_dealer``), as the laws move
    the table. ``analyse``: each trick also says, for each card played to it where every
    card still to be played was known, what it cost its player under perfect play
    (:func:`_analysed`)."""
    walker = _Walker(analyse)
    dealer = None  # (the last step's next dealer, not the step: it holds the whole table)
    for step in ruled_replay(record, deals):
        dealer = step.table.next_dealer
        yield from walker.step(step)
    if end is not None and dealer is not None:
        end["next_dealer"] = dealer.value
    if walker.current is not None:
        yield "deals", walker.current


class _Walker:
    """The state of :func:`walk` between the steps of the replay: the deal being summarised,
    and what a step leaves for the steps after it (the hands an exchange left, the analysis of
    the trick in progress)."""

    __slots__ = ("analyse", "analysis", "before", "current", "games_before", "pending_hands")

    def __init__(self, analyse: bool) -> None:
        self.analyse = analyse
        self.current: dict[str, Any] | None = None  # the deal being summarised
        self.pending_hands: DealState | None = None  # an exchange just ended: show its hands
        self.before: DealState | None = None  # the deal as it stood before the step
        self.analysis: list[dict[str, Any]] = []  # of the trick in progress
        self.games_before = 0  # games won before the deal in progress

    def step(self, step: Step) -> Iterator[tuple[str, dict[str, Any]]]:
        """Take one step of the replay; the part of the summary it completes, if any."""
        table = step.table
        deal = table.deal
        self._analyse(step, deal)
        self._show_pending_hands(step, deal)
        devs = [
            {"line": step.line, "column": step.column, "kind": d.kind, "message": d.message}
            for d in step.deviations
        ]
        if isinstance(step.event, Deal):
            assert deal is not None
            if self.current is not None:
                yield "deals", self.current
            self.games_before = len(table.games)  # games won before the deal
            self.current = {
                "number": deal.number,
                "dealer": deal.dealer.value,
                "elder": deal.elder.value,
                "line": step.line,
                "game": table.game,
                "lines": [],
                "deviations": devs,
            }
            return
        event: Any = step.event
        current = self.current
        if current is None or deal is None:
            yield "opening", {"line": step.line, "event": event.kind, "deviations": devs}
            return
        current["deviations"].extend(devs)
        line = self._line(step, deal, event)
        if line is not None:
            current["lines"].append(line)
        self._after_event(step, deal, current)

    def _analyse(self, step: Step, deal: DealState | None) -> None:
        """With ``analyse``, what each card the step plays cost its player, kept for the trick
        in progress."""
        if self.analyse and not step.table.profile.solvable:
            self.analyse = False  # the solver plays the club code's ranks: no analysis
        if self.analyse and step.kind in ("trick", "lead", "play") and self.before is not None:
            self.analysis.extend(_analysed(self.before, step.event))
        self.before = deal

    def _show_pending_hands(self, step: Step, deal: DealState | None) -> None:
        """The hands an exchange left, shown once the step is not part of the same exchange
        (the dealer's discard, or his packet, after the elder's)."""
        pending = self.pending_hands
        if pending is None or self.current is None:
            return
        event_kind = getattr(step.event, "kind", "")
        continuing = deal is not None and (
            (event_kind == "discard" and deal.dealer is getattr(step.event, "player", None))
            or (event_kind == "packet" and deal.stage == "" and pending.stage != "")
        )
        if not continuing:
            self.current["lines"].append({"what": "hands", "hands": _hands(pending)})
            self.pending_hands = None

    def _line(self, step: Step, deal: DealState, event: Any) -> dict[str, Any] | None:
        """The line of the summary that the step's event makes, if any."""
        kind = event.kind
        if kind == "turn":
            return _dealt(deal)
        if kind in _ACTIONS:
            words = _ACTIONS[kind]
            if kind == "accept" and getattr(event, "if_stock", False):
                words += " if the stock suffices"
            return {"what": "said", "text": f"{event.player.value} {words}"}
        if kind == "discard":
            cards = " ".join(c.code if c else "??" for c in event.cards)
            return {"what": "said", "text": f"{event.player.value} discards {cards}"}
        if kind == "packet" and deal.phase != Phase.DEALING:
            cards = " ".join(c.code if c else "??" for c in event.cards)
            self.pending_hands = deal
            return {
                "what": "said",
                "text": f"{event.player.value} takes {cards}; stock {deal.stock}",
            }
        if kind in ("trick", "play") and deal.tricks and not deal.lead:
            item = _trick(deal)
            if self.analyse:
                item["analysis"], self.analysis = self.analysis, []
            return item
        if kind in ("mark", "unmark"):
            player, points = deal.marks[-1]
            return {
                "what": "mark",
                "player": player.value,
                "points": points,
                "reason": getattr(event, "reason", None) and event.reason.value,
                "score": _score(step),
            }
        if kind == "score":
            return {"what": "agreed", "score": {p.value: n for p, n in event.points.items()}}
        if kind in _SAID:
            return {"what": "said", "text": _said(event)}
        return None

    def _after_event(self, step: Step, deal: DealState, current: dict[str, Any]) -> None:
        """The deal's result (after a replay of the hands, the replayed result), the score,
        and the game it won, as they stand after the step."""
        if deal.result is not None:
            r = deal.result
            current["result"] = {
                "winner": r.winner.value if r.winner else None,
                "tricks": {p.value: r.tricks[SEAT[p]] for p in (deal.elder, deal.dealer)},
                "how": r.how,
                "points": r.points,
            }
        current["score"] = _score(step)
        if len(step.table.games) > self.games_before:
            current["won"] = _game(step.table)  # a game won in this deal
        else:
            current.pop("won", None)  # none, or an overscore taken down: not won after all


_ACTIONS = {
    "propose": "proposes",
    "accept": "accepts",
    "refuse": "refuses",
    "declare_play": "plays without (further) proposing",
    "take_up": "takes up his cards",
    "announce": "announces the king",
}
"""What the summary says a player did, for the kinds of event it words itself."""


def _dealt(deal: DealState) -> dict[str, Any]:
    """The line of the deal once the trump is turned: packets, hands, turned cards, stock."""
    order = "-".join(str(n) for _, n in deal.packets[::2][:2]) or "?"
    return {
        "what": "dealt",
        "packets": order,
        "hands": _hands(deal),
        "turned": [c.code if c else "??" for c in deal.turned],
        "trump": deal.trump.value if deal.trump else None,
        "stock": deal.stock,
    }


def _trick(deal: DealState) -> dict[str, Any]:
    """The line of the deal's last trick, once both its cards are played."""
    t = deal.tricks[-1]
    return {
        "what": "trick",
        "number": t.number,
        "leader": t.leader.value,
        "lead": t.lead.code if t.lead else "??",
        "follower": t.follower.value,
        "follow": t.follow.code if t.follow else "??",
        "winner": t.winner.value if t.winner else None,
    }


def _analysed(before: DealState, event: Any) -> list[dict[str, Any]]:
    """For each card of ``event`` (a trick, a lead or a card played to one), what it cost its
    player: the tricks he takes from there under perfect play with his best card, less those
    he takes after this one (``cost``; ``None`` if the card was not one he might lawfully
    play), and his best cards. Nothing where a card still to be played is not known."""
    position = position_of(before)
    if isinstance(position, Unknown):
        return []
    plays: list[tuple[Player, Card | None]]
    if event.kind == "trick":
        plays = [(event.leader, event.lead), (event.follower or position.follower, event.follow)]
    else:
        plays = [(event.player, event.card)]
    out: list[dict[str, Any]] = []
    for player, card in plays:
        if card is None or player is not position.to_move:
            break
        solved = solve(position)
        cost = solved.costs.get(card)
        best = [c.code for c, lost in solved.costs.items() if lost == 0]
        out.append({"player": player.value, "card": card.code, "cost": cost, "best": best})
        if position.lead is not None or cost is None:
            break
        rest = position.hands[0] & ~(1 << card.index)
        position = position._replace(hands=(rest, position.hands[1]), lead=card)
    return out


def _game(table: Any) -> dict[str, Any]:
    """The game the deal won, as the sheet marked at the table has it (``ecarte rule`` says
    what the ruling makes of it): its number, winner, the score and what it counts."""
    winner, sheet = table.games[-1]
    value = table.game_values[-1]
    counts = {3: "treble", 2: "double", 1: "single"}[value] if table.law46 else ""
    return {
        "number": len(table.games),
        "winner": winner.value,
        "against": table.games_played[-1][1].value if table.games_played else None,
        "score": _seats(table, sheet),
        "value": value,
        "counts": counts,
    }


def _score(step: Step) -> dict[str, int]:
    return _seats(step.table, step.table.sheet)


def _seats(table: Any, sheet: tuple[int, int, int]) -> dict[str, int]:
    """The sheet by player: A and B, and C in pool écarté (or wherever C has scored)."""
    if table.out is not None or sheet[2]:
        return {"A": sheet[0], "B": sheet[1], "C": sheet[2]}
    return {"A": sheet[0], "B": sheet[1]}


_SAID = frozenset(
    {
        "abandon",
        "show",
        "claim",
        "permit_complete",
        "elect_play",
        "retract",
        "sit_out",
        "advise",
        "double",
        "double_answer",
        "offer_point",
        "point_answer",
    }
)
"""Kinds of event the replay shows as the record words them."""


def _said(event: Any) -> str:
    return event_text(event)


def render(summary: dict[str, Any]) -> str:
    """The summary as text, deal by deal."""
    return "".join(render_deal(deal) + "\n" for deal in summary["deals"])[:-1]


def render_deal(deal: dict[str, Any]) -> str:
    """One deal of the summary as text, ending with an empty line."""
    out: list[str] = []
    out.append(
        f"deal {deal['number']} (line {deal['line']}): {deal['dealer']} deals, "
        f"{deal['elder']} is the elder hand"
    )
    for item in deal["lines"]:
        what = item["what"]
        if what == "dealt":
            trump = item["trump"] or "unknown"
            out.append(
                f"  dealt {item['packets']}; turned {' '.join(item['turned'])}: trumps "
                f"{trump}; stock {item['stock']}"
            )
            out.extend(f"    {p}: {h}" for p, h in item["hands"].items())
        elif what == "hands":
            out.append("  hands after the exchange:")
            out.extend(f"    {p}: {h}" for p, h in item["hands"].items())
        elif what == "said":
            out.append(f"  {item['text']}")
        elif what == "trick":
            winner = item["winner"] or "?"
            out.append(
                f"  trick {item['number']}: {item['leader']} {item['lead']}, "
                f"{item['follower']} {item['follow']}: {winner} wins"
                + _costs(item.get("analysis", ()))
            )
        elif what == "mark":
            reason = f" {item['reason']}" if item["reason"] else ""
            score = ", ".join(f"{p} {n}" for p, n in item["score"].items())
            out.append(f"  {item['player']} marks {item['points']}{reason}  (score {score})")
        elif what == "agreed":
            score = ", ".join(f"{p} {n}" for p, n in item["score"].items())
            out.append(f"  score agreed: {score}")
    result = deal.get("result")
    if result:
        tricks = ", ".join(f"{p} {n}" for p, n in result["tricks"].items())
        if result["winner"]:
            out.append(
                f"  result: {result['winner']} wins the {result['how']} "
                f"(tricks {tricks}): {result['points']} to mark"
            )
        else:
            out.append(f"  result: undetermined (tricks {tricks})")
    for d in deal["deviations"]:
        out.append(f"  ! line {d['line']}: {d['message']} [{d['kind']}]")
    if "score" in deal:
        score = ", ".join(f"{p} {n}" for p, n in deal["score"].items())
        out.append(f"  score after the deal: {score}")
    if "won" in deal:
        g = deal["won"]
        against = g["against"]
        if against is None:  # (a sheet the record marked for a player of neither side)
            won = " to ".join(str(n) for n in sorted(g["score"].values(), reverse=True))
        else:
            won = f"{g['score'][g['winner']]} to {g['score'].get(against, 0)} against {against}"
        counts = f"; it counts {g['value']}, a {g['counts']} (law 46)" if g["counts"] else ""
        out.append(f"  game {g['number']} won by {g['winner']}, {won}{counts}")
    out.append("")
    return "\n".join(out)


def _costs(analysis: Iterable[dict[str, Any]]) -> str:
    """The cards of a trick that cost their player, as ``   [A's 8H costs 1 trick; best 7S]``."""
    notes = []
    for a in analysis:
        best = " ".join(a["best"])
        if a["cost"] is None:
            notes.append(f"{a['player']}'s {a['card']}: not a lawful card; best {best}")
        elif a["cost"]:
            tricks = "trick" if a["cost"] == 1 else "tricks"
            notes.append(f"{a['player']}'s {a['card']} costs {a['cost']} {tricks}; best {best}")
    return f"   [{'; '.join(notes)}]" if notes else ""


__all__ = ["deal_summaries", "render", "render_deal", "summarise", "walk"]
