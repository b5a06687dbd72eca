"""gunicorn's settings for the site's WSGI instances. gunicorn reads this file from the folder it is
started in (the project's root, as docker-compose.yml and the benchmarks start it); options on the
command line win over what is set here.

Each process takes a request only when one of its threads is free to serve it (argo_site.serving),
also where the command line asks for gunicorn's own gthread worker. With gthread's own way, the
requests of kept connections piled up in one process while the other had threads free: with 2
processes of 4 threads and 16 games played at once (benchmarks/api_moves.py), the slowest 1 % of
decisions were sent while their process had 12 requests in hand and the other 4. The POST's p99
fell by about a fifth, at the same throughput (docs/performance.md, "One queue for an instance's
processes").
"""
from argo_site import serving

worker_class = "argo_site.serving.ThreadWorker"
keepalive = 0  # one request a connection; the proxy in front (deploy/) keeps the browser's


def post_fork(server, worker):
    serving.adopt(worker)
