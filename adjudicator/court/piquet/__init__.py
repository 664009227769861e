"""The court for rubicon piquet: a record replayed and stated as a ruling (each deal's score by
category, each partie's account and settlement, and every departure from lawful play).

The Portland and Turf clubs' laws that rule on the departures come with ``laws/piquet``; until
then a departure is reported as the fact the replay found, with the laws it touches named in
its message.

The shells see it through :mod:`adjudicator.court.piquet.api`.
"""
