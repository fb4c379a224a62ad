"""McMahon and Swiss pairing as OpenGotha does it: parameter sets, the weight of each pair, and the
round by maximum-weight perfect matching (see docs/go.md)."""
