"""Games stored as the decisions their players made; the state is their replay.

The seed is the one secret column: no serializer, page, log line or message carries it, except a
game's record once the game is over (games/services/records.py, docs/game-record.md).
"""
from __future__ import annotations

from datetime import timedelta
from functools import cache
from typing import Any

from django.conf import settings
from django.db import connection, models
from django.db.transaction import TransactionManagementError
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from accounts.models import Profile, Vacation
from foundation.rows import Columns, cache_related, database
from games import clock

PROVISIONAL_GAMES = 5


def rating_display(mu: float, sigma: float) -> int:
    """The conservative estimate mu - 3 sigma, scaled so that a new player starts at 1000."""
    return round(1000 + 40 * (mu - 3 * sigma))


def rating_shown() -> models.Func:
    """rating_display in SQL, of a Rating's columns: the leaderboard's order and its index."""
    return models.Func(1000.0 + 40.0 * (models.F("mu") - 3.0 * models.F("sigma")), function="ROUND",
                       output_field=models.FloatField())


class Game(models.Model):
    class Status(models.TextChoices):
        OPEN = "open", _("open")
        ACTIVE = "active", _("active")
        FINISHED = "finished", _("finished")
        ABORTED = "aborted", _("aborted")

    name = models.CharField(max_length=32, help_text="which game: its name in the registry (games.rules)")
    rules_version = models.PositiveIntegerField()
    options = models.JSONField(default=dict)
    players = models.PositiveSmallIntegerField(help_text="seats planned; a game starts when full or when its creator starts it")
    seed = models.BigIntegerField(null=True, blank=True, editable=False)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.OPEN, db_index=True)
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="games_created")
    class TimeControl(models.TextChoices):
        PER_TURN = "per_turn", _("per turn")
        BANK = "bank", _("time bank")

    # The clock (games.clock, docs/async-play.md "Clocks"): hours for every turn, or a time bank per
    # seat. A bank game's hours_per_move is its pace, the increment (what the lobby's hours filter reads).
    time_control = models.CharField(max_length=8, choices=TimeControl.choices, default=TimeControl.PER_TURN,
                                    db_default=TimeControl.PER_TURN)
    hours_per_move = models.PositiveIntegerField(default=72)
    bank_hours = models.PositiveIntegerField(default=0, db_default=0, help_text="a time bank: each seat's bank at the start")
    increment_hours = models.PositiveIntegerField(default=0, db_default=0, help_text="a time bank: added after each of a seat's turns")
    cap_hours = models.PositiveIntegerField(default=0, db_default=0, help_text="a time bank: what a seat's bank never exceeds")
    # A strict game's clocks run through its players' quiet hours, days off and vacations (games.clock).
    strict = models.BooleanField(default=False, db_default=False,
                                 help_text="the clocks ignore the players' quiet hours, days off and vacations")
    created_at = models.DateTimeField(auto_now_add=True)
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)
    last_move_at = models.DateTimeField(null=True, blank=True, db_index=True)
    seq = models.PositiveIntegerField(default=0, help_text="the game's version: +1 for every decision and every undo")
    current_seat = models.PositiveSmallIntegerField(null=True, blank=True)
    deadline = models.DateTimeField(null=True, blank=True, db_index=True)
    turn_started_at = models.DateTimeField(null=True, blank=True, help_text="when the current seat began to decide")
    extra_hours = models.PositiveIntegerField(default=0, help_text="moderators' extension of the current turn")
    # What the periodic notice tasks owe this turn, kept with the turn so that they find it by index
    # (games.services.deadlines): their work follows what is due, not the games in play.
    turn_notice_due = models.BooleanField(default=False, editable=False, help_text="the turn's \"your turn\" notice is still to be settled")
    reminder_due_at = models.DateTimeField(null=True, blank=True, editable=False,
                                           help_text="when the turn's next reminder or last call falls due")
    snapshot = models.JSONField(null=True, blank=True, editable=False)
    snapshot_seq = models.PositiveIntegerField(null=True, blank=True, editable=False)
    outcome = models.JSONField(null=True, blank=True)
    rated = models.BooleanField(null=True, blank=True, help_text="None until finished; False: not rated")

    # What storing a decision changes (services._record): the only columns its UPDATE writes.
    DECISION_FIELDS = ("seq", "snapshot", "snapshot_seq", "last_move_at", "current_seat", "turn_started_at",
                       "extra_hours", "deadline", "turn_notice_due", "reminder_due_at", "status", "finished_at",
                       "outcome", "rated")

    class Meta:
        ordering = ["-id"]
        indexes = [models.Index(fields=["status", "last_move_at"]),
                   # the statistics (stats/): one game's finished games, by month
                   models.Index(fields=["name", "status", "finished_at"], name="game_name_status_finished"),
                   # the notice tasks' work: the few turns with something due, not every game
                   models.Index(fields=["id"], condition=models.Q(turn_notice_due=True), name="game_turn_notice_due"),
                   models.Index(fields=["reminder_due_at"], condition=models.Q(reminder_due_at__isnull=False),
                                name="game_reminder_due"),
                   # the deadlines' task: the turns in play past their deadline, and those with no
                   # clock (a bot's), each by an index of its own few, not every game in play
                   models.Index(fields=["deadline"], condition=models.Q(status="active", deadline__isnull=False),
                                name="game_deadline_in_play"),
                   models.Index(fields=["id"], condition=models.Q(status="active", deadline__isnull=True),
                                name="game_turn_without_clock")]

    # Not columns: what a digest email sets on the games it lists (games.reactions.emails), the
    # others' latest turn as games.services.reads.news_for tells it.
    news: list[dict[str, Any]]

    def __str__(self) -> str:
        return f"{self.name} #{self.pk} ({self.status})"

    @property
    def deciding_seat(self) -> Seat | None:
        """The seat that must decide now (from the prefetched seats)."""
        return next((s for s in self.seats.all() if s.order == self.current_seat), None)

    CLOCK_FIELDS = ("deadline", "reminder_due_at")

    def set_clock(self, deadline, calendar=None) -> None:
        """The turn's deadline and, from it and the turn's start, when its first reminder falls due on
        the deciding player's clock (`calendar`, games.clock; STRICT when not given): every change of a
        deadline goes through here (and saves CLOCK_FIELDS)."""
        self.deadline = deadline
        self.reminder_due_at = clock.next_reminder(self.turn_started_at, deadline, calendar=calendar)

    @property
    def banked(self) -> bool:
        return self.time_control == self.TimeControl.BANK

    def bank_of(self, seat: Seat) -> timedelta:
        """A seat's time bank as its last turn left it (the initial bank before its first turn)."""
        return timedelta(seconds=seat.bank_seconds) if seat.bank_seconds is not None else timedelta(hours=self.bank_hours)

    def seat_of(self, user) -> Seat | None:
        if not user or not user.is_authenticated:
            return None
        return next((s for s in self.seats.all() if s.user_id == user.id), None)


