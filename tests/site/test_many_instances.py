"""The site as several instances behind the proxy, sharing only PostgreSQL and Redis (docs/deployment.md).

Two gunicorn and two uvicorn instances, a Celery worker and beat (on the Redis broker, not eager) and
nginx with deploy/nginx-instances.conf, all started here on loopback as docker-compose.yml starts them.
Two players play a game of Argo with their decisions spread over both WSGI instances (through the proxy
and to each instance directly) while a spectator's socket, opened through the proxy on one ASGI
instance, hears every decision live. In the middle of the game one WSGI instance and the ASGI instance
holding the socket are killed: the game goes on through the proxy, the socket reconnects to the other
ASGI instance and hears the rest, every decision answered 201 is in the stored game, and each turn's
"your turn" email (written to files by the worker, EMAIL_URL=file://) goes out exactly once.
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
from pathlib import Path

import pytest

from tests.django_fixtures import POSTGRES, REDIS
from tests.site.proxy import INSTANCES, ROOT, Proxy, deployed_command, free_port, needs_nginx, server_env, wait_for_port

pytestmark = [
    pytest.mark.slow,
    needs_nginx,
    pytest.mark.skipif(not (POSTGRES and REDIS), reason="several instances share PostgreSQL and Redis (set DATABASE_URL and REDIS_URL)"),
]

PLAY_SECONDS = 60  # the game is played to its end or for this long, whichever comes first
# Decisions acknowledged before an instance of each tier is killed: random 2-player games of Argo
# last 35 decisions or more (145 the median), so at least 15 follow.
KILL_AFTER = 20
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
        self._run("worker", worker + ["--without-gossip", "--without-mingle"])
        beat = deployed_command("beat", 0)
        beat[beat.index("--schedule") + 1] = str(self.folder / "beat-schedule")
        self._run("beat", beat)
        for name, port in [*(zip(("web-1", "web-2"), self.web)), *(zip(("asgi-1", "asgi-2"), self.asgi))]:
            wait_for_port(port, self.processes[name], name, 60)
        self.proxy = Proxy(self.folder, web_ports=self.web, asgi_ports=self.asgi, conf=INSTANCES)

    def _run(self, name: str, command: list[str], **env: str) -> None:
        log = open(self.folder / f"{name}.log", "wb")
        self.processes[name] = subprocess.Popen([sys.executable, "-m", *command], cwd=ROOT, env={**self.env, **env},
                                                stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
        log.close()

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
                        except asyncio.TimeoutError:
                            continue
                        with self.changed:
                            self.events.append(event)
                            self.changed.notify_all()
            except (OSError, asyncio.TimeoutError, WebSocketException):
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
    from rest_framework.authtoken.models import Token

    from games.models import Game

    started = time.monotonic()
    alice, bob = make_user("alice"), make_user("bob")
    tokens = {alice.pk: Token.objects.create(user=alice).key, bob.pk: Token.objects.create(user=bob).key}
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
        spectator.wait_for(lambda: spectator.heard(seq), f"hear decision {answer['number']} (posted to {name})")
        turn, seat = seat, answer["view"]["turn"]["seat"] if answer["view"]["turn"] else None
        if seat is not None and seat != turn:
            # A turn began: its email is out before the turn ends. (The worker writes to whoever
            # decides when it runs, so a turn played faster than the worker gets to it has none.)
            site_mail_caught_up(site, gid)
        legal = answer.get("next")
    spectator.stopping = True
    spectator.join(timeout=5)

    assert len(acknowledged) >= KILL_AFTER + 10, f"only {len(acknowledged)} decisions in {PLAY_SECONDS}s"
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
    time.sleep(2)  # an email sent twice would be late, not early
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
