"""Notices to players: an email (text and HTML) and a push to each of their devices, in their
language, times in their time zone.

Every function here is idempotent through a TurnNotice or Digest row, committed before the email
is sent: running a task twice, after an outage, or after a worker died in the middle of sending,
sends nothing twice (at most once: a crash between the commit and the send loses that email). An
email that fails is logged and recorded on its row (`failed_at`, `error`), never retried. The push
follows the notice (games.reactions.push); a push service that fails never unsends the email.
What a player gets is decided in one place, `wants`: a switch per kind in the profile, and a
muted seat hears nothing of its game.
"""
from __future__ import annotations

import logging
from collections.abc import Callable
from datetime import timedelta
from typing import Any

from django.conf import settings
from django.core import signing
from django.core.mail import EmailMultiAlternatives
from django.db import IntegrityError, transaction
from django.template.loader import render_to_string
from django.utils import timezone, translation

from accounts.models import Profile, Vacation
from games import answering, clock, presence, signals
from games.models import Digest, Game, HeldNotice, Seat, TurnNotice
from games.reactions import push
from games.reactions.held import due_when_quiet_ends, release as release_apps_notices
from games.services import deadlines, game_language, lists, news_for, presentation_of, removal_reason, waiting_games
from games.standings import team_of, teams_of

Kind = TurnNotice.Kind
log = logging.getLogger(__name__)
NEWS_TURNS = 5    # the others' latest turns a turn email tells; the game page has them all
PUSH_BODY = 240   # characters: a phone shows two or three lines of a notification
TURN_KINDS = (Kind.TURN, Kind.NUDGE, Kind.REMINDER, Kind.LAST_CALL)  # the notices turn_notice_sent announces

PREFERENCES_SALT = "station.email-preferences"


def preferences_link(user) -> str:
    token = signing.dumps({"u": user.pk}, salt=PREFERENCES_SALT)
    return f"{settings.SITE_URL}/email/preferences/{token}/"


def user_for_token(token: str, max_age_days: int = 365):
    from django.contrib.auth import get_user_model
    try:
        data = signing.loads(token, salt=PREFERENCES_SALT, max_age=timedelta(days=max_age_days))
    except signing.BadSignature:
        return None
    return get_user_model().objects.filter(pk=data.get("u"), is_active=True).first()


def email_user(user, template: str, context: dict, email: bool = True) -> str:
    """Email the user (when they have an address) in their language and time zone; the subject,
    which is also the push's text. The site's other apps' notices (a letter, a tournament's round, a
    rematch off) send through it too, once games.reactions.held has not kept them for the quiet time.
    Without `email`, the subject alone (a notice that is a push only)."""
    profile = user.profile
    zone = clock.user_zone(user)
    with translation.override(profile.language), timezone.override(zone):
        context = {"user": user, "name": profile.name, "site": settings.SITE_URL,
                   "preferences": preferences_link(user), **context}
        # One line whatever a name holds (a name stored before names were checked may hold a line
        # break): a header never gets a second line, and the email still goes.
        subject = " ".join(render_to_string(f"emails/{template}_subject.txt", context).split())
        if not user.email or not email:
            return subject
        text = render_to_string(f"emails/{template}.txt", context)
        html = render_to_string(f"emails/{template}.html", context)
    message = EmailMultiAlternatives(subject, text, settings.DEFAULT_FROM_EMAIL, [user.email])
    message.attach_alternative(html, "text/html")
    message.send()
    return subject


def _send_claimed(record, user, template: str, context: dict, what: str, email: bool = True) -> str | None:
    """Send the email whose claim `record` is already committed; the subject, or None when it failed.

    A failure is not retried: the mail server may have taken the message before it failed, and
    sending again could deliver it twice. It is logged and kept on the record for the admin."""
    try:
        return email_user(user, template, context, email)
    except Exception as exc:
        log.error("%s for user %s could not be sent: %r", what, user.pk, exc, exc_info=True)
        type(record).objects.filter(pk=record.pk).update(failed_at=timezone.now(), error=repr(exc)[:2000])
        return None


def wants(user, game: Game, kind: str) -> bool:
    """Whether the user is to hear of `kind` in `game` now, by email and push alike."""
    profile = user.profile
    if not user.is_active:
        return False
    if kind in (Kind.REMOVED, Kind.VACATION):
        return True  # the desk's word, or a vacation day the site took for the player: whatever the switches say
    if Seat.objects.filter(game=game, user=user, muted=True).exists():
        return False
    if kind == Kind.TURN:  # an email at once, or a push at once beside the batches
        return (profile.notify_turn == "immediate" or (profile.notify_turn == "daily" and profile.push_at_once)
                ) and not held_back(user)
    if kind in STEP_SWITCHES:  # the escalation before a deadline: whatever the budget, each step a switch
        return profile.notify_turn != "never" and profile.notify_reminders and getattr(profile, STEP_SWITCHES[kind])
    if kind == Kind.GAME_OVER:
        return profile.notify_game_over
    if kind == Kind.INVITATION:
        return profile.notify_invitations
    return profile.notify_turn != "never"


