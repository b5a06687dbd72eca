"""Who plays whom: round robin, Swiss and knock-out pairings, as plain Python (no Django).

Every function here is deterministic: the same arguments give the same tables, so a tournament's
rounds can be paired again from its stored results. docs/tournaments.md, "Pairing and standings",
describes the formats and the conventions they follow.
"""
from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction
from itertools import combinations

import networkx as nx

Table = tuple[int, ...]  # player ids in seat order (seat 0 first)
Apart = frozenset[frozenset[int]] | set[frozenset[int]]  # pairs of players best never seated together

BYE_POINTS = 1.0  # a Swiss bye scores a full point; in round robin a sit-out scores nothing


@dataclass(frozen=True)
class Result:
    """One finished table: a game, or a forfeit decided without one."""
    round: int  # 1-based
    table: Table  # seat order
    places: dict[int, int]  # player id -> place (1 best; equal places share)


# ---------------------------------------------------------------- points


def pairwise(result: Result, player: int, opponent: int) -> Fraction:
    """How `player` fared against one `opponent` at the table: 1 placed ahead, 1/2 level, 0 behind."""
    mine, theirs = result.places[player], result.places[opponent]
    if mine == theirs:
        return Fraction(1, 2)
    return Fraction(1) if mine < theirs else Fraction(0)


def exact_game_points(result: Result) -> dict[int, Fraction]:
    """game_points as fractions: sums of thirds compare exactly (1/3 + 2/3 == 1)."""
    opponents = len(result.table) - 1
    if opponents < 1:
        raise ValueError(f"a table seats at least two players: {result.table}")
    return {player: sum((pairwise(result, player, other) for other in result.table if other != player),
                        Fraction(0)) / opponents
            for player in result.table}


def game_points(result: Result) -> dict[int, float]:
    """Each player's points from one table: opponents beaten + half of those tied, over (table size - 1).
    2 players: win 1, draw 0.5, loss 0; 4 players: 1, 2/3, 1/3, 0."""
    return {player: float(points) for player, points in exact_game_points(result).items()}


def scores(players: Iterable[int], results: list[Result], byes: dict[int, int],
           bye_points: float = BYE_POINTS) -> dict[int, Fraction]:
    """Points from the results plus `bye_points` a bye, for the players named and everyone at a table."""
    total: dict[int, Fraction] = {player: Fraction(0) for player in players}
    for result in results:
        for player, points in exact_game_points(result).items():
            total[player] = total.get(player, Fraction(0)) + points
    for player, count in byes.items():
        total[player] = total.get(player, Fraction(0)) + Fraction(bye_points) * count
    return total


def opponents_met(results: list[Result]) -> Counter[frozenset[int]]:
    """How often each pair of players has shared a table."""
    return Counter(frozenset(pair) for result in results for pair in combinations(result.table, 2))


# ---------------------------------------------------------------- seats


@dataclass
class Seats:
    """Where each player has sat so far, to give everyone their share of seat 0."""
    first: Counter[int]  # games in seat 0
    later: Counter[int]  # games in any other seat
    seat_sum: Counter[int]  # the seat indices added up: who has sat late most
    last_seat: dict[int, int]  # the seat of each player's latest game

    @classmethod
    def of(cls, results: list[Result]) -> Seats:
        seats = cls(Counter(), Counter(), Counter(), {})
        for result in sorted(results, key=lambda r: r.round):
            seats.add(result.table)
        return seats

    def add(self, table: Table) -> None:
        for seat, player in enumerate(table):
            (self.first if seat == 0 else self.later)[player] += 1
            self.seat_sum[player] += seat
            self.last_seat[player] = seat

    def owed(self, player: int) -> int:
        """Seat-0 games beyond the other seats' (2 players: positive means they are owed seat 1)."""
        return self.first[player] - self.later[player]

    def order(self, players: Iterable[int]) -> Table:
        """Seat order for a table of any size: the fewest seat-0 games first, then who sat latest."""
        players = list(players)
        return tuple(sorted(players, key=lambda p: (self.first[p], -self.seat_sum[p], players.index(p))))


# ---------------------------------------------------------------- round robin


