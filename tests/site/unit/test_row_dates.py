"""My games' rows write a date as the template's date filter did (games/templatetags/my_games_rows.py:
the day's words are kept per day and language): the same text in every language of the site and in
the reader's zone, whatever dates came before."""
from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from django.conf import settings
from django.utils import timezone, translation
from django.utils.formats import date_format

from games.templatetags import my_games_rows

MOMENTS = [datetime(2026, 11, 30, 23, 59, tzinfo=UTC) + timedelta(hours=7 * k, minutes=13 * k) for k in range(30)]


@pytest.mark.parametrize("lang", [code for code, _ in settings.LANGUAGES])
@pytest.mark.parametrize("zone", ["UTC", "Europe/Berlin", "America/Los_Angeles", "Asia/Kolkata"])
def test_a_rows_date_reads_as_the_date_filter_writes_it(lang, zone):
    with translation.override(lang), timezone.override(zone):
        for when in MOMENTS:
            local = timezone.localtime(when)
            assert my_games_rows._at(when, my_games_rows.SHORT) == date_format(local, my_games_rows.SHORT)
            assert my_games_rows._at(when, my_games_rows.ISO) == date_format(local, my_games_rows.ISO)