def held_back(user) -> bool:
    """The turn notice waits while the player is on the site (unless they want it anyway): the open
    site tells them, and leaving it sends what waited (tasks.user_left, or the catch-up)."""
    return not user.profile.notify_while_online and presence.is_online(user.pk)


def turn_key(game: Game) -> str:
    return f"{game.current_seat}@{game.turn_started_at.isoformat() if game.turn_started_at else game.seq}"


def deciding_seat(game: Game) -> Seat | None:
    seat = game.deciding_seat
    if seat is None or seat.played_by_bot or not seat.user.is_active:
        return None
    return seat


def _notice_once(game: Game, user, kind: str, template: str, context: dict, key: str | None = None,
                 news: Callable[[], list[dict]] | None = None, email: bool = True) -> bool:
    """Email and push one notice (without `email`, the push alone), unless the user does not want it
    or already had it; with `news`, what the others did since the user looked (read only for a
    notice that goes): the email tells those turns, the push the last one.

    The notice is claimed (its row committed) before anything is sent: a worker dying after the
    mail server took the email cannot send it again on restart (at most once)."""
    if not wants(user, game, kind):
        return False
    if kind not in TURN_KINDS:  # a turn's own notices are held by their callers (turn_email, reminder_emails)
        quiet = clock.quiet_until(clock.notice_calendar(user), timezone.now())
        if quiet is not None:
            HeldNotice.objects.get_or_create(user=user, game=game, kind=kind, turn_key=key or turn_key(game))
            due_when_quiet_ends(user, quiet)
            return False
    try:
        with transaction.atomic():
            notice = TurnNotice.objects.create(game=game, user=user, turn_key=key or turn_key(game), kind=kind)
    except IntegrityError:
        return False
    turns = news() if news is not None else []
    subject = _send_claimed(notice, user, template, {"game": game, **context, "news": turns},
                            f"the {kind} notice of game {game.pk}", email)
    if subject is None:
        return False
    body = "\n".join([subject, *(f"{t['name']}: {' · '.join(t['lines'])}" for t in turns[-1:])])[:PUSH_BODY]
    payload = push.message(gettext_in(user, "Argo Station"), body, f"/games/{game.pk}/", f"game-{game.pk}")
    push.send(user, payload)
    if kind in TURN_KINDS:
        signals.turn_notice_sent.send(sender=Game, user=user, game=game, kind=kind, payload=payload)
    return True


def gettext_in(user, text: str) -> str:
    with translation.override(user.profile.language):
        return translation.gettext(text)


def team_of_seat(game: Game, seat: Seat, seats=None) -> dict[str, Any] | None:
    """In a game played in teams, what the seat's player hears of their team: its index, the
    partners' seats and, once the game is over, how the team did ("won", "lost", or "drew" when every
    team is among the winners); None in a game without teams."""
    teams = teams_of(game)
    if teams is None:
        return None
    seats = list(game.seats.all()) if seats is None else seats
    index = team_of(teams, seat.order)
    team: dict[str, Any] = {"index": index, "partners": [s for s in seats if s.pk != seat.pk and team_of(teams, s.order) == index]}
    if game.outcome:
        winners = set(game.outcome.get("winners", []))
        won = {team_of(teams, s.order) for s in seats if s.colour in winners}
        team["result"] = "drew" if index in won and len(won) == len(teams) else "won" if index in won else "lost"
    return team


def turn_email(game: Game, now=None) -> bool:
    """"Your turn", for players who want it at once and are not on the site (or want it anyway), with
    what the others did since the player last looked (the game page's lines); the push, the last turn's.
    A player who takes their emails in batches and their pushes at once gets the push alone. In the
    player's quiet hours or on a day off it waits: until their end for a player who wants it at once
    (Profile.batch_due_at, the batch task), until the next batch for the others."""
    now = now or timezone.now()
    seat = deciding_seat(game) if game.status == Game.Status.ACTIVE else None
    if seat is not None and answering.answers_now(game, seat):
        return False  # the player's standing order answers the turn: whoever plays it tells them if it stops
    sent = False
    if seat is not None and wants(seat.user, game, Kind.TURN):
        profile = seat.user.profile
        quiet = clock.quiet_until(clock.notice_calendar(seat.user), now)
        if quiet is not None:
            if profile.notify_turn == Profile.Notify.IMMEDIATE:
                due_when_quiet_ends(seat.user, quiet)
        else:
            sent = _notice_once(
                game, seat.user, Kind.TURN, "turn", {"deadline": game.deadline, "team": team_of_seat(game, seat)},
                news=lambda: news_for(game, seat, seat.user.profile.language, turns=NEWS_TURNS),
                email=profile.notify_turn == Profile.Notify.IMMEDIATE)
    if sent or seat is None or not held_back(seat.user):
        deadlines.turn_notice_settled(game)
    return sent


