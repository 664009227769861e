"""The court layer: the laws' findings weighed against the claims made at the table.

``adjudicate`` rules on a record: claims judged, options' fates, each deal's outcome, marks,
corrections and the trace; ``ruling`` is the ruling as data; ``plain`` rules a record whose
deals are all lawful without the replay's state after every event; ``casebook`` compares a
ruling with the one a case expects. It imports from the laws, the engine and the notation,
never from the shells.
"""
