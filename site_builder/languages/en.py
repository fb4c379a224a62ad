"""English: the labels of the pages."""

from __future__ import annotations

from site_builder.languages.catalogue import Catalogue

LABELS: dict[str, str] = {
    "home": "Home",
    "all_events": "All events",
    "feed": "Updates (Atom feed)",
    "live_refresh": "New results — refresh",
    "live_updated": "Updated with the latest results",
    "site_title": "Bulletins",
    "search_site": "Find an event or a player",
    "search_none": "No match",
    "search_more": "{n} more: type more to narrow them down",
    "round_of": "round {n} of {total}",
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
    "match_board": "Table {table}, board {board}",
    "number": "No.",
    "name": "Name",
    "rating": "Rating",
    "club": "Club",
    "federation": "Federation",
    "fide_id": "FIDE ID",
    "egd_pin": "EGD PIN",
    "latin_name": "Name in Latin letters",  # a go player's `latin_name:`, as the federations register it
    "aga_id": "AGA ID",
    "result.go.=": "Jigo",  # a jigo as go players of the language say it
    # go's results in the page's language, by outcome (`Outcome` value) or by the notation of a
    # game's detail, its margin `n` (B+3 → B+n, B+3.5 → B+n.5, B+0.5); event.json keeps the EGF's
    "result.go.1-0": "B+",
    "result.go.0-1": "W+",
    "result.go.+-": "B+F",
    "result.go.-+": "W+F",
    "result.go.--": "0-0",
    "result.go.B+R": "B+R",
    "result.go.W+R": "W+R",
    "result.go.B+T": "B+T",
    "result.go.W+T": "W+T",
    "result.go.B+F": "B+F",
    "result.go.W+F": "W+F",
    "result.go.B+n": "B+{n}",
    "result.go.W+n": "W+{n}",
    "result.go.B+n.5": "B+{n}.5",
    "result.go.W+n.5": "W+{n}.5",
    "result.go.B+0.5": "B+0.5",
    "result.go.W+0.5": "W+0.5",
    # a go rank (30k–1k, 1d–9d, 1p–9p) and a game's handicap as the language writes them
    "go_rank.kyu": "{n}k",
    "go_rank.dan": "{n}d",
    "go_rank.pro": "{n}p",
    "go_handicap.first": "H1",
    "go_handicap.stones": "H{n}",
    # under every round of a go event: its results, handicaps and komi (`round_legend.<game>.*`)
    "round_legend.go.results": ("Results: B+ Black won, W+ White won; R by resignation (W+R), T on time "
                                "(W+T), F by forfeit, the game not played (B+F); a number: by that many "
                                "points (B+10.5); Jigo a tie; 0-0 both lose."),
    "round_legend.go.handicap": ("Handicap (Hd): H1 Black plays first without komi; H2–H9 the stones Black "
                                 "places first; none an even game."),
    "round_legend.go.komi": ("komi: the points White receives for moving second (the section's komi in an "
                             "even game, 0.5 with a handicap, so that no game is a tie)."),
    # the section's McMahon bar and floor and how the start MMS is counted (the event's home)
    "mcmahon_bar_line": "McMahon bar",
    "mcmahon_bar_value": "{bar} and above start at {bar_mms} MMS; {floor} and below at {floor_mms}",
    "start_mms_line": "Start MMS",
    "start_mms_value": ("the rank counted from {zero} = 0 ({kyu} = {kyu_mms}, {dan} = {dan_mms}), "
                        "kept between {floor_mms} and {bar_mms}"),
    "start_mms_correction": "; plus the player's correction (above the bar: super-bar)",
    "opponent_score": "Opp. {score}",  # a card's column of each opponent's main score (MMS, NBW)
    "mms_correction": "Start MMS correction",  # a go player's `mms_correction:` (a super-bar's +1)
    "field.mms_correction.1": "+1 (above the bar: super-bar)",
    "field.mms_correction.2": "+2",
    "field.mms_correction.-1": "−1",
    "go_rank": "Rank",
    "handicap": "Handicap",
    "handicap_short": "Hd",
    "komi": "komi",
    "birth_date": "Born",
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
    "half_bye": "½-point bye",
    "full_bye": "1-point bye",
    "not_paired": "not paired",
    "not_paired_heading": "Not paired this round",
    "result_slips": "Result slips",
    "signature": "Signature",
    "arbiter": "Arbiter",
    "lineup_form": "Line-up",
    "slip_hint": "write one of ",
    "result_slips_link": "Result slips (PDF, for the arbiters)",
    "withdrawn_mark": "withdrew",
    "late_mark": "late entry",
    "withdrawn_after": "withdrew after round {n}",
    "enters_from": "entered in round {n}",
    "legend_withdrawn": "withdrew: left the event and is not paired again",
    "legend_late": "late entry: joined after round 1, not paired in the rounds before",
    "absent_rounds": "Absent in rounds",
    "field_change": "Entry",
    "pending": "pending",
    "pending_results": "{n} results pending: the standings are provisional.",
    "provisional": "provisional",
    "pairing_notes": "Why these pairings",
    "codes": "Pairing codes",
    "code": "Code",
    "codes_note": (
        "From round 2 the pairing used these secret codes; "
        "they are published once the last round has started."
    ),
    "draw_seed_commitment": "Draw seed commitment (SHA-256)",
    "draw_seed": "Draw seed",
    "draw_seed_pending": (
        "Every lot of this event is drawn from a secret draw seed; "
        "it is published here once the last round is paired, for anyone to check."
    ),
    "draw_seed_verify": (
        "To verify: the SHA-256 of the seed's decimal digits equals the commitment above "
        "(e.g. printf %s {seed} | sha256sum), and every lot can be drawn again from the seed."
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
    "game_record": "Game",
    "game_records": "Games",
    "featured_games": "Featured games",
    "moves": "Moves",
    "download_record": "Download the game",
    "diagram_after": "after ply {n}",
    "final_position": "final position",
    "breadcrumbs": "Breadcrumbs",
    "first_year": "First year",
    "overseas": "Overseas",
    "of_section": "{section}",
    "status.upcoming": "upcoming",
    "status.running": "in progress",
    "status.finished": "finished",
    "status": "Status",
    "placings": "Placings",
    "search": "Find a player",
    "prizes": "Prizes",
    "certificates": "Certificates",
    "overall": "Overall",
    "prize_place": "prize {n}",
    "prizes_provisional": "The event is not over: the prize list is provisional.",
    "prize_places": "prizes {a}–{b}",
    "shared_prize": "tied players share the money",
    "winner": "Winner",
    "arbiter_grant": "Arbiters' decision",
    "levels": "Award levels",
    "level": "Level",
    "marks": "Marks",
    "prize_withdrawn": "prize withdrawn by the arbiters",
    "league": "League",
    "stage1_tables": "Stage 1 groups",
    "stage2_ranking": "Stage 2 ranking",
    "stage2_note": "The final-score formula with C = 0 (六.2): the basis of the stage-3 challenges.",
    "challenges": "Challenges",
    "final_ranking": "Final ranking",
    "school_ranking": "Schools",
    "formula_note": "Score = A·(X + C) + Y/7.5 + 4.5·B·k + D, rounded half-up to three decimals (七).",
    "school": "School",
    "score1": "Stage-1 score",
    "fixed_points": "X",
    "tsume": "Tsume Y",
    "wins": "W",
    "draws": "D",
    "score": "Score",
    "award": "Award",
    "certificate": "Certificate",
    "challenger": "Challenger",
    "target": "Challenged",
    "allowed_targets": "Allowed targets",
    "invalid": "not allowed",
    "challenge.win": "win (+4.5)",
    "challenge.draw": "draw (+0.9)",
    "challenge.loss": "loss (−2.7)",
    "challenge.pending": "pending",
    "award.first": "1st prize",
    "award.second": "2nd prize",
    "award.third": "3rd prize",
    "award.excellence": "Excellence",
    "award.participation": "Participation",
    "school_award.gold": "Gold",
    "school_award.silver": "Silver",
    "school_award.bronze": "Bronze",
    "school_award.excellence": "Excellence",
    "school_award.participation": "Participation",
    "school_total": "School score",
    "special_grant": "special decision of the arbiters",
    "sponsored": "Sponsored prize",
    "playoff_needed": "playoff needed",
    "organizer_adjusted": "adjusted by the organizer",
    "arbiters_set": "set by the arbiters",
    "stage_incomplete": "Stage 2 is not finished: the coefficient A and the challenges are pending.",
    # which ranking a table of places is (views/ranking.py)
    "place.stage1": "Stage-1 Rk",
    "place.stage2": "Stage-2 Rk",
    "place.points_table": "Points Rk",
    "place.final_group": "Group Rk",
    "points_table": "Points table",
    "article.stage1": "六.2, supplementary rule 7.0",
    "article.stage2": "六.2",
    "article.final": "七",
    "article.final_group": "六.2",
    "article.random": "六.2",
    "article.challenges": "六.3",
    "article.placing": "§5.2",
    "article.after_round": "§5.3.1",
    "ranking.source": " ({page}, {article})",
    "ranking.points_table": (
        "This is the group's points table: its places (Points Rk) are not the official stage-1 order. The "
        "official order ranks by the stage-1 score score₁ = 3W + 2D + Y/25 ({article}) and gives the fixed "
        "points X: see {official}."
    ),
    "ranking.stage1": (
        "This page is the official stage-1 order ({article}): each group ranked by the stage-1 score "
        "score₁ = 3W + 2D + Y/25, which gives the fixed points X (supplementary rule 7.1). Each group's "
        "points table, ranked by points, is another table, whose places are called Points Rk: see the link "
        "under each group's name."
    ),
    "ranking.stage2": (
        "Its places are stage-2 places, not final ones: the league's official final ranking is {official} "
        "({article})."
    ),
    "ranking.final": (
        "This is the league's official final ranking ({article}). The stage-1 order is on {stage1}, the "
        "stage-2 places on {stage2}; the places of the groups' points tables are not league places."
    ),
    "ranking.challenges": "Places are the stage-2 places of the {official}; the challenge rules: {article}.",
    "ranking.final_group": (
        "This is the final group's round-robin order (Group Rk: win 3, draw 1, loss 0, ties by the games "
        "between the tied players, {article}), not a league place; the league's official final ranking is "
        "{official}."
    ),
    "ranking.random": (
        "This is only the random rounds' points table: stage 2-B does not change the stage-2 ranking "
        "({article}); its wins count as B in the final score (七). The league's official final ranking is "
        "{official}."
    ),
    "ranking.after_round": (
        "These are the places after round {n} ({article}), not the final ones; the official final placing "
        "is decided by the final round's games between neighbouring places ({final_article}): {official}."
    ),
    "ranking.final_standings": (
        "The places after round {n} are the official final placing ({article}): {official}. The final round "
        "was paired by the places after round {before} ({before_article}): {before_page}."
    ),
    "ranking.final_placing": (
        "This is the official final placing ({article}). The final round was paired by the places after "
        "round {before} ({before_article}): {before_page}."
    ),
    "teams": "Teams",
    "team": "Team",
    "field.team.main": "first team",
    "captain": "Captain",
    "home_team": "Home",
    "away_team": "Away",
    "role.H": "H",
    "role.A": "A",
    "table": "Table",
    "match_points": "MP",
    "game_points": "GP",
    "team_cumulative": "Cum",
    "second_points_team": "2nd-player GP",  # seed 001 二: 后手 (the second player, whatever the game)
    "second_games_team": "2nd-player games",
    "individual_standings": "Individual standings",
    "side_games": "{side} games",  # a team event's individual standings: games as that side
    "prize": "Prize",
    "team_score": "Score",
    "board_statistics": "Board statistics",
    "games_count": "Games",
    "score_percent": "%",
    "team_matches": "Matches",
    "board_results": "Results by board",
    "match_home_won": "home win",
    "match_away_won": "away win",
    "match_tied": "equal GP",
    "cite": " (regulation {article})",
    "legend_home_away": ("Home / away: the home team is {first} on boards {home} and {second} on board "
                         "{away}, the away team the reverse{cite}. Each player is marked with the side "
                         "played ({first_mark} / {second_mark}); results read home : away ({win}: the home "
                         "player won)."),
    "legend_game_points": ("GP (game points): {win} for a win, {draw} for a draw, {loss} for a loss on "
                           "each board; a team's GP in a match is the sum of its boards, and a match score "
                           "is the two teams' GP."),
    "legend_match_points": ("MP (match points): the team with more GP scores {win}, the other "
                            "{loss}{tie}{cite}; a team's MP is the sum over its rounds."),
    "legend_tie_split": ("; on equal GP (e.g. {score}) the away team, {second} on more boards, scores "
                         "{away} and the home team {home}"),
    "legend_tie_even": "; on equal GP each team scores {draw}",
    "legend_fide_team_ranking": ("Teams are ranked by {primary}, then {chain} (C.07's team tiebreaks), "
                                 "then the team number, with no shared places (C.04.6 art. 1.2)."),
    "legend_team_tb_bh": ("BH:MP, BH:GP: the sum of the opponents' match or game points (a bye counts the "
                          "team's own)."),
    "legend_team_tb_sb": ("SB, EMGSB, …: the sum of each opponent's score (M: match, G: game points) times "
                          "the team's own score in that match (the second letter)."),
    "legend_team_tb_de": "DE: the points scored in the matches among the tied teams.",
    "legend_team_columns": ("Cum: the sum of the team's MP after each round; 2nd-player GP: the GP its "
                            "players scored as {second}; 2nd-player games: its games as {second}. Teams are "
                            "ranked by MP, Cum, GP, 2nd-player GP (more first), 2nd-player games (fewer "
                            "first), team number (smaller first), with no shared places{cite}."),
    "legend_team_cells": ("Each cell: the team's GP and its opponent's (the team first) with the result "
                          "({win} won, {draw} equal GP, {loss} lost); below, the opponent's number and "
                          "whether the team was home or away ({home} / {away})."),
    "legend_board_stats": ("Each board: the team's GP on that board / games (forfeits count, byes do not); "
                           "% is the GP out of the most those games could score."),
    "legend_board_cells": ("Each cell: the board, the side played and the result ({win} won, {draw} drawn, "
                           "{loss} lost): “2{first_mark}{win}” is a win on board 2 as {first}."),
    "stage.preliminary": "preliminaries",
    "stage.main": "main stage",
    "stage.final": "final",
    "elimination": "Elimination",
    "eliminated": "eliminated after the preliminaries",
    "eliminated_note": (
        "After round 2 about a quarter of the field is eliminated among zero-score players, "
        "highest numbers first."
    ),
    "dropped": "Withdrew or forfeited in the preliminaries (do not continue)",
    "reinstated": "Reinstated (the eliminated player with the smallest number, for an even field)",
    "overridden": "The elimination list was set by the chief arbiter.",
    "renumbered": "Main-stage numbers",
    "new_number": "New no.",
    "original_number": "Original no.",
    "final_placings": "Final placings",
    "how": "Decided by",
    "decided_how": "Decided by",
    "how.final": "final game",
    "how.playoff": "rapid playoff",
    "how.ranking": "ranking after round {n}",
    "how.bye": "bye",
    "how.pending": "pending",
    "rounds_formula": "Rounds (§1)",
    "rounds_override": "set to {n} by the organizer",
    "final_note": (
        "Each position segment's final game decides its two places; a drawn final goes to a 15-minute "
        "rapid playoff, then to the ranking after the second-to-last round (§5.2). Players eliminated "
        "or withdrawn follow."
    ),
    "match": "Match",
    "match_score": "Slow games",
    "advances": "advances",
    "wins_match": "wins",
    "certificate_title": "Certificate",
    "where_to_play": "Players by name: where to play",
    "download_csv": "Download the table (CSV)",
    "round_date": "round played on",
    "last_round": "last round",
    "final_standings": "Final standings",
    "certificates_pdf": "Certificates (PDF, one per page)",
    "chief_arbiter_signature": "Chief arbiter",
    "date": "Date",
    "no_certificates": "No award yet.",
    "table_line": "Table {n}",
    "statistics": "Statistics",
    "stat_played": "Played",
    "round_abbr": "Rd",
    "stat_wins": "{side} wins",
    "stat_draws": "Draws",
    "stat_first_score": "{side} score",
    "stat_decisive": "Decisive",
    "stat_forfeits": "Forfeits",
    "stat_byes": "Byes",
    "stat_absent": "Absent",
    "stat_pending": "Pending",
    "stat_abnormal": "½-0, 0-0",
    "stat_upsets": "Upsets",
    "stat_note": "Played counts the games played to a result over the board; forfeits, byes, absences, "
                 "abnormal results (½-0, 0-0: scored less than a game) and pending games are counted "
                 "apart. {side} score: the share of the points {side} "
                 "took in the played games (a win 1, a draw ½).",
    "stat_note_upsets": "An upset: the lower-rated player won.",
    "stat_note_upsets_handicap": "A game with a handicap is none: its stones answer the rating gap.",
    "upsets_heading": "Upsets by rating difference",
    "upsets_more": "{n} upsets in all; the {shown} largest are listed.",
    "upsets_none": "No upset: no game was won by the lower-rated player.",
    "stat_winner": "Winner",
    "stat_loser": "Loser",
    "rating_difference": "Difference",
    "rating_change": "Rating change",
    "rating_change_full": "Rating change: the sum of K × (score − expected score) over the rated games",
    "performance": "Performance",
    "performance_short": "Perf",
    "performance_full": "Performance rating: the opponents' average rating + dp "
                        "(FIDE B.01 1.4.9)",
    "expected": "We",
    "expected_full": "Expected score, from the rating difference (chess: FIDE B.02 table 8.1.2)",
    "change": "ΔR",
    "rated_games": "{n} rated games",
    "list_sep": ", ",
    "names_sep": "; ",  # names are often written "Surname, Given name"
    "sentence_sep": " ",
    "updated": "Updated",
    "qr_label": "Scan for the web page",
    "group_sep": "; ",
    "colon": ": ",
    "decided_by": "Decided by",
    "time_control": "Time control",
    "time_controls": "Time controls",
    "kind.slow": "slow",
    "kind.rapid": "rapid",
    "kind.blitz": "blitz",
    "kind.armageddon": "Armageddon",
    "armageddon_note": "Armageddon: a draw counts as a win for Black",
    "placement.": "",
    "placement.final": "Final",
    "placement.3-4": "3rd place match",
    "placement.5-8": "Places 5–8",
    "placement.5-6": "5th place match",
    "placement.7-8": "7th place match",
    "seed_bye_mark": "(bye)",
    "sex.m": "m",
    "sex.f": "f",
    "system.swiss-positional": "Swiss (Chinese positional)",
    "system.staged-swiss": "Staged Swiss",
    "system.team-swiss": "Team Swiss",
    "system.fide-team": "Team Swiss (FIDE)",
    "system.swiss": "Swiss",
    "system.dutch": "Swiss (FIDE Dutch)",
    "system.round-robin": "Round robin",
    "tiebreak_rules.line": "Tie-break rules",
    "tiebreak_rules.c07.2023": "FIDE Handbook C.07, Tie-Break Regulations (2023)",
    "tiebreak_rules.c07.2026": "FIDE Handbook C.07, Tie-Break Regulations (2023), with Article 16.4 as "
                               "amended in 2026 (events from 1 March 2026)",
    "rules.line": "Pairing rules",
    "rules.regulation": "the regulation, {article}",
    "rules.dutch": "FIDE Handbook C.04.3, the FIDE (Dutch) System, with C.04.1 and C.04.2",
    "rules.baku": "Baku acceleration (C.04.5.1)",
    "rules.round-robin": "FIDE Handbook C.05 Annex 1, the Berger tables (odd fields: the highest number "
                         "is the bye)",
    "rules.double": "double round robin, the second cycle with colours reversed",
    "rules.swapped": "the first cycle's last two rounds swapped (C.05 Annex 1)",
    "rules.schedule_tables": "table numbers as in the printed table",
    "rules.withdrawal": "a player who withdraws having played less than half of their games counts for "
                        "nobody in the standings",
    "system.random": "Random pairing",
    "system.knockout": "Knockout",
    "system.manual": "Manual pairing",
    "system.mcmahon": "McMahon (OpenGotha)",
    "system.go-swiss": "Swiss (OpenGotha)",
    "note.bye": "bye: {players}",
    "note.withdrawn": "withdrawn: {players} lose their scheduled games by forfeit",
    "note.float": "down-float: {a} meets {b} of a lower score group",
    "note.shift": "shifted pairing: {a} meets {b} (the same-position opponent was already met)",
    "note.break": "pairs broken up so that the group below can be paired: {players}",
    "note.lot": "lot: {detail}",
    "note.segment": "final for places {detail}: {a} – {b}",
    "note.team": "{detail}",
    "file.round_header": "Round {n} paired by 'bulletin pair'; edit freely before publishing.",
    "file.paired_from": "the rounds before it when it was paired: results/pairings",
    "file.accepted_from": "kept as played after a correction before it (bulletin pair --accept)",
    "file.proposed": "the engine's pairing of this round, which the games above depart from (the trail)",
    "file.tiebreaks": "the tiebreaks in force when round 1 was paired",
    "file.paired_with": "the options it was paired with",
    "file.offline": "Paired with --offline: the draw seed's commitment was not in a commit before this "
                    "first lot.",
    "file.date": "the day it is played (from {start} to {end}): remove the # and give it",
    "file.warning": "WARNING: {text}",
    "file.columns.games": "[board, first, second, result]",
    "file.columns.go_games": "board, first (Black), second (White), result, handicap, komi",
    "file.columns.matches": "games: [first, second, result, kind]; tiebreak games follow",
    "file.columns.team": "home team red on all boards but the last; enter each board's result",
    "file.columns.fide_team": "home team White on the odd boards; enter each board's result",
    "cli.created": "created {path}",
    "cli.ci_installs": "CI installs {requirement} (requirements.txt)",
    "cli.seed": "secret draw seed: {seed}",
    "cli.seed_keep": "It is written nowhere: keep it in your password manager, set it as the CI secret "
                     "{env},",
    "cli.seed_type": "and before 'bulletin pair' type it (it stays out of the shell's history): "
                     "{command}",
    "cli.pending": "{where}: cannot pair round {n}: round {m} has {k} result(s) pending (hint: enter the "
                   "missing results, or pass --force to pair from the results known so far)",
    "cli.exists": "{path} exists; it is never overwritten",
    "cli.has_results": "{where}: round {n} already has results; it is never overwritten",
    "cli.not_committed": "{path}: the draw seed's commitment is not in a commit yet; commit it (and push) "
                         "before the first lot, so that anyone can see the seed was fixed before any draw "
                         "(hint: {command}; for an event kept without git, pass --offline, which the round "
                         "file records)",
    "cli.wrote": "wrote {path}",
    "cli.drew_codes": "drew secret codes into {path}",
    "cli.kept_as_played": "kept as played: {path}",
    "cli.recorded": "recorded the engine's pairing: {path}",
    "cli.record_agrees": "round {n} is the engine's pairing: nothing to record",
    "fed": "FED",
    "rating_short": "Rtg",
    "crosstable_start": "Starting rank crosstable",
    "order_rank": "rows in the order of places",
    "order_start": "rows in the order of starting rank (pairing number)",
    "cell_legend": "Each cell: the opponent's number, the side ({sides}) and the result ({results}).",
    "forfeit_legend": "{win} won by forfeit, {loss} lost by forfeit: the game was not played.",
    "abnormal_legend": "{half} and {zero}: an abnormal result (½-0, 0-½, 0-0), a game played whose "
                       "players score less than a game between them by the arbiter's decision: {half} "
                       "scored a draw's points, {zero} a loss's; it is no draw.",
    "abnormal_result": "{result}, an abnormal result",
    "all_columns": "Show all columns",  # a phone folds a table's minor columns; this box shows them
    "tournament_details": "Tournament details",
    "arbiters": "Arbiters",
    "federations": "Federations",
    "average_rating": "Average rating",
    "rated_players": "of the {n} rated players",
    "podium": "Podium",
    "leaders_after": "Leading after round {n}",
    "sharing_place": "{n} players",
    "verify.round": "round {n}",
    "verify.codes": "codes",
    "verify.by_hand": "paired by hand ({system}): nothing drawn to check",
    "verify.no_seed": "cannot be drawn again without the draw seed (BULLETIN_DRAW_SEED, or the seed the "
                      "site publishes after the last round)",
    "verify.unpairable": "cannot be paired again: {error}",
    "verify.agrees": "the pairing the rules and the seed give",
    "verify.differs": "differs from the pairing the rules and the seed give{why}: {difference}",
    "verify.stale": " (paired from an earlier state of {rounds}: a pairing or a result was changed since; "
                    "see 'bulletin check')",
    "verify.stale_pairing": " (paired from another pairing of {rounds} than the file now holds: see "
                            "'bulletin check')",
    "verify.stale_result": " (paired from other results of {rounds} than the file now holds: a result was "
                           "corrected after pairing; see 'bulletin check')",
    "verify.rounds": "rounds {first}–{last}",
    "verify.other_options": " (paired with other options than the section's now: see 'bulletin check')",
    "verify.recorded": " (changed by hand; the engine's pairing is recorded in the round file's 'proposed:')",
    "verify.board": "board {board} is {shown}, the draw gives {expected}",
    "verify.terms": "board {board} ({game}) is played at {shown}, the rules give {expected}",
    "verify.no_game": "no game",
    "verify.bye": "the bye goes to {shown}, the draw gives {expected}",
    "verify.nobody": "nobody",
    "verify.teams": "the team matches or the teams' byes differ",
    "verify.codes_no_seed": "cannot be opened without the draw seed",
    "verify.codes_other_seed": "do not open with this seed: sealed with another one",
    "verify.codes_differ": "differ from the codes the seed draws",
    "verify.codes_exact": "the {n} codes the seed draws; codes.yaml as drawn, byte for byte",
    "verify.codes_older": "the {n} codes the seed draws; codes.yaml sealed in the older, randomized format "
                          "(compared once opened)",
    "verify.codes_edited": "the {n} codes the seed draws; codes.yaml differs in its text from the one the "
                           "seed writes (edited by hand?)",
    "verify.summary": "{agree} of {total} draws are the ones the rules and the seed give",
    "verify.summary_not": "; {n} not",
    "verify.summary_standings": "; {agree} of {total} standings are the places the tie-breaks give",
    "verify.summary_unchecked": "; the places of {n} standings cannot be checked (no tie-break chain)",
    "verify.no_chain": "the points agree; the places cannot be checked: the file names no tie-break chain "
                       "(TRF16 has no 202 record)",
    # bulletin verify: the criterion that decides a pairing, the standings of a TRF file
    "verify.worse": "; the published pairing is worse on {criterion}",
    "verify.better": "; the published pairing is better on {criterion}: the engine may be the one in error",
    "verify.criterion.C1": "C1 (two players meet again)",
    "verify.criterion.C2": "C2 (the bye to a player who already scored a point without playing)",
    "verify.criterion.C3": "C3 (two players with the same absolute colour preference)",
    "verify.criterion.C6": "C6 (the pairing score differences)",
    "verify.criterion.C10": "C10 (a colour difference beyond ±2)",
    "verify.criterion.C11": "C11 (the same colour three times in a row)",
    "verify.criterion.C12": "C12 (colour preferences not met)",
    "verify.criterion.C13": "C13 (strong colour preferences not met)",
    "verify.criterion.C14-C17": "C14–C17 (players floating again as one or two rounds before)",
    "verify.criterion.5.2": "C.04.3 §5.2 (the colours of the same pairs)",
    "verify.criterion.4": "C.04.3 §4 (the order of transpositions and exchanges in a bracket)",
    "verify.criterion.boards": "C.04.3 §5.3 (the order of the boards; the same games)",
    "verify.standings": "standings after round {n}",
    "verify.points": "{player} has {shown} points in the file, the results give {expected}",
    "verify.rank": "{player} is placed {shown} in the file, the tie-breaks give {expected} ({decided})",
    "verify.decided_points": "their points decide",
    "verify.decided_by": "decided by {tiebreak}: {mine} against {theirs}",
    "verify.decided_lot": "equal on every tie-break",
    "verify.standings_agree": "the places the points and the tie-breaks ({tiebreaks}) give",
    "verify.team_rank": "{team} is placed {shown} in the file, the primary score and the team tie-breaks "
                        "give {expected}",
    "verify.team_standings_agree": "the team places the primary score and the team tie-breaks "
                                   "({tiebreaks}) give",
    "downloads": "Games & downloads",
    "recorded_games": "Games with their moves",
    "no_recorded_games": "No game of this section has its moves published yet.",
    "files": "Files",
    "files_note": "PGN: every game of a round with its result (and moves where recorded), live.pgn the "
                  "latest round, games.pgn the games with moves; CSV: the latest standings and crosstables "
                  "for spreadsheets; event.json: the whole event as data.",
    "league_letters": "A: the parallel group's coefficient (1.040–1.088, from the A-final; 补充细则 7.2) · "
                      "X: fixed points of the stage-1 place · C: challenge score (+4.5 win, +0.9 draw, "
                      "−2.7 loss) · Y: tsume score (0–150) · B: stage-2 wins · k: weight of those wins "
                      "(A-final 1, B-final by the finals' sizes, others 1.28) · D: the arbiters' correction "
                      "(normally 0)",
    "out_in": "Out in",
    "bracket": "Bracket",
    "lang_name": "English",
    "why_link": "Why these pairings?",
    "why_title": "Why these pairings? Round {n}",
    "why_intro": ("Each pair as the pairing engine (OpenGotha's weights) sees it: the reasons, the pair's "
                  "weight by criterion, and for each player the next-best opponent. A loss by criterion is "
                  "positive where the other pairing weighs less on it (worse), negative where it weighs "
                  "more."),
    "why_changed": ("This round differs from the engine's pairing (changed by hand): its pairs weigh "
                    "{total} in all, the engine's {engine}. Where it differs:"),
    "why_changed_terms": ("This round differs from the engine's pairing (changed by hand) in a handicap or "
                          "a komi only: its pairs are the engine's and weigh as much ({total}). Where it "
                          "differs:"),
    "why_engine_pair": "board {table}: the engine pairs {black} (Black) – {white} (White), {terms}",
    "why_engine_no_game": "board {table}: no game in the engine's pairing",
    "why_engine_terms": "board {table}, {black} – {white}: {shown} set by hand, the engine gives {expected}",
    "why_engine_bye": "the engine's bye: {player}",
    "why_bye": "Bye:",
    "why_black": "Black",
    "why_white": "White",
    "why_stones": "handicap {n}",
    "why_score": "score",
    "why_same_group": "same {score} group ({value})",
    "why_groups_apart": ("score groups apart: {n}; {up} ({score} {up_value}) plays up, {down} ({score} "
                         "{down_value}) plays down"),
    "why_same_group_values": ("same {score} group ({value}: whole {score}, rounded down): {black} "
                              "{black_value}, {white} {white_value}"),
    "why_whole_groups": ("The score groups count whole {score}, rounded down: a player on 32.5 is in "
                         "the group of 32, and a handicap from the {score} counts it so too."),
    "why_met": "they had met before: a rematch the weights could not avoid",
    "why_not_met": "they had not met before",
    "why_colour_balance": "colours by balance: {black}; {white}",
    "why_colour_lot": "colours by the engine's lot, the balances being equal: {black}; {white}",
    "why_whites": "{player} White in {n} of {games} even games so far",
    "why_whites_none": "{player} no even game yet",
    "why_colour_handicap": "colours by the handicap: the stronger player takes White",
    "why_basis_mms": "MMS",
    "why_basis_mms_whole": "whole MMS (rounded down)",
    "why_capped": (" (before the cap {gap} apart: no handicap is given from {rank} up, so a stronger player "
                   "counts as {rank})"),
    "why_basis_rank": "ranks",
    "why_handicap": "handicap {rule}",
    "why_rule_stones": "{stones} = {gap} {basis} apart − {correction}",
    "why_hand_handicap": "handicap {stones}, set by hand; the engine gives {engine}",
    "why_hand_even": "handicap {stones}, set by hand; the engine gives none: {reason}",
    "why_hand_komi": "komi {komi}, set by hand; the engine gives komi {engine}",
    "why_no_handicaps": "no handicap is given in this section (ceiling 0)",
    "why_ceiling": " (at most {ceiling})",
    "why_even": "even game: {gap} {basis} apart − {correction} gives no stone",
    "why_even_threshold": ("even game: {gap} {basis} apart, but no handicap is given from {rank} up, so a "
                           "stronger player counts as {rank}: {capped} apart − {correction} gives no "
                           "stone"),
    "why_same_club": "same club ({club}), accepted",
    "why_same_country": "same country ({country}), accepted",
    "why_not_engine": "not the engine's pair: set by hand",
    "why_weight": "weight {total}, by criterion",
    "why_c.duplicate": "no rematch",
    "why_c.random": "random",
    "why_c.colour": "colour balance",
    "why_c.category": "categories",
    "why_c.score": "score gap",
    "why_c.dudd": "floats",
    "why_c.seeding": "seeding",
    "why_c.handicap": "handicap",
    "why_c.geo": "geography",
    "why_c.apart": "kept apart",
    "why_c.duplicate_apart": "no rematch and kept apart",
    "why_apart.keep_apart": "keep_apart",
    "why_apart.forbidden": "the round's forbidden pairs",
    "why_apart.same_club": "keep_apart: same club",
    "why_apart.same_federation": "keep_apart: same federation",
    "why_kept_apart": "{player} is kept apart from {others} ({rule}): such a pair weighs as a rematch",
    "why_paired_apart": ("kept apart ({rule}), yet paired: the pair weighs as a rematch, which the "
                         "weights could not avoid"),
    "why_this_opponent": "Why {player} has this opponent",
    "why_next_best": "Next-best opponent: {opponent} (then {partner} meets {other}).",
    "why_swap_less": "that swap weighs {loss} less",
    "why_swap_equal": "that swap weighs the same: the matcher chose among equals",
    "why_swap_more": "that swap weighs {gain} more",
    "why_swap_apart": "that swap pairs {black} – {white}, kept apart ({rule}): it weighs as a rematch",
    "why_bye_rule.mcmahon": ("by OpenGotha's rule: the fewest byes before, then the lowest {score}, of "
                             "equals the last by name; {player}: {score} {value}, byes before {byes}"),
    "why_bye_rule.swiss": ("by OpenGotha's rule: the fewest byes before, then the lowest rank plus 40 "
                           "per win, of equals the last by name; {player}: {score} {value}, byes "
                           "before {byes}"),
    "why_bye_rule.rank": ("by OpenGotha's rule (up to 3.51): the fewest byes before, then the lowest "
                          "rank plus MMS, of equals the last in the round's list; {player}: {score} "
                          "{value}, byes before {byes}"),
    "why_forced_less": "the best pairing with that pair (a second matching) weighs {loss} less",
    "why_forced_equal": "the best pairing with that pair (a second matching) weighs the same",
    "why_forced_more": "the best pairing with that pair (a second matching) weighs {gain} more",
    "why_intro_dutch": ("Each pair as the FIDE Dutch rules (C.04.3) read it off the round as it was "
                        "paired: the scoregroups and who floated, each table's scores and colours, and for "
                        "each player the nearest other opponents (by pairing score, then pairing number), "
                        "each with the first criterion, in the rules' order, on which the round with "
                        "that swap would differ."),
    "why_groups": "Scoregroups",
    "why_d_group": "score {score} ({n})",
    "why_d_floated_down": "floated down: {players}",
    "why_d_floated_up": "floated up: {players}",
    "why_d_virtual_note": ("The pairing scores include the virtual points of the Baku acceleration "
                           "(C.04.5.1)."),
    "why_d_with_virtual": "{score} = {real} + {virtual} virtual",
    "why_d_same_score": "same pairing score ({score})",
    "why_d_float_pair": "a float pair: {down} ({down_score}) floats down, {up} ({up_score}) floats up",
    "why_d_met": "they had met before (C1): not a pairing the rules allow",
    "why_d_preference": ("{player}: {strength} colour preference for {colour} (colour difference "
                         "{difference})"),
    "why_d_no_preference": "{player}: no colour preference (colour difference {difference})",
    "why_d_strength.absolute": "absolute",
    "why_d_strength.strong": "strong",
    "why_d_strength.mild": "mild",
    "why_d_rule.5.2.1": "colours by C.04.3 §5.2.1: both colour preferences granted",
    "why_d_rule.5.2.2-absolute": ("colours by C.04.3 §5.2.2: the stronger preference granted, the absolute "
                                  "one before the other's"),
    "why_d_rule.5.2.2-wider": ("colours by C.04.3 §5.2.2: both preferences are absolute, so the one of the "
                               "wider colour difference is granted"),
    "why_d_rule.5.2.2-strong": ("colours by C.04.3 §5.2.2: the stronger preference granted, the strong one "
                                "before the mild one"),
    "why_d_rule.5.2.3": ("colours by C.04.3 §5.2.3: alternating from the most recent round in which their "
                         "colours differed"),
    "why_d_rule.5.2.4": "colours by C.04.3 §5.2.4: the higher-ranked player's preference granted",
    "why_d_rule.5.2.5": ("colours by C.04.3 §5.2.5: neither has a preference, so the higher-ranked player "
                         "gets the initial colour with an odd pairing number, the other one with an even"),
    "why_d_absolute_difference": ("{player}: absolute colour preference for {colour}: colour difference "
                                  "{difference}, beyond ±1"),
    "why_d_absolute_repeat": ("{player}: absolute colour preference for {colour}: {last} in the last two "
                              "games played (colour difference {difference})"),
    "why_d_crit_met": "C1: {first} and {second} have met",
    "why_d_left_out": "Not paired in this round:",
    "why_d_rule_not": "not the colours of the rules ({rule}): set by hand",
    "why_d_swap": "{opponent} (then {partner} meets {other})",
    "why_d_swap_bye": "{opponent}, who had the bye (then {partner} takes it)",
    "why_d_bye": ("pairing-allocated bye (pairing score {score}); the nearest others given it instead, "
                  "each round judged by the criteria of C.04.3 in order:"),
    "why_d_bye_swap": "{player} taking the bye (then {bye} meets {opponent})",
    "why_d_worse": "{swap}: worse on {criterion}",
    "why_d_better": ("{swap}: better on {criterion} counted over the whole round; the rules weigh the "
                     "criteria bracket by bracket from the top, which that count does not follow"),
    "why_d_equal": ("{swap}: no criterion read off the whole round tells the two apart; the bracket's "
                    "order of transpositions and exchanges (C.04.3 §4) decides"),
    "why_d_crit.C1": "C1: they have met",
    "why_d_crit.C2": "C2: the bye to a player who already scored a point without playing",
    "why_d_crit.C3": "C3: two players with the same absolute colour preference meet",
    "why_d_crit.C6": "C6: a larger score difference",
    "why_d_crit.C10": "C10: a colour difference beyond ±2",
    "why_d_crit.C11": "C11: the same colour three times in a row",
    "why_d_crit.C12": "C12: more colour preferences not met",
    "why_d_crit.C13": "C13: more strong colour preferences not met",
    "why_d_crit.C14-C17": "C14–C17: more players floating as they did one or two rounds before",
    "why_d_changed_worse": ("This round differs from the engine's pairing (changed by hand); the first "
                            "criterion that tells them apart, on which this round is worse: {criterion}. "
                            "The engine's pairing:"),
    "why_d_changed_better": ("This round differs from the engine's pairing (changed by hand); the first "
                             "criterion that tells them apart, counted over the whole round, on which the "
                             "engine's is worse: {criterion}. The engine's pairing:"),
    "why_d_engine_pair": "board {table}: {white} – {black}",
    "why_d_no_engine": "The engine finds no pairing of this round from the rounds before it.",
}

#: Tiebreak id → (column heading, full name).
TIEBREAKS: dict[str, tuple[str, str]] = {
    "points": ("Pts", "Points"),
    "opponent-score": ("Opp", "Buchholz"),
    "cumulative": ("Cum", "Progressive score"),
    "progressive-cuts": ("Cum", "Progressive score with cuts"),
    "sonneborn-berger": ("SB", "Sonneborn-Berger"),
    "direct-encounter": ("DE", "Direct encounter"),
    "wins": ("W", "Number of wins"),
    "second-wins": ("BW", "Wins with black / as second player"),
    "second-games": ("BG", "Games with black / as second player"),
    "second-points": ("BP", "Points with black / as second player"),
    "penalties": ("Pen", "Penalties (fewer ranks higher)"),
    "warnings": ("Warn", "Warnings (fewer ranks higher)"),
    "number": ("No", "Pairing number"),
    "lot": ("Lot", "Drawing of lots"),
    "manual": ("PO", "Playoff / arbiter's order"),
    "wins-over-board": ("WON", "Games won over the board"),
    "opponents-rating": ("ARO", "Average rating of opponents"),
    "koya": ("KS", "Koya score"),
    "opponents-buchholz": ("AOB", "Average of opponents' Buchholz"),
    "fore-buchholz": ("FB", "Fore Buchholz"),
    "performance": ("TPR", "Tournament performance rating"),
    "perfect-performance": ("PTP", "Perfect tournament performance"),
    "opponents-performance": ("APRO", "Average performance rating of opponents"),
    "opponents-perfect-performance": ("APPO", "Average perfect performance of opponents"),
    # go (OpenGotha's criteria); `id/score` names the variant counted by MMS or NBW
    "mms": ("MMS", "McMahon score (the start score from the rank, plus a point a win)"),
    "nbw": ("NBW", "number of wins (a jigo ½)"),
    "sos": ("SOS", "sum of the opponents' scores"),
    "sos-1": ("SOS-1", "SOS without the lowest opponent"),
    "sos-2": ("SOS-2", "SOS without the two lowest opponents"),
    "sodos": ("SODOS", "sum of the scores of the opponents beaten"),
    "sosos": ("SOSOS", "sum of the opponents' SOS"),
    "cuss": ("CUSS", "sum of the score after each round"),
    "ext": ("EXT", "exploits tried: over the games against opponents of the player's rank or stronger, "
                   "each opponent's wins times 1 when the handicap made up the whole rank gap, 2 when it was "
                   "one stone short, 3 two or more; a game against a weaker player, or with more stones than "
                   "the gap, counts 0"),
    "exr": ("EXR", "exploits achieved: EXT counting only the games won"),
    "dc": ("DC", "direct confrontation: of the players still tied, the one who beat all the others first"),
    "sdc": ("SDC", "simplified direct confrontation: of the players still tied who all met, the most of "
                   "the others beaten"),
    "sos/mms": ("SOSM", "sum of the opponents' MMS"),
    "sos/nbw": ("SOSW", "sum of the opponents' wins"),
    "sos-1/mms": ("SOSM-1", "SOSM without the lowest opponent"),
    "sos-1/nbw": ("SOSW-1", "SOSW without the lowest opponent"),
    "sos-2/mms": ("SOSM-2", "SOSM without the two lowest opponents"),
    "sos-2/nbw": ("SOSW-2", "SOSW without the two lowest opponents"),
    "sodos/mms": ("SODOSM", "sum of the MMS of the opponents beaten"),
    "sodos/nbw": ("SODOSW", "sum of the wins of the opponents beaten"),
    "sosos/mms": ("SOSOSM", "sum of the opponents' SOSM"),
    "sosos/nbw": ("SOSOSW", "sum of the opponents' SOSW"),
    "cuss/mms": ("CUSSM", "sum of the MMS after each round"),
    "cuss/nbw": ("CUSSW", "sum of the wins after each round"),
}

CATALOGUE = Catalogue(code="en", tag="en", labels=LABELS, tiebreaks=TIEBREAKS)
