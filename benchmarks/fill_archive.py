"""A site with a history: fills the database of DATABASE_URL (migrated here) by COPY with --games games
among --players players, as the site itself would have stored them over three years.

    su postgres -c "createdb -O argo argo_archive"
    DATABASE_URL=postgres://argo:argo@127.0.0.1:5432/argo_archive python3 benchmarks/fill_archive.py \\
        --games 200000 --players 50000

What goes in:
- the players (auth_user, a profile each, a verified primary email address as allauth keeps it),
  joining over the years, the site's three bot accounts and three moderators; one player in five
  keeps quiet hours (23:00-07:00 or 22:00-06:00 in their zone) and one in ten takes the weekend off
  (docs/async-play.md, "Quiet hours and days off"), whose batches of notices fall outside them;
- the games: every game of the registry (games.rules.names()). Their decisions are real: --bot-games
  games are played by the rules modules' bots first (processes side by side, --jobs), each kept with
  its seed, options and decisions, and every stored game is one of them, so that it replays to the
  state it stores. About --active games are in progress (a prefix of a bot game, cut at any decision,
  the turn, its start and its deadline as games.services.deadlines sets them), --busy of them with
  the first player in a seat (the correspondence player scale.py opens); a few are open in the
  lobby, some with an invitation; one game in ten is on a time bank (docs/async-play.md, "Clocks"), its
  seats with their initial bank; the rest ended over the three years: finished (places and scores on
  the seats, the outcome), some with a seat that timed out, resigned or was removed (a bot plays it
  on and it ranks last, games.standings), some aborted by a moderator, a few whose players left
  before the start, a few with the result reverted by a moderator; about one in thirty-five with an undo;
- ratings and their changes, computed by games.ratings' own model in the order the games ended
  (a reverted game's change kept, marked reverted, and not counted);
- chat messages (a few hidden by a moderator), the notices the site would have claimed (your turn,
  reminder, timed out, removed, game over, invitation) and the moderators' actions.

The decisions go in the order a site takes them: by the hour they were made, games interleaved.
Before the COPY, the secondary indexes, unique and foreign-key constraints of the tables filled are
dropped, and they are made again afterwards exactly as they were (the migrations' definitions read
back from the catalogue); then the sequences are set past the rows and ANALYZE runs. Prints the time
of each phase, the sizes, and bytes per decision and per game.

Use a database of its own: it is filled once (run it on an empty, migrated database).
"""
from __future__ import annotations

import argparse
import bisect
import json
import math
import multiprocessing
import os
import random
import sys
import time
from datetime import UTC, datetime, time as dtime
from itertools import count
from pathlib import Path

HISTORY_DAYS = 3 * 365
NOTICE_CATCH_UP = 300  # seconds: a turn begun longer ago had its "your turn" settled by the catch-up
HOURS_PER_MOVE = (24, 48, 72, 72, 72, 120, 168)


def bank_of(hours: int) -> tuple[int, int, int]:
    """A time bank game's bank, increment and cap, in hours, for a pace of `hours`."""
    return min(720, 3 * hours), hours, min(720, 7 * hours)
TIME_ZONES = ("UTC", "Europe/Berlin", "Europe/London", "America/New_York", "America/Los_Angeles",
              "Asia/Tokyo", "Australia/Sydney", "Europe/Vienna")
CHAT = ("good luck!", "have fun", "gg", "nice move", "sorry, busy week", "viel Glück!", "gut gespielt",
        "oops, misclick", "thanks for the game", "that was close", "rematch?", "back from holiday")
REASONS = ("abusive chat", "players agreed to stop", "cheating: several accounts", "game stuck after a report",
           "asked by the players", "spam")
MODERATORS = 3
SITE_BOTS = ("random", "greedy", "expert")


# --- COPY ---------------------------------------------------------------------------------------

def copy_statement(model, columns) -> str:
    """COPY ... FROM STDIN into `model`'s table, `columns` named by their fields."""
    from django.db import connection
    quote = connection.ops.quote_name
    names = ", ".join(quote(model._meta.get_field(c).column) for c in columns)
    return f"COPY {quote(model._meta.db_table)} ({names}) FROM STDIN"


def copy_rows(cursor, model, columns: list[str], rows) -> int:
    """COPY `rows` (tuples in the order of `columns`, field names) into `model`'s table over
    `cursor` (Django's or psycopg's); the number of rows."""
    n = 0
    with getattr(cursor, "cursor", cursor).copy(copy_statement(model, columns)) as copy:
        for n, row in enumerate(rows, 1):  # noqa: B007 - n counts the rows, returned below
            copy.write_row(row)
    return n


def escaped(text: str) -> str:
    """Text as COPY's text format takes it in a column (JSON has no raw tab or newline)."""
    return text.replace("\\", "\\\\")


class Stamps:
    """Epoch seconds to PostgreSQL's timestamptz text, fast: the day and the time of day from tables."""

    def __init__(self):
        self.tod = [f"{h:02d}:{m:02d}:{s:02d}" for h in range(24) for m in range(60) for s in range(60)]
        self.days: dict[int, str] = {}

    def day(self, d: int) -> str:
        text = self.days.get(d)
        if text is None:
            text = self.days[d] = datetime.fromtimestamp(d * 86400, UTC).strftime("%Y-%m-%d")
        return text

    def __call__(self, t: int) -> str:
        return f"{self.day(t // 86400)} {self.tod[t % 86400]}+00"

    def iso(self, t: int) -> str:
        """As datetime.isoformat() writes an aware UTC time (the turn keys of games.reactions.emails)."""
        return f"{self.day(t // 86400)}T{self.tod[t % 86400]}+00:00"


STAMP = Stamps()


def moment(t: int) -> datetime:
    return datetime.fromtimestamp(t, UTC)


# --- the bot games ------------------------------------------------------------------------------

