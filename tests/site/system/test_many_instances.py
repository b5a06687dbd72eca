"""The site as several instances behind the proxy, sharing only PostgreSQL and Redis (docs/deployment.md).

Two gunicorn and two uvicorn instances, a Celery worker and beat (on the Redis broker, not eager) and
nginx with deploy/nginx-instances.conf, all started here on loopback as docker-compose.yml starts them.
Two players play a game of Argo with their decisions spread over both WSGI instances (through the proxy
and to each instance directly) while a spectator's socket, opened through the proxy on one ASGI
instance, hears every decision live. In the middle of the game one WSGI instance and the ASGI instance
holding the socket are killed: the game goes on through the proxy, the socket reconnects to the other
ASGI instance and hears the rest, every decision answered 201 is in the stored game, and each turn's
"your turn" email (written to files by the worker, EMAIL_URL=file://) goes out exactly once.

Then the same while decisions are in flight: several clients race for every decision, straight to one
WSGI instance and through the proxy, when that instance is killed under them. A decision that lost its
answer is stored or not, never half and never twice, and the game goes on.
"""
from __future__ import annotations

import asyncio
import email
import http.client
import json
import os
import random
import signal
import subprocess
import sys
import threading
import time
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

import pytest

from tests.django_fixtures import POSTGRES, REDIS, api_key_of
from tests.site.system.proxy import (
    INSTANCES,
    ROOT,
    Proxy,
    deployed_command,
    free_port,
    needs_nginx,
    server_env,
    wait_for_port,
)

pytestmark = [
    pytest.mark.slow,
    needs_nginx,
    pytest.mark.skipif(not (POSTGRES and REDIS), reason="several instances share PostgreSQL and Redis (set DATABASE_URL and REDIS_URL)"),
]

PLAY_SECONDS = 60  # the game is played to its end or for this long, whichever comes first
# Decisions acknowledged before an instance of each tier is killed. Of 2,000 random 2-player games
# of Argo played as this test plays them, the shortest lasted 29 decisions and the median 142, so
# at least 9 follow the kill even when the game ends early.
KILL_AFTER = 20
AFTER_KILL = 5  # decisions that must follow the kill, at the least
WAIT = 30  # seconds, at most, for anything to arrive


class Site:
    """The processes of one deployment, each in a process group of its own, always ended."""

    def __init__(self, folder: Path):
        self.folder = folder
        self.mail = folder / "mail"
        self.mail.mkdir()
        self.env = server_env(DJANGO_DEBUG="0", DJANGO_SECRET_KEY="instances-test-secret-" + "k3Vw" * 12,
                              DJANGO_ALLOWED_HOSTS="localhost,127.0.0.1", SITE_URL="http://localhost",
                              DJANGO_TRUSTED_PROXIES="1", EMAIL_URL=f"file://{self.mail}", BOT_MOVE_DELAY="0",
                              CELERY_TASK_ALWAYS_EAGER="0")
        self.processes: dict[str, subprocess.Popen] = {}
        self.web = [free_port(), free_port()]
        self.asgi = [free_port(), free_port()]
        self.proxy: Proxy | None = None

    def start(self) -> None:
        for n, port in enumerate(self.web):
            self._run(f"web-{n + 1}", deployed_command("web", port, workers=1))
        for n, port in enumerate(self.asgi):
            self._run(f"asgi-{n + 1}", deployed_command("asgi", port), DATABASE_POOL="1")
        worker = deployed_command("worker", 0)
        worker[worker.index("--concurrency") + 1] = "1"
        self._run("worker", [*worker, "--without-gossip", "--without-mingle"])
        beat = deployed_command("beat", 0)
        beat[beat.index("--schedule") + 1] = str(self.folder / "beat-schedule")
        self._run("beat", beat)
        for name, port in [*(zip(("web-1", "web-2"), self.web)), *(zip(("asgi-1", "asgi-2"), self.asgi))]:
            wait_for_port(port, self.processes[name], name, 60)
        self.proxy = Proxy(self.folder, web_ports=self.web, asgi_ports=self.asgi, conf=INSTANCES)

    def _run(self, name: str, command: list[str], **env: str) -> None:
        with open(self.folder / f"{name}.log", "wb") as log:
            self.processes[name] = subprocess.Popen([sys.executable, "-m", *command], cwd=ROOT,
                                                    env={**self.env, **env}, stdout=log, stderr=subprocess.STDOUT,
                                                    start_new_session=True)

    def kill(self, name: str) -> None:
        """SIGKILL to the instance and every process of it (gunicorn's workers): no goodbye."""
        process = self.processes[name]
        os.killpg(process.pid, signal.SIGKILL)
        process.wait(timeout=10)

    def stop(self) -> None:
        if self.proxy is not None:
            self.proxy.stop()
        for process in self.processes.values():
            if process.poll() is None:
                os.killpg(process.pid, signal.SIGTERM)
        for process in self.processes.values():
            try:
                process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                os.killpg(process.pid, signal.SIGKILL)
                process.wait(timeout=10)

    def logs(self) -> str:
        return "\n".join(f"--- {p.name}\n{p.read_text(errors='replace')[-2000:]}" for p in sorted(self.folder.glob("*.log")))

    def turn_emails(self, game_id: int) -> Counter:
        """"Your turn" emails of the game written so far, by recipient (the file backend separates the
        messages of one file with a line of 79 dashes)."""
        found: Counter = Counter()
        for path in self.mail.glob("*.log"):
            for chunk in path.read_bytes().split(b"\n" + b"-" * 79 + b"\n"):
                if chunk.strip():
                    message = email.message_from_bytes(chunk)
                    if message["Subject"] == f"Your turn in Argo #{game_id}":
                        found[message["To"]] += 1
        return found


