"""Invitation links (docs/invites.md): the creator of an open game makes a secret link, or a new one in
its place, or revokes it; whoever has a working link takes a free seat through the games' own join,
with its checks (blocks, closed games, a full table). A link works while its game is open with a free
seat; for anything else, an unknown secret included, the answer is the same, so that a link says
nothing of a game its holder cannot join."""
from __future__ import annotations

import secrets

from django.db import transaction
from django.utils.translation import gettext

from games import services as games
from games.models import Game

from .models import InviteLink

TOKEN_BYTES = 24  # 32 characters in the link: not to be guessed


def link_of(user, game_id: int) -> InviteLink | None:
    """The game's link, for its creator only (None for anyone else, or without a link)."""
    return InviteLink.objects.filter(game_id=game_id, game__created_by=user).first()


def make_link(user, game_id: int) -> InviteLink:
    """A new secret for the game's link: the old link, if any, stops working."""
    with transaction.atomic():  # the game row locked: two presses at once make one link after the other
        game = _own_open_game(user, game_id)
        link, _ = InviteLink.objects.update_or_create(game=game, defaults={"token": secrets.token_urlsafe(TOKEN_BYTES)})
    return link


def revoke(user, game_id: int) -> None:
    with transaction.atomic():
        game = _own_open_game(user, game_id, open_only=False)
        InviteLink.objects.filter(game=game).delete()


def game_behind(token: str) -> Game:
    """The game a working link leads to; NotFound, in the same words, for every link that does not work."""
    link = InviteLink.objects.select_related("game__created_by__profile").filter(token=token).first()
    game = link.game if link else None
    if game is None or game.status != Game.Status.OPEN or game.seats.count() >= game.players:
        raise games.NotFound(gettext("this invitation link does not work (any more): ask for a new one"))
    return game


def join_by_link(user, token: str) -> Game:
    """The user takes a free seat of the link's game, as a join would (already seated: nothing changes)."""
    game = game_behind(token)
    if game.seats.filter(user=user).exists():
        return game
    return games.join_game(user, game.pk)


def refusal(game: Game, user) -> str | None:
    """Why the user may not join the link's game (a block, a closed game), or None."""
    return games.join_refusal(game, user)


def _own_open_game(user, game_id: int, open_only: bool = True) -> Game:
    game = Game.objects.select_for_update().filter(pk=game_id).first()
    if game is None:
        raise games.NotFound(gettext("no such game"))
    if game.created_by_id != user.pk:
        raise games.NotAllowed(gettext("only the game's creator makes or revokes its invitation link"))
    if open_only and game.status != Game.Status.OPEN:
        raise games.Conflict(gettext("the game has started: it needs no invitation link"))
    return game
