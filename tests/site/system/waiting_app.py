"""A WSGI application for tests of how gunicorn hands requests to its processes: every answer names
the process that gave it; `/hold?seconds=S` sends its headers at once, then keeps its thread for S
seconds before the body (a client that has the headers knows its request holds a thread)."""
import os
import time
from urllib.parse import parse_qs


def application(environ, start_response):
    body = str(os.getpid()).encode()
    start_response("200 OK", [("Content-Type", "text/plain"), ("Content-Length", str(len(body)))])
    if environ["PATH_INFO"] == "/hold":
        return held(body, float(parse_qs(environ["QUERY_STRING"])["seconds"][0]))
    return [body]


def held(body: bytes, seconds: float):
    yield b""  # gunicorn sends the headers with the first part of the body, even an empty one
    time.sleep(seconds)
    yield body