class Played:
    """One game played by bots: all a stored game takes from it."""

    def __init__(self, name, players, options, seed, version):
        self.name, self.players, self.options, self.seed, self.version = name, players, options, seed, version
        self.rows: list[str] = []      # "data\tevents" of each decision, escaped for COPY
        self.seats: list[int] = []     # who made each decision
        self.after: list[int] = []     # the seat deciding after each decision (-1: the game is over)
        self.first = 0                 # the seat deciding first
        self.colours: list[str] = []
        self.at: list[int] = []        # seconds from the start to each decision
        self.cuts: dict[int, str] = {}  # decisions made -> the snapshot then (JSON), for games in progress
        self.undoable: list[int] = []  # decisions the player who made them may take back right after
        self.final = ""                # the snapshot at the end (JSON)
        self.outcome: dict = {}
        self.turns: list[int] = []     # decisions after which another seat decides (a turn begins)
        self.first_of: dict[int, int] = {}  # seat -> index of its first decision

    @property
    def length(self) -> int:
        return len(self.rows)


def specs(count_: int, rng: random.Random) -> list[tuple]:
    """What to play: every game of the registry in turn, 2 to 4 players as each allows, options drawn
    from each game's schema (refused combinations skipped), bots random or greedy."""
    from games import rules
    names, out = rules.names(), []
    while len(out) < count_:
        name = names[len(out) % len(names)]
        module = rules.get(name)
        players = rng.randint(max(2, module.min_players), min(4, module.max_players))
        options = {key: rng.choice(spec["choices"]) if rng.random() < 0.3 else spec["default"]
                   for key, spec in module.options_schema().items()}
        if name == "theseus" and players == 4 and rng.random() < 0.4:
            options["teams"], options["random_ring"] = True, False
        try:
            options = module.check_options(players, options)
        except rules.IllegalAction:
            continue
        greedy = 0.03 if name == "theseus" else 0.15  # the greedy bots think longer, Theseus' most
        kinds = ["greedy" if rng.random() < greedy else "random" for _ in range(players)]
        out.append((name, players, options, rng.getrandbits(62), kinds, rng.getrandbits(32)))
    return out


def play(spec: tuple) -> Played:
    """Play one game to its end; keep what the stored games need, a few snapshots along the way."""
    from games import rules
    name, players, options, seed, kinds, own = spec
    module, rng = rules.get(name), random.Random(own)
    state = module.new_game(players, seed, options)
    game = Played(name, players, options, seed, module.version)
    game.colours = module.seat_names(state)
    game.first = previous = module.current_seat(state)
    bots = [module.bot(kind, seed * 10 + i) for i, kind in enumerate(kinds)]
    states, at = [], 0
    while module.outcome(state) is None:
        seat = module.current_seat(state)
        decision = bots[seat].choose(state)
        state, events = module.apply(state, decision)
        # a turn's decisions come seconds apart; the next player answers after minutes to most of a day
        at += rng.randint(3, 90) if seat == previous else 30 + min(72_000, int(rng.expovariate(1 / 10_800)))
        following = module.current_seat(state)
        game.rows.append(escaped(json.dumps(decision)) + "\t" + escaped(json.dumps(events)))
        game.seats.append(seat)
        game.after.append(-1 if following is None else following)
        game.at.append(at)
        game.first_of.setdefault(seat, len(game.seats) - 1)
        if following is not None and following != seat:
            game.turns.append(len(game.seats) - 1)
        states.append(state)
        previous = seat
    n = len(states)
    game.final, game.outcome = json.dumps(state), module.outcome(state)
    for cut in rng.sample(range(1, n), min(6, n - 1)):
        game.cuts[cut] = json.dumps(states[cut - 1])
    game.undoable = sorted(i for i in rng.sample(range(n - 1), min(8, n - 1)) if module.undoable(states[i]) >= 1)
    return game


def play_all(count_: int, jobs: int, seed: int) -> list[Played]:
    items = specs(count_, random.Random(seed))
    if jobs <= 1:
        return [play(s) for s in items]
    with multiprocessing.get_context("fork").Pool(jobs) as pool:
        return pool.map(play, items, chunksize=8)


# --- the plan: who played what, when -------------------------------------------------------------

class LightSeat:
    """A seat as games.standings and games.ratings read it (the model's own `abandoned`)."""

    __slots__ = ("id", "order", "user_id", "colour", "status", "bot_account", "rank", "score", "joined", "muted")
    Status = abandoned = None  # the model's own (games.models.Seat), set by fill()

    def __init__(self, order, user_id, colour, bot_account, joined):
        self.id, self.order, self.user_id, self.colour = 0, order, user_id, colour
        self.status, self.bot_account, self.rank, self.score = "active", bot_account, None, None
        self.joined, self.muted = joined, False


class SeatList(list):
    def all(self):
        return self


class Planned:
    """One game to store."""

    __slots__ = ("id", "played", "name", "players", "options", "status", "count", "start", "factor",
                 "hours", "created", "finished", "seats", "abandon", "undo", "shift", "shift_from",
                 "current", "turn_started", "deadline", "extra", "rated", "reverted", "first_decision",
                 "creator", "invited", "bank")

    def __init__(self, **values):
        for name in self.__slots__:
            setattr(self, name, values.get(name))

    # decision i (0-based in the bot game) of this game: its time and its number
    def time_of(self, i: int) -> int:
        return self.start + int(self.played.at[i] * self.factor) + (self.shift if i >= self.shift_from else 0)

    def number_of(self, i: int) -> int:
        return i + 3 if self.undo is not None and i >= self.undo else i + 1

    @property
    def seq(self) -> int:
        return self.count + (2 if self.undo is not None else 0)

    @property
    def last_move(self) -> int:
        return self.time_of(self.count - 1) if self.count else self.start

    @property
    def outcome(self):
        return self.played.outcome if self.status in ("finished", "reverted") else None

    @property
    def snapshot(self) -> str | None:
        if self.played is None or self.start is None:
            return None
        return self.played.final if self.count == self.played.length else self.played.cuts[self.count]

    def by_bot(self, i: int) -> bool:
        """A decision of a seat a bot took over (timed out, resigned, removed) is the bot's."""
        return self.abandon is not None and i > self.abandon[0] and self.played.seats[i] == self.abandon[1]