@pytest.fixture
def site(transactional_db, tmp_path, request):
    running = Site(tmp_path)
    failed = request.session.testsfailed
    try:
        running.start()
        yield running
    except BaseException:
        print(running.logs())  # a process that did not start says why
        raise
    finally:
        running.stop()
    if request.session.testsfailed > failed:
        print(running.logs())  # what the instances said while the test failed


def call(port: int, method: str, path: str, token: str, body=None):
    """(status, JSON answer or None) of one request to the loopback port (an instance or the proxy)."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    try:
        conn.request(method, path, body=None if body is None else json.dumps(body),
                     headers={"Host": "localhost", "Content-Type": "application/json", "Authorization": f"Token {token}"})
        response = conn.getresponse()
        data = response.read()
    finally:
        conn.close()
    try:
        return response.status, json.loads(data)
    except ValueError:
        return response.status, None


class Spectator(threading.Thread):
    """A socket on the game's group through the proxy, opened again whenever it closes."""

    def __init__(self, url: str):
        super().__init__(daemon=True)
        self.url, self.events, self.opened, self.stopping = url, [], 0, False
        self.changed = threading.Condition()

    def run(self) -> None:
        asyncio.run(self._watch())

    async def _watch(self) -> None:
        from websockets.asyncio.client import connect
        from websockets.exceptions import WebSocketException
        while not self.stopping:
            try:
                async with connect(self.url, open_timeout=5, ping_interval=None) as socket:
                    with self.changed:
                        self.opened += 1
                        self.changed.notify_all()
                    while not self.stopping:
                        try:
                            event = json.loads(await asyncio.wait_for(socket.recv(), 0.5))
                        except TimeoutError:
                            continue
                        with self.changed:
                            self.events.append(event)
                            self.changed.notify_all()
            except (TimeoutError, OSError, WebSocketException):
                await asyncio.sleep(0.2)

    def wait_for(self, check, what: str) -> None:
        with self.changed:
            assert self.changed.wait_for(check, WAIT), f"the socket did not {what} within {WAIT}s: {self.events[-5:]}"

    def heard(self, seq: int) -> bool:
        return any(e.get("seq", -1) >= seq for e in self.events)


def asgi_holding_a_connection(ports: list[int]) -> int:
    """Which of the ASGI ports has an established TCP connection (the proxy's, for the one socket)."""
    held = set()
    for line in Path("/proc/net/tcp").read_text().splitlines()[1:]:
        local, state = line.split()[1], line.split()[3]
        if state == "01":  # ESTABLISHED
            held.add(int(local.split(":")[1], 16))
    holding = [p for p in ports if p in held]
    assert len(holding) == 1, (ports, holding)
    return ports.index(holding[0])


