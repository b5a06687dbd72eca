"""Log filters for settings.LOGGING."""
from __future__ import annotations

import logging


class OneLine(logging.Filter):
    """Keep the message, drop the traceback: a request refused for what the client sent (a Host
    header the site does not serve) is worth one line in the log, not fifteen."""

    def filter(self, record: logging.LogRecord) -> bool:
        record.exc_info, record.exc_text, record.stack_info = None, None, None
        return True
