"""The statistics as pages and the API show them: the rows of stats.queries put together per game.
What is summed here are the database's few grouped rows (a game's seats by order and player count),
never games."""
from __future__ import annotations

from collections import defaultdict

from accounts.models import Profile
from games import rules
from games.models import rating_display
from stats import queries
from stats.queries import rate


def title(name: str, lang: str) -> str:
    """The game's title; a game no longer in the registry keeps its stored name."""
    return rules.title(name, lang) if name in rules.names() else name


def player(user, lang: str) -> list[dict]:
    """A player's statistics, one entry per game they finished at least one game of, by title."""
    rows = defaultdict(list)
    for row in queries.seat_figures(user):
        rows[row["game_name"]].append(row)
    met = defaultdict(list)
    opponents = queries.opponents(user)
    names = display_names({row["opponent"] for row in opponents})
    for row in opponents:
        met[row["game_name"]].append({**{k: row[k] for k in ("opponent", "opponent_bot", "games", "wins", "losses", "draws")},
                                      "name": names.get(row["opponent"], row["opponent"])})
    runs = queries.streaks(user)
    histories = queries.rating_histories(user) if rows else {}
    ratings = queries.ratings_of(user) if rows else {}
    out = []
    for name, game_rows in rows.items():
        history = histories.get(name, [])
        rating = ratings.get(name)
        out.append({
            "game": name, "title": title(name, lang), **totals(game_rows),
            "by_seat": breakdown(game_rows, "seat"), "by_players": breakdown(game_rows, "players"),
            "rating": rating.display if rating and rating.games else None,
            "rating_history": [{"game_id": c.match_id, "rating": rating_display(c.mu_after, c.sigma_after)}
                               for c in history],
            "history": history,
            "opponents": met.get(name, []),
            "longest_win_streak": runs.get(name, {}).get("win", 0),
            "longest_losing_streak": runs.get(name, {}).get("loss", 0),
        })
    return sorted(out, key=lambda g: g["title"])


def display_names(usernames: set[str]) -> dict[str, str]:
    """{username: the name the page calls them by}, in one query."""
    profiles = Profile.objects.filter(user__username__in=usernames).select_related("user")
    return {p.user.username: p.name for p in profiles}


def totals(rows: list[dict]) -> dict:
    games = sum(r["games"] for r in rows)
    wins = sum(r["wins"] for r in rows)
    scored, placed = sum(r["scored"] for r in rows), sum(r["placed"] for r in rows)
    return {"games": games, "wins": wins, "win_rate": rate(wins, games),
            "average_score": round(sum(r["score_sum"] or 0 for r in rows) / scored, 2) if scored else None,
            "average_place": round(sum(r["place_sum"] or 0 for r in rows) / placed, 2) if placed else None}


def breakdown(rows: list[dict], by: str) -> list[dict]:
    """Seats and wins summed per seat (shown from 1) or per player count, with the win rate."""
    sums: dict[int, list[int]] = defaultdict(lambda: [0, 0])
    for r in rows:
        key = r[by] + 1 if by == "seat" else r[by]
        sums[key][0] += r["games"]
        sums[key][1] += r["wins"]
    return [{by: key, "games": games, "wins": wins, "win_rate": rate(wins, games)}
            for key, (games, wins) in sorted(sums.items())]


def game(name: str, lang: str) -> dict:
    """A game's statistics over the whole site."""
    results = queries.seat_results(name)
    by_players: dict[int, list] = defaultdict(list)
    for row in results:
        by_players[row["players"]].append(row)
    lengths = queries.lengths(name)
    return {
        "game": name, "title": title(name, lang),
        "games": sum(row["games"] for row in lengths),
        "months": [{"month": row["month"].isoformat()[:7], "games": row["games"]} for row in queries.months(name)],
        "by_seat": breakdown(results, "seat"),
        # every game of a size has a first seat: its count is the number of games of that size
        "by_players": [{"players": players, "games": max(s["games"] for s in seats),
                        "by_seat": breakdown(seats, "seat")} for players, seats in sorted(by_players.items())],
        "length": [{"players": row["players"], "games": row["games"],
                    "average_decisions": round(float(row["average_decisions"]), 1) if row["average_decisions"] is not None else None,
                    "average_days": queries.days(row["average_time"]), "average_time": row["average_time"]}
                   for row in lengths],
    }


def catalogue(lang: str) -> list[dict]:
    """Every game of the site with its number of finished games, for /stats/."""
    names = rules.names()
    played = queries.games_played(names)
    return [{"game": name, "title": title(name, lang), "games": played.get(name, 0)} for name in names]