def expected_turn_emails(game) -> Counter:
    """One "your turn" email per turn that began: at the start, and after each decision that passed the
    turn to another seat (the game's stored decisions say which)."""
    users = {seat.order: seat.user.email for seat in game.seats.select_related("user")}
    seats = list(game.decisions.filter(undone=False).order_by("number").values_list("seat", flat=True))
    if game.status == game.Status.ACTIVE:
        seats.append(game.current_seat)
    return Counter(users[seat] for n, seat in enumerate(seats) if n == 0 or seat != seats[n - 1])


def test_a_game_survives_an_instance_of_each_tier_dying(site, make_user):
    from games.models import Game

    started = time.monotonic()
    alice, bob = make_user("alice"), make_user("bob")
    tokens = {alice.pk: api_key_of(alice), bob.pk: api_key_of(bob)}
    proxy = site.proxy.port
    status, game = call(proxy, "POST", "/api/games/", tokens[alice.pk], {"game": "argo", "players": 2})
    assert status == 201, game
    gid = game["id"]
    spectator = Spectator(f"ws://127.0.0.1:{proxy}/ws/games/{gid}/")
    spectator.start()
    spectator.wait_for(lambda: spectator.opened == 1, "open")
    status, game = call(site.web[1], "POST", f"/api/games/{gid}/join/", tokens[bob.pk])
    assert status == 200 and game["status"] == "active", (status, game)
    seat_token = {s["order"]: tokens[alice.pk if s["username"] == "alice" else bob.pk] for s in game["seats"]}

    rng = random.Random(7)
    acknowledged = []  # (number, seat, decision) of every decision answered 201
    served = Counter()
    targets = [("proxy", proxy), ("web-1", site.web[0]), ("web-2", site.web[1])]
    seq, seat, legal = game["seq"], game["current_seat"], None
    play_until = time.monotonic() + PLAY_SECONDS
    while seat is not None and time.monotonic() < play_until:
        if len(acknowledged) == KILL_AFTER:
            # One instance of each tier dies without a word.
            site.kill("web-1")
            targets = [("proxy", proxy), ("web-2", site.web[1])]
            held = asgi_holding_a_connection(site.asgi)
            site.kill(f"asgi-{held + 1}")
            spectator.wait_for(lambda: spectator.opened == 2, "reconnect through the proxy")
            assert asgi_holding_a_connection(site.asgi) == 1 - held
        name, port = targets[len(acknowledged) % len(targets)]
        token = seat_token[seat]
        if legal is None:
            status, legal = call(port, "GET", f"/api/games/{gid}/actions/", token)
            assert status == 200, (name, status, legal)
        decision = rng.choice(legal["actions"])
        status, answer = call(port, "POST", f"/api/games/{gid}/moves/", token, {"seq": legal["seq"], "action": decision})
        assert status == 201, (name, status, answer)
        acknowledged.append((answer["number"], seat, decision))
        served[name] += 1
        seq = answer["seq"]
        # (B023: wait_for calls the check before this pass ends.)
        spectator.wait_for(lambda: spectator.heard(seq), f"hear decision {answer['number']} (posted to {name})")  # noqa: B023
        turn, seat = seat, answer["view"]["turn"]["seat"] if answer["view"]["turn"] else None
        if seat is not None and seat != turn:
            # A turn began: its email is out before the turn ends. (The worker writes to whoever
            # decides when it runs, so a turn played faster than the worker gets to it has none.)
            site_mail_caught_up(site, gid)
        legal = answer.get("next")
    spectator.stopping = True
    spectator.join(timeout=5)

    ended = seat is None
    assert len(acknowledged) >= KILL_AFTER + (AFTER_KILL if ended else 10), \
        f"only {len(acknowledged)} decisions in {PLAY_SECONDS}s (game ended: {ended})"
    assert served["web-1"] and served["web-2"] and served["proxy"], served
    # The proxy met the dead instances and went on to the live ones (deploy/argo-site.conf).
    refused = [line for line in (site.folder / "error.log").read_text().splitlines() if "Connection refused" in line]
    assert any(f":{site.web[0]}/" in line for line in refused) and refused, refused
    game = Game.objects.get(pk=gid)
    stored = {d.number: (d.seat, d.data) for d in game.decisions.filter(undone=False)}
    lost = [(number, seat, decision) for number, seat, decision in acknowledged if stored.get(number) != (seat, decision)]
    assert not lost and game.seq == seq, (lost[:3], game.seq, seq)

    expected = expected_turn_emails(game)
    site_mail_caught_up(site, gid)
    nothing_left_for_the_worker()  # an email sent twice would be late, not early: written by now
    assert site.turn_emails(gid) == expected
    print(f"{len(acknowledged)} decisions ({dict(served)}), game {game.status}, "
          f"{sum(expected.values())} turn emails, {time.monotonic() - started:.1f}s")


