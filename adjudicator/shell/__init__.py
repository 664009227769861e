"""The shells: the command line (``cli``), rulings over archives (``batch``), and the text and
JSON forms of rulings and replays (``report``, ``show``). Thin layers over the core; nothing
below imports them.
"""
