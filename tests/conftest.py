"""Hypothesis profiles for the test suite.

``ci`` (the default): every property test draws the same inputs on every run (derandomized),
so that a run of the suite, in CI or here, passes or fails the same way. ``explore`` draws new
inputs on every run, to look for new failures (``HYPOTHESIS_PROFILE=explore pytest
tests/test_fuzz.py``); a failure found so becomes a regression test with its input.
"""

from __future__ import annotations

import os

from hypothesis import settings

settings.register_profile("ci", derandomize=True, database=None)
settings.register_profile("explore", derandomize=False)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))
