"""One background thread per process for work handed off a request (a forked server worker
starts its own: a thread does not survive the fork)."""
from __future__ import annotations

import os
from concurrent.futures import Future, ThreadPoolExecutor


class ProcessThread:
    def __init__(self, name: str):
        self.name = name
        self._executor: ThreadPoolExecutor | None = None
        self._pid: int | None = None

    def submit(self, fn, *args) -> Future:
        if self._executor is None or self._pid != os.getpid():
            self._executor, self._pid = ThreadPoolExecutor(max_workers=1, thread_name_prefix=self.name), os.getpid()
        return self._executor.submit(fn, *args)

    def flush(self, timeout: float) -> None:
        """Wait until everything handed over so far in this process is done (tests, a clean shutdown)."""
        if self._executor is not None and self._pid == os.getpid():
            self._executor.submit(lambda: None).result(timeout=timeout)