def site_mail_caught_up(site: Site, game_id: int) -> None:
    """Wait until every turn that has begun has its email written (the worker sends them)."""
    from games.models import Game
    deadline = time.monotonic() + WAIT
    while True:
        expected = expected_turn_emails(Game.objects.get(pk=game_id))
        found = site.turn_emails(game_id)
        if found == expected:
            return
        assert all(found[user] <= n for user, n in expected.items()) and set(found) <= set(expected), (found, expected)
        assert time.monotonic() < deadline, f"turn emails: {dict(found)}, expected {dict(expected)}"
        time.sleep(0.1)


def nothing_left_for_the_worker() -> None:
    """Until the broker's queue is empty and the worker (one task at a time) runs, holds and has
    scheduled none: every task sent so far has run to its end, a second email for a turn included."""
    from argo_site.celery import app
    inspect = app.control.inspect(timeout=WAIT, limit=1)  # one worker: its answer ends each wait
    deadline = time.monotonic() + WAIT
    with app.connection_for_read() as connection:
        def queued() -> int:  # the Redis list of the default queue (none while it is empty)
            return connection.default_channel.client.llen(app.conf.task_default_queue)
        while True:
            if not queued():
                held = [inspect.active(), inspect.reserved(), inspect.scheduled()]
                assert all(held), f"the worker did not answer: {held}"
                if not any(tasks for answer in held for tasks in answer.values()) and not queued():
                    return
            assert time.monotonic() < deadline, "the worker still has tasks"
            time.sleep(0.1)


# A game raced by several clients at once while a WSGI instance dies under them.
RACE_KILL_AFTER = 10  # decisions acknowledged before web-1 dies (a game lasts 35 or more)
RACE_AFTER_KILL = 20  # decisions acknowledged after it, through the proxy, before the clients stop
RACE_SECONDS = 40


@dataclass
class Attempt:
    """One POST /moves/ and what came of it: 201 (with the decision's number), 409, or no answer (status
    None: the connection refused or cut, or the proxy's 503 for an instance that died under it)."""
    via: str
    seq: int
    seat: int
    decision: dict
    sent: float
    status: int | None = None
    why: str = ""
    number: int | None = None


def tried(port: int, method: str, path: str, token: str, body=None):
    """call(), with no answer as (None, why) instead of an exception or the proxy's own 503."""
    try:
        status, answer = call(port, method, path, token, body)
    except ConnectionRefusedError:
        return None, "refused"  # never reached an instance: certainly not stored
    except (OSError, http.client.HTTPException) as exc:
        return None, type(exc).__name__
    if status in (502, 503, 504):
        return None, f"answered {status}"  # deploy/argo-site.conf's 503 for an instance that failed it
    return status, answer


class Race:
    """The game and every POST its clients made, shared by the Racer threads."""

    def __init__(self, gid: int, proxy: int, seat_token: dict, reader: str):
        self.gid, self.proxy, self.seat_token, self.reader = gid, proxy, seat_token, reader
        self.changed = threading.Condition()
        self.attempts: list[Attempt] = []
        self.in_flight = Counter()  # POSTs sent and not yet answered, by where they went
        self.killed_at: float | None = None  # when web-1 was dead
        self.done = threading.Event()
        self.errors: list[str] = []
        self.gets_lost = Counter()  # GETs without an answer, by where they went
        self.until = time.monotonic() + RACE_SECONDS

    def acknowledged(self, after: float = 0.0) -> list[Attempt]:
        return [a for a in self.attempts if a.status == 201 and a.sent > after]

    def get(self, port: int, path: str, token: str):
        status, answer = tried(port, "GET", f"/api/games/{self.gid}/{path}", token)
        if status is None:
            with self.changed:
                self.gets_lost["proxy" if port == self.proxy else "web-1"] += 1
        return status, answer

    def current(self, port: int):
        """(seat, seq) of the stored game, as the client reads it again; None once it is over."""
        for at in (port, self.proxy):
            status, game = self.get(at, "", self.reader)
            if status is not None:
                break
        assert status == 200, (status, game)
        if game["status"] != "active":
            self.done.set()
            return None
        return game["current_seat"], game["seq"]


