"""Reading games: the one way a game and its seats are loaded (and locked for a change), its
state, what a seat may see, and the lists and counts the pages and tasks show."""
from __future__ import annotations

from contextlib import nullcontext
from datetime import timedelta
from functools import cache
from typing import Any

from django.db import connection
from django.db.models import Case, F, Field, Model, Prefetch, Q, When, prefetch_related_objects
from django.utils import timezone, translation
from django.utils.translation import gettext

from accounts.models import display_name, language_of
from foundation.rows import Columns, cache_related, database, keep_prefetched
from games import gates, rules
from games.models import Game, Inbox, Invitation, ModeratorAction, Seat
from games.standings import teams_of

from .errors import Conflict, NotAllowed, no_such_game


def rules_of(game: Game):
    return rules.get(game.name)


def presentation_of(game: Game):
    """What the game says (its title, prompts, log lines, board in words): the other half of its rules."""
    return rules.presentation(game.name)


def game_language(shown, lang: str) -> str:
    """The language the site hands a game's own code (its log lines, prompts, board words): the
    reader's `lang` where the game speaks it (its presentation's `languages`), else English. The one
    rule at the site's boundary: a page in a language the game does not speak yet shows the site's
    words in it and the game's in English."""
    return lang if lang in shown.languages else "en"


def active_decisions(game: Game):
    return game.decisions.filter(undone=False).order_by("number")


def replay(game: Game, upto: int | None = None) -> dict:
    """The state rebuilt from the game's setup and its decisions that are not undone."""
    decisions = active_decisions(game)
    if upto is not None:
        decisions = decisions.filter(number__lte=upto)
    return rules_of(game).replay(game.players, game.seed, game.options, [d.data for d in decisions],
                                 version=game.rules_version)


def current_state(game: Game) -> dict:
    """The stored snapshot when it is up to date, else the replay. A read never writes: the
    snapshot is stored with every decision, where the game row is locked anyway. A state without
    its top-level "rules_version" (games.rules.base) is a game's mistake, never a quiet replay."""
    snapshot = game.snapshot
    if snapshot is not None and game.snapshot_seq == game.seq:
        if "rules_version" not in snapshot:
            raise rules.ImpossiblePosition(f"{game.name} keeps no top-level rules_version in its state")
        if snapshot["rules_version"] == game.rules_version:
            return snapshot
    state = replay(game)
    game.snapshot, game.snapshot_seq = state, game.seq  # for the rest of this request only
    return state


def view_for(game: Game, user) -> dict | None:
    if game.status == Game.Status.OPEN or game.seed is None:
        return None
    seat = game.seat_of(user)
    return rules_of(game).view(current_state(game), seat.order if seat else None)


def decision_log(game: Game, lang: str = "en", seat: int | None = None) -> list[dict]:
    """Every decision with its log lines; a decision shows its secret parts (a mission kept) only
    to the seat that made it, and that the seat's standing order made it (`by_order`, its lines
    marked "(standing order)") to that seat alone: to everyone else it is an ordinary decision."""
    module, shown, names = rules_of(game), presentation_of(game), player_names(game, lang)
    with translation.override(lang):
        marked = gettext("(standing order)")
    entries = []
    for d in game.decisions.order_by("number"):
        own = seat is not None and d.seat == seat
        lines = log_lines(module, shown, d.events, d.data, lang, names)
        entries.append({
            "number": d.number, "seat": d.seat, "by_bot": d.by_bot, "by_order": own and d.by_order,
            "decision": d.data if own else module.public_decision(d.data),
            "created_at": d.created_at, "undone": d.undone,
            "log": [f"{line} {marked}" for line in lines] if own and d.by_order else lines,
        })
    return entries


def states_since(game: Game, base: int, seat: int | None) -> tuple[list, list[dict]]:
    """The decisions that stand after version `base` of the game (numbers above it), and `seat`'s view
    after each, rebuilt from the game's setup: what a reader of that seat saw happen since then."""
    module = rules_of(game)
    standing = list(active_decisions(game))
    before = [d.data for d in standing if d.number <= base]
    after = [d for d in standing if d.number > base]
    state = module.replay(game.players, game.seed, game.options, before, version=game.rules_version)
    views = []
    for d in after:
        state, _ = module.apply(state, d.data)
        views.append(module.view(state, seat))
    return after, views


