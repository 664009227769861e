"""Pool écarté (``pool``): three players, two at the table, the loser of a game giving his seat
to the one sitting out; the pool goes to the first to win two games running. Pool rule P1
judges who sits down (``docs/profiles.md``)."""

from __future__ import annotations

from adjudicator.engine.ecarte.profiles.base import POOL_OF_THREE, Profile, Series

PROFILE = Profile(
    name="pool",
    title="Pool écarté: three players, two at the table",
    changes=(
        "Three players; two play and the third sits out. After each game the loser "
        "gives his seat to the one sitting out, who also takes his turn to deal. The "
        'first to win two games running (three with [Pool "3"]) wins the pool. A '
        "player who sits down out of his turn is found under pool rule P1; the deal "
        "stands."
    ),
    source=(
        "The Encyclopaedia Britannica (9th ed. and 1911) and the International "
        "Encyclopedia. Readings: the newcomer takes the loser's turn to deal; a deal "
        "played by the wrong pair stands, as law 14 lets a deal out of turn stand once "
        "played."
    ),
    seats=POOL_OF_THREE,
    series=Series.POOL,
    added_rules=("P1",),
)
"""Pool écarté: the pool's seats and its series."""
