"""The python-chess side of the benchmark: a PGN file of seeded random legal games, and the time
python-chess takes to read it back with ``chess.pgn.read_game`` (parse, SAN, legality, game
tree), as in shared/reference/performance-anchors.md.

python-chess is not a dependency of the project; it is installed in the benchmark's
environment only:

    python3 -m venv .bench && .bench/bin/pip install -e . -r bench/requirements.txt

The games look like a tournament bulletin's: the seven tag roster and the ratings and opening
code, SAN moves with move numbers wrapped at 80 columns, a result, and now and then a comment,
an annotation glyph (NAG) or a short variation. The moves are uniformly random legal moves, the
length of a game is drawn around 80 plies (as real games run), and a game that is not mated or
drawn on the board ends in a decisive result or an agreed draw. The same ``n`` gives the same
file, which is cached in the system's temporary directory (keyed by ``n``, this module's text and
the chess version), since generating it costs more than reading it.
"""

from __future__ import annotations

import hashlib
import importlib.util
import random
import tempfile
from pathlib import Path

INSTALL = "python3 -m venv .bench && .bench/bin/pip install -e . -r bench/requirements.txt"

_FIRST = ["Anna", "Boris", "Carlos", "Dmitri", "Elena", "Farid", "Grace", "Hikaru", "Ivan", "Judit"]
_LAST = ["Petrov", "Lindqvist", "Moreau", "Okafor", "Tanaka", "Schulz", "Novak", "Haddad", "Reyes"]
_EVENTS = ["Spring Open", "City Championship", "Club Rapidplay", "County League", "Masters"]
_SITES = ["London ENG", "Paris FRA", "Hastings ENG", "Wijk aan Zee NED", "Prague CZE"]
_COMMENTS = [
    "The critical moment.",
    "Better was the quiet retreat.",
    "White had prepared this in advance.",
    "Time trouble begins to tell.",
    "A natural move, but it loses a tempo.",
    "Black is already worse.",
]


def available() -> bool:
    """Whether python-chess is installed in this environment."""
    return importlib.util.find_spec("chess") is not None


def game_text(seed: int) -> str:
    """One game in PGN export format, decided by ``seed`` alone."""
    import chess
    import chess.pgn

    rng = random.Random(seed)
    game = chess.pgn.Game()
    h = game.headers
    h["Event"] = f"{rng.choice(_EVENTS)} {rng.randint(2015, 2024)}"
    h["Site"] = rng.choice(_SITES)
    h["Date"] = f"{rng.randint(2015, 2024)}.{rng.randint(1, 12):02}.{rng.randint(1, 28):02}"
    h["Round"] = str(rng.randint(1, 9))
    h["White"] = f"{rng.choice(_LAST)}, {rng.choice(_FIRST)}"
    h["Black"] = f"{rng.choice(_LAST)}, {rng.choice(_FIRST)}"
    h["WhiteElo"] = str(rng.randint(1900, 2700))
    h["BlackElo"] = str(rng.randint(1900, 2700))
    h["ECO"] = f"{rng.choice('ABCDE')}{rng.randint(0, 99):02}"

    board = chess.Board()
    node: chess.pgn.GameNode = game
    plies = max(16, min(240, round(rng.gauss(80, 30))))
    for _ in range(plies):
        moves = list(board.legal_moves)
        if not moves:
            break
        move = rng.choice(moves)
        child = node.add_main_variation(move)
        roll = rng.random()
        if roll < 0.04:
            child.nags.add(rng.choice([1, 2, 3, 4, 5, 6]))  # ! ? !! ?? !? ?!
        elif roll < 0.06:
            child.comment = rng.choice(_COMMENTS)
        elif roll < 0.07 and len(moves) > 1:
            _add_variation(rng, node, board, [m for m in moves if m != move])
        board.push(move)
        node = child
    outcome = board.outcome()
    if outcome is not None:
        h["Result"] = outcome.result()
    else:
        h["Result"] = rng.choices(["1-0", "0-1", "1/2-1/2"], weights=[38, 30, 32])[0]
    return game.accept(chess.pgn.StringExporter(columns=80))


def _add_variation(rng: random.Random, node: object, board: object, alternatives: list) -> None:
    """A side line of one to four random plies from ``node``, starting with another move."""
    import chess

    assert isinstance(board, chess.Board)
    side = board.copy(stack=False)
    var = node.add_variation(rng.choice(alternatives))  # type: ignore[attr-defined]
    side.push(var.move)
    for _ in range(rng.randint(0, 3)):
        moves = list(side.legal_moves)
        if not moves:
            break
        var = var.add_main_variation(rng.choice(moves))
        side.push(var.move)


def pgn_files(n: int) -> tuple[Path, Path, bool]:
    """The PGN files of ``n`` and ``n // 4`` games (the second the first's beginning), and
    whether they came from the cache."""
    import chess

    key = hashlib.sha256(Path(__file__).read_bytes() + chess.__version__.encode()).hexdigest()
    cache = Path(tempfile.gettempdir()) / "ecarte-bench"
    full = cache / f"chess-{n}-{key[:12]}.pgn"
    quarter = cache / f"chess-{n}-{key[:12]}-quarter.pgn"
    if full.exists() and quarter.exists():
        return full, quarter, True
    cache.mkdir(exist_ok=True)
    games = [game_text(seed) for seed in range(n)]
    for path, part in ((full, games), (quarter, games[: max(1, n // 4)])):
        tmp = path.with_suffix(".tmp")
        tmp.write_text("\n\n".join(part) + "\n", encoding="utf-8")
        tmp.replace(path)
    return full, quarter, False


def read_all(path: str) -> tuple[int, int]:
    """Read every game of the file with ``chess.pgn.read_game``: the number of games, and of
    games in which python-chess found an error (none expected)."""
    import chess.pgn

    games = errors = 0
    with open(path, encoding="utf-8") as f:
        while (game := chess.pgn.read_game(f)) is not None:
            games += 1
            errors += bool(game.errors)
    return games, errors
