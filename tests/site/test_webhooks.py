"""Webhooks for turn notices: the signal a turn notice sends, the addresses a hook may have, the
test message, the post of a notice and what a failure does (docs/webhooks.md)."""
from __future__ import annotations

import pytest
from django.conf import settings

from games import services, signals
from games.models import Game
from games.reactions import emails


@pytest.fixture
def players(make_user):
    return make_user("alice"), make_user("bob")


def start_game(alice, bob) -> Game:
    game = services.create_game(alice, game="argo", players=2, hours_per_move=24)
    services.join_game(bob, game.pk)
    return Game.objects.get(pk=game.pk)


@pytest.mark.django_db
def test_a_turn_notice_sends_turn_notice_sent_with_the_push_payload(players):
    heard = []

    def listen(sender, **kwargs):
        heard.append(kwargs)

    signals.turn_notice_sent.connect(listen)
    try:
        game = start_game(*players)
        assert emails.turn_email(game)
        assert not emails.turn_email(game), "a notice goes once"
    finally:
        signals.turn_notice_sent.disconnect(listen)
    mover = game.seats.get(order=game.current_seat).user
    assert [(h["user"], h["game"].pk, h["kind"]) for h in heard] == [(mover, game.pk, "turn")]
    assert heard[0]["payload"] == {"title": "Argo Station", "body": f"Your turn in Argo #{game.pk}",
                                   "url": f"{settings.SITE_URL}/games/{game.pk}/", "tag": f"game-{game.pk}"}