class Seat(models.Model):
    class Status(models.TextChoices):
        ACTIVE = "active", _("playing")
        RESIGNED = "resigned", _("resigned")
        TIMED_OUT = "timed_out", _("timed out")
        REMOVED = "removed", _("removed by a moderator")

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="seats")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="seats")
    order = models.PositiveSmallIntegerField()
    colour = models.CharField(max_length=16, blank=True)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.ACTIVE)
    joined_at = models.DateTimeField(auto_now_add=True)
    score = models.IntegerField(null=True, blank=True)
    rank = models.PositiveSmallIntegerField(null=True, blank=True)
    muted = models.BooleanField(default=False, help_text="no email or push about this game (e.g. played at a table)")
    # A person's seat may be kept for a while by one of the game's bots (a vacation); a bot account's
    # seat is moved by the bot its account is (profile.bot), never by a stand-in.
    stand_in = models.CharField(max_length=16, blank=True, help_text="the bot its player asked to keep the seat for a while; blank: none")
    bot_account = models.BooleanField(default=False, help_text="the seat's user is one of the site's bots: its decisions are its own")
    # What the player has seen: the game's seq when its page last showed them the present. Newer
    # decisions of the others are "since you last looked" (games.services.reads.news_for).
    last_seen_seq = models.PositiveIntegerField(default=0, db_default=0, editable=False)
    # A time bank game's seat: its bank in seconds as its last turn left it; null: the game's initial bank.
    bank_seconds = models.PositiveIntegerField(null=True, blank=True, editable=False)

    # Not columns: set on the seats by the reads that bring them, whether the player may be on
    # vacation (Seat.of_game) and the seat's team in a game played in teams (the game-over email).
    may_be_away: bool
    team: int | None

    class Meta:
        ordering = ["-game_id", "order"]  # as ["game", "order"] (games newest first) without joining the games
        constraints = [
            models.UniqueConstraint(fields=["game", "order"], name="seat_order_unique"),
            # One seat per person; one of the site's bots may hold several seats of a game.
            models.UniqueConstraint(fields=["game", "user"], condition=models.Q(bot_account=False),
                                    name="seat_user_unique"),
        ]

    def __str__(self) -> str:
        return f"{self.user} as {self.colour or 'seat ' + str(self.order)} in game {self.game_id}"

    @classmethod
    def of_game(cls, game_id: int, away_since, lock: bool = False) -> list[Seat]:
        """The seats of a game in order (with `lock`, the rows of the game and of its seats locked
        until the transaction ends): one query, one row per seat, with the game, each user and profile, and
        `may_be_away`: whether the user has a vacation ending on or after `away_since`. Written by
        hand (foundation.rows), since every decision asks it; [] when the game has no seats or does
        not exist."""
        db = database()
        if lock and not db.in_atomic_block:  # as select_for_update() says
            raise TransactionManagementError("locking a game's row outside a transaction holds no lock")
        sql, seat, game, user, profile = _seats_query(lock)
        with database().cursor() as cursor:
            cursor.execute(sql, [db.ops.adapt_datefield_value(away_since), game_id])
            rows = cursor.fetchall()
        seats, the_game = [], None
        for row in rows:
            s = seat.instance(row)
            the_game = the_game or game.instance(row, seat.width)
            at = seat.width + game.width
            u = user.instance(row, at)
            p = profile.instance(row, at + user.width)
            cache_related(s, "game", the_game)
            cache_related(s, "user", u)
            cache_related(u, "profile", p)
            s.may_be_away = row[-1]
            seats.append(s)
        return seats

    @property
    def abandoned(self) -> bool:
        """Resigned, timed out or removed: a bot finishes the game for it and it ranks last."""
        return self.status != self.Status.ACTIVE

    @property
    def played_by_bot(self) -> bool:
        """The site moves for this seat: a bot account's own seat, a stand-in, or an abandoned seat."""
        return self.bot_account or bool(self.stand_in) or self.abandoned

    @property
    def bot_kind(self) -> str | None:
        """Which bot moves for the seat: a bot account's own kind, the stand-in, or for an abandoned
        seat the greedy bot."""
        if self.bot_account:
            return self.user.profile.bot
        return self.stand_in or ("greedy" if self.abandoned else None)


