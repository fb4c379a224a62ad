"""Deterministic generator of a large synthetic Swiss xiangqi event, for benchmarks.

Usage: python bench/generate.py [--players 500] [--rounds 11] [--seed 2024] [OUTPUT]

Writes `OUTPUT/<slug>/event.yaml`, `OUTPUT/<slug>/open/players.yaml` and
`OUTPUT/<slug>/open/rounds/NN.yaml` (default OUTPUT: bench/out/content). The same arguments
always give byte-identical files. Pairings are a plausible Swiss (score groups, then rating;
no rematches; one bye per player at most) and results follow the rating difference.
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import math
import random
import shutil
import sys
from dataclasses import dataclass, field
from pathlib import Path

DEFAULT_OUTPUT = Path(__file__).resolve().parent / "out" / "content"
DEFAULT_PLAYERS = 500
DEFAULT_ROUNDS = 11
DEFAULT_SEED = 20240817
SLUG = "2024-synthetic-open"
SECTION = "open"

WIN, DRAW, LOSS = 2, 1, 0  # xiangqi 2/1/0; a bye scores a win
UNRATED_STRENGTH = 1500
RED_ADVANTAGE = 35  # Elo points the first mover (red) is worth

# ---------------------------------------------------------------- name material

#: Common Chinese surnames, roughly by frequency (weights below favour the first ones).
SURNAMES = (
    "王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗郑梁谢宋唐许韩冯邓曹彭曾肖田董袁潘于蒋蔡余杜叶程苏魏吕"
    "丁任沈姚卢姜崔钟谭陆汪范金石廖贾夏韦付方白邹孟熊秦邱江尹薛闫段雷侯龙史陶黎贺顾毛郝龚邵万钱严"
    "覃武戴莫孔向汤常温康施文牛樊葛邢安齐易乔伍庞颜倪庄聂章鲁岳翟殷詹申欧耿关兰焦俞左柳甘祝包宁尚"
)
COMPOUND_SURNAMES = ("欧阳", "司马", "诸葛", "上官", "东方", "皇甫", "尉迟", "令狐")
GIVEN_MALE = "伟强磊军勇杰涛斌超明刚平辉鹏华飞鑫波宇浩凯健俊帆帅旭宁龙林阳晨峰亮成博志文天翔瑞彬毅哲"
GIVEN_FEMALE = "芳娜敏静丽艳娟霞燕玲婷雪琳丹颖倩洁晶慧莉萍红月琪欣怡佳璐蕾梦瑶雯思楠妍萱晴彤悦冰露"
GIVEN_ANY = "子嘉一文思雨可心欣诗佳梓宇晓俊明天海家振国建学春秋"

#: Latin-script players by origin: (surnames, male given names, female given names, clubs).
LATIN_ORIGINS: tuple[tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...], tuple[str, ...]], ...] = (
    (("Müller", "Schmidt", "Schneider", "Fischer", "Weber", "Becker", "Hoffmann", "Schäfer", "Koch",
      "Bauer", "Richter", "Wolf", "Schröder", "Neumann", "Zimmermann", "Krüger", "Hartmann", "Lange"),
     ("Anton", "Lukas", "Jonas", "Felix", "Maximilian", "Jürgen", "Stefan", "Tobias", "Matthias"),
     ("Anna", "Lena", "Sophie", "Marie", "Hannah", "Jülide", "Katrin", "Ursula"),
     ("SG Porz", "Hamburger SK", "SC Berlin-Neukölln", "Xiangqi-Verein München", "")),
    (("O'Brien", "O'Connor", "Murphy", "Kelly", "Walsh", "Byrne", "Ryan", "McCarthy", "O'Sullivan"),
     ("Sean", "Patrick", "Liam", "Conor", "Cian", "Eoin"),
     ("Siobhan", "Aoife", "Niamh", "Saoirse", "Ciara"),
     ("Dublin Xiangqi Club", "Cork Chess & Xiangqi", "")),
    (("Smith", "Jones", "Williams", "Taylor", "Brown", "Wilson", "Evans", "Roberts", "Johnson"),
     ("James", "Oliver", "Thomas", "Harry", "George", "William"),
     ("Emma", "Olivia", "Charlotte", "Amelia", "Grace"),
     ("London Xiangqi Association", "Manchester Chinese Chess Club", "")),
    (("Martin", "Bernard", "Dubois", "Robert", "Richard", "Petit", "Durand", "Lefèvre", "Moreau"),
     ("Pierre", "Jean", "Louis", "Hugo", "René", "François"),
     ("Chloé", "Camille", "Léa", "Noémie", "Hélène"),
     ("Club de Xiangqi de Paris", "Lyon Échecs Chinois", "")),
    (("García", "Fernández", "González", "Rodríguez", "López", "Martínez", "Sánchez", "Pérez"),
     ("Carlos", "Javier", "Diego", "José", "Álvaro"),
     ("María", "Lucía", "Carmen", "Inés"),
     ("Club Xiangqi Madrid", "Xiangqi Barcelona")),
    (("Rossi", "Russo", "Ferrari", "Esposito", "Bianchi", "Romano", "Colombo"),
     ("Marco", "Luca", "Matteo", "Niccolò"),
     ("Giulia", "Chiara", "Francesca"),
     ("Associazione Xiangqi Milano", "")),
    (("Nguyễn", "Trần", "Lê", "Phạm", "Hoàng", "Phan", "Vũ", "Đặng"),
     ("Minh", "Đức", "Tuấn", "Hùng", "Quang"),
     ("Linh", "Lan", "Hương", "Thảo"),
     ("Hội Cờ Tướng Hà Nội", "CLB Cờ Tướng TP.HCM")),
    (("Kowalski", "Nowak", "Wiśniewski", "Dąbrowski", "Lewandowski"),
     ("Piotr", "Jakub", "Krzysztof", "Łukasz"),
     ("Agnieszka", "Małgorzata", "Zofia"),
     ("Warszawski Klub Xiangqi",)),
    (("Jansen", "de Vries", "van den Berg", "van Dijk", "Bakker", "Janssen"),
     ("Daan", "Sem", "Bram", "Joost"),
     ("Saskia", "Fleur", "Anouk"),
     ("Xiangqi Nederland", "")),
    (("Andersson", "Johansson", "Karlsson", "Nilsson", "Eriksson", "Hansen", "Nielsen"),
     ("Erik", "Lars", "Mikael", "Anders", "Søren"),
     ("Ingrid", "Astrid", "Åsa", "Freja"),
     ("Stockholms Xiangqiklubb", "København Xiangqi", "")),
    (("Tanaka", "Suzuki", "Takahashi", "Watanabe", "Itō"),
     ("Hiroshi", "Kenji", "Takumi", "Shōta"),
     ("Yuki", "Akiko", "Haruka"),
     ("Tokyo Xiangqi Kai", "")),
)

CHINESE_CLUBS = (
    "北京", "上海", "天津", "重庆", "河北", "山西", "内蒙古", "辽宁", "吉林", "黑龙江", "江苏",
    "浙江", "安徽", "福建", "江西", "山东", "河南", "湖北", "湖南", "广东", "广西", "海南", "四川",
    "贵州", "云南", "陕西", "甘肃", "宁夏", "新疆", "深圳", "厦门", "杭州棋院", "成都棋院",
    "火车头体协", "煤矿体协", "中国香港", "中国澳门", "中华台北",
)


@dataclass
class Entrant:
    """A player while generating: identity, strength and history."""

    name: str
    sex: str
    club: str
    rating: int | None
    birth_year: int
    number: int = 0
    score: int = 0
    reds: int = 0
    blacks: int = 0
    last_red: bool | None = None
    had_bye: bool = False
    opponents: set[int] = field(default_factory=set)

    @property
    def strength(self) -> int:
        return self.rating if self.rating is not None else UNRATED_STRENGTH


# ---------------------------------------------------------------- players


def _chinese_name(rng: random.Random, sex: str) -> str:
    if rng.random() < 0.02:
        surname = rng.choice(COMPOUND_SURNAMES)
    else:  # frequent surnames first: a skewed index into the list
        surname = SURNAMES[min(len(SURNAMES) - 1, int(rng.expovariate(1 / 25)))]
    pool = GIVEN_MALE if sex == "m" else GIVEN_FEMALE
    if rng.random() < 0.35:  # one given character
        return surname + rng.choice(pool)
    return surname + rng.choice(GIVEN_ANY + pool) + rng.choice(pool)


def _latin_player(rng: random.Random, sex: str) -> tuple[str, str]:
    """(name as 'Surname, Given', club) of a player from one origin."""
    surnames, male, female, clubs = rng.choice(LATIN_ORIGINS)
    given = rng.choice(male if sex == "m" else female)
    return f"{rng.choice(surnames)}, {given}", rng.choice(clubs)


def make_players(rng: random.Random, count: int) -> list[Entrant]:
    """`count` players with unique names, numbered by rating (unrated last), as a seeding list."""
    entrants: list[Entrant] = []
    names: set[str] = set()
    while len(entrants) < count:
        sex = "f" if rng.random() < 0.22 else "m"
        latin = rng.random() < 0.18
        if latin:
            name, club = _latin_player(rng, sex)
        else:
            name, club = _chinese_name(rng, sex), rng.choice(CHINESE_CLUBS)
        if name in names:
            continue
        names.add(name)
        birth_year = round(rng.gauss(1988, 15))
        while not 1945 <= birth_year <= 2013:
            birth_year = round(rng.gauss(1988, 15))
        rating = None if rng.random() < 0.06 else max(1100, min(2700, round(rng.gauss(1850, 260))))
        entrants.append(Entrant(name, sex, club, rating, birth_year))
    entrants.sort(key=lambda e: (e.rating is None, -(e.rating or 0), e.name))
    for number, entrant in enumerate(entrants, start=1):
        entrant.number = number
    return entrants


# ---------------------------------------------------------------- pairing


def _pair_group(order: list[Entrant]) -> list[tuple[Entrant, Entrant]] | None:
    """Pair neighbours in `order` without rematches: greedy with backtracking (None if impossible)."""
    pairs: list[tuple[Entrant, Entrant]] = []
    used = [False] * len(order)
    budget = [200_000]  # steps of backtracking before giving up

    def solve(start: int) -> bool:
        while start < len(order) and used[start]:
            start += 1
        if start == len(order):
            return True
        budget[0] -= 1
        if budget[0] < 0:
            return False
        top = order[start]
        used[start] = True
        for j in range(start + 1, len(order)):
            other = order[j]
            if used[j] or other.number in top.opponents:
                continue
            used[j] = True
            pairs.append((top, other))
            if solve(start + 1):
                return True
            pairs.pop()
            used[j] = False
        used[start] = False
        return False

    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(max(limit, len(order) + 200))
    try:
        return pairs if solve(0) else None
    finally:
        sys.setrecursionlimit(limit)


def _colours(a: Entrant, b: Entrant) -> tuple[Entrant, Entrant]:
    """(red, black): the one due red by colour balance, then by alternation, then the higher seed."""
    da, db = a.reds - a.blacks, b.reds - b.blacks
    if da != db:
        return (a, b) if da < db else (b, a)
    if a.last_red is not None and a.last_red != b.last_red:
        return (b, a) if a.last_red else (a, b)
    return (a, b) if a.number < b.number else (b, a)


Board = tuple[Entrant, Entrant]


def pair_round(rng: random.Random, entrants: list[Entrant]) -> tuple[list[Board], Entrant | None]:
    """One Swiss round: boards (red, black) in order, and the player with the bye if any."""
    order = sorted(entrants, key=lambda e: (-e.score, -e.strength, e.number))
    bye = None
    if len(order) % 2:
        bye = next((e for e in reversed(order) if not e.had_bye), order[-1])
        order.remove(bye)
    pairs = _pair_group(order)
    for _ in range(20):  # fallback, practically never needed: perturb the order and retry
        if pairs is not None:
            break
        rng.shuffle(order)
        pairs = _pair_group(order)
    if pairs is None:
        raise ValueError("cannot pair a round without rematches; use fewer rounds or more players")
    boards = [_colours(a, b) for a, b in pairs]
    boards.sort(key=lambda rb: (-max(rb[0].score, rb[1].score), -(rb[0].score + rb[1].score),
                                min(rb[0].number, rb[1].number)))
    return boards, bye


# ---------------------------------------------------------------- results


def play(rng: random.Random, red: Entrant, black: Entrant) -> str:
    """A result '2:0' / '1:1' / '0:2' (rarely a forfeit) following the rating difference."""
    if rng.random() < 0.002:
        return rng.choice(("+:-", "-:+"))
    diff = red.strength + RED_ADVANTAGE - black.strength
    expected = 1 / (1 + math.pow(10, -diff / 400))
    draw = 0.30 - 0.20 * abs(2 * expected - 1)  # ~25% overall, fewer between mismatched players
    red_wins = max(0.0, expected - draw / 2)
    roll = rng.random()
    if roll < red_wins:
        return "2:0"
    if roll < red_wins + draw:
        return "1:1"
    return "0:2"


def _record(red: Entrant, black: Entrant, result: str) -> None:
    points = {"2:0": (WIN, LOSS), "1:1": (DRAW, DRAW), "0:2": (LOSS, WIN),
              "+:-": (WIN, LOSS), "-:+": (LOSS, WIN)}[result]
    red.score += points[0]
    black.score += points[1]
    red.reds += 1
    black.blacks += 1
    red.last_red, black.last_red = True, False
    red.opponents.add(black.number)
    black.opponents.add(red.number)


# ---------------------------------------------------------------- writing


def _q(text: str) -> str:
    """A YAML double-quoted scalar (JSON strings are valid YAML)."""
    return json.dumps(text, ensure_ascii=False)


def _event_yaml(players: int, rounds: int, start: dt.date, end: dt.date, name: str, short_name: str) -> str:
    return (
        "# Synthetic event written by bench/generate.py — do not edit by hand.\n"
        f"name: {name}\n"
        f"short_name: {short_name}\n"
        f"dates: [{start.isoformat()}, {end.isoformat()}]\n"
        "game: xiangqi\n"
        "language: zh\n"
        "venue: 合成体育馆\n"
        "chief_arbiter: 裁判委员会\n"
        "organizers: [中国象棋协会, 基准测试组委会]\n"
        "draw_seed: 20240817\n"
        f"description: 合成的{players}人积分编排赛，共{rounds}轮，用于性能测试。\n"
        "sections:\n"
        f"  {SECTION}:\n"
        "    name: 公开组\n"
        "    system: swiss\n"
        f"    rounds: {rounds}\n"
    )


def _players_yaml(entrants: list[Entrant]) -> str:
    lines = ["# Seeding order: by rating, unrated players last.", "players:"]
    for e in entrants:
        rating = f", rating: {e.rating}" if e.rating is not None else ""
        club = f", club: {_q(e.club)}" if e.club else ""
        lines.append(f"  - {{number: {e.number}, name: {_q(e.name)}{rating}{club}, sex: {e.sex}, "
                     f"birth_year: {e.birth_year}}}")
    return "\n".join(lines) + "\n"


def _round_yaml(number: int, day: dt.date, boards: list[tuple[Entrant, Entrant, str]],
                bye: Entrant | None) -> str:
    lines = [f"round: {number}", f"date: {day.isoformat()}",
             "games:      # [board, red (first), black (second), result]"]
    for board, (red, black, result) in enumerate(boards, start=1):
        lines.append(f'  - [{board}, {red.number}, {black.number}, "{result}"]')
    if bye is not None:
        lines.append(f"bye: {bye.number}")
    return "\n".join(lines) + "\n"


def generate(output: Path = DEFAULT_OUTPUT, players: int = DEFAULT_PLAYERS, rounds: int = DEFAULT_ROUNDS,
             seed: int = DEFAULT_SEED, slug: str = SLUG, start: dt.date = dt.date(2024, 8, 17),
             name: str = "2024年全国象棋公开赛（基准测试）", short_name: str = "2024象棋公开赛") -> Path:
    """Write the synthetic event under `output/slug` (replacing a previous one); return its directory."""
    if players < 2 or rounds < 1 or rounds >= players:
        raise ValueError("need at least 2 players and 1 ≤ rounds < players")
    rng = random.Random(seed)
    entrants = make_players(rng, players)
    days = [start + dt.timedelta(days=(r * 2 + 1) // 3) for r in range(rounds)]  # 1–2 rounds a day
    event_dir = output / slug
    if event_dir.exists():
        shutil.rmtree(event_dir)
    rounds_dir = event_dir / SECTION / "rounds"
    rounds_dir.mkdir(parents=True)
    event_yaml = _event_yaml(players, rounds, days[0], days[-1], name, short_name)
    (event_dir / "event.yaml").write_text(event_yaml, encoding="utf-8")
    (event_dir / SECTION / "players.yaml").write_text(_players_yaml(entrants), encoding="utf-8")
    for number in range(1, rounds + 1):
        pairs, bye = pair_round(rng, entrants)
        boards = [(red, black, play(rng, red, black)) for red, black in pairs]
        for red, black, result in boards:
            _record(red, black, result)
        if bye is not None:
            bye.score += WIN
            bye.had_bye = True
        text = _round_yaml(number, days[number - 1], boards, bye)
        (rounds_dir / f"{number:02d}.yaml").write_text(text, encoding="utf-8")
    return event_dir


def main(argv: list[str] | None = None) -> None:
    """Command line: generate the event and say where it went."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("output", nargs="?", type=Path, default=DEFAULT_OUTPUT,
                        help=f"content directory to write into (default {DEFAULT_OUTPUT})")
    parser.add_argument("--players", type=int, default=DEFAULT_PLAYERS)
    parser.add_argument("--rounds", type=int, default=DEFAULT_ROUNDS)
    parser.add_argument("--seed", type=int, default=DEFAULT_SEED)
    args = parser.parse_args(argv)
    event_dir = generate(args.output, args.players, args.rounds, args.seed)
    print(f"wrote {args.players} players × {args.rounds} rounds into {event_dir}")


if __name__ == "__main__":
    main()
