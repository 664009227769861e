"""What every game's laws share: the shape of a law object (:class:`~laws.core.law.LawLike`),
how a ruling cites one, and how a reader looks them up by number or by word and lists them
(:mod:`laws.core.lookup`). It imports no game: each game's package holds its own laws, which
satisfy the shape by their fields alone."""
