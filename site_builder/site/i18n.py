"""Label catalogues: every word a page shows, in Chinese and English."""

from __future__ import annotations

LABELS: dict[str, dict[str, str]] = {
    "zh": {
        "home": "首页",
        "events": "赛事",
        "event": "赛事",
        "sections": "组别",
        "section": "组别",
        "dates": "日期",
        "venue": "地点",
        "organizers": "主办",
        "chief_arbiter": "裁判长",
        "system": "编排",
        "rounds": "轮次",
        "round": "第 {n} 轮",
        "round_short": "第{n}轮",
        "rounds_planned": "共 {n} 轮",
        "current_round": "当前轮次",
        "players": "棋手",
        "player_list": "棋手名单",
        "by_number": "按序号",
        "by_name": "按姓名",
        "pairings": "对阵",
        "results": "成绩",
        "pairings_results": "对阵与成绩",
        "standings": "名次",
        "standings_after": "第 {n} 轮后名次",
        "crosstable": "成绩交叉表",
        "board": "台次",
        "board_line": "第 {n} 台",
        "number": "序号",
        "name": "姓名",
        "rating": "等级分",
        "club": "单位",
        "sex": "性别",
        "birth_year": "出生年",
        "title": "称号",
        "result": "结果",
        "points": "积分",
        "place": "名次",
        "opponent": "对手",
        "opponent_points": "对手积分",
        "side_column": "先后",
        "running": "累计",
        "games": "对局",
        "bye": "轮空",
        "bye_mark": "(轮空)",
        "absent": "缺席",
        "not_paired": "未编排",
        "pending": "待定",
        "pending_results": "尚有 {n} 局结果待定，名次为临时名次。",
        "provisional": "临时",
        "codes": "棋手代号",
        "code": "代号",
        "codes_note": "从第二轮起按代号定位编排；代号在最后一轮比赛开始后公布。",
        "provisional_note": "本轮对阵由编排程序按规程计算，在裁判公布前为临时对阵。",
        "next_round": "下一轮对阵",
        "no_rounds": "尚无轮次。",
        "no_results": "尚无成绩。",
        "playoff": "需加赛",
        "playoff_note": "标“需加赛”者名次待加赛决定。",
        "shared_note": "并列名次以序号排列。",
        "player_card": "棋手卡片",
        "tiebreaks": "破同分",
        "pdf": "PDF 公报",
        "pdf_round": "第 {n} 轮公报 (PDF)",
        "pages": "文件",
        "generated": "由 bulletin 生成",
        "withdrawn": "退赛",
        "penalties": "犯规",
        "warnings": "警告",
        "page_css": '"第 " counter(page) " 页 / 共 " counter(pages) " 页"',
        "after_round": "第 {n} 轮后",
        "total": "合计",
        "win": "胜",
        "draw": "和",
        "loss": "负",
        "forfeit_win": "不战胜",
        "forfeit_loss": "不战负",
        "double_forfeit": "双方弃权",
        "skip": "跳到正文",
        "menu": "导航",
        "of_section": "{section}",
        "system.swiss-positional": "积分编排（定位）",
        "system.swiss": "积分编排",
        "system.round-robin": "循环赛",
        "system.knockout": "淘汰赛",
        "system.manual": "人工编排",
        "status.upcoming": "未开始",
        "status.running": "进行中",
        "status.finished": "已结束",
        "status": "状态",
        "lang_name": "中文",
    },
    "en": {
        "home": "Home",
        "events": "Events",
        "event": "Event",
        "sections": "Sections",
        "section": "Section",
        "dates": "Dates",
        "venue": "Venue",
        "organizers": "Organizers",
        "chief_arbiter": "Chief arbiter",
        "system": "System",
        "rounds": "Rounds",
        "round": "Round {n}",
        "round_short": "R{n}",
        "rounds_planned": "{n} rounds",
        "current_round": "Current round",
        "players": "Players",
        "player_list": "Players",
        "by_number": "By number",
        "by_name": "By name",
        "pairings": "Pairings",
        "results": "Results",
        "pairings_results": "Pairings and results",
        "standings": "Standings",
        "standings_after": "Standings after round {n}",
        "crosstable": "Crosstable",
        "board": "Bd",
        "board_line": "Board {n}",
        "number": "No.",
        "name": "Name",
        "rating": "Rating",
        "club": "Club",
        "sex": "Sex",
        "birth_year": "Born",
        "title": "Title",
        "result": "Result",
        "points": "Pts",
        "place": "Rk",
        "opponent": "Opponent",
        "opponent_points": "Opp. pts",
        "side_column": "Side",
        "running": "Total",
        "games": "Games",
        "bye": "bye",
        "bye_mark": "(bye)",
        "absent": "absent",
        "not_paired": "not paired",
        "pending": "pending",
        "pending_results": "{n} results pending: the standings are provisional.",
        "provisional": "provisional",
        "codes": "Pairing codes",
        "code": "Code",
        "codes_note": (
            "From round 2 the pairing used these secret codes; "
            "they are published once the last round has started."
        ),
        "provisional_note": (
            "Computed by the pairing engine from the regulations; "
            "provisional until the arbiter publishes the round."
        ),
        "next_round": "Next round pairings",
        "no_rounds": "No rounds yet.",
        "no_results": "No results yet.",
        "playoff": "playoff",
        "playoff_note": "Places marked “playoff” are decided by a playoff.",
        "shared_note": "Shared places are listed by pairing number.",
        "player_card": "Player card",
        "tiebreaks": "Tiebreaks",
        "pdf": "PDF bulletin",
        "pdf_round": "Round {n} bulletin (PDF)",
        "pages": "Documents",
        "generated": "Generated by bulletin",
        "withdrawn": "withdrawn",
        "penalties": "Penalties",
        "warnings": "Warnings",
        "page_css": '"Page " counter(page) " of " counter(pages)',
        "after_round": "after round {n}",
        "total": "Total",
        "win": "win",
        "draw": "draw",
        "loss": "loss",
        "forfeit_win": "forfeit win",
        "forfeit_loss": "forfeit loss",
        "double_forfeit": "double forfeit",
        "skip": "Skip to content",
        "menu": "Menu",
        "of_section": "{section}",
        "system.swiss-positional": "Swiss (Chinese positional)",
        "system.swiss": "Swiss",
        "system.round-robin": "Round robin",
        "system.knockout": "Knockout",
        "system.manual": "Manual pairing",
        "status.upcoming": "upcoming",
        "status.running": "in progress",
        "status.finished": "finished",
        "status": "Status",
        "lang_name": "English",
    },
}