def news_for(game: Game, seat, lang: str = "en", turns: int | None = None) -> list[dict]:
    """"Since you last looked": what the other players did after the seat's player last saw the game,
    one entry per turn ({"seat", "name", "lines", "numbers"}): the rules' recap of the turn as the seat
    reads it (the log's lines where the recap says nothing), and its decisions' numbers, which the
    page replays. From the log everyone may read; the player's own turns are no news. `turns`: only
    the latest ones (an email)."""
    if seat is None or game.seq <= seat.last_seen_seq:
        return []
    module, shown, names = rules_of(game), presentation_of(game), player_names(game, lang)
    news: list[dict] = []
    turn: dict | None = None
    for d in game.decisions.filter(number__gt=seat.last_seen_seq, undone=False).order_by("number"):
        if turn is None or turn["seat"] != d.seat:
            turn = {"seat": d.seat, "name": names[d.seat] if d.seat < len(names) else "", "decisions": []}
            news.append(turn)
        turn["decisions"].append(d)
    others = [t for t in news if t["seat"] != seat.order]
    told = [_told(module, shown, t, seat.order, lang, names) for t in (others[-turns:] if turns else others)]
    return [t for t in told if t["lines"]]


def _told(module, shown, turn: dict, viewer: int | None, lang: str, names: list[str]) -> dict:
    decisions = turn.pop("decisions")
    lines = shown.recap([e for d in decisions for e in d.events], viewer, game_language(shown, lang), names)
    if not lines:
        lines = [line for d in decisions for line in log_lines(module, shown, d.events, d.data, lang, names)]
    return {**turn, "lines": lines, "numbers": [d.number for d in decisions]}


LAST_TURNS_READ = 300  # decisions read back to find each player's last turn: more than any game's round


def board_in_words(game: Game, user, lang: str = "en") -> dict:
    """The board in words for the user's seat, or a spectator's (the game page's text view and its
    keys): the rules' `describe` of what the reader may see, the reader's seat in the game's words,
    and each player's last turn as the reader reads it, latest first."""
    view = view_for(game, user)
    if view is None:
        raise Conflict("the game has not started: there is no board to describe")
    module, shown, names = rules_of(game), presentation_of(game), player_names(game, lang)
    mine, spoken = game.seat_of(user), game_language(shown, lang)
    you = shown.command_line(module, shown).seat(mine.colour, spoken) if mine and mine.colour else None
    seat = mine.order if mine else None
    return {**shown.describe(view, spoken, names), "you": you, "turns": last_turns(game, seat, lang, names)}


def last_turns(game: Game, viewer: int | None, lang: str, names: list[str]) -> list[dict]:
    """Each player's latest turn ({"seat", "name", "lines", "numbers"}, as `news_for`), latest first."""
    runs: list[dict] = []
    for d in game.decisions.filter(undone=False).order_by("-number")[:LAST_TURNS_READ]:
        if not runs or runs[-1]["seat"] != d.seat:
            if len({run["seat"] for run in runs}) == game.players:
                break
            runs.append({"seat": d.seat, "name": names[d.seat] if d.seat < len(names) else "", "decisions": []})
        runs[-1]["decisions"].insert(0, d)
    module, shown = rules_of(game), presentation_of(game)
    latest: dict[int, dict[str, Any]] = {}
    for run in runs:
        latest.setdefault(run["seat"], run)
    return [_told(module, shown, run, viewer, lang, names) for run in latest.values()]


def player_names(game: Game, lang: str) -> list[str]:
    """The players' names in seat order, as the log's sentences name them: each one's display name,
    a bot's in `lang`."""
    seats = sorted(game.seats.all(), key=lambda s: s.order)
    # a list of games in the reader's language switches nothing for each of them
    with nullcontext() if translation.get_language() == lang else translation.override(lang):
        return [display_name(seat.user) for seat in seats]


def log_lines(module, shown, events: list, decision: dict, lang: str, names: list[str]) -> list[str]:
    """A decision's lines in the log, said by the game's presentation `shown`: its events, or what
    was chosen (its public part, by the rules `module`) when it caused none; the public part is made
    only then, as most decisions cause events."""
    lang = game_language(shown, lang)
    lines = [shown.render(e, lang, names) for e in events]
    return lines or [line for line in [shown.render_decision(module.public_decision(decision), lang, names)] if line]


def legal_for(game: Game, user) -> dict:
    """The pending question and every legal decision, for the player who must decide."""
    if game.status != Game.Status.ACTIVE:
        raise Conflict(gettext("the game is %(status)s: there is nothing to decide") % {"status": game.get_status_display()})
    seat = game.seat_of(user)
    check_turn(game, seat)
    assert seat is not None  # check_turn refused a reader without one
    return question_for(game, current_state(game), seat, language_of(user))


