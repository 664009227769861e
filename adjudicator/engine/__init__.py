"""The engine layer: what lawful play is, and what happened at the table.

One package per game (``ecarte``, ``piquet``): its rules of play and scoring, the state of the
table, the replay of a record, the questions the laws ask of a state, and a generator of lawful
games. It judges nothing: a departure from lawful play is a fact (a deviation) for the laws. It
imports only from the notation layer, and no game imports another.
"""
