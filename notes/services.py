"""Private notes: read and written by the player who keeps them, in a game they sit in.

Nothing else reads a note: no answer, page, record, email, push or socket message of the site
carries one, and the admin does not list them."""
from __future__ import annotations

from django.utils.translation import gettext

from games.services import Invalid, NotAllowed, game_with_seats, inbox

from .models import MAX_LENGTH, Note


def _game_of_player(user, game_id: int):
    """The game, if `user` sits (or sat) in it: notes are for its players, not for watchers."""
    game = game_with_seats(game_id)  # NotFound for no such game
    if not any(seat.user_id == user.pk for seat in game.seats.all()):
        raise NotAllowed(gettext("notes are for the game's players"))
    return game


def note_of(user, game_id: int) -> Note | None:
    game = _game_of_player(user, game_id)
    return Note.objects.filter(user=user, game=game).first()


def keep_note(user, game_id: int, text: str) -> Note:
    """Store the player's note as it is now (an empty text keeps an empty note)."""
    if len(text) > MAX_LENGTH:
        raise Invalid(gettext("a note holds at most %(n)d characters") % {"n": MAX_LENGTH})
    game = _game_of_player(user, game_id)
    # Two saves of the same note at once: update_or_create finds the row the other one made.
    note, _ = Note.objects.update_or_create(user=user, game=game, defaults={"text": text})
    inbox.keep_note(user.pk, game.pk, text)  # the first line My games shows
    return note

