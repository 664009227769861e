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

from adjudicator.court.ecarte.adjudicate import ruled_replay
from adjudicator.engine.ecarte.profile import Feature
from adjudicator.engine.ecarte.queries import Unknown
from adjudicator.engine.ecarte.solve import position_of, solve
from adjudicator.engine.ecarte.table import SEAT, DealState, Holding, Step
from adjudicator.notation.cards import Card, Player
from adjudicator.notation.ecarte.model import Deal, Record
from adjudicator.notation.ecarte.writer import event_text


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
    record: Record, deals: Iterable[Deal] | None = None, *, analyse: bool = False
) -> Iterator[dict[str, Any]]:
    """The deals of :func:`summarise`, each as soon as the replay has passed it (a record of
    many deals is shown holding one deal's summary at a time). ``deals``: the record's deals,
    if not ``record.deals`` (a long record read in parts); ``analyse``: see :func:`walk`."""
    for part, item in walk(record, deals, analyse=analyse):
        if part == "deals":
            yield item


def walk(
    record: Record, deals: Iterable[Deal] | None = None, *, analyse: bool = False
) -> Iterator[tuple[str, dict[str, Any]]]:
    """The parts of the summary in the order the replay completes them: ``("opening", item)``
    for an event outside any deal, ``("deals", deal)`` for each deal once the next begins or
    the record ends.

    ``analyse``: each trick also says, for each card played to it where every card still to
    be played was known, what it cost its player under perfect play (:func:`_analysed`)."""
    current: dict[str, Any] | None = None
    pending_hands: DealState | None = None  # an exchange just ended: show the hands it left
    before: DealState | None = None  # the deal as it stood before the step
    analysis: list[dict[str, Any]] = []  # of the trick in progress
    games_before = 0  # games won before the deal in progress
    for step in ruled_replay(record, deals):
        table = step.table
        deal = table.deal
        if analyse and table.profile.has(Feature.ACE_HIGH):
            analyse = False  # the solver plays the club code's ranks: no analysis
        if analyse and step.kind in ("trick", "lead", "play") and before is not None:
            analysis.extend(_analysed(before, step.event))
        before = deal
        event_kind = getattr(step.event, "kind", "")
        if pending_hands is not None and current is not None:
            continuing = deal is not None and (
                (event_kind == "discard" and deal.dealer is getattr(step.event, "player", None))
                or (event_kind == "packet" and deal.stage == "" and pending_hands.stage != "")
            )
            if not continuing:
                current["lines"].append({"what": "hands", "hands": _hands(pending_hands)})
                pending_hands = None
        devs = [
            {"line": step.line, "column": step.column, "kind": d.kind, "message": d.message}
            for d in step.deviations
        ]
        if isinstance(step.event, Deal):
            assert deal is not None
            if current is not None:
                yield "deals", current
            games_before = len(table.games)  # games won before the deal
            current = {
                "number": deal.number,
                "dealer": deal.dealer.value,
                "elder": deal.elder.value,
                "line": step.line,
                "game": table.game,
                "lines": [],
                "deviations": devs,
            }
            continue
        event: Any = step.event
        if current is None or deal is None:
            yield "opening", {"line": step.line, "event": event.kind, "deviations": devs}
            continue
        current["deviations"].extend(devs)
        lines: list[dict[str, Any]] = current["lines"]
        kind = event.kind
        if kind == "turn":
            order = "-".join(str(n) for _, n in deal.packets[::2][:2]) or "?"
            lines.append(
                {
                    "what": "dealt",
                    "packets": order,
                    "hands": _hands(deal),
                    "turned": [c.code if c else "??" for c in deal.turned],
                    "trump": deal.trump.value if deal.trump else None,
                    "stock": deal.stock,
                }
            )
        elif kind in ("propose", "accept", "refuse", "declare_play", "take_up", "announce"):
            words = {
                "propose": "proposes",
                "accept": "accepts"
                + (" if the stock suffices" if getattr(event, "if_stock", False) else ""),
                "refuse": "refuses",
                "declare_play": "plays without (further) proposing",
                "take_up": "takes up his cards",
                "announce": "announces the king",
            }[kind]
            lines.append({"what": "said", "text": f"{event.player.value} {words}"})
        elif kind == "discard":
            cards = " ".join(c.code if c else "??" for c in event.cards)
            lines.append({"what": "said", "text": f"{event.player.value} discards {cards}"})
        elif kind == "packet" and deal.phase != "dealing":
            cards = " ".join(c.code if c else "??" for c in event.cards)
            lines.append(
                {
                    "what": "said",
                    "text": f"{event.player.value} takes {cards}; stock {deal.stock}",
                }
            )
            pending_hands = deal
        elif kind in ("trick", "play") and deal.tricks and not deal.lead:
            t = deal.tricks[-1]
            item = {
                "what": "trick",
                "number": t.number,
                "leader": t.leader.value,
                "lead": t.lead.code if t.lead else "??",
                "follower": t.follower.value,
                "follow": t.follow.code if t.follow else "??",
                "winner": t.winner.value if t.winner else None,
            }
            if analyse:
                item["analysis"], analysis = analysis, []
            lines.append(item)
        elif kind in ("mark", "unmark"):
            player, points = deal.marks[-1]
            lines.append(
                {
                    "what": "mark",
                    "player": player.value,
                    "points": points,
                    "reason": getattr(event, "reason", None) and event.reason.value,
                    "score": _score(step),
                }
            )
        elif kind == "score":
            lines.append({"what": "agreed", "score": {p.value: n for p, n in event.points.items()}})
        elif kind in _SAID:
            lines.append({"what": "said", "text": _said(event)})
        if deal.result is not None:  # (after a replay of the hands, the replayed result)
            r = deal.result
            current["result"] = {
                "winner": r.winner.value if r.winner else None,
                "tricks": {p.value: r.tricks[SEAT[p]] for p in (deal.elder, deal.dealer)},
                "how": r.how,
                "points": r.points,
            }
        current["score"] = _score(step)
        if len(table.games) > games_before:
            current["won"] = _game(table)  # a game won in this deal
        else:
            current.pop("won", None)  # none, or an overscore taken down: not won after all
    if current is not None:
        yield "deals", current


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