@cache
def _seats_query(lock: bool):
    from django.contrib.auth import get_user_model

    seat, game = Columns(Seat, "s"), Columns(Game, "g")
    user, profile = Columns(get_user_model(), "u"), Columns(Profile, "p")
    vacation = connection.ops.quote_name(Vacation._meta.db_table)
    sql = (f"SELECT {seat.sql}, {game.sql}, {user.sql}, {profile.sql}, "
           f"EXISTS (SELECT 1 FROM {vacation} v WHERE v.user_id = s.user_id AND v.\"end\" >= %s) "
           f"FROM {seat.table} JOIN {game.table} ON g.id = s.game_id JOIN {user.table} ON u.id = s.user_id "
           f"LEFT JOIN {profile.table} ON p.user_id = u.id "
           f"WHERE s.game_id = %s ORDER BY s.\"order\"")
    if lock and connection.features.has_select_for_update_of:
        # The seats are locked too: under READ COMMITTED, PostgreSQL re-reads after the wait only the
        # rows a statement locks, so a seat resigned, handed to a stand-in or timed out by whoever
        # held the lock would otherwise be seen as it was before. Seats added meanwhile (joins) are
        # not rows of this statement at all: games.services reads those after the lock.
        sql += " FOR UPDATE OF g, s"
    return sql, seat, game, user, profile


