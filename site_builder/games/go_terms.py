"""A go game's komi: the one a game is played with, and how go players write it; the results the content
accepts of a go game."""

from __future__ import annotations

from fractions import Fraction

#: The results the content accepts of a go game, as `bulletin init`'s README and the errors list them.
ACCEPTED = ("B+ W+ | B+R W+R (resignation) | B+T W+T (time) | B+3.5 W+0.5 (points) | jigo or = "
            "(only with a whole komi) | B+F W+F or +- -+ (forfeits) | 0-0 or -- (both lose) | ? (pending)")

#: The komi of a game with a handicap (1 to 9) when neither the game nor the section says one.
HANDICAP_KOMI = Fraction(1, 2)


def game_komi(komi: Fraction | None, handicap: int | None, section_komi: Fraction | None) -> Fraction | None:
    """The komi a game is played with: its own, else ½ with a handicap (1 to 9), else the section's.

    >>> game_komi(None, 3, Fraction(13, 2)), game_komi(None, 0, Fraction(13, 2))
    (Fraction(1, 2), Fraction(13, 2))
    >>> game_komi(Fraction(0), 2, None)
    Fraction(0, 1)
    """
    if komi is not None:
        return komi
    return HANDICAP_KOMI if handicap else section_komi


def format_komi(komi: Fraction) -> str:
    """A komi as go players write it.

    >>> format_komi(Fraction(13, 2)), format_komi(Fraction(7)), format_komi(Fraction(-1, 2))
    ('6.5', '7', '-0.5')
    """
    return str(komi.numerator) if komi.denominator == 1 else f"{float(komi):.1f}"


def terms_yaml(handicap: int | None, section_komi: Fraction | None) -> str:
    """The handicap and komi the engine gives a game, as the keys of a round file's game mapping
    (after its board and players): `, handicap: 2, komi: 0.5`; the komi left out when none is known.

    >>> terms_yaml(2, Fraction(13, 2)), terms_yaml(0, Fraction(13, 2)), terms_yaml(0, None)
    (', handicap: 2, komi: 0.5', ', handicap: 0, komi: 6.5', ', handicap: 0')
    """
    komi = game_komi(None, handicap, section_komi)
    return f", handicap: {handicap or 0}" + (f", komi: {format_komi(komi)}" if komi is not None else "")
