"""What the shells use of the generic core, the same for every game: the notation's errors
(and the most a record reports), its numbers, and the cards and players. With the games'
façades (:mod:`adjudicator.court.ecarte.api`, :mod:`adjudicator.court.piquet.api`), the only
modules of the layers below that the shells import from (``lint-imports``). These are small and
loaded by every command: they are imported at once.
"""

from adjudicator.notation.cards import Card as Card
from adjudicator.notation.cards import Player as Player
from adjudicator.notation.errors import MAX_ERRORS as MAX_ERRORS
from adjudicator.notation.errors import NotationError as NotationError
from adjudicator.notation.numbers import is_number as is_number
from adjudicator.notation.numbers import number as number
from laws.core.lookup import cited_in as cited_in
from laws.core.lookup import listing as listing
from laws.core.lookup import matching_in as matching_in
from laws.core.lookup import stem as stem