def release_held(user) -> int:
    """The notices of events that the player's quiet hours held (HeldNotice) go now, each through
    its own function, so that its claim keeps it from going twice, and then the other apps' own
    (HeldAppNotice, through the releaser each registered: games.reactions.held); how many went."""
    sent = 0
    for held in HeldNotice.objects.filter(user=user).select_related("game"):
        held.delete()
        game, kind, number = held.game, held.kind, held.turn_key.rsplit("-", 1)[-1]
        seat = (game.seats.select_related("user__profile").filter(order=int(number)).first()
                if kind in (Kind.TIMED_OUT, Kind.REMOVED) and number.isdigit() else game.seat_of(user))
        if kind == Kind.GAME_OVER:
            sent += game_over_notices(game) > 0
        elif kind == Kind.INVITATION:
            sent += invitation_notice(game, user)
        elif kind == Kind.TIMED_OUT and seat is not None:
            sent += timed_out_emails(game, seat) > 0
        elif kind == Kind.REMOVED and seat is not None:
            sent += removed_notice(game, seat, removal_reason(game, seat))
        elif kind == Kind.VACATION and seat is not None and number.isdigit():
            vacation = Vacation.objects.filter(pk=int(number), user=user).first()
            sent += vacation is not None and vacation_notice(game, seat, vacation)
    return sent + release_apps_notices(user)


# The escalating notices before a deadline (settings.NOTICE_STEPS), the switch of each, and whether
# it is an email (and a push) or a push alone.
STEP_SWITCHES: dict[str, str] = {Kind.NUDGE: "remind_push", Kind.REMINDER: "remind_email", Kind.LAST_CALL: "remind_last_call"}
PUSH_ONLY = (Kind.NUDGE,)


def reminder_emails(game: Game, now) -> list[str]:
    """The deadline nearing, on the player's own clock (their calendar stops it unless the game is
    strict; clock.reminder_instants): a push with 24 hours left, an email with 8, a last call with 2
    (settings.NOTICE_STEPS), each once per turn and each as the player's switches say. Only the
    latest step due goes (one held in quiet hours is passed over by a later one). In the player's
    quiet hours or on a day off nothing goes, but a last call they allowed: the turn is looked at
    again when those end. Then the turn is due again at its next step, or at that end."""
    seat = deciding_seat(game) if game.status == Game.Status.ACTIVE else None
    sent: list[str] = []
    next_at = None
    if seat is not None and game.deadline is not None and game.turn_started_at is not None and now < game.deadline:
        user, deadline = seat.user, game.deadline
        instants = clock.reminder_instants(deadlines.turn_clock(game, seat), game.turn_started_at, deadline)
        steps = [(Kind(kind), at) for (kind, _left), at in zip(settings.NOTICE_STEPS, instants) if at is not None]
        later = [at for _kind, at in steps if at > now]
        due = [kind for kind, at in steps if at <= now and wants(user, game, kind)]
        if due:
            kind = due[-1]
            quiet = clock.quiet_until(clock.notice_calendar(user), now)
            if quiet is not None and not (kind == Kind.LAST_CALL and user.profile.last_call_in_quiet):
                later.append(quiet)  # held: looked at again when the quiet time ends
            elif _notice_once(game, user, kind, "reminder", {
                    "deadline": deadline, "last_call": kind == Kind.LAST_CALL, "nudge": kind == Kind.NUDGE,
                    "team": team_of_seat(game, seat)},
                    email=kind not in PUSH_ONLY):
                sent.append(kind.value)
        next_at = min((at for at in later if at < deadline), default=None)
    deadlines.reminders_considered(game, next_at)
    return sent


def timed_out_emails(game: Game, seat: Seat) -> int:
    """Every human player of the game hears that a seat timed out and the bot plays it now."""
    return sum(_notice_once(game, other.user, Kind.TIMED_OUT, "timed_out",
                            {"seat": seat, "you": other.pk == seat.pk}, key=f"timeout-{seat.order}")
               for other in game.seats.select_related("user__profile")
               if other.status == Seat.Status.ACTIVE or other.pk == seat.pk)


def removed_notice(game: Game, seat: Seat, reason: str) -> bool:
    """The player a moderator removed hears it, with the moderator's reason, once per seat."""
    if seat.status != Seat.Status.REMOVED:
        return False
    return _notice_once(game, seat.user, Kind.REMOVED, "removed", {"seat": seat, "reason": reason},
                        key=f"removed-{seat.order}")


