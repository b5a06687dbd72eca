"""Following, befriending and blocking: every change to these happens here.

Refusals are the games app's errors (services.Invalid, NotAllowed, NotFound, Conflict), so that the
API answers them as it answers every refusal: the status they carry and a `detail`."""
from __future__ import annotations

from contextlib import contextmanager

from django.contrib.auth import get_user_model
from django.db import IntegrityError, transaction
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext as _, gettext_lazy as _lazy

from games import presence, services
from games.models import Game, Seat
from games.services import lists

from .models import Block, Follow, Friendship, InvitationNote, Preferences

NOT_ACCEPTED = _lazy("this player does not accept requests from you")


def other_player(user, username: str):
    """The active player named, who is not the user (400 for oneself, 404 for nobody)."""
    other = lists.active_player(username)
    if other.pk == user.pk:
        raise services.Invalid("that is you: choose another player")
    return other


def _pair(a: int, b: int) -> tuple[int, int]:
    return (a, b) if a < b else (b, a)


def _pair_row(a: int, b: int):
    low, high = _pair(a, b)
    return Friendship.objects.filter(low_id=low, high_id=high)


def named(other) -> dict:
    """The other player as a refusal names them: by the name every page calls them."""
    return {"name": other.profile.name}


@contextmanager
def _pair_locked(user, other):
    """A transaction holding both players' rows, the lower id first (so two never wait on each other):
    a block and a follow or a request between the same two run one after the other, and the second
    sees what the first did. No key update: rows that merely point at the players are not held up."""
    with transaction.atomic():
        list(get_user_model().objects.filter(pk__in=_pair(user.pk, other.pk)).order_by("pk")
             .select_for_update(no_key=True).values_list("pk", flat=True))
        yield


def _refuse_if_blocked(user, other) -> None:
    if Block.objects.filter(blocker=other, blocked=user).exists():
        raise services.NotAllowed(NOT_ACCEPTED)
    if Block.objects.filter(blocker=user, blocked=other).exists():
        raise services.Conflict(_("you have blocked %(name)s: unblock them first") % named(other))


def follow(user, username: str) -> None:
    other = other_player(user, username)
    try:
        with _pair_locked(user, other):
            _refuse_if_blocked(user, other)
            Follow.objects.create(follower=user, followed=other)
    except IntegrityError:  # a second click, or two at once
        raise services.Conflict(_("you already follow %(name)s") % named(other)) from None


def unfollow(user, username: str) -> None:
    other = other_player(user, username)
    if not Follow.objects.filter(follower=user, followed=other).delete()[0]:
        raise services.Conflict(_("you do not follow %(name)s") % named(other))


def ask(user, username: str) -> bool:
    """Ask to be friends; True when that made a friendship (the other had asked first)."""
    other = other_player(user, username)
    with _pair_locked(user, other):  # the pair's one row, if any, is what the last one to hold the lock left
        _refuse_if_blocked(user, other)
        row = _pair_row(user.pk, other.pk).first()
        if row is None:
            low, high = _pair(user.pk, other.pk)
            Friendship.objects.create(low_id=low, high_id=high, requested_by=user)
            return False
        if row.accepted_at is not None:
            raise services.Conflict(_("you are already friends with %(name)s") % named(other))
        if row.requested_by_id == user.pk:
            raise services.Conflict(_("your request is waiting for %(name)s's answer") % named(other))
        _accept(row)
    return True


def _accept(row: Friendship) -> None:
    row.accepted_at = timezone.now()
    row.save(update_fields=["accepted_at"])


def withdraw(user, username: str) -> None:
    other = other_player(user, username)
    if not _pair_row(user.pk, other.pk).filter(requested_by=user, accepted_at__isnull=True).delete()[0]:
        raise services.Conflict(_("you have no request waiting for %(name)s") % named(other))


def accept(user, username: str) -> None:
    other = other_player(user, username)
    with transaction.atomic():
        row = _pair_row(user.pk, other.pk).select_for_update().first()
        if row is not None and row.accepted_at is not None:
            raise services.Conflict(_("you are already friends with %(name)s") % named(other))
        if row is None or row.requested_by_id != other.pk:
            raise services.Conflict(_("%(name)s has not asked to be your friend") % named(other))
        _accept(row)


def decline(user, username: str) -> None:
    """The request is gone; the one who asked may ask again later."""
    other = other_player(user, username)
    if not _pair_row(user.pk, other.pk).filter(requested_by=other, accepted_at__isnull=True).delete()[0]:
        raise services.Conflict(_("%(name)s has not asked to be your friend") % named(other))


def unfriend(user, username: str) -> None:
    other = other_player(user, username)
    if not _pair_row(user.pk, other.pk).filter(accepted_at__isnull=False).delete()[0]:
        raise services.Conflict(_("you are not friends with %(name)s") % named(other))


def block(user, username: str) -> None:
    """A block ends the friendship, any request and the follows, both ways, and withdraws the open
    games' invitations either sent the other (the games service tells the invitee's pages)."""
    other = other_player(user, username)
    try:
        with _pair_locked(user, other):
            Block.objects.create(blocker=user, blocked=other)
            _pair_row(user.pk, other.pk).delete()
            Follow.objects.filter(Q(follower=user, followed=other) | Q(follower=other, followed=user)).delete()
            services.withdraw_invitations(user, other)
    except IntegrityError:
        raise services.Conflict(_("you have already blocked %(name)s") % named(other)) from None