#: Column headings of tiebreaks: (zh, en, FIDE alias shown as a tooltip).
TIEBREAK_LABELS: dict[str, tuple[str, str, str]] = {
    "points": ("积分", "Pts", "Points"),
    "opponent-score": ("对手分", "Opp", "Buchholz"),
    "cumulative": ("累进分", "Cum", "Progressive score"),
    "progressive-cuts": ("累进分", "Cum", "Progressive score with cuts"),
    "sonneborn-berger": ("小分", "SB", "Sonneborn-Berger"),
    "direct-encounter": ("直胜", "DE", "Direct encounter"),
    "wins": ("胜局", "W", "Number of wins"),
    "second-wins": ("后胜", "BW", "Wins with black / as second player"),
    "second-games": ("后手局", "BG", "Games with black / as second player"),
    "second-points": ("后手分", "BP", "Points with black / as second player"),
    "penalties": ("犯规", "Pen", "Penalties (fewer ranks higher)"),
    "warnings": ("警告", "Warn", "Warnings (fewer ranks higher)"),
    "number": ("序号", "No", "Pairing number"),
    "lot": ("抽签", "Lot", "Drawing of lots"),
    "manual": ("加赛", "PO", "Playoff / arbiter's order"),
}

#: Side names by game: (zh first, zh second, en first, en second).
SIDES: dict[str, tuple[str, str, str, str]] = {
    "xiangqi": ("红方", "黑方", "Red", "Black"),
    "chess": ("白方", "黑方", "White", "Black"),
    "gomoku": ("黑方", "白方", "Black", "White"),
    "go": ("黑方", "白方", "Black", "White"),
    "shogi": ("先手", "后手", "Sente", "Gote"),
}


class Labels:
    """Labels of one language; `t("round", n=3)` formats, `t.side(game, second)` names a side."""

    def __init__(self, language: str) -> None:
        self.language = language
        self.table = LABELS[language]

    def __call__(self, key: str, **values: object) -> str:
        text = self.table[key]
        return text.format(**values) if values else text

    def __getattr__(self, key: str) -> str:
        try:
            return self.table[key]
        except KeyError as exc:
            raise AttributeError(key) from exc

    def side(self, game: str, second: bool) -> str:
        names = SIDES[game]
        offset = 0 if self.language == "zh" else 2
        return names[offset + (1 if second else 0)]

    def tiebreak(self, tiebreak_id: str) -> tuple[str, str]:
        """(column heading, full name) of a tiebreak."""
        zh, en, full = TIEBREAK_LABELS[tiebreak_id]
        return (zh if self.language == "zh" else en), full
