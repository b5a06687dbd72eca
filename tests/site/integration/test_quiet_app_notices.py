"""The other apps' notices keep the player's quiet hours too (docs/async-play.md, "The notice
policy"): a new letter, a tournament's round and a rematch that is off, told in the recipient's
quiet hours, send nothing then and go once when the batch task runs after those end; outside quiet
hours each goes at once. The clock is frozen, as in test_notice_policy.py."""
from __future__ import annotations

import zoneinfo
from collections.abc import Callable
from datetime import datetime, time, timedelta

import pytest
import time_machine
from django.core import mail
from django.utils import timezone

from accounts.models import Profile
from games import services as games
from games.entry import tasks
from games.models import Game, HeldAppNotice
from games.reactions import push
from letters import notices as letter_notices, services as letters
from rematches import notices as rematch_notices, services as rematches
from tournaments import notices as round_notices, services as tournaments

pytestmark = pytest.mark.django_db

BERLIN = zoneinfo.ZoneInfo("Europe/Berlin")
NIGHT = datetime(2025, 1, 14, 2, 0, tzinfo=BERLIN)   # in the quiet hours 23:00-07:00
MORNING = datetime(2025, 1, 14, 7, 0, tzinfo=BERLIN)
NOON = datetime(2025, 1, 14, 12, 0, tzinfo=BERLIN)

# Each app's notice: made for two new players, it returns the notice to ask for, its recipient and
# the words its subject begins with.
Notice = tuple[Callable[[], object], object, str]


def a_letter(make_user, prefix: str) -> Notice:
    author, reader = make_user(f"{prefix}a"), make_user(f"{prefix}b")
    message = letters.send(author, reader.username, "see you at the table")
    return lambda: letter_notices.new_message(message.pk), reader, f"{author.username} sent you a message"


def a_round(make_user, prefix: str) -> Notice:
    organiser, one, other = make_user(f"{prefix}o"), make_user(f"{prefix}a"), make_user(f"{prefix}b")
    t = tournaments.create_tournament(organiser, title=f"Open {prefix}", game="argo", format="round_robin",
                                      seats=2, signup_closes=timezone.now() + timedelta(hours=1),
                                      min_players=2, max_players=8)
    for user in (one, other):
        tournaments.sign_up(user, t.pk)
    assert tournaments.start(t.pk)
    current = t.round_set.get()
    return lambda: round_notices.round_notices(current.pk), one, f"Round 1 of Open {prefix}"


def a_rematch_off(make_user, prefix: str) -> Notice:
    proposer, other = make_user(f"{prefix}a"), make_user(f"{prefix}b")
    old = games.create_game(proposer, game="argo", players=2, hours_per_move=48)
    games.join_game(other, old.pk)
    Game.objects.filter(pk=old.pk).update(status=Game.Status.FINISHED, finished_at=timezone.now())
    rematch, _ = rematches.propose(proposer, old.pk)
    return lambda: rematch_notices.rematch_off(rematch.pk, other.pk), proposer, f"{other.username} declined"


def quiet_nights(user) -> None:
    """Every player keeps quiet hours from 23:00 to 07:00 in Berlin (a round tells both of its players)."""
    Profile.objects.update(time_zone="Europe/Berlin", quiet_from=time(23), quiet_until=time(7))
    user.refresh_from_db()


@pytest.mark.parametrize("make", [a_letter, a_round, a_rematch_off], ids=["letter", "round", "rematch"])
def test_a_notice_in_the_quiet_hours_goes_when_they_end_and_outside_them_at_once(make, make_user, monkeypatch):
    pushes: list[tuple[int, str]] = []
    monkeypatch.setattr(push, "send", lambda user, payload: pushes.append((user.pk, payload["body"])) or 1)

    def told(user, words: str) -> tuple[list[str], list[str]]:
        return ([m.subject for m in mail.outbox if m.to == [user.email] and m.subject.startswith(words)],
                [body for pk, body in pushes if pk == user.pk and body.startswith(words)])

    with time_machine.travel(NIGHT, tick=False) as traveller:
        notice, user, words = make(make_user, "q")
        quiet_nights(user)
        mail.outbox.clear()
        assert not notice() and not notice()
        assert told(user, words) == ([], [])
        assert HeldAppNotice.objects.filter(user=user).count() == 1
        assert Profile.objects.get(user=user).batch_due_at == MORNING

        traveller.move_to(MORNING - timedelta(minutes=1))
        tasks.send_digests()
        assert told(user, words) == ([], [])
        traveller.move_to(MORNING)
        tasks.send_digests()
        subjects, bodies = told(user, words)
        assert len(subjects) == len(bodies) == 1, (subjects, bodies)
        assert not HeldAppNotice.objects.exists()
        tasks.send_digests()
        assert not notice(), "told once"
        assert told(user, words) == (subjects, bodies)

        traveller.move_to(NOON)
        notice, user, words = make(make_user, "d")
        quiet_nights(user)
        assert notice()
        assert [len(sent) for sent in told(user, words)] == [1, 1]
        assert not HeldAppNotice.objects.exists()
