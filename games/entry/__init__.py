"""Where requests, sockets, the admin and Celery come in: thin callers of games.services."""
