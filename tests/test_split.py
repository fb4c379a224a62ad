"""`bulletin split`: serpentine groups by strength (seed 000 六.2)."""

from __future__ import annotations

from pathlib import Path

from site_builder.commands.split import groups_needed, serpentine
from site_builder.model import Player


def test_serpentine_deals_back_and_forth() -> None:
    players = [Player(n, f"P{n}") for n in range(1, 11)]
    groups = [[p.number for p in g] for g in serpentine(players, 4)]
    assert groups == [[1, 8, 9], [2, 7, 10], [3, 6], [4, 5]]


def test_groups_of_at_most_eighteen() -> None:
    assert [groups_needed(n) for n in (1, 18, 19, 66, 108)] == [1, 1, 2, 4, 6]


def test_group_ids_stay_letters_past_z_and_names_are_in_the_event_s_language() -> None:
    """A 30-group split writes ids group-a … group-ad that YAML reads as they are, each group named in
    the event's language."""
    import yaml

    from site_builder.commands.split import split_yaml
    from site_builder.languages import catalogue

    players = [Player(n, f"P{n}") for n in range(1, 61)]
    text = split_yaml(players, 30, catalogue("en").labels)
    sections = yaml.safe_load("sections:\n" + text)["sections"]
    assert list(sections)[25:] == ["group-z", "group-aa", "group-ab", "group-ac", "group-ad"]
    assert sections["group-ab"]["name"] == "Group AB" and sections["group-a"]["players"] == [1, 60]
    assert text.startswith("# serpentine split of 60 players into 30 groups")
    assert "平行组A" in split_yaml(players, 2, catalogue("zh").labels)


def test_split_refuses_a_group_count_it_cannot_deal_in_one_line() -> None:
    from click.testing import CliRunner

    from site_builder.cli import main

    content = str(Path(__file__).resolve().parents[1] / "content")
    too_many = CliRunner().invoke(main, ["split", content, "--groups", "100"])
    assert too_many.exit_code == 2
    assert too_many.output.strip() == ("error: 2024-student-shogi-league: 100 groups for 66 players "
                                       "(hint: at most one group a player)")
    assert CliRunner().invoke(main, ["split", content, "--groups", "0"]).exit_code == 2
    unlisted = CliRunner().invoke(main, ["split", content, "--event", "2025-club-open"])
    assert unlisted.exit_code == 2 and len(unlisted.output.strip().splitlines()) == 1
    assert "has no event-level player list (hint:" in unlisted.output
