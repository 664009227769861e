"""The laws each game is ruled under, as data and pure functions: one package per game
(``laws.ecarte``: the 51 laws of écarté of the London clubs), each with one object per law."""