class Decision(models.Model):
    """One decision, append-only. Undo sets `undone`; nothing is ever deleted."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="decisions")
    number = models.PositiveIntegerField()
    seat = models.PositiveSmallIntegerField()
    by_bot = models.BooleanField(default=False)
    # made by the player's standing order (an app beside games plays it through play.submit_decision)
    by_order = models.BooleanField(default=False, db_default=False)
    data = models.JSONField()
    events = models.JSONField(default=list)
    created_at = models.DateTimeField(auto_now_add=True)
    undone = models.BooleanField(default=False)
    undone_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["game", "number"]
        constraints = [models.UniqueConstraint(fields=["game", "number"], name="decision_number_unique")]
        # the statistics (stats/) count a game's decisions that stand from this index alone
        indexes = [models.Index(fields=["game"], condition=models.Q(undone=False), name="decision_standing")]

    def __str__(self) -> str:
        return f"game {self.game_id} #{self.number}: {self.data.get('type')}"

    def insert_saving(self, game: Game) -> None:
        """Insert this decision and save what it changed of `game` (Game.DECISION_FIELDS) in one
        statement on PostgreSQL, a data-modifying WITH: one round trip of a decision's few
        (docs/performance.md). Elsewhere the two statements of save(). A clash on (game, number)
        raises IntegrityError."""
        if connection.vendor != "postgresql":
            self.save(force_insert=True)
            game.save(update_fields=Game.DECISION_FIELDS)
            return
        sql, inserted, updated = _insert_saving_query()
        db = database()
        params = [f.get_db_prep_save(f.pre_save(self, True), db) for f in inserted]
        params += [f.get_db_prep_save(f.pre_save(game, False), db) for f in updated]
        # Django wraps whole numbers as psycopg's Int2/Int4, which a server-bound statement sends
        # in binary, cut to size: as plain ints, PostgreSQL refuses one out of its column's range.
        params = [int(v) if isinstance(v, int) and not isinstance(v, bool) else v for v in params]

        with db.cursor() as cursor:
            cursor.execute(sql, [*params, game.pk])
            self.pk = cursor.fetchone()[0]
        self._state.adding, self._state.db = False, db.alias


@cache
def _insert_saving_query():
    """The statement of Decision.insert_saving and the fields whose values it takes, in order; the
    game's pk is its last value. Written once: compiling it through the ORM cost more than running it."""
    quote = connection.ops.quote_name
    inserted = [f for f in Decision._meta.concrete_fields if not f.primary_key]
    updated = [Game._meta.get_field(name) for name in Game.DECISION_FIELDS]
    decision, game = quote(Decision._meta.db_table), quote(Game._meta.db_table)
    insert = (f"INSERT INTO {decision} ({', '.join(quote(f.column) for f in inserted)}) "
              f"VALUES ({', '.join(['%s'] * len(inserted))}) RETURNING {quote(Decision._meta.pk.column)}")
    update = (f"UPDATE {game} SET {', '.join(f'{quote(f.column)} = %s' for f in updated)} "
              f"WHERE {quote(Game._meta.pk.column)} = %s")
    return f"WITH stored AS ({insert}) {update} RETURNING (SELECT id FROM stored)", inserted, updated


class Inbox(models.Model):
    """A game in one person's turn inbox: the section of My games it is in for them, and what its
    row shows of theirs, kept in the transaction of every change to the game, its seats or its
    invitations (games.services.inbox), so that My games, the badge and the next game read the
    player's own rows instead of working it out from every game (docs/async-play.md, "The turn inbox")."""

    class Section(models.TextChoices):
        MY_TURN = "my_turn", _("Your turn")
        INVITATIONS = "invitations", _("Invitations")
        WAITING = "waiting", _("Waiting for others")
        FINISHED = "finished", _("Finished")

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="inbox")
    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="inbox")
    seat = models.PositiveSmallIntegerField(null=True, blank=True, help_text="the person's seat; blank: invited, not seated")
    section = models.CharField(max_length=12, choices=Section.choices)
    news = models.PositiveIntegerField(default=0, db_default=0,
                                       help_text="the others' decisions since the person's page last showed the game")
    note = models.CharField(max_length=120, blank=True, default="", db_default="",
                            help_text="the first line of the person's private note (the notes app keeps it)")
    orders = models.PositiveSmallIntegerField(default=0, db_default=0,
                                              help_text="the person's standing orders waiting (the orders app keeps it)")

    class Meta:
        constraints = [models.UniqueConstraint(fields=["user", "game"], name="inbox_once")]
        # the badge and the next game: the person's games of one section
        indexes = [models.Index(fields=["user", "section"], name="inbox_user_section")]

    def __str__(self) -> str:
        return f"game {self.game_id} in {self.user_id}'s {self.section}"


