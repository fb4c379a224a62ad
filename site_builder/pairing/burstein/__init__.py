"""The FIDE Burstein system (C.04.4.2, rules from 1 February 2026): see `engine.pair_round`.

Seeding rounds are paired by the Dutch engine (art. 1.6); the rounds after them rank the players of
each bracket by the opposition Index (`index.py`, art. 1.7–1.8) and pair them by one maximum-weight
matching per bracket (`engine.py`); `checker.py` evaluates a published round against the criteria
one by one, without calling the engine."""