def unblock(user, username: str) -> None:
    other = other_player(user, username)
    if not Block.objects.filter(blocker=user, blocked=other).delete()[0]:
        raise services.Conflict(_("you have not blocked %(name)s") % named(other))


def relation(user, other) -> dict:
    """What the user and the other player are to each other, as the player page and the API show it."""
    row = _pair_row(user.pk, other.pk).first()
    return {
        "username": other.username,
        "following": Follow.objects.filter(follower=user, followed=other).exists(),
        "followed_by": Follow.objects.filter(follower=other, followed=user).exists(),
        "friends": bool(row and row.accepted_at),
        "request_sent": bool(row and not row.accepted_at and row.requested_by_id == user.pk),
        "request_received": bool(row and not row.accepted_at and row.requested_by_id == other.pk),
        "blocked": Block.objects.filter(blocker=user, blocked=other).exists(),
    }


def preferences(user) -> Preferences:
    return Preferences.objects.filter(user=user).first() or Preferences(user=user)


def set_preferences(user, **choices) -> Preferences:
    prefs, _ = Preferences.objects.update_or_create(user=user, defaults=choices)
    return prefs


# --- what /friends/ and GET /api/friends/ show ------------------------------------------------

def _people(user_ids) -> dict[int, object]:
    users = get_user_model().objects.filter(pk__in=list(user_ids), is_active=True).select_related("profile")
    return {u.pk: u for u in users}


def overview(user) -> dict:
    """The user's friends and the players they follow, each with whether they are online now and the
    games in progress they sit in; the requests both ways; the blocked players; the notes of open
    invitations."""
    rows = list(Friendship.objects.filter(Q(low=user) | Q(high=user)))
    friend_ids = [r.other(user.pk) for r in rows if r.accepted_at]
    received = [r.other(user.pk) for r in rows if not r.accepted_at and r.requested_by_id != user.pk]
    sent = [r.other(user.pk) for r in rows if not r.accepted_at and r.requested_by_id == user.pk]
    followed = list(Follow.objects.filter(follower=user).values_list("followed_id", flat=True))
    blocked = list(Block.objects.filter(blocker=user).values_list("blocked_id", flat=True))
    people = _people({*friend_ids, *received, *sent, *followed, *blocked})
    watched = [pk for pk in {*friend_ids, *followed} if pk in people]
    online = presence.online_among(watched)
    games = _games_in_play(watched)

    def entries(ids):
        found = [people[pk] for pk in ids if pk in people]
        found.sort(key=lambda u: (u.pk not in online, u.username.lower()))
        return [{"user": u, "online": u.pk in online, "games": games.get(u.pk, [])} for u in found]
    return {"friends": entries(friend_ids), "following": entries(followed),
            "requests_received": entries(received), "requests_sent": entries(sent),
            "blocked": entries(blocked), "notes": invitation_notes(user)}


def _games_in_play(user_ids) -> dict[int, list[Game]]:
    seats = (Seat.objects.filter(user_id__in=user_ids, status=Seat.Status.ACTIVE, game__status=Game.Status.ACTIVE)
             .select_related("game").order_by("game_id"))
    out: dict[int, list[Game]] = {}
    for seat in seats:
        out.setdefault(seat.user_id, []).append(seat.game)
    return out


def invitation_notes(user) -> list[InvitationNote]:
    """The notes of the invitations the user has still to answer: open games, not declined, not joined."""
    return list(InvitationNote.objects
                .filter(user=user, game__status=Game.Status.OPEN,
                        game__invitations__user=user, game__invitations__declined_at__isnull=True)
                .exclude(game__seats__user=user)
                .select_related("game", "author__profile").order_by("-created_at"))


def invite(user, *, game: str, players: int, friends: list[str], message: str = "") -> Game:
    """A new game with friends invited, and the message each of them reads with the invitation.

    One transaction: the invitation notices go out after its commit, when the note exists too."""
    if not friends:
        raise services.Invalid("choose at least one friend to invite")
    if len(message) > 500:
        raise services.Invalid("a message has at most 500 characters")
    mine = {u.username.lower(): u for u in _people(
        r.other(user.pk) for r in Friendship.objects.filter(Q(low=user) | Q(high=user), accepted_at__isnull=False)
    ).values()}
    strangers = [name for name in friends if name.lower() not in mine]
    if strangers:
        raise services.Invalid(f"not among your friends: {', '.join(strangers)}")
    invitees = list({name.lower(): mine[name.lower()] for name in friends}.values())  # each once
    with transaction.atomic():
        created = services.create_game(user, game=game, players=players, invite=[u.username for u in invitees])
        if message.strip():
            InvitationNote.objects.bulk_create(InvitationNote(game=created, user=u, author=user, text=message.strip())
                                               for u in invitees)
    return created


def invitation_note(game, user) -> InvitationNote | None:
    if not getattr(user, "is_authenticated", False):
        return None
    return InvitationNote.objects.filter(game=game, user=user).select_related("author__profile").first()