def question_for(game: Game, state: dict, seat: Seat, lang: str) -> dict:
    """What the deciding seat is asked in `state`, with every legal answer (GET /actions/); for a
    player who confirms the end of a turn (Profile.confirm_turn_end), which answers end it."""
    module, shown = rules_of(game), presentation_of(game)
    actions = module.legal_actions(state)
    asked = {"seq": game.seq, "seat": seat.order, "prompt": shown.prompt(state, game_language(shown, lang)),
             "question": module.question(state), "actions": actions, "undoable": module.undoable(state)}
    if getattr(getattr(seat.user, "profile", None), "confirm_turn_end", False):
        asked["ends_turn"] = ends_turn(module, state, seat.order, actions)
    return asked


def ends_turn(module, state: dict, seat: int, actions: list) -> list[int]:
    """The positions in `actions` of the answers after which `seat` no longer decides (the turn
    passes, or the game ends): each applied by the rules, a few milliseconds for a position of
    some thirty answers (docs/async-play.md)."""
    return [i for i, action in enumerate(actions) if module.current_seat(module.apply(state, action)[0]) != seat]


def locked(game_id) -> Game:
    """The game row, locked until the transaction ends, with its seats, their users and profiles,
    in one query (Seat.of_game). Whether a player has a vacation that could move a deadline comes
    along too, so a turn that begins asks for vacations only of a player who has one
    (docs/performance.md)."""
    return game_with_seats(game_id, lock=True)


def game_with_seats(game_id, lock: bool = False) -> Game:
    """The game with its seats, their users and profiles (a 404 if there is none): one query by hand
    (Seat.of_game), its seats kept as `game.seats.all()` (_keep_seats);
    with `lock`, the rows of the game and of its seats locked until the transaction ends."""
    try:
        game_id = int(game_id)
    except (ValueError, TypeError):
        raise no_such_game() from None
    if not 0 < game_id < 2 ** 63:
        raise no_such_game()
    seats = _seats_with_players(game_id, lock)
    if not seats:  # a game without seats (none has one for long): the plain way
        games = Game.objects.select_for_update(of=("self",)) if lock else Game.objects
        try:
            return games.prefetch_related("seats").get(pk=game_id)
        except Game.DoesNotExist:
            raise no_such_game() from None
    game = seats[0].game
    _keep_seats(game, seats)
    return game


def seats_read_again(game: Game) -> list[Seat]:
    """The seats of `game`, whose row the caller holds locked, read again as game_with_seats reads
    them (with the seats a join added after the lock), and kept as its seats."""
    seats = _seats_with_players(game.pk)
    _keep_seats(game, seats)
    return seats


def _keep_seats(game: Game, read: list[Seat]) -> None:
    """Make `game.seats.all()` answer the seats of `read` (Seat.of_game), with the users, profiles
    and `may_be_away` that read brought, without asking again (foundation.rows.keep_prefetched)."""
    for seat in read:
        cache_related(seat, "game", game)
    keep_prefetched(game, "seats", read)


def _seats_with_players(game_id: int, lock: bool = False) -> list[Seat]:
    seats = Seat.of_game(game_id, timezone.now().date() - timedelta(days=2), lock)
    for seat in seats:
        if not seat.may_be_away:
            # known: none that could move a deadline (games.clock reads it as a Prefetch's to_attr
            # would leave it, an attribute the User model does not declare)
            setattr(seat.user, "recent_vacations", [])  # noqa: B010
    return seats


def game_in_full(game_id) -> Game:
    """The game as its detail answers it: the seats, their players and profiles (game_with_seats),
    who created it (among the players, when seated), and the invitations with the invited."""
    game = game_with_seats(game_id)
    creator = next((s.user for s in game.seats.all() if s.user_id == game.created_by_id), None)
    if creator is not None:
        cache_related(game, "created_by", creator)
    invitations = Invitation.objects.select_related("user").order_by("pk")
    prefetch_related_objects([game], Prefetch("invitations", queryset=invitations))
    return game


def locked_lobby(game_id) -> Game:
    """The game locked, with its seats read once the lock is ours. A join adds a seat row and a
    leave deletes one, which no row lock holds back: read in the locking statement, they would be
    the seats from before the wait (Seat.of_game), so two joins would take the same place."""
    game_with_seats(game_id, lock=True)
    return game_with_seats(game_id)