def vacation_notice(game: Game, seat: Seat, vacation) -> bool:
    """Auto-vacation: the player whose deadline passed hears at once that the site took a day of
    their vacation instead (which day, the deadline it moved to, the days left), whatever the
    switches say: an act on their account is never silent. Once per vacation."""
    return _notice_once(game, seat.user, Kind.VACATION, "vacation_taken",
                        {"day": vacation.start, "deadline": game.deadline,
                         "days_left": clock.vacation_days_left(seat.user, vacation.start.year)},
                        key=f"vacation-{vacation.pk}")


def game_over_notices(game: Game) -> int:
    """Each player of a finished game hears how it ended (resigned and timed-out ones too)."""
    if game.status != Game.Status.FINISHED:
        return 0
    seats = list(game.seats.select_related("user__profile").order_by("rank", "order"))
    teams = teams_of(game)
    for s in seats:  # each place with its team, in a game played in teams
        s.team = team_of(teams, s.order)
    return sum(_notice_once(game, seat.user, Kind.GAME_OVER, "game_over",
                            {"seat": seat, "seats": seats, "team": team_of_seat(game, seat, seats),
                             "ending": ending_for(game, seat.user)}, key="over")
               for seat in seats)


def ending_for(game: Game, user) -> str:
    """Why the game ended, in the game's own words (its presentation's `ending`) and the user's language."""
    shown = presentation_of(game)
    return shown.ending(game.outcome, game_language(shown, user.profile.language)) if game.outcome else ""


def invitation_notice(game: Game, user) -> bool:
    """An invitation to an open game, once per game."""
    if game.status != Game.Status.OPEN:
        return False
    return _notice_once(game, user, Kind.INVITATION, "invitation", {"host": game.created_by.profile.name}, key="invited")


def batches(now) -> int:
    """The players whose batch task is due (lists.batch_readers_due, Profile.batch_due_at): a reader
    of batches gets the batch of their slot when a game waits for them; the "your turn" that quiet
    hours held goes now to a player who wants it at once (and the pushes of a reader of batches who
    wants those at once), and so do the notices of events they held (release_held). Each is then due
    again at their next slot, or not at all."""
    sent = 0
    readers = list(lists.batch_readers_due(now))
    deciding = lists.deciding_among(reader.pk for reader in readers)
    for reader in readers:
        profile = reader.profile
        slot = profile.batch_due_at
        batched = profile.notify_turn == Profile.Notify.DAILY
        calendar = clock.notice_calendar(reader)
        quiet = clock.quiet_until(calendar, now)
        if quiet is not None:  # late (the task was away) into quiet time, or the calendar changed since
            Profile.objects.filter(pk=profile.pk, batch_due_at=slot).update(batch_due_at=quiet)
            continue
        sent += release_held(reader)
        hours = clock.batch_hours_of(profile.batch_hours)
        at_slot = batched and _a_slot(slot.astimezone(calendar.zone), hours)  # not the end of quiet hours
        if reader.is_active and reader.pk in deciding:
            waiting = waiting_games(reader)
            if at_slot:
                sent += batch_email(reader, slot, waiting)
            if not batched or profile.push_at_once:
                sent += sum(turn_email(game, now) for game in waiting)
        following = clock.next_batch(calendar, hours, now) if batched else None
        Profile.objects.filter(pk=profile.pk, batch_due_at=slot).update(batch_due_at=following)
    return sent


def _a_slot(local, hours: list[int]) -> bool:
    return local.hour in hours and (local.minute, local.second, local.microsecond) == (0, 0, 0)


def batch_email(user, slot, waiting: list[Game] | None = None) -> bool:
    """The batch of every game waiting for the user, once per batch slot of theirs (the local day
    and hour of `slot`): each game with the others' latest turn, as its turn email tells them; and,
    unless the user wants their pushes at once, one push with it."""
    local = slot.astimezone(clock.user_zone(user))
    waiting = waiting_games(user) if waiting is None else waiting
    waiting = [g for g in waiting if not answering.answers_now(g, g.seat_of(user))]
    if not waiting:
        return False
    try:
        with transaction.atomic():
            digest = Digest.objects.create(user=user, day=local.date(), hour=local.hour, games=[g.pk for g in waiting])
    except IntegrityError:
        return False
    for game in waiting:
        game.news = news_for(game, game.seat_of(user), user.profile.language, turns=1)
    subject = _send_claimed(digest, user, "digest", {"games": waiting}, f"the batch of {local:%Y-%m-%d %H}:00")
    if subject is None:
        return False
    if not user.profile.push_at_once:
        payload = push.message(gettext_in(user, "Argo Station"), subject[:PUSH_BODY], "/games/mine/", "batch")
        push.send(user, payload)  # one push, one signal: named by the most urgent game, with the batch's words
        signals.turn_notice_sent.send(sender=Game, user=user, game=waiting[0], kind=Kind.TURN, payload=payload)
    return True
