"""The court layer: the laws' findings weighed against the claims made at the table.

``adjudicate`` rules on a record in one pass, deciding what the engine asks as it replays;
``judge`` judges the claims and the fates of the laws' options; ``deal`` rules each deal's
outcome, marks, corrections and trace; ``record`` rules what no law speaks of (a record that
contradicts itself); ``ruling`` is the ruling as data; ``plain`` rules a record whose deals are
all lawful without the replay's state after every event; ``casebook`` compares a ruling with
the one a case expects. It imports from the laws, the engine and the notation, never from the
shells.
"""
