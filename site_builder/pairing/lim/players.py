"""What the Lim system (C.04.4.3) reads off a player's past rounds: the pairing score, the colours
played, the colour due (art. 5), and whether two players are compatible (art. 2.1).

Scores are in half points (win 2, draw 1, loss 0), as `site_builder.pairing.dutch.history` keeps
them; only games played over the board count for colours and meetings (C.04.1: a forfeit is no
meeting)."""

from __future__ import annotations

from dataclasses import dataclass

from site_builder.pairing.dutch.history import BLACK, WHITE, WIN, Entrant, invert


@dataclass(frozen=True)
class Player:
    """A player as the Lim system sees them before a round: number, pairing score (virtual points
    of the Baku method included), colours of the games played, opponents met, bye eligibility."""

    number: int
    score: int
    colours: tuple[str, ...]
    met: frozenset[int]
    bye_eligible: bool

    @property
    def imbalance(self) -> int:
        """Whites minus blacks."""
        return self.colours.count(WHITE) - self.colours.count(BLACK)

    def may_take(self, colour: str) -> bool:
        """Whether the player may receive `colour` (art. 2.1): not the same colour three times in
        a row, not three more games with one colour than with the other."""
        if self.colours[-2:] == (colour, colour):
            return False
        return abs(self.imbalance + (1 if colour == WHITE else -1)) < 3

    def due(self, round_number: int) -> str | None:
        """The colour due (art. 5): the other colour after two alike (art. 5.3) or when two more of
        one colour were played; in an even round the equalising colour, else the alternating one
        (art. 5.2); None before any game."""
        if not self.colours:
            return None
        last = self.colours[-1]
        if self.colours[-2:] == (last, last):
            return invert(last)
        lower = BLACK if self.imbalance > 0 else WHITE
        if abs(self.imbalance) >= 2 or (round_number % 2 == 0 and self.imbalance):
            return lower
        return invert(last)

    def must(self) -> str | None:
        """The colour the player must receive (art. 2.1, 5.3), None when either is allowed."""
        allowed = [c for c in (WHITE, BLACK) if self.may_take(c)]
        return allowed[0] if len(allowed) == 1 else None


def player_of(entrant: Entrant) -> Player:
    """The Lim view of one entrant of the Dutch engine's history."""
    played = [g for g in entrant.history if g.played]
    score = entrant.score + entrant.acceleration(len(entrant.history))
    eligible = not any(not g.played and g.points >= WIN for g in entrant.history)
    return Player(entrant.number, score, tuple(g.colour or WHITE for g in played),
                  frozenset(g.opponent for g in played if g.opponent is not None), eligible)


def compatible(a: Player, b: Player, strict: bool = True) -> bool:
    """Art. 2.1: not met before and some colours let both play without breaking the colour rules
    (`strict`; without it only the meeting counts, when no pairing keeps them)."""
    if b.number in a.met or a.number in b.met:
        return False
    if not strict:
        return True
    return (a.may_take(WHITE) and b.may_take(BLACK)) or (a.may_take(BLACK) and b.may_take(WHITE))