class Invitation(models.Model):
    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="invitations")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="invitations")
    created_at = models.DateTimeField(auto_now_add=True)
    # A declined invitation is kept (the creator sees who said no); a taken one ends with the seat.
    declined_at = models.DateTimeField(null=True, blank=True)
    # A game arranged seat by seat (a rematch) keeps each invitee's seat: nobody else may take it.
    seat = models.PositiveSmallIntegerField(null=True, blank=True, help_text="the seat kept for the invitee; blank: any free seat")

    class Meta:
        constraints = [models.UniqueConstraint(fields=["game", "user"], name="invitation_unique")]


class ChatMessage(models.Model):
    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="chat")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="chat_messages")
    text = models.TextField(max_length=1000)
    created_at = models.DateTimeField(auto_now_add=True)
    hidden = models.BooleanField(default=False)

    class Meta:
        ordering = ["game", "created_at", "id"]

    def __str__(self) -> str:
        return f"{self.user}: {self.text[:40]}"


class ModeratorAction(models.Model):
    """Every moderator action: who, what, when, why."""

    class Kind(models.TextChoices):
        ABORT = "abort", _("abort game")
        REMOVE_PLAYER = "remove_player", _("remove player (bot plays on)")
        SUSPEND = "suspend", _("suspend user")
        UNSUSPEND = "unsuspend", _("lift suspension")
        HIDE_CHAT = "hide_chat", _("hide chat message")
        SHOW_CHAT = "show_chat", _("show chat message")
        HIDE_LETTER = "hide_letter", _("hide a direct message")
        EXTEND_DEADLINE = "extend_deadline", _("extend deadline")
        REVERT_RATING = "revert_rating", _("abort a finished game and revert its rating effect")
        CHANGE_ACCESS = "change_access", _("change an account's access (active, staff, groups, permissions)")

    moderator = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="moderator_actions")
    kind = models.CharField(max_length=20, choices=Kind.choices)
    game = models.ForeignKey(Game, null=True, blank=True, on_delete=models.SET_NULL, related_name="moderator_actions")
    target_user = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL,
                                    related_name="moderated")
    reason = models.TextField()
    details = models.JSONField(default=dict, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created_at"]

    def __str__(self) -> str:
        return f"{self.moderator} {self.get_kind_display()} ({self.created_at:%Y-%m-%d})"


class Connection(models.Model):
    """An open WebSocket of a user: a player with the site open is told there, not by email."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="connections")
    channel_name = models.CharField(max_length=200, unique=True)
    since = models.DateTimeField(auto_now_add=True)
    seen_at = models.DateTimeField(default=timezone.now, help_text="the last ping (games.presence)")
    away = models.BooleanField(default=False, help_text="the tab is hidden or untouched for a while")


class NoticeRecord(models.Model):
    """What a notice row records besides its claim: an email the mail server refused, or that
    failed while it was made, is kept here (and logged) for a moderator to see; it is not sent again."""

    failed_at = models.DateTimeField(null=True, blank=True)
    error = models.TextField(blank=True)

    class Meta:
        abstract = True


class TurnNotice(NoticeRecord):
    """One notice (email and push) about one turn or event of one player: the unique key makes
    every notice task idempotent. The row is committed before the email goes (at most once)."""

    class Kind(models.TextChoices):
        TURN = "turn", _("your turn")
        NUDGE = "nudge", _("a day left")
        REMINDER = "reminder", _("reminder")
        LAST_CALL = "last_call", _("deadline soon")
        TIMED_OUT = "timed_out", _("timed out")
        GAME_OVER = "game_over", _("game over")
        INVITATION = "invitation", _("invitation")
        REMOVED = "removed", _("removed by a moderator")
        VACATION = "vacation", _("a vacation day taken for you")

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="notices")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="notices")
    turn_key = models.CharField(max_length=40, help_text="which turn: when it began")
    kind = models.CharField(max_length=12, choices=Kind.choices)
    sent_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["game", "user", "turn_key", "kind"], name="notice_unique")]


class HeldNotice(models.Model):
    """A notice of an event (a game over, an invitation, a timeout, a moderator's word, a vacation
    day taken) that came in the player's quiet hours or on a day off: it goes when they end (the
    batch task, games.reactions.emails.release_held), then the row is deleted."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="held_notices")
    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="held_notices")
    kind = models.CharField(max_length=12, choices=TurnNotice.Kind.choices)
    turn_key = models.CharField(max_length=40, help_text="the notice's key (TurnNotice.turn_key)")
    held_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["user", "game", "kind", "turn_key"], name="held_notice_unique")]