def plan(played: list[Played], games: int, players: int, active: int, now: int, rng: random.Random,
         first_user: int, bots: dict[str, int], busy: int = 0, open_games: int | None = None) -> list[Planned]:
    """Every game's place in the history, in the order they were created (their ids follow it). The
    first player sits in `busy` of the games in progress (the correspondence player of scale.py)."""
    start0 = now - HISTORY_DAYS * 86400
    joined0 = start0 - 60 * 86400
    cuts = [(p, c) for p in played for c in p.cuts]
    rng.shuffle(cuts)
    out = []
    opened = max(1, games // 1000) if open_games is None else open_games
    shares = [("active", active), ("open", opened), ("aborted", games * 15 // 1000),
              ("left", games * 3 // 1000), ("reverted", max(1, games * 2 // 1000))]
    kinds = [k for k, n in shares for _ in range(n)]
    kinds += ["finished"] * max(0, games - len(kinds))
    kinds = kinds[:games]
    rng.shuffle(kinds)
    cut_at = 0
    for kind in kinds:
        g = Planned(status=kind, hours=rng.choice(HOURS_PER_MOVE), factor=rng.uniform(0.4, 1.2), shift=0,
                    shift_from=10 ** 9, extra=0)
        # one game in ten on a time bank (its pace, hours_per_move, the increment): chosen by place,
        # not by the random source, so that a fill's other games stay what they were
        g.bank = bank_of(g.hours) if len(out) % 10 == 3 else None
        if kind in ("active", "aborted"):
            g.played, g.count = cuts[cut_at % len(cuts)]
            cut_at += 1
        else:
            g.played = rng.choice(played)
            g.count = g.played.length if kind in ("finished", "reverted") else 0
        p = g.played
        g.name, g.players, g.options = p.name, p.players, p.options
        span = p.at[g.count - 1] * g.factor if g.count else 0
        if kind == "open":
            g.created = now - rng.randint(600, 10 * 86400)
        else:  # the site grows: more games every month; a timed-out seat's wait fits before now too
            g.created = start0 + int((now - start0) * math.sqrt(rng.random()))
            g.created = min(g.created, now - int(span) - g.hours * 3600 - 2 * 86400)
        # who sits: players who had joined by then, the creator first; now and then a bot account,
        # never at the seat deciding in a game in progress (a bot's turn does not wait)
        known = max(40, int(players * ((g.created - joined0) / (now - joined0)) ** 2))
        users = [first_user + i for i in rng.sample(range(min(players, known)), g.players)]
        if kind == "active" and busy and first_user not in users:
            users[rng.randrange(g.players)] = first_user
            busy -= 1
        g.creator = users[0]
        bot_at = rng.randrange(1, g.players) if rng.random() < 0.12 else None
        if bot_at is not None and not (kind == "active" and p.after[g.count - 1] == bot_at):
            users[bot_at] = bots[rng.choice(SITE_BOTS)]
        else:
            bot_at = None
        if kind in ("open", "left"):
            g.count, g.start = 0, None
            seated = rng.randrange(1, g.players) if kind == "open" else 0
            g.seats = SeatList(LightSeat(i, users[i], "", False, g.created + (i and rng.randint(0, 3600)))
                               for i in range(seated))
            if kind == "left":
                g.status, g.finished = "aborted", g.created + rng.randint(3600, 3 * 86400)
            elif rng.random() < 0.3:
                g.invited = first_user + rng.randrange(min(players, known))
                g.invited = None if g.invited in users else g.invited
            out.append(g)
            continue
        g.start = g.created if bot_at is not None else g.created + rng.randint(60, 36 * 3600)
        g.seats = SeatList(LightSeat(i, users[i], p.colours[i], i == bot_at, g.created + (i and rng.randint(0, 3600)))
                           for i in range(g.players))
        for seat in g.seats:
            seat.joined = min(seat.joined, g.start)
            seat.muted = rng.random() < 0.02
        # a seat handed to the bot during its turn: timed out (its clock ran out first), resigned, removed
        r = rng.random() * (3 if kind == "active" else 1)
        status = "timed_out" if r < 0.06 else "resigned" if r < 0.09 else "removed" if r < 0.093 else None
        if status and g.count > 2:
            a = rng.randrange(0, g.count - 1)
            s = p.after[a]
            if not g.seats[s].bot_account and not (kind == "active" and p.after[g.count - 1] == s):
                g.abandon = (a, s, status)
                g.seats[s].status = status
                if status == "timed_out":
                    g.shift, g.shift_from = g.hours * 3600, a + 1
        elif p.undoable and rng.random() < 1 / 30:
            j = rng.choice(p.undoable)
            if j < g.count - 1:
                g.undo, g.shift, g.shift_from = j, 40, j
        if kind == "active":  # the turn began a while ago, within its time
            began = turn_began(g)
            since = g.time_of(began) if began is not None else g.start
            turn_started = min(now - int(rng.uniform(0.02, 0.9) * g.hours * 3600),
                               now - 60 - (g.time_of(g.count - 1) - since))
            g.start += turn_started - since
            g.created = g.start - rng.randint(60, 36 * 3600)
            for seat in g.seats:
                seat.joined = g.created + (seat.order and rng.randint(0, g.start - g.created))
        settle(g, p, now, rng)
        out.append(g)
    out.sort(key=lambda g: g.created)
    return out


def turn_began(g: Planned) -> int | None:
    """The decision after which the seat deciding now began its turn (None: at the start)."""
    turns = g.played.turns
    k = bisect.bisect_right(turns, g.count - 1) - 1
    return turns[k] if k >= 0 else None


def settle(g: Planned, p: Played, now: int, rng: random.Random) -> None:
    """Whose turn, since when, until when; the end and the rating's eligibility (games.ratings.eligible)."""
    from games import clock
    began = turn_began(g)
    g.turn_started = g.time_of(began) if began is not None else g.start
    if g.status == "active":
        g.current = p.after[g.count - 1]
        seat = g.seats[g.current]
        if rng.random() < 0.01:
            g.extra = 24
        # a bank game's seats keep their initial bank (Seat.bank_seconds empty), as the site reads it
        allowed = g.bank[0] if g.bank else g.hours
        g.deadline = None if seat.bot_account or seat.status != "active" else int(
            clock.deadline_for(NO_VACATION, moment(g.turn_started), allowed + g.extra).timestamp())
        return
    if g.status == "aborted":  # stopped by a moderator: the turn stays as it was, the clock stops
        g.current = p.after[g.count - 1]
        g.finished = g.last_move + rng.randint(3600, 2 * 86400)
        return
    g.current, g.finished = None, g.last_move
    human = {s.order for s in g.seats}
    if g.abandon is not None and p.first_of.get(g.abandon[1], g.count) > g.abandon[0]:
        human.discard(g.abandon[1])
    g.rated = all(s.order in human and s.order in p.first_of for s in g.seats)
    g.reverted = g.status == "reverted"


class _NoVacation:
    """A player without vacations, as games.clock reads one (no query)."""

    recent_vacations: list = []


NO_VACATION = _NoVacation()


# --- ratings ------------------------------------------------------------------------------------

class LightRating:
    __slots__ = ("id", "game", "user_id", "mu", "sigma", "games", "last_played")

    def __init__(self, id_, game, user_id, mu, sigma):
        self.id, self.game, self.user_id, self.mu, self.sigma = id_, game, user_id, mu, sigma
        self.games, self.last_played = 0, None


class LightGame:
    """What games.ratings reads of a game: name, seats, options, outcome."""

    def __init__(self, g: Planned):
        self.name, self.players, self.options, self.outcome, self.seats = g.name, g.players, g.options, g.outcome, g.seats


def rate(name: str, games: list[Planned]) -> tuple[list, list]:
    """The ratings of one game as games.ratings would have left them: each rated game in the order
    they ended, with the site's model and places; a reverted game's change kept but not counted.
    (ratings, changes as (game id, rating, rank, mu/sigma before and after, reverted))."""
    from games import ratings
    ratings_, changes = {}, []
    for g in sorted(games, key=lambda g: (g.finished, g.id)):
        light = LightGame(g)
        pairs = []
        for who, rank in sorted(ratings.standings(light), key=lambda p: str(p[0] or "")):
            rating = ratings_.get(who)
            if rating is None:
                rating = ratings_[who] = LightRating(0, name, who, ratings.MODEL.mu, ratings.MODEL.sigma)
            pairs.append((rating, rank))
        for (rating, rank), (mu, sigma) in zip(pairs, ratings._update(pairs, ratings.sides(light))):
            changes.append((g.id, rating, rank, rating.mu, rating.sigma, mu, sigma, g.reverted, g.finished))
            if not g.reverted:
                rating.mu, rating.sigma = mu, sigma
                rating.games += 1
                rating.last_played = g.finished
    return list(ratings_.values()), changes


def rate_all(games: list[Planned], jobs: int):
    from games import rules
    by_name = {name: [] for name in rules.names()}
    for g in games:
        if g.rated:
            by_name[g.name].append(g)
    if jobs <= 1:
        return [rate(name, gs) for name, gs in by_name.items()]
    with multiprocessing.get_context("fork").Pool(jobs) as pool:
        return pool.starmap(rate, by_name.items())


# --- the rows ----------------------------------------------------------------------------------

def decision_rows(chunk: list[Planned], first_id: int):
    """The COPY text of the decisions of `chunk` (games in the order they started), an hour of the
    site at a time: within each hour, the decisions of every game then, as a site stores them."""
    hours: dict[int, list[str]] = {}
    flushed, ids = None, count(first_id)
    stamp = STAMP
    for g in sorted(chunk, key=lambda g: g.start):
        p = g.played
        upto = g.start // 3600
        if flushed is None:
            flushed = upto
        while flushed < upto:
            rows = hours.pop(flushed, None)
            if rows:
                yield "".join([f"{i}\t{r}" for r, i in zip(rows, ids)])
            flushed += 1
        gid, seats, rows = g.id, p.seats, p.rows
        for i in range(g.count):
            t = g.time_of(i)
            if i == g.undo:  # made, taken back, made again
                hours.setdefault(t // 3600, []).append(
                    f"{gid}\t{i + 1}\t{seats[i]}\tf\t{rows[i]}\t{stamp(t - 40)}\tt\t{stamp(t - 20)}\n")
            hours.setdefault(t // 3600, []).append(
                f"{gid}\t{g.number_of(i)}\t{seats[i]}\t{'t' if g.by_bot(i) else 'f'}\t{rows[i]}\t{stamp(t)}\tf\t\\N\n")
    for hour in sorted(hours):
        yield "".join([f"{i}\t{r}" for r, i in zip(hours[hour], ids)])


def notice_rows(chunk: list[Planned], profiles: dict[int, tuple], seed: int, now: int):
    """(game, user, turn key, kind, sent at) the site's notices would have claimed
    (games.reactions.emails): a turn's notice to a person not on the site, the reminder email with
    8 hours left of a long turn (settings.NOTICE_STEPS), timed out, removed, game over."""
    from django.conf import settings
    # profiles: user -> (notify_turn, reminders, game over, invitations)
    left = int(dict(settings.NOTICE_STEPS)["reminder"].total_seconds())
    for g in chunk:
        if g.played is None or g.start is None:
            if g.invited is not None and profiles[g.invited][3]:
                yield (g.id, g.invited, "invited", "invitation", STAMP(g.created + 5))
            continue
        rng = random.Random(seed * 1_000_003 + g.id)
        p, seats = g.played, g.seats
        beginnings = [None] + [k for k in p.turns if k < g.count]
        for n, k in enumerate(beginnings):
            order = p.first if k is None else p.after[k]
            seat = seats[order]
            if seat.bot_account or seat.muted or (g.abandon and order == g.abandon[1] and k is not None and k > g.abandon[0]):
                continue
            turn, reminders, _, _ = profiles[seat.user_id]
            at = g.start if k is None else g.time_of(k)
            key = f"{order}@{STAMP.iso(at)}"
            if turn == "immediate" and rng.random() < 0.6:
                yield (g.id, seat.user_id, key, "turn", STAMP(at + 20))
            ends = (g.time_of(beginnings[n + 1]) if n + 1 < len(beginnings)
                    else g.time_of(g.count - 1) if g.status in ("finished", "reverted") else g.finished or now)
            if reminders and turn != "never" and g.hours * 3600 > left and ends - at >= g.hours * 3600 - left:
                yield (g.id, seat.user_id, key, "reminder", STAMP(at + g.hours * 3600 - left))
        if g.abandon is not None and g.abandon[2] in ("timed_out", "removed"):
            a, s, status = g.abandon
            at = g.time_of(a) + (g.hours * 3600 if status == "timed_out" else 600)
            told = [x for x in seats if x.order == s or (x.status == "active" and not x.bot_account)]
            for x in told if status == "timed_out" else [seats[s]]:
                yield (g.id, x.user_id, f"{'timeout' if status == 'timed_out' else 'removed'}-{s}", status, STAMP(at + 30))
        if g.status in ("finished", "reverted"):
            for x in seats:
                if not x.bot_account and profiles[x.user_id][2]:
                    yield (g.id, x.user_id, "over", "game_over", STAMP(g.finished + 30))


# --- the fill ---------------------------------------------------------------------------------

TABLES = ("User", "Profile", "EmailAddress", "Game", "Seat", "Decision", "Rating", "RatingChange",
          "ChatMessage", "TurnNotice", "ModeratorAction", "Invitation")


def models():
    from allauth.account.models import EmailAddress
    from django.contrib.auth import get_user_model

    from accounts.models import Profile
    from games.models import (
        ChatMessage,
        Decision,
        Game,
        Invitation,
        ModeratorAction,
        Rating,
        RatingChange,
        Seat,
        TurnNotice,
    )
    return dict(zip(TABLES, (get_user_model(), Profile, EmailAddress, Game, Seat, Decision, Rating, RatingChange,
                             ChatMessage, TurnNotice, ModeratorAction, Invitation)))


def next_ids(cursor, tables: dict) -> dict[str, int]:
    out = {}
    for key, model in tables.items():
        cursor.execute(f"SELECT COALESCE(MAX(id), 0) + 1 FROM {model._meta.db_table}")
        out[key] = cursor.fetchone()[0]
    return out


def bare(cursor, tables) -> list[str]:
    """Drop the foreign keys, unique constraints and secondary indexes of `tables` (primary keys
    stay); the statements that make them again, indexes first."""
    names = [m._meta.db_table for m in tables]
    cursor.execute("SET CONSTRAINTS ALL IMMEDIATE")  # rows written before in this transaction are checked now
    cursor.execute("""
        SELECT 'ALTER TABLE ' || quote_ident(c.conrelid::regclass::text) || ' DROP CONSTRAINT ' || quote_ident(c.conname),
               'ALTER TABLE ' || quote_ident(c.conrelid::regclass::text) || ' ADD CONSTRAINT ' || quote_ident(c.conname)
               || ' ' || pg_get_constraintdef(c.oid), c.contype
        FROM pg_constraint c WHERE c.conrelid::regclass::text = ANY(%s) AND c.contype IN ('u', 'f')
        UNION ALL
        SELECT 'DROP INDEX ' || quote_ident(i.indexrelid::regclass::text), pg_get_indexdef(i.indexrelid), 'i'
        FROM pg_index i WHERE i.indrelid::regclass::text = ANY(%s) AND NOT i.indisprimary
          AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = i.indexrelid)""", [names, names])
    found = cursor.fetchall()
    for drop, _, _kind in sorted(found, key=lambda r: r[2] != "f"):  # foreign keys first
        cursor.execute(drop)
    return [make for _, make, kind in sorted(found, key=lambda r: r[2] == "f")]  # foreign keys last


def fill(games: int, players: int, *, active: int | None = None, bot_games: int = 2000, jobs: int = 2,
         seed: int = 1, report=None, busy: int = 0, open_games: int | None = None) -> dict:
    """Fill the database (migrated) with the history; a dict of what went in and the phases' times.
    With jobs > 1 the bulk is committed by several connections at once; with 1 everything happens
    in the caller's connection and transaction (a test's)."""
    from django.core.management.color import no_style
    from django.db import connection, transaction

    from accounts.models import default_bot_name
    from games.models import Seat
    from games.services import bot_account, inbox
    from reliability import summary as reliability
    from stats import summary

    LightSeat.Status, LightSeat.abandoned = Seat.Status, Seat.abandoned
    say = report or (lambda *a: None)
    times, phase_start = {}, [time.perf_counter()]

    def phase(name):
        now_ = time.perf_counter()
        times[name] = round(now_ - phase_start[0], 1)
        phase_start[0] = now_
        say(f"{name}: {times[name]} s")

    rng = random.Random(seed)
    now = int(time.time())
    active = games // 20 if active is None else active
    played = play_all(bot_games, jobs, seed)
    phase("bot games")

    tables = models()
    bots = {kind: bot_account(kind).pk for kind in SITE_BOTS}
    with connection.cursor() as cursor:
        ids = next_ids(cursor, tables)
    history = plan(played, games, players, active, now, rng, ids["User"] + MODERATORS, bots, busy, open_games)
    seat_id = count(ids["Seat"])
    first_decision = ids["Decision"]
    for gid, g in enumerate(history, ids["Game"]):
        g.id = gid
        for seat in g.seats:
            seat.id = next(seat_id)
    starts = sorted((g for g in history if g.count), key=lambda g: g.start)
    for g in starts:
        g.first_decision = first_decision
        first_decision += g.count + (1 if g.undo is not None else 0)
    decisions = first_decision - ids["Decision"]
    # standings: places and scores on the seats of every game that ended by its rules
    from games.standings import standings
    for g in history:
        if g.outcome:
            for _, seat, rank in standings(g.outcome, g.seats):
                if seat is not None:
                    seat.rank, seat.score = rank, g.outcome["scores"].get(seat.colour)
    rated = rate_all(history, jobs)
    phase("plan and ratings")

    with connection.cursor() as cursor:
        restore = bare(cursor, tables.values())
    people = make_people(players, now, rng, ids["User"])
    on_calendars(history, people[1])
    profiles = {p[0]: (p[3], p[4], p[5], p[7]) for p in people[1]}
    for pk in bots.values():
        profiles[pk] = ("never", False, False, False)
    rows = {"users": len(people[0])}
    with transaction.atomic(), connection.cursor() as cursor:
        rows.update(copy_people(cursor, tables, people, ids, default_bot_name))
        rows.update(copy_games(cursor, tables, history, rated, ids, rng, now))
    phase("players, games, seats, ratings, chat, actions")

    chunks = split(starts, jobs)
    if jobs <= 1:
        with transaction.atomic(), connection.cursor() as cursor:
            copy_decisions(cursor, tables, chunks[0], history, profiles, seed, now)
    else:
        params = connection.get_connection_params()
        context = multiprocessing.get_context("fork")
        workers = [context.Process(target=decisions_apart, args=(params, chunk, history[i::jobs], profiles, seed, now))
                   for i, chunk in enumerate(chunks)]
        for w in workers:
            w.start()
        for w in workers:
            w.join()
            if w.exitcode:
                raise RuntimeError(f"a process copying decisions failed ({w.exitcode})")
    phase("decisions and notices")

    with transaction.atomic(), connection.cursor() as cursor:
        if jobs > 1:
            cursor.execute("SET maintenance_work_mem = '1GB'")
        for statement in restore:
            cursor.execute(statement)
        cursor.execute("SET CONSTRAINTS ALL DEFERRED")  # as Django's foreign keys are, for the rest of the transaction
    phase("indexes and constraints")
    with transaction.atomic(), connection.cursor() as cursor:
        for statement in connection.ops.sequence_reset_sql(no_style(), list(tables.values())):
            cursor.execute(statement)
        cursor.execute("ANALYZE " + ", ".join(m._meta.db_table for m in tables.values()))
    phase("sequences and ANALYZE")
    summary.fill()  # what the site keeps as its games finish (docs/stats.md)
    phase("the statistics' summary")
    reliability.fill()  # and the players' reliability (docs/reliability.md)
    phase("the reliability summary")
    with transaction.atomic():  # each game in its people's turn inbox, as the services keep it
        rows["inbox"] = inbox.rebuild(g.id for g in history)
    phase("the turn inbox")
    times["total"] = round(sum(v for k, v in times.items()), 1)
    rows.update(games=len(history), decisions=decisions, bot_games=len(played))
    return {"rows": rows, "seconds": times}


def split(games: list[Planned], parts: int) -> list[list[Planned]]:
    """`games` (in the order they started) in `parts` runs of about as many decisions each."""
    total = sum(g.count for g in games) or 1
    out, run, done = [[] for _ in range(max(1, parts))], 0, 0
    for g in games:
        if done >= total * (run + 1) / len(out) and run < len(out) - 1:
            run += 1
        out[run].append(g)
        done += g.count
    return out


def decisions_apart(params: dict, chunk, games, profiles, seed, now) -> None:
    """In a process of its own: one run of decisions, and a share of the notices, on a connection of its own."""
    import psycopg

    tables = models()
    with psycopg.connect(**{k: v for k, v in params.items() if k not in ("cursor_factory", "context")}) as conn:
        with conn.cursor() as cursor:
            copy_decisions(cursor, tables, chunk, games, profiles, seed, now)
        conn.commit()


def copy_decisions(cursor, tables, chunk, games, profiles, seed, now) -> None:
    """The decisions of `chunk` as COPY text (decision_rows), then the notices of `games`."""
    columns = ("id", "game", "number", "seat", "by_bot", "data", "events", "created_at", "undone", "undone_at")
    first = min((g.first_decision for g in chunk), default=0)
    with getattr(cursor, "cursor", cursor).copy(copy_statement(tables["Decision"], columns)) as copy:
        for block in decision_rows(chunk, first):
            copy.write(block)
    copy_rows(cursor, tables["TurnNotice"], ["game", "user", "turn_key", "kind", "sent_at", "error"],
              ((*row, "") for row in notice_rows(games, profiles, seed, now)))


def calendar_of(rng: random.Random) -> tuple[tuple, str]:
    """A player's calendar: ((quiet from, quiet until), days off), one in five with quiet hours, one in
    ten with the weekend off (Saturday 5, Sunday 6)."""
    quiet = rng.choice(((dtime(23), dtime(7)), (dtime(22), dtime(6)))) if rng.random() < 0.2 else (None, None)
    return quiet, "56" if rng.random() < 0.1 else ""


def on_calendars(history: list[Planned], profiles: list[tuple]) -> None:
    """A turn in progress runs on its player's calendar, as the site sets its deadline
    (games.clock.deadline_for: their quiet hours and days off in their zone do not count)."""
    from types import SimpleNamespace

    from games import clock
    players = {pk: SimpleNamespace(recent_vacations=[], profile=SimpleNamespace(
                   time_zone=tz, quiet_from=quiet[0], quiet_until=quiet[1], days_off=days_off))
               for pk, _, _, _, _, _, tz, _, _, (quiet, days_off) in profiles}
    for g in history:
        if g.status == "active" and g.deadline is not None:
            player = players[g.seats[g.current].user_id]
            allowed = g.bank[0] if g.bank else g.hours
            g.deadline = int(clock.deadline_for(player, moment(g.turn_started), allowed + g.extra).timestamp())


def make_people(players: int, now: int, rng: random.Random, first: int):
    """The moderators, then the players, who join as the site grows: (users, profiles)."""
    joined0 = now - HISTORY_DAYS * 86400 - 60 * 86400
    users, profiles = [], []
    for n in range(MODERATORS + players):
        i = n - MODERATORS
        name = f"moderator{n + 1}" if i < 0 else f"player{i + 1}"
        joined = joined0 if i < 0 else joined0 + int((now - joined0) * math.sqrt(max(i, 0) / players))
        users.append((first + n, name, f"{name}@example.org", i < 0, rng.random() > 0.002, joined))
        notify = rng.choices(("immediate", "daily", "never"), (6, 3, 1))[0]
        profiles.append((first + n, f"Player {i + 1}" if i >= 0 and rng.random() < 0.25 else "",
                         "de" if rng.random() < 0.3 else "en", notify, rng.random() < 0.9, rng.random() < 0.85,
                         rng.choice(TIME_ZONES), rng.random() < 0.9, rng.random() < 0.1, calendar_of(rng)))
    return users, profiles


def copy_people(cursor, tables, people, ids, default_bot_name) -> dict:
    from django.contrib.auth.hashers import make_password
    users, profiles = people
    password = make_password("archive-pass")
    copy_rows(cursor, tables["User"], ["id", "username", "email", "password", "is_staff", "is_superuser", "is_active",
                                       "first_name", "last_name", "date_joined", "last_login"],
              ((pk, name, email, password, staff, False, active_, "", "", STAMP(joined), STAMP(joined))
               for pk, name, email, staff, active_, joined in users))
    from games import clock
    now = datetime.now(UTC)

    def batch_due(turn, tz, quiet, days_off):  # a reader of batches: their next hour (services.notices_changed)
        if turn != "daily":
            return None
        calendar = clock.Calendar(zone=clock.zone(tz), quiet_from=quiet[0], quiet_until=quiet[1],
                                  days_off=frozenset(int(d) for d in days_off))
        return STAMP(int(clock.next_batch(calendar, [8], now).timestamp()))
    copy_rows(cursor, tables["Profile"], ["user", "display_name", "language", "notify_turn", "notify_reminders",
                                          "notify_game_over", "time_zone", "notify_invitations",
                                          "notify_while_online", "bot", "quiet_from", "quiet_until", "days_off",
                                          "batch_due_at"],
              ((pk, display, lang, turn, reminders, over, tz, invitations, online, "", *quiet, days_off,
                batch_due(turn, tz, quiet, days_off))
               for pk, display, lang, turn, reminders, over, tz, invitations, online, (quiet, days_off) in profiles))
    copy_rows(cursor, tables["EmailAddress"], ["id", "user", "email", "verified", "primary"],
              ((ids["EmailAddress"] + n, pk, email, True, True) for n, (pk, _, email, *_) in enumerate(users)))
    return {"profiles": len(profiles), "emails": len(users)}


def copy_games(cursor, tables, history, rated, ids, rng, now) -> dict:
    from games import clock
    moderators = [ids["User"] + n for n in range(MODERATORS)]
    status = {"reverted": "aborted"}

    def stamp(t):
        return None if t is None else STAMP(t)

    # What a running site stores, its tasks having run (the catch-up every two minutes, the reminders
    # every five: settings.CELERY_BEAT_SCHEDULE): a turn's "your turn" is owed only for a turn begun in
    # the last few minutes, and its next notice before the deadline is the first one still to come.
    # (On the plain clock: the players' calendars move those instants, not how many turns wait.)
    def notice_owed(g):
        return g.status == "active" and g.deadline is not None and now - g.turn_started < NOTICE_CATCH_UP

    def reminder_due(g):
        if g.status != "active" or g.deadline is None:
            return None
        due = clock.next_reminder(moment(g.turn_started), moment(g.deadline), after=moment(now))
        return None if due is None else stamp(int(due.timestamp()))

    copy_rows(cursor, tables["Game"], ["id", "name", "rules_version", "options", "players", "seed", "status",
                                       "created_by", "hours_per_move", "created_at", "started_at", "finished_at",
                                       "last_move_at", "seq", "current_seat", "deadline", "turn_started_at",
                                       "extra_hours", "snapshot", "snapshot_seq", "outcome", "rated",
                                       "turn_notice_due", "reminder_due_at", "time_control", "bank_hours",
                                       "increment_hours", "cap_hours"],
              ((g.id, g.name, g.played.version if g.played else 1, json.dumps(g.options), g.players,
                g.played.seed if g.start is not None else None, status.get(g.status, g.status),
                g.creator, g.hours, STAMP(g.created),
                stamp(g.start), stamp(g.finished), stamp(g.last_move if g.start is not None else None),
                g.seq if g.start is not None else 0, g.current, stamp(g.deadline),
                stamp(g.turn_started), g.extra, g.snapshot,
                g.seq if g.start is not None else None,
                json.dumps(g.outcome) if g.outcome else None,
                (False if g.reverted else g.rated) if g.status in ("finished", "reverted") else None,
                notice_owed(g), reminder_due(g),
                "bank" if g.bank else "per_turn", *(g.bank or (0, 0, 0)))
               for g in history))
    copy_rows(cursor, tables["Seat"], ["id", "game", "user", "order", "colour", "status", "joined_at", "score",
                                       "rank", "muted", "stand_in", "bot_account"],
              ((s.id, g.id, s.user_id, s.order, s.colour, s.status, STAMP(s.joined), s.score, s.rank, s.muted,
                "", s.bot_account) for g in history for s in g.seats))
    rating_id = count(ids["Rating"])
    all_ratings, all_changes = [], []
    for ratings_, changes in rated:
        for r in ratings_:
            r.id = next(rating_id)
        all_ratings += ratings_
        all_changes += changes
    copy_rows(cursor, tables["Rating"], ["id", "game", "user", "mu", "sigma", "games", "last_played"],
              ((r.id, r.game, r.user_id, r.mu, r.sigma, r.games, stamp(r.last_played)) for r in all_ratings))
    copy_rows(cursor, tables["RatingChange"], ["id", "match", "rating", "rank", "mu_before", "sigma_before",
                                               "mu_after", "sigma_after", "reverted", "created_at"],
              ((n, gid, r.id, rank, mb, sb, ma, sa, rev, STAMP(at))
               for n, (gid, r, rank, mb, sb, ma, sa, rev, at) in enumerate(all_changes, ids["RatingChange"])))
    # chat, and what the moderators did
    messages, actions = [], []
    message_id = count(ids["ChatMessage"])
    for g in history:
        if g.count and rng.random() < 0.15:
            for _ in range(rng.randint(1, 6)):
                k = rng.randrange(g.count)
                seat = g.seats[g.played.seats[k]]
                if seat.bot_account or (g.abandon and seat.order == g.abandon[1] and k > g.abandon[0]):
                    continue
                at = g.time_of(k) + rng.randint(5, 600)
                hidden = rng.random() < 0.01
                mid = next(message_id)
                messages.append((mid, g.id, seat.user_id, rng.choice(CHAT), STAMP(at), hidden))
                if hidden:
                    actions.append(("hide_chat", g.id, seat.user_id, "abusive chat",
                                    {"message": mid, "after": g.number_of(k)}, at + 3600))
        last = g.number_of(g.count - 1) if g.count else 0
        if g.status == "aborted" and g.count:
            actions.append(("abort", g.id, None, rng.choice(REASONS), {"after": last}, g.finished))
        if g.status == "reverted":
            actions.append(("revert_rating", g.id, None, "cheating: several accounts", {"after": last},
                            min(now - 60, g.finished + rng.randint(3600, 10 * 86400))))
        if g.abandon is not None and g.abandon[2] == "removed":
            a, s, _ = g.abandon
            actions.append(("remove_player", g.id, g.seats[s].user_id, "absent for weeks, asked by the others",
                            {"seat": s, "colour": g.seats[s].colour, "after": g.number_of(a)}, g.time_of(a) + 600))
        if g.extra:
            actions.append(("extend_deadline", g.id, None, "a storm took the power out", {"hours": g.extra, "after": last},
                            g.last_move + 60))
    copy_rows(cursor, tables["ChatMessage"], ["id", "game", "user", "text", "created_at", "hidden"], messages)
    cursor.execute(f"SELECT id FROM {tables['User']._meta.db_table} WHERE NOT is_active AND id >= %s", [ids["User"]])
    suspended = [row[0] for row in cursor.fetchall()]
    actions += [("suspend", None, u, "spam in chat", {}, now - rng.randint(86400, 300 * 86400)) for u in suspended]
    copy_rows(cursor, tables["ModeratorAction"], ["id", "moderator", "kind", "game", "target_user", "reason",
                                                  "details", "created_at"],
              ((n, rng.choice(moderators), kind, gid, target, reason, json.dumps(details), STAMP(at))
               for n, (kind, gid, target, reason, details, at) in enumerate(actions, ids["ModeratorAction"])))
    copy_rows(cursor, tables["Invitation"], ["id", "game", "user", "created_at", "declined_at"],
              ((n, g.id, g.invited, STAMP(g.created + 5), None)
               for n, g in enumerate((g for g in history if g.invited is not None), ids["Invitation"])))
    return {"seats": sum(len(g.seats) for g in history), "ratings": len(all_ratings),
            "rating_changes": len(all_changes), "chat": len(messages), "moderator_actions": len(actions)}


# --- sizes ---------------------------------------------------------------------------------------

def sizes(decisions: int, games: int) -> dict:
    from django.db import connection
    out = {}
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_database_size(current_database())")
        out["database"] = cursor.fetchone()[0]
        for table in ("games_game", "games_decision", "games_seat", "games_turnnotice", "games_ratingchange"):
            cursor.execute("SELECT pg_total_relation_size(%s), pg_relation_size(%s), pg_indexes_size(%s)",
                           [table, table, table])
            total, heap, indexes = cursor.fetchone()
            out[table] = {"total": total, "table": heap, "toast": total - heap - indexes, "indexes": indexes}
    out["bytes_per_decision"] = round(out["games_decision"]["total"] / max(1, decisions))
    out["bytes_per_game"] = round(out["games_game"]["total"] / max(1, games))
    out["database_bytes_per_game"] = round(out["database"] / max(1, games))
    return out


def main() -> int:
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "argo_site.settings")
    os.environ.setdefault("DJANGO_DEBUG", "0")
    os.environ.setdefault("DJANGO_SECRET_KEY", "archive-fill-not-secret")
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=200_000)
    parser.add_argument("--players", type=int, default=50_000)
    parser.add_argument("--active", type=int, default=None, help="games in progress (default: one in twenty)")
    parser.add_argument("--bot-games", type=int, default=2000, help="games the bots play, reused by the stored games")
    parser.add_argument("--jobs", type=int, default=2, help="processes side by side")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--busy", type=int, default=0, help="games in progress of the first player (scale.py's busy player)")
    parser.add_argument("--open", type=int, default=None, dest="open_games",
                        help="open games waiting for players (default: one in a thousand; the lobby's filters at scale)")
    args = parser.parse_args()
    import django
    django.setup()
    from django.core.management import call_command
    from django.db import connection
    if connection.vendor != "postgresql":
        parser.error("DATABASE_URL must name a PostgreSQL database: the fill is by COPY")
    t0 = time.perf_counter()
    call_command("migrate", verbosity=0)
    print(f"migrate: {time.perf_counter() - t0:.1f} s", flush=True)
    result = fill(args.games, args.players, active=args.active, bot_games=args.bot_games, jobs=args.jobs,
                  seed=args.seed, report=lambda line: print(line, flush=True), busy=args.busy, open_games=args.open_games)
    result["seconds"]["migrate"] = round(time.perf_counter() - t0 - result["seconds"]["total"], 1)
    result["seconds"]["total"] = round(time.perf_counter() - t0, 1)
    result["sizes"] = sizes(result["rows"]["decisions"], result["rows"]["games"])
    print(json.dumps(result, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
