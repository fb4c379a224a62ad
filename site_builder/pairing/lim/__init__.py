"""The FIDE Lim system (C.04.4.3): the engine (`engine.pair_round`), the section's round
(`from_section`) and the rule-by-rule checker (`checker`)."""