class Racer(threading.Thread):
    """A client deciding for whoever's turn it is, as fast as it can, at one port: GET /actions/, then
    POST /moves/ with the `seq` given. A 409 (another client decided first) reads the game again; no
    answer reads it again through the proxy, and a client of web-1 goes through the proxy from then on."""

    def __init__(self, race: Race, name: str, port: int, seed: int):
        super().__init__(daemon=True)
        self.race, self.via, self.port, self.rng = race, name, port, random.Random(seed)

    def run(self) -> None:
        try:
            self._play()
        except BaseException as exc:  # the test fails with it, not a silent thread
            self.race.errors.append(f"{self.via}: {exc!r}")
            self.race.done.set()

    def _lost(self) -> None:
        if self.port != self.race.proxy:
            self.via, self.port = "proxy", self.race.proxy

    def _play(self) -> None:
        race, legal = self.race, None
        where = race.current(race.proxy)
        while where is not None and not race.done.is_set() and time.monotonic() < race.until:
            seat, _ = where
            if legal is None:
                status, legal = race.get(self.port, "actions/", race.seat_token[seat])
                if status != 200:
                    assert status in (None, 403, 409), (self.via, status, legal)  # 403: the turn passed meanwhile
                    if status is None:
                        self._lost()
                    legal, where = None, race.current(self.port)
                    continue
            attempt = Attempt(self.via, legal["seq"], legal["seat"], self.rng.choice(legal["actions"]), time.monotonic())
            with race.changed:
                race.attempts.append(attempt)
                race.in_flight[self.via] += 1
                race.changed.notify_all()
            status, answer = tried(self.port, "POST", f"/api/games/{race.gid}/moves/", race.seat_token[attempt.seat],
                                   {"seq": attempt.seq, "action": attempt.decision})
            with race.changed:
                race.in_flight[attempt.via] -= 1
                attempt.status = status
                if status == 201:
                    attempt.number = answer["number"]
                    assert answer["seq"] == attempt.number == attempt.seq + 1, (attempt, answer["seq"])
                elif status is None:
                    attempt.why = answer
                race.changed.notify_all()
            if status == 201:
                legal = answer.get("next")
                turn = answer["view"]["turn"]
                where = (turn["seat"], answer["seq"]) if turn else race.current(self.port)
                if race.killed_at and len(race.acknowledged(race.killed_at)) >= RACE_AFTER_KILL:
                    race.done.set()
                continue
            assert status in (None, 409), (self.via, status, answer)
            if status is None:
                self._lost()  # the decision may or may not be stored: the game says
            legal, where = None, race.current(self.port)