def round_robin(players: list[int], table_size: int, seed: int = 0) -> list[list[Table]]:
    """The whole schedule, round by round. table_size 2: the circle (Berger) method, n-1 rounds for even n,
    n rounds for odd n (one player sits out each round); every player takes seat 0 in half their games
    (even n: (n-2)/2 or n/2 of n-1). table_size 3-4: every player plays every round at tables of
    table_size (a remainder of 2 or more forms one smaller table; a remainder of one sits out, in turn)
    until every pair of players has shared a table; the rounds are built greedily, each covering as many
    new pairs as the search finds, ties broken by `random.Random(seed)`; seat 0 goes to whoever has had
    it least."""
    if len(set(players)) != len(players):
        raise ValueError("a player is listed twice")
    if len(players) < 2:
        return []  # nobody to play: no rounds, rather than a round of empty tables
    if table_size == 2:
        return circle_schedule(players)
    if table_size < 2:
        raise ValueError(f"a table seats at least two players, not {table_size}")
    return covering_schedule(players, table_size, random.Random(seed))


def circle_schedule(players: list[int]) -> list[list[Table]]:
    """Berger's circle: the first place stays, the others turn one step a round; the odd one out rests."""
    circle: list[int | None] = list(players) + ([None] if len(players) % 2 else [])
    size = len(circle)
    schedule = []
    for round_index in range(size - 1):
        pairs = [(circle[i], circle[size - 1 - i]) for i in range(size // 2)]
        schedule.append([circle_seats(players, a, b, round_index) for a, b in pairs
                         if a is not None and b is not None])
        circle = [circle[0], circle[-1], *circle[1:-1]]
    return schedule


def circle_seats(players: list[int], a: int, b: int, round_index: int) -> Table:
    """Seat 0 so that everyone has it in half their games. With an odd count each player takes it
    against the (n-1)/2 players after them in the list, read as a ring; with an even count the last
    player is left out of that ring and takes seat 0 in every other round instead."""
    count = len(players)
    ring = count if count % 2 else count - 1
    i, j = players.index(a), players.index(b)
    if ring != count and count - 1 in (i, j):
        last_first = round_index % 2 == 1
        return (a, b) if (i == count - 1) == last_first else (b, a)
    return (a, b) if 0 < (j - i) % ring <= ring // 2 else (b, a)


def covering_schedule(players: list[int], table_size: int, rng: random.Random) -> list[list[Table]]:
    """Rounds until every pair has met, each the best of a few greedy tries."""
    unmet = {player: set(players) - {player} for player in players}
    sat_out: Counter[int] = Counter()
    seats = Seats.of([])
    schedule = []
    while any(unmet.values()):
        resting = sitting_out(players, table_size, unmet, sat_out, rng)
        playing = [player for player in players if player not in resting]
        tries = [swap_for_new_pairs(covering_round(playing, table_size, unmet, rng), unmet)
                 for _ in range(COVERING_TRIES)]
        tables = max(tries, key=lambda round_: new_pairs(round_, unmet))
        for player in resting:
            sat_out[player] += 1
        for table in tables:
            for a, b in combinations(table, 2):
                unmet[a].discard(b)
                unmet[b].discard(a)
        seated = [seats.order(table) for table in tables]
        for table in seated:
            seats.add(table)
        schedule.append(seated)
    return schedule


COVERING_TRIES = 3  # more tries rarely save a round and cost time for large fields


def sitting_out(players: list[int], table_size: int, unmet: dict[int, set[int]], sat_out: Counter[int],
                rng: random.Random) -> list[int]:
    """A lone player left over rests: whoever has rested least, then has the fewest pairs still to meet."""
    if len(players) % table_size != 1 or len(players) < table_size:
        return []
    lot = {player: rng.random() for player in players}
    return [min(players, key=lambda p: (sat_out[p], len(unmet[p]), lot[p]))]


def table_sizes(count: int, table_size: int) -> list[int]:
    """Full tables, then one smaller table for a remainder of two or more."""
    sizes = [table_size] * (count // table_size)
    return sizes + ([count % table_size] if count % table_size >= 2 else [])


def covering_round(playing: list[int], table_size: int, unmet: dict[int, set[int]],
                   rng: random.Random) -> list[Table]:
    """One greedy round: each table starts with the player who has most pairs still to meet and grows by
    whoever meets most new players at it."""
    lot = {player: rng.random() for player in playing}
    free = set(playing)
    tables = []
    for size in table_sizes(len(playing), table_size):
        first = max(free, key=lambda p: (len(unmet[p] & free), lot[p]))
        table = [first]
        free.discard(first)
        while len(table) < size:
            joining = max(free, key=lambda p: (sum(q in unmet[p] for q in table), len(unmet[p] & free), lot[p]))
            table.append(joining)
            free.discard(joining)
        tables.append(tuple(table))
    return tables


def new_pairs(tables: Iterable[Iterable[int]], unmet: dict[int, set[int]]) -> int:
    return sum(b in unmet[a] for table in tables for a, b in combinations(table, 2))


def swap_for_new_pairs(tables: list[Table], unmet: dict[int, set[int]]) -> list[Table]:
    """Swap players between two tables while that makes more new pairs meet (the greedy start leaves
    its last tables to players who have mostly met)."""
    seated = [list(table) for table in tables]
    improved = True
    while improved:
        improved = False
        for one, other in combinations(seated, 2):
            for i, j in [(i, j) for i in range(len(one)) for j in range(len(other))]:
                before = new_pairs((one, other), unmet)
                one[i], other[j] = other[j], one[i]
                if new_pairs((one, other), unmet) > before:
                    improved = True
                else:
                    one[i], other[j] = other[j], one[i]
    return [tuple(table) for table in seated]


# ---------------------------------------------------------------- Swiss


def swiss_round(players: list[int], ratings: dict[int, float], results: list[Result], byes: dict[int, int],
                table_size: int, round_number: int, min_table: int | None = None,
                apart: Apart = frozenset()) -> tuple[list[Table], list[int]]:
    """The next Swiss round: (tables, players with a bye), tables from the top of the standings down.
    `players` are those still in (withdrawn ones are not passed); a player's score is their points from
    `results` plus BYE_POINTS a bye. The pairs in `apart` (players of whom one blocked the other) are
    seated together only where no pairing of the round avoids it.

    2 players: a maximum-weight perfect matching (networkx) that, in this order of importance, pairs as
    few of the pairs `apart` as it can, repeats as few earlier games as it can (a rematch only where no
    pairing avoids it), pairs as few players who are both owed the same seat twice over (one of them
    would sit there three games more than in the other), makes the sum of the squared score differences
    of the pairs smallest (equal scores meet; a player who must float meets the nearest score group),
    pairs as few players owed the same seat as it can, and makes the rating differences smallest. With
    an odd count the lowest-standing player among those with the fewest byes sits out. In each pair the
    player owed seat 0 takes it (more games in seat 1 than in seat 0); if neither is, the
    higher-standing player takes the other seat from their last game's.

    3-4 players: the standings cut into tables of table_size in order; the remainder sits out with a bye
    (the fewest byes first, lowest first) unless `min_table` is given and the remainder has at least
    that many players: then they form one smaller table. A table whose players sat together last round
    swaps a player with a neighbouring table where that helps, and a table holding a pair `apart` swaps
    one of them likewise (keep_apart). Seat 0 goes to whoever has had it least.
    """
    if len(set(players)) != len(players):
        raise ValueError("a player is listed twice")
    score = scores(players, results, byes)
    standing = sorted(players, key=lambda p: (-score[p], -ratings.get(p, 0.0), players.index(p)))
    if table_size == 2:
        return swiss_pairs(standing, score, ratings, results, byes, apart)
    return swiss_tables(standing, results, byes, table_size, round_number, min_table, apart)


def swiss_pairs(standing: list[int], score: dict[int, Fraction], ratings: dict[int, float],
                results: list[Result], byes: dict[int, int], apart: Apart = frozenset()) -> tuple[list[Table], list[int]]:
    resting = [lowest_without_bye(standing, byes)] if len(standing) % 2 else []
    playing = [player for player in standing if player not in resting]
    seats = Seats.of(results)
    costs = pair_costs(playing, score, ratings, opponents_met(results), seats, apart)
    pairs = best_pairing(costs, len(playing) // 2)
    rank = {player: index for index, player in enumerate(standing)}
    pairs = sorted((tuple(sorted(pair, key=rank.get)) for pair in pairs), key=lambda pair: rank[pair[0]])
    return [seat_pair(higher, lower, seats, board) for board, (higher, lower) in enumerate(pairs)], resting


def lowest_without_bye(standing: list[int], byes: dict[int, int]) -> int:
    fewest = min(byes.get(player, 0) for player in standing)
    return [player for player in standing if byes.get(player, 0) == fewest][-1]


SEAT_LIMIT = 2  # a pair that would leave a player 3 games ahead in one seat is avoided before scores


def pair_costs(playing: list[int], score: dict[int, Fraction], ratings: dict[int, float],
               met: Counter[frozenset[int]], seats: Seats,
               apart: Apart = frozenset()) -> dict[tuple[int, int], tuple[int, ...]]:
    """What pairing two players costs, most important first (see swiss_round)."""
    def seat_clash(a: int, b: int) -> int:
        """Both owed the same seat: one of them will be owed it once more."""
        owed_a, owed_b = seats.owed(a), seats.owed(b)
        return min(abs(owed_a), abs(owed_b)) if owed_a * owed_b > 0 else 0

    return {(a, b): (int(frozenset((a, b)) in apart),
                     met[frozenset((a, b))],
                     int(seat_clash(a, b) >= SEAT_LIMIT),
                     round(2 * abs(score[a] - score[b])) ** 2,
                     seat_clash(a, b),
                     round(abs(ratings.get(a, 0.0) - ratings.get(b, 0.0))))
            for a, b in combinations(playing, 2)}


def best_pairing(costs: dict[tuple[int, int], tuple[int, ...]], pair_count: int) -> set[tuple[int, int]]:
    """The perfect matching whose summed costs are smallest, compared in order (lexicographically).

    Each cost tuple is folded into one integer whose digits, in a base larger than `pair_count` times
    any later part, cannot carry into an earlier part; networkx then maximises (top - cost)."""
    if not costs:
        return set()
    parts = len(next(iter(costs.values())))
    scale = [1] * parts
    for index in range(parts - 2, -1, -1):
        largest = max(cost[index + 1] for cost in costs.values())
        scale[index] = scale[index + 1] * (pair_count * largest + 1)
    folded = {pair: sum(part * factor for part, factor in zip(cost, scale)) for pair, cost in costs.items()}
    top = max(folded.values()) + 1
    graph = nx.Graph()
    graph.add_weighted_edges_from((a, b, top - value) for (a, b), value in folded.items())
    matching = nx.max_weight_matching(graph, maxcardinality=True)
    if len(matching) != pair_count:
        raise AssertionError("a complete graph on an even count always has a perfect matching")
    return matching


def seat_pair(higher: int, lower: int, seats: Seats, board: int) -> Table:
    """The player owed seat 0 takes it; otherwise the higher-standing player alternates from their last
    game (in their first game: seat 0 on the first board, 1 on the second, ...)."""
    if seats.owed(higher) != seats.owed(lower):
        return (higher, lower) if seats.owed(higher) < seats.owed(lower) else (lower, higher)
    last = seats.last_seat.get(higher, (board + 1) % 2)
    return (lower, higher) if last == 0 else (higher, lower)


def swiss_tables(standing: list[int], results: list[Result], byes: dict[int, int], table_size: int,
                 round_number: int, min_table: int | None, apart: Apart = frozenset()) -> tuple[list[Table], list[int]]:
    remainder = len(standing) % table_size
    if len(standing) < table_size or (min_table is not None and remainder >= min_table):
        remainder = 0  # nobody rests when no full table could play, or the remainder makes a table
    rank = {player: index for index, player in enumerate(standing)}
    resting = sorted(standing, key=lambda p: (byes.get(p, 0), -rank[p]))[:remainder]
    playing = [player for player in standing if player not in resting]
    tables = [playing[i:i + table_size] for i in range(0, len(playing), table_size)]
    last_round = {frozenset(r.table) for r in results if r.round == round_number - 1}
    separate_repeats(tables, last_round)
    keep_apart(tables, apart)
    seats = Seats.of(results)
    return [seats.order(sorted(table, key=rank.get)) for table in tables], sorted(resting, key=rank.get)


def separate_repeats(tables: list[list[int]], last_round: set[frozenset[int]]) -> None:
    """Where a table is last round's table again, swap its edge player with the neighbouring table's
    (the next table first, else the previous) if neither table then repeats."""
    for index, table in enumerate(tables):
        if frozenset(table) not in last_round:
            continue
        for other, mine, theirs in ((index + 1, -1, 0), (index - 1, 0, -1)):
            if not 0 <= other < len(tables):
                continue
            neighbour = tables[other]
            table[mine], neighbour[theirs] = neighbour[theirs], table[mine]
            if frozenset(table) not in last_round and frozenset(neighbour) not in last_round:
                break
            table[mine], neighbour[theirs] = neighbour[theirs], table[mine]


def holds_apart(table: Iterable[int], apart: Apart) -> bool:
    return any(frozenset(pair) in apart for pair in combinations(table, 2))


def keep_apart(tables: list[list[int]], apart: Apart) -> None:
    """Where a table seats a pair `apart`, swap one of its players with a player of another table
    (the nearest tables first) if neither table then seats such a pair; a table nothing can mend
    stays as it is."""
    if not apart:
        return
    for index, table in enumerate(tables):
        if holds_apart(table, apart):
            _mend(tables, index, apart)


def _mend(tables: list[list[int]], index: int, apart: Apart) -> None:
    table = tables[index]
    others = sorted((i for i in range(len(tables)) if i != index), key=lambda i: (abs(i - index), i))
    for mine in reversed(range(len(table))):  # the lower-placed player moves first
        for other in others:
            for theirs in reversed(range(len(tables[other]))):
                neighbour = tables[other]
                table[mine], neighbour[theirs] = neighbour[theirs], table[mine]
                if not holds_apart(table, apart) and not holds_apart(neighbour, apart):
                    return
                table[mine], neighbour[theirs] = neighbour[theirs], table[mine]


# ---------------------------------------------------------------- knock-out


def seeded(players: list[int], ratings: dict[int, float]) -> list[int]:
    """Seed order: highest rating first; equal ratings keep the order given."""
    return sorted(players, key=lambda p: (-ratings.get(p, 0.0), players.index(p)))


def bracket_order(size: int) -> list[int]:
    """Seed numbers (1-based) in bracket order for a power of two: 1, 8, 4, 5, 2, 7, 3, 6 for 8, so that
    neighbouring pairs meet next and seeds 1 and 2 sit in opposite halves."""
    order = [1]
    while len(order) < size:
        mirror = 2 * len(order) + 1
        order = [seed for top in order for seed in (top, mirror - top)]
    return order


def knockout_round(players: list[int], ratings: dict[int, float], table_size: int,
                   min_table: int = 2, apart: Apart = frozenset()) -> tuple[list[Table], list[int]]:
    """One knock-out round over the players still in, seeded by rating (highest first).

    2 players: a bracket of the next power of two, 1 v N, 2 v N-1 ... in standard bracket order, the
    top seeds taking the byes; pairing each round afresh from the survivors keeps seeds 1 and 2 in
    opposite halves, so they can meet only in the final. The higher seed takes seat 0.
    table_size k > 2: as few tables as possible of between min_table and k players, as even as can be,
    seeds dealt snake-wise across them (seat order by seed); where the field cannot be split so, the
    top seeds take byes. A field of k or fewer plays one final table, whatever min_table. Each table's
    winner (knockout_winners) goes through. A lone player is returned as the one with a bye. A table
    that would seat a pair `apart` swaps a player with another table where that mends both (keep_apart),
    seat order still by seed."""
    if not 2 <= min_table <= max(table_size, 2):
        raise ValueError(f"min_table {min_table} must lie between 2 and the table size {table_size}")
    seeds = seeded(players, ratings)
    if len(seeds) < 2:
        return [], seeds
    tables, resting = bracket_round(seeds) if table_size == 2 else knockout_tables(seeds, table_size, min_table)
    moved = [list(table) for table in tables]
    keep_apart(moved, apart)
    return [tuple(sorted(table, key=seeds.index)) for table in moved], resting


def bracket_round(seeds: list[int]) -> tuple[list[Table], list[int]]:
    size = 1 << (len(seeds) - 1).bit_length()
    order = bracket_order(size)
    tables, resting = [], []
    for top, bottom in zip(order[::2], order[1::2]):
        if bottom <= len(seeds):
            tables.append((seeds[top - 1], seeds[bottom - 1]))
        else:
            resting.append(seeds[top - 1])
    return tables, sorted(resting, key=seeds.index)


def knockout_tables(seeds: list[int], table_size: int, min_table: int) -> tuple[list[Table], list[int]]:
    if len(seeds) <= table_size:
        return [tuple(seeds)], []
    resting = 0
    while table_count(len(seeds) - resting, table_size) * min_table > len(seeds) - resting:
        resting += 1
    playing = seeds[resting:]
    count = table_count(len(playing), table_size)
    sizes = [len(playing) // count + (index < len(playing) % count) for index in range(count)]
    tables: list[list[int]] = [[] for _ in sizes]
    for player, index in zip(playing, snake(count, sizes)):
        tables[index].append(player)
    return [tuple(table) for table in tables], seeds[:resting]


def table_count(players: int, table_size: int) -> int:
    return -(-players // table_size)


def snake(count: int, sizes: list[int]) -> list[int]:
    """Table indices to deal seeds to: 0, 1, ... count-1, count-1, ... 0, 0, 1 ..., skipping full tables."""
    dealt = [0] * count
    order = []
    forward = True
    while len(order) < sum(sizes):
        for index in (range(count) if forward else range(count - 1, -1, -1)):
            if dealt[index] < sizes[index]:
                dealt[index] += 1
                order.append(index)
        forward = not forward
    return order


def knockout_winners(result: Result, ratings: dict[int, float]) -> int:
    """Who goes through from a table: the best place; a shared best place goes to the higher rating,
    then the lower seat index."""
    best = min(result.places[player] for player in result.table)
    leaders = [player for player in result.table if result.places[player] == best]
    return min(leaders, key=lambda p: (-ratings.get(p, 0.0), result.table.index(p)))
