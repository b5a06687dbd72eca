"""gunicorn's settings for the site's WSGI instances. gunicorn reads this file from the folder it is
started in (the project's root, as docker-compose.yml and the benchmarks start it).

docker-compose.yml names the site's worker, argo_site.serving.ThreadWorker: a process takes a
request only when one of its threads is free to serve it, one request a connection. A command line
that asks for gunicorn's own gthread worker (`-k gthread`, as the benchmarks' do) gets it too. With
gthread's own way, the requests of kept connections piled up in one process while the other had
threads free: with 2 processes of 4 threads and 16 games played at once (benchmarks/api_moves.py),
the slowest 1 % of decisions were sent while their process had 12 requests in hand and the other 4.
The POST's p99 fell by about a fifth, at the same throughput (docs/performance.md, "One queue for an
instance's processes").

Only the proxy reaches an instance (docker-compose.yml: the internal network `app`), and only its
X-Forwarded-Proto and the like are believed: FORWARDED_ALLOW_IPS names its address, as it does for
uvicorn and the site (settings.TRUSTED_PROXY_ADDRESSES). A stop or a restart lets the requests in
hand finish for at most graceful_timeout seconds (a request takes milliseconds; a connection that
stopped sending is cut after --timeout, 10 s as deployed).
"""
import os

from argo_site import serving

forwarded_allow_ips = os.environ.get("FORWARDED_ALLOW_IPS", "127.0.0.1,::1")
graceful_timeout = 10


def post_fork(server, worker):
    serving.adopt(worker)
