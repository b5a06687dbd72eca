"""A WSGI application for tests of how gunicorn hands requests to its processes: every answer names
the process that gave it; `/hold?seconds=S` keeps its thread for S seconds first."""
import os
import time
from urllib.parse import parse_qs


def application(environ, start_response):
    if environ["PATH_INFO"] == "/hold":
        time.sleep(float(parse_qs(environ["QUERY_STRING"])["seconds"][0]))
    body = str(os.getpid()).encode()
    start_response("200 OK", [("Content-Type", "text/plain"), ("Content-Length", str(len(body)))])
    return [body]