def test_a_wsgi_instance_dies_under_decisions_in_flight(site, make_user):
    """Six clients play one game at once, as fast as they can, four straight to web-1 and two through
    the proxy, when web-1 is killed with POSTs to it in flight. A player whose decision got no answer
    (the connection cut, or the proxy's 503) reads the game again and finds the decision stored or not,
    never half: every decision answered 201 is stored as answered, the stored ones are numbered 1..N
    with the game's `seq` at N, each came from one POST, and the game goes on through the proxy. The
    proxy passes a GET that web-1 dropped on to web-2, but not a POST it had sent there (no
    non_idempotent in proxy_next_upstream): its client gets the 503, so nothing is sent twice (and a
    decision sent twice would name a seq already used: a 409)."""
    from games.models import Game

    started = time.monotonic()
    alice, bob = make_user("alice"), make_user("bob")
    tokens = {alice.pk: api_key_of(alice), bob.pk: api_key_of(bob)}
    proxy, web_1 = site.proxy.port, site.web[0]
    status, game = call(proxy, "POST", "/api/games/", tokens[alice.pk], {"game": "argo", "players": 2})
    assert status == 201, game
    gid = game["id"]
    status, game = call(proxy, "POST", f"/api/games/{gid}/join/", tokens[bob.pk])
    assert status == 200 and game["status"] == "active" and game["seq"] == 0, (status, game)
    seat_token = {s["order"]: tokens[alice.pk if s["username"] == "alice" else bob.pk] for s in game["seats"]}

    race = Race(gid, proxy, seat_token, tokens[alice.pk])
    racers = [Racer(race, "web-1", web_1, n) for n in range(4)] + [Racer(race, "proxy", proxy, n) for n in range(4, 6)]
    for racer in racers:
        racer.start()
    with race.changed:
        assert race.changed.wait_for(lambda: len(race.acknowledged()) >= RACE_KILL_AFTER or race.done.is_set(), WAIT), \
            f"{len(race.acknowledged())} decisions in {WAIT}s: {race.errors}"
        # Killed while POSTs to it are on their way: several clients post to it at once, and the
        # kill waits for a moment when two of them have sent and not heard back.
        in_flight_at_kill = race.changed.wait_for(lambda: race.in_flight["web-1"] >= 2 or race.done.is_set(), WAIT)
        site.kill("web-1")
        race.killed_at = time.monotonic()
    for racer in racers:
        racer.join(timeout=RACE_SECONDS + WAIT)
    assert not race.errors and not any(r.is_alive() for r in racers), race.errors

    attempts = race.attempts
    lost = [a for a in attempts if a.status is None and a.why != "refused"]
    after = race.acknowledged(race.killed_at)
    assert len(after) >= 10 and all(a.via == "proxy" for a in after), (len(after), Counter(a.via for a in after))

    game = Game.objects.get(pk=gid)
    stored = {d.number: (d.seat, d.data) for d in game.decisions.filter(undone=False)}
    assert sorted(stored) == list(range(1, len(stored) + 1)) and game.seq == len(stored), (sorted(stored), game.seq)
    wrong = [a for a in attempts if a.status == 201 and stored.get(a.number) != (a.seat, a.decision)]
    assert not wrong, wrong[:3]
    # Decision n was made at seq n - 1 (the seq its POST named): it is the one POST at that seq answered
    # 201 or, when its answer was lost, one of those that got none. A 409 or a refused connection
    # stored nothing, and no POST can stand behind two decisions.
    made_by = {}
    for number, (seat, data) in stored.items():
        sent = [a for a in attempts if a.seq == number - 1 and a.status in (201, None) and a.why != "refused"]
        answered = [a for a in sent if a.status == 201]
        assert len(answered) <= 1, answered
        behind = answered or [a for a in sent if (a.seat, a.decision) == (seat, data)]
        assert behind, (number, seat, data, sent)
        made_by[number] = behind[0]
    assert len({id(a) for a in made_by.values()}) == len(stored)
    stored_lost = [a for a in made_by.values() if a.status is None]

    # The proxy met the dead instance (connections cut or refused; after two failures it leaves it out
    # for 10 s), and a POST it had already sent there was not sent again: each such failure in its log
    # is one 503 to a client.
    log = [line for line in (site.folder / "error.log").read_text().splitlines() if f":{web_1}/" in line]
    refused = [line for line in log if "connect() failed" in line]
    cut = [line for line in log if f'"POST /api/games/{gid}/moves/' in line and line not in refused]
    cut_gets = [line for line in log if '"GET ' in line and line not in refused]
    proxy_lost = [a for a in lost if a.via == "proxy"]
    print(f"{len(stored)} decisions from {len(attempts)} POSTs ({Counter(a.status for a in attempts)}), "
          f"{'two' if in_flight_at_kill else 'fewer'} in flight to web-1 at the kill; "
          f"{len(lost)} lost their answer ({Counter(a.via + ' ' + a.why for a in lost)}), {len(stored_lost)} of them "
          f"stored; in the proxy's log {len(refused)} refused, {len(cut)} POSTs and {len(cut_gets)} GETs cut; "
          f"{len(after)} acknowledged after the kill, game {game.status}, {time.monotonic() - started:.1f}s")
    assert log
    assert len(cut) == len(proxy_lost), (cut, proxy_lost)  # none was passed on to web-2
    assert not race.gets_lost["proxy"], (race.gets_lost, cut_gets)  # each was
