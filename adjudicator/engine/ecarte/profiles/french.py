"""French écarté (``french``): bystanders may advise the players, who need not follow them.
Bystanders' rule B1 notes the advice instead of finding it (``docs/profiles.md``)."""

from __future__ import annotations

from adjudicator.engine.ecarte.profiles.base import Profile

PROFILE = Profile(
    name="french",
    title="French écarté: bystanders may advise",
    changes=(
        "Bystanders may advise the players, by word or by pointing to cards; the player "
        "need not follow the advice. Bystanders' rule B1 notes it instead of finding it."
    ),
    source=(
        "The Encyclopaedia Britannica: at French écarté, but not at English, betting "
        "bystanders may advise. The older English Hoyle: the player is not obliged to "
        "follow it."
    ),
    advice_lawful=True,
    added_rules=("B1",),
)
"""French écarté: a bystander's advice lawful."""
