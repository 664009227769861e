"""The court layer: the laws' findings weighed against the claims made at the table.

One package per game (``ecarte``): claims, options, outcomes, corrections and the ruling as
data. It imports from the laws, the engine and the notation, never from the shells, and no game
imports another.
"""