def invitations_of(game: Game) -> dict[str, list]:
    """Who is still invited (no seat, no answer) and who declined: the lobby shows both."""
    seated = {s.user_id for s in game.seats.all()}
    pending = [i.user for i in game.invitations.all() if i.declined_at is None and i.user_id not in seated]
    declined = [i.user for i in game.invitations.all() if i.declined_at is not None and i.user_id not in seated]
    return {"pending": pending, "declined": declined}


def join_refusal(game: Game, user) -> str | None:
    """Why the user may not take a seat in the open game, or None: its creator, or a player seated
    already, closed their games to the user (games.gates; a block, say), or every free seat is kept for
    someone else (a game arranged seat by seat), said in the reader's language."""
    kept = kept_seats(game)
    if kept and user.pk not in kept.values() and len(game.seats.all()) + len(kept) >= game.players:
        return gettext("every free seat of this game is kept for an invited player")
    return gates.refusal(gates.JOIN, user.pk, [game.created_by_id, *(s.user_id for s in game.seats.all())])


def may_start(game: Game, user) -> bool:
    """The creator (or whoever took the first seat after him) may start once the game has enough
    players; a game played in teams only full (it starts by itself then), its teams being those of
    its planned seats."""
    seated = len(game.seats.all())
    return (game.status == Game.Status.OPEN and user.is_authenticated and user.pk == starter_id(game)
            and seated >= rules_of(game).min_players and (teams_of(game) is None or seated == game.players)
            and not kept_seats(game))


def kept_seats(game: Game) -> dict[int, int]:
    """{seat: invitee} of a game arranged seat by seat (a rematch), for the invitees who have not
    answered yet: such a game starts when all of them have taken their seats, and only then."""
    seated = {s.user_id for s in game.seats.all()}
    return {i.seat: i.user_id for i in game.invitations.all()
            if i.seat is not None and i.declined_at is None and i.user_id not in seated}


def starter_id(game: Game) -> int:
    """Who may start an open game: its creator, or the first seated player once the creator left."""
    seats = sorted(game.seats.all(), key=lambda s: s.order)
    return game.created_by_id if any(s.user_id == game.created_by_id for s in seats) else seats[0].user_id


def in_any(*selections) -> Q:
    """Games whose id is in any of `selections` (querysets of one `game_id` column), as one UNION.
    An OR of two `IN (subquery)` makes PostgreSQL test every game against both (a scan of the
    whole table); a UNION of the few ids, each found by index, is then joined to the games."""
    first, *rest = (selection.order_by() for selection in selections)
    return Q(pk__in=first.union(*rest))


def waiting_count(user) -> int:
    """How many games wait for `user`: those where it is his decision (what waiting_games lists) and
    the open games he is invited to and has not answered: his turn inbox's rows of those two
    sections (games.services.inbox), counted along its index by user and section (every page
    shows it)."""
    return Inbox.objects.filter(user=user, section__in=(Inbox.Section.MY_TURN, Inbox.Section.INVITATIONS)).count()


def waiting_games(user) -> list[Game]:
    """Active games where `user` must decide now, most urgent first (the soonest deadline): his turn
    inbox's rows of that section, with each game's seats and players."""
    return list(Game.objects.filter(inbox__user=user, inbox__section=Inbox.Section.MY_TURN).order_by("deadline", "pk")
                .select_related("created_by").prefetch_related("seats__user__profile"))


def next_waiting_game(user, after: int | None = None) -> int | None:
    """The most urgent game that waits for `user` other than `after` (the one just left): where it
    is his decision, the soonest deadline first (none last, the oldest first among those); then the
    oldest invitation unanswered. Read from his turn inbox alone."""
    rows = Inbox.objects.filter(user=user)
    if after is not None:
        rows = rows.exclude(game_id=after)
    undated = Case(When(game__deadline=None, then=F("game__created_at")))
    mine = (rows.filter(section=Inbox.Section.MY_TURN)
            .order_by(F("game__deadline").asc(nulls_last=True), undated, "game_id").values_list("game_id", flat=True).first())
    if mine is not None:
        return mine
    return rows.filter(section=Inbox.Section.INVITATIONS).order_by("game_id").values_list("game_id", flat=True).first()