class HeldAppNotice(models.Model):
    """A notice of another app (a letter, a tournament's round, a rematch off) that came in the
    player's quiet hours or on a day off: it goes when they end, through the releaser its app
    registered under its kind (games.reactions.held), then the row is deleted."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="held_app_notices")
    kind = models.CharField(max_length=20, help_text="the app's key (games.reactions.held.register)")
    ref = models.CharField(max_length=40, help_text="what the app's releaser is given back (the notice's subject)")
    held_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["user", "kind", "ref"], name="held_app_notice_unique")]


class Digest(NoticeRecord):
    """The batch of "your turn" a user got at one of their hours of one day of theirs (committed
    before it is sent): one per batch slot (a daily digest is the batch of one at DIGEST_HOUR)."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="digests")
    day = models.DateField()
    hour = models.PositiveSmallIntegerField(default=8, db_default=8, help_text="the batch's local hour")
    games = models.JSONField(default=list)
    sent_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["user", "day", "hour"], name="digest_slot_unique")]


class Rating(models.Model):
    """A player's skill at one game (openskill, Thurstone-Mosteller); user None: the game's own
    participant that is not a seat (the rules module's participants)."""

    game = models.CharField(max_length=32)
    user = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.CASCADE,
                             related_name="ratings")
    mu = models.FloatField()
    sigma = models.FloatField()
    games = models.PositiveIntegerField(default=0)
    last_played = models.DateTimeField(null=True, blank=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["game", "user"], name="rating_unique"),
            models.UniqueConstraint(fields=["game"], condition=models.Q(user__isnull=True), name="one_participant_rating"),
        ]
        # The leaderboard (games/entry/api/ratings.py): a page of it read in order, not every rating sorted.
        indexes = [models.Index(models.F("game"), rating_shown().desc(), models.F("games").desc(),
                                condition=models.Q(user__isnull=False, games__gt=0), name="rating_leaderboard")]

    def __str__(self) -> str:
        return f"{self.user or 'participant'} at {self.game}: {self.display}"

    @property
    def display(self) -> int:
        return rating_display(self.mu, self.sigma)

    @property
    def provisional(self) -> bool:
        return self.games < PROVISIONAL_GAMES


class RatingChange(models.Model):
    """What one finished game did to one rating; kept when reverted, marked so."""

    match = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="rating_changes")
    rating = models.ForeignKey(Rating, on_delete=models.CASCADE, related_name="changes")
    rank = models.PositiveSmallIntegerField()
    mu_before = models.FloatField()
    sigma_before = models.FloatField()
    mu_after = models.FloatField()
    sigma_after = models.FloatField()
    reverted = models.BooleanField(default=False)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["match__finished_at", "match_id"]
        constraints = [models.UniqueConstraint(fields=["match", "rating"], name="rating_change_unique")]

    @property
    def before(self) -> int:
        return rating_display(self.mu_before, self.sigma_before)

    @property
    def after(self) -> int:
        return rating_display(self.mu_after, self.sigma_after)


class LimitCount(models.Model):
    """One counter of games/limits.py while Redis does not keep them: `name` holds its window."""

    name = models.CharField(max_length=200, primary_key=True)
    count = models.IntegerField()
    expires = models.BigIntegerField(db_index=True, help_text="Unix time after which the row is swept")
