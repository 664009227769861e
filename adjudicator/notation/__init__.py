"""The notation layer: the Écarté Transcript Notation read and written.

Cards and players (``cards``), the grammar and its keywords (``grammar``), the line lexer
(``lexer``), the reader and the model it builds (``reader``, ``builder``, ``shapes``,
``model``), the canonical writer (``writer``) and the errors of unreadable input (``errors``).
It knows nothing of play or of the laws: it imports from no other layer.
"""