def check_turn(game: Game, seat: Seat | None, seq: int | None = None) -> None:
    """Seat, then version, then turn: a player who lost a race for a turn-ending decision is
    told the game moved on (409), not that it is no longer his turn."""
    if seat is None:
        raise NotAllowed(gettext("you have no seat in this game"))
    if seat.abandoned:
        raise NotAllowed(gettext("your seat is %(status)s: the bot plays it now") % {"status": seat.get_status_display()})
    if seat.played_by_bot:
        raise NotAllowed(gettext("a bot is standing in for you in this game: take your seat back first"))
    if seq is not None and seq != game.seq:
        raise Conflict(gettext("stale seq %(seq)s: the game is at seq %(current)s; reload and decide again")
                       % {"seq": seq, "current": game.seq})
    if game.current_seat != seat.order:
        raise NotAllowed(gettext("it is not your decision: another player must decide now"))


def bot_to_play(game: Game) -> bool:
    seat = game.deciding_seat
    return seat is not None and seat.played_by_bot


def bot_waiting(game_id: int) -> bool:
    game = Game.objects.prefetch_related("seats").filter(pk=game_id, status=Game.Status.ACTIVE).first()
    return game is not None and bot_to_play(game)


def chat_refusal(game: Game, user) -> str | None:
    """Why the user may not post in the game's chat (in the reader's language), or None. The players
    still in the game talk; a resigned, timed-out or removed player has left it, and an aborted game is closed."""
    seat = game.seat_of(user)
    if seat is None:
        return gettext("only the game's players can chat in it")
    if game.status == Game.Status.ABORTED:
        return gettext("the game was aborted: its chat is closed")
    if seat.status != Seat.Status.ACTIVE:
        return gettext("you have left this game: its chat is for the players still in it")
    return None


# What the players of a game see of the desk's actions in its log: who was removed, a deadline
# extended, the game stopped. Hiding a chat line shows in the chat itself.
LOGGED_ACTIONS = (ModeratorAction.Kind.REMOVE_PLAYER, ModeratorAction.Kind.EXTEND_DEADLINE,
                  ModeratorAction.Kind.ABORT, ModeratorAction.Kind.REVERT_RATING)


def moderation_log(game: Game, user) -> list[dict]:
    """The desk's actions on `game` for its log, oldest first: where each stands (after which
    decision), what it was, whose seat; the reason only for the player it concerned, and for a
    stopped game, whose reason every page shows anyway."""
    sql, columns = _moderation_query()
    with database().cursor() as cursor:
        cursor.execute(sql, [game.pk, *(kind.value for kind in LOGGED_ACTIONS)])
        actions = [columns.instance(row) for row in cursor.fetchall()]
    entries = []
    for action in actions:
        concerns = action.target_user_id is not None and action.target_user_id == getattr(user, "pk", None)
        public = action.kind in (ModeratorAction.Kind.ABORT, ModeratorAction.Kind.REVERT_RATING)
        entries.append({"after": action.details.get("after"), "kind": action.kind, "at": action.created_at,
                        "seat": action.details.get("seat"), "hours": action.details.get("hours"),
                        "reason": action.reason if concerns or public else None})
    return entries


# Every game's detail asks it, and almost every game has nothing in it: written once, where the
# ORM compiled it for most of a millisecond (docs/performance.md).
@cache
def _moderation_query() -> tuple[str, Columns]:
    action, quote = Columns(ModeratorAction, "m"), connection.ops.quote_name
    game, kind = (quote(_column(ModeratorAction, name)) for name in ("game", "kind"))
    kinds = ", ".join(["%s"] * len(LOGGED_ACTIONS))
    return (f"SELECT {action.sql} FROM {action.table} WHERE m.{game} = %s AND m.{kind} IN ({kinds}) "
            f"ORDER BY m.{quote(ModeratorAction._meta.pk.column)}"), action


def _column(model: type[Model], name: str) -> str:
    """The database column of one of the model's own fields."""
    field = model._meta.get_field(name)
    assert isinstance(field, Field) and field.column is not None  # a concrete field has a column
    return field.column


def removal_reason(game: Game, seat: Seat) -> str:
    """The moderator's reason for removing the player of `seat`."""
    action = (game.moderator_actions.filter(kind=ModeratorAction.Kind.REMOVE_PLAYER, target_user_id=seat.user_id)
              .order_by("-pk").first())
    return action.reason if action else ""


def abort_reason(game: Game) -> str | None:
    """Why an aborted game stopped: the moderator's reason, or that its players left."""
    if game.status != Game.Status.ABORTED:
        return None
    action = (game.moderator_actions.filter(kind__in=[ModeratorAction.Kind.ABORT, ModeratorAction.Kind.REVERT_RATING])
              .order_by("-pk").first())
    return action.reason if action else gettext("every player left the game")
