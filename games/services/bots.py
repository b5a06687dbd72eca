"""The site's bots: their accounts, their moves, and a bot keeping a player's seat for a while."""
from __future__ import annotations

from django.contrib.auth import get_user_model
from django.db import transaction
from django.db.models import Prefetch
from django.utils import timezone
from django.utils.translation import gettext

from accounts.models import Profile, default_bot_name
from games import gates, signals
from games.models import Game, Seat

from . import inbox
from .deadlines import set_turn_clock
from .errors import Conflict, Invalid
from .play import apply_decision
from .reads import bot_to_play, current_state, locked, rules_of
from .seats import seat_in_play


def bot_account(kind: str):
    """The site's own account for one kind of bot, created the first time a game asks for it. Its
    username is the kind's name with "Bot" (a person who took that name keeps it: a digit is added)."""
    profile = Profile.objects.select_related("user").filter(bot=kind).first()
    if profile is not None:
        return profile.user
    User = get_user_model()
    base = f"{kind.capitalize()}Bot"
    name = next(n for n in [base] + [f"{base}{i}" for i in range(2, 100)]
                if not User.objects.filter(username__iexact=n).exists())
    with transaction.atomic():
        user = User.objects.create_user(username=name, password=None)  # no password: nobody signs in as it
        Profile.objects.update_or_create(user=user, defaults={"bot": kind, "display_name": default_bot_name(kind)})
    return User.objects.select_related("profile").get(pk=user.pk)


def become_api_bot(user) -> None:
    """The account becomes a bot account, played by a program through the API; for good, and only
    before it has taken a seat (or holds a place another app asks about: games.gates.own_refusal, a
    tournament entry), so that no person's games and rating pass to a program."""
    with transaction.atomic():
        profile, _ = Profile.objects.select_for_update().get_or_create(user=user)
        if profile.bot == Profile.API_BOT:
            return
        if profile.bot:
            raise Conflict(gettext("this is one of the site's own bots"))
        if Seat.objects.filter(user=user).exists():
            raise Conflict(gettext("an account that has taken a seat in a game cannot become a bot account; make a new account"))
        refused = gates.own_refusal(gates.BECOME_BOT, user.pk)  # a tournament entry not yet played out, say
        if refused:
            raise Conflict(refused)
        profile.bot = Profile.API_BOT
        profile.save(update_fields=["bot"])


def play_bot_turn(game_id: int) -> bool:
    """One decision by the bot that plays the deciding seat; True if it made one.

    The bot thinks outside the transaction (an expert takes up to a second or so), then the row is
    locked and the decision stored only if the game is still where the bot saw it. It sees what the
    seat's player would: the seat's view, nothing hidden from it."""
    # A bot account's kind is its profile's: read with the seats, in the one prefetch.
    seats = Prefetch("seats", Seat.objects.select_related("user__profile"))
    game = Game.objects.prefetch_related(seats).filter(pk=game_id).first()
    if game is None or game.status != Game.Status.ACTIVE or not bot_to_play(game):
        return False
    seq, seat = game.seq, game.deciding_seat
    assert seat is not None  # bot_to_play: a seat decides
    kind = seat.bot_kind
    rules = rules_of(game)
    # The bot is handed the deciding seat's view, as a person playing it would see the game.
    view = rules.view(current_state(game), seat.order)
    decision = rules.bot(kind, seed=(game.seed or 0) + seq).decide(view)
    with transaction.atomic():
        game = locked(game_id)
        if game.seq != seq or game.status != Game.Status.ACTIVE or not bot_to_play(game):
            return False
        seat = game.deciding_seat
        assert seat is not None  # bot_to_play again
        apply_decision(game, decision, by_bot=not seat.bot_account, bot_turn=True)
    return True


def play_bot_turns(game_id: int, limit: int = 500) -> int:
    """Bot decisions one after the other until a person must decide (or the game ends)."""
    played = 0
    while played < limit and play_bot_turn(game_id):
        played += 1
    return played


def stand_in(user, game_id, kind: str | None) -> Seat:
    """A player asks a bot to keep their seat for a while (kind), or takes it back (None)."""
    with transaction.atomic():
        game = locked(game_id)
        seat = seat_in_play(game, user, gettext("only a game in progress has seats to keep"))
        if kind is not None and kind not in rules_of(game).bot_kinds:
            raise Invalid(gettext("no bot called %(kind)s; this game has %(kinds)s")
                          % {"kind": kind, "kinds": ", ".join(rules_of(game).bot_kinds)})
        seat.stand_in = kind or ""
        seat.save(update_fields=["stand_in"])
        if game.current_seat == seat.order:
            game.turn_started_at = timezone.now()
            if kind:
                game.set_clock(None)
            else:
                set_turn_clock(game, seat)
            game.save(update_fields=["turn_started_at", *Game.CLOCK_FIELDS])
        inbox.keep(game)
        signals.stand_in_changed.send(Game, game=game, seat=seat)
    return seat
