"""Properties of the OpenGotha-style engine on generated events: a perfect matching of the present
players, no rematch when one can be avoided, the bye to the player OpenGotha's rule picks, the same
pairing every time."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from site_builder.engine.go_scores import GoGame, GoPlayer, GoResult
from site_builder.pairing.gotha.event import GothaEvent
from site_builder.pairing.gotha.parameters import GothaParameters
from site_builder.pairing.gotha.round import choose_bye, pair_round, players_to_pair
from site_builder.pairing.gotha.state import round_state


@st.composite
def events(draw: st.DrawFn) -> tuple[GothaEvent, int]:
    count = draw(st.integers(3, 14))
    ranks = draw(st.lists(st.integers(-30, 8), min_size=count, max_size=count))
    absent = draw(st.lists(st.booleans(), min_size=count, max_size=count))
    players = tuple(GoPlayer(f"K{i}", f"N{i}", "F", rank=r, rating=100 * r, club=f"c{i % 3}",
                             absent=frozenset({3}) if a else frozenset())
                    for i, (r, a) in enumerate(zip(ranks, absent, strict=True)))
    parameters = draw(st.sampled_from([GothaParameters.mcmahon(4), GothaParameters.swiss(4)]))
    event = GothaEvent(players, parameters=parameters)
    rounds = draw(st.integers(1, 3))
    for number in range(1, rounds):
        pairing = pair_round(event, number)
        wins = draw(st.lists(st.booleans(), min_size=len(pairing.games), max_size=len(pairing.games)))
        games = tuple(GoGame(number, g.white, g.black, g.handicap,
                             GoResult.WHITE_WINS if w else GoResult.BLACK_WINS, table=g.table)
                      for g, w in zip(pairing.games, wins, strict=True))
        byes = {**event.byes, **({number: pairing.bye} if pairing.bye else {})}
        event = GothaEvent(players, (*event.games, *games), byes, parameters)
    return event, rounds


@settings(max_examples=40, deadline=None)
@given(events())
def test_a_round_pairs_every_present_player_once(case: tuple[GothaEvent, int]) -> None:
    event, number = case
    present = players_to_pair(event, number)
    pairing = pair_round(event, number)
    seated = [k for g in pairing.games for k in (g.white, g.black)]
    assert sorted(seated + ([pairing.bye] if pairing.bye else [])) == sorted(present)
    assert (pairing.bye is None) == (len(present) % 2 == 0)
    assert sorted(g.table for g in pairing.games) == list(range(1, len(pairing.games) + 1))
    assert pair_round(event, number) == pairing


@settings(max_examples=40, deadline=None)
@given(events())
def test_the_bye_goes_to_the_player_opengotha_picks(case: tuple[GothaEvent, int]) -> None:
    event, number = case
    present = players_to_pair(event, number)
    pairing = pair_round(event, number)
    if pairing.bye:
        assert pairing.bye == choose_bye(round_state(event, number), present)
        if event.byes and len(set(present) - set(event.byes.values())) > 0:
            assert pairing.bye not in event.byes.values()


@settings(max_examples=40, deadline=None)
@given(events())
def test_no_rematch_when_one_can_be_avoided(case: tuple[GothaEvent, int]) -> None:
    event, number = case
    met = {frozenset((g.white, g.black)) for g in event.games}
    pairing = pair_round(event, number)
    rematches = sum(frozenset((g.white, g.black)) in met for g in pairing.games)
    if rematches:
        import networkx as nx

        graph = nx.Graph()
        keys = [k for g in pairing.games for k in (g.white, g.black)]
        graph.add_edges_from((a, b) for i, a in enumerate(keys) for b in keys[i + 1:]
                             if frozenset((a, b)) not in met)
        assert len(nx.max_weight_matching(graph, maxcardinality=True)) < len(pairing.games)
