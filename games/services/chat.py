"""A game's chat: who may post, and a post."""
from __future__ import annotations

from django.db import transaction
from django.utils.translation import gettext, gettext_lazy

from games import gates, signals
from games.models import ChatMessage, Game, Seat

from .errors import Invalid, NotAllowed, no_such_game, spend
from .reads import chat_refusal


def chat_refused(game: Game, user) -> str | None:
    """Why a line of the user's would be refused, in the reader's language, or None: their seat
    (chat_refusal), then the players still in the game (games.gates: a block, a "friends only" choice).
    The page offers the chat box only where this is None."""
    return chat_refusal(game, user) or gates.refusal(
        gates.CHAT, user.pk, [s.user_id for s in game.seats.all() if s.status == Seat.Status.ACTIVE])


def post_chat(user, game_id, text) -> ChatMessage:
    if not isinstance(text, str) or not text.strip():
        raise Invalid(gettext("a chat message needs some text"))
    if len(text) > 1000:
        raise Invalid(gettext("a chat message has at most 1000 characters"))
    try:
        game = Game.objects.get(pk=game_id)
    except (Game.DoesNotExist, ValueError, TypeError):
        raise no_such_game() from None
    refusal = chat_refused(game, user)
    if refusal:
        raise NotAllowed(refusal)
    spend(user, "chat", gettext_lazy("chat messages"))
    with transaction.atomic():
        message = ChatMessage.objects.create(game=game, user=user, text=text.strip())
        signals.chat_posted.send(Game, game_id=game.pk, message=message)
    return message
