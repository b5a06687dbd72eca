"""gunicorn.conf.py and argo_site.serving, as the site's WSGI instances run with them (docker-compose.yml's
command, from the project's root), and as the benchmarks run gunicorn (`-k gthread`): a process busy
with all its threads takes no new request, which goes to a process with a thread free; no
connection is kept after its request."""
from __future__ import annotations

import http.client
import socket
import subprocess
import sys
import threading
import time

import pytest

from tests.site.system.proxy import ROOT, deployed_command, free_port, wait_for_port

HELD = 2.0  # seconds the one slow request keeps its process's only thread
TIMEOUT = 3  # gunicorn's --timeout here (10 as deployed): how long a silent client may hold a thread


@pytest.fixture(params=["deployed", "gthread"])
def instance(request):
    """The web service's command with one thread a process and two processes, serving waiting_app;
    its worker class as deployed, or gunicorn's gthread by name."""
    port = free_port()
    command = deployed_command("web", port, workers=2)
    command[1] = "tests.site.system.waiting_app:application"
    command[command.index("--threads") + 1] = "1"
    command[command.index("--timeout") + 1] = str(TIMEOUT)
    if request.param == "gthread":
        command[command.index("--worker-class") + 1] = "gthread"
    process = subprocess.Popen([sys.executable, "-m", *command], cwd=ROOT,
                               stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    try:
        wait_for_port(port, process, "gunicorn", timeout=30)
        both_serving(port)
        yield port
    finally:
        process.terminate()
        process.wait(timeout=30)


def both_serving(port: int) -> None:
    """Until two requests at once are answered by two processes: both are up, not only the first."""
    deadline = time.monotonic() + 30
    while True:
        pids = []
        pair = [threading.Thread(target=lambda: pids.append(get(port, "/hold?seconds=0.3")[1]))  # noqa: B023 - joined in this pass
                for _ in range(2)]
        for thread in pair:
            thread.start()
        for thread in pair:
            thread.join()
        if len(set(pids)) == 2:
            return
        assert time.monotonic() < deadline, "the second process did not start"


def get(port: int, path: str) -> tuple[http.client.HTTPResponse, str]:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    connection.request("GET", path)
    response = connection.getresponse()
    return response, response.read().decode()


def test_a_request_goes_to_the_process_with_a_free_thread(instance):
    held, holding = {}, threading.Event()

    def hold():
        connection = http.client.HTTPConnection("127.0.0.1", instance, timeout=10)
        connection.request("GET", f"/hold?seconds={HELD}")
        response = connection.getresponse()  # the headers: the request has its thread, held
        holding.set()
        held["pid"] = response.read().decode()
    holder = threading.Thread(target=hold)
    holder.start()
    assert holding.wait(timeout=10), "the held request got no thread"
    answers = []
    for _ in range(10):
        started = time.monotonic()
        answers.append((get(instance, "/")[1], time.monotonic() - started))
    holder.join()
    # Taken by the busy process, a request would wait out the held one: half of them, by chance.
    assert all(waited < HELD / 2 for _, waited in answers), answers
    assert held["pid"] not in {pid for pid, _ in answers}


def test_no_connection_is_kept_after_its_request(instance):
    response, _ = get(instance, "/")
    assert response.getheader("Connection") == "close"


def test_a_client_that_sends_nothing_holds_a_thread_only_until_the_timeout(instance):
    silent = socket.create_connection(("127.0.0.1", instance))  # takes one process's only thread
    try:
        started = time.monotonic()
        assert len({get(instance, "/")[1] for _ in range(6)}) == 1  # meanwhile the other process answers
        silent.settimeout(TIMEOUT + 5)
        assert silent.recv(1) == b"", "the server closes the silent connection"
        assert time.monotonic() - started < TIMEOUT + 3
    finally:
        silent.close()
