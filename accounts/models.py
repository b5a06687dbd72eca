"""A player's profile: how they are named, spoken to and notified."""
from __future__ import annotations

import re
import secrets
import zoneinfo
from datetime import time, timedelta

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext, gettext_lazy as _, pgettext_lazy

from accounts.credentials import token_digest


def validate_time_zone(value: str) -> None:
    if value not in zoneinfo.available_timezones():
        raise ValidationError(_("%(tz)s is not a known time zone."), params={"tz": value})


# A name goes into email headers and one-line places on pages: a line break or another control
# character in it could start a header of its own.
CONTROL_CHARACTERS = re.compile(r"[\x00-\x1f\x7f-\x9f\u2028\u2029]")


def validate_one_line(value: str) -> None:
    if CONTROL_CHARACTERS.search(value):
        raise ValidationError(_("A name is one line: no line breaks, tabs or other control characters."),
                              code="control_character")


# A calendar leaves the clock at least four days and 12 hours of each day to run (games.clock).
MOST_QUIET = timedelta(hours=12)
MOST_DAYS_OFF = 3
WEEKDAYS = ("mon", "tue", "wed", "thu", "fri", "sat", "sun")


def calendar_refusal(quiet_from, quiet_until, days_off) -> str | None:
    """Why quiet hours (two times of day, or neither) and days off (weekdays, Monday 0) cannot be a
    player's calendar, in the reader's words; None when they can."""
    if (quiet_from is None) != (quiet_until is None):
        return gettext("quiet hours need both a start and an end, or neither")
    if quiet_from is not None:
        if quiet_from == quiet_until:
            return gettext("quiet hours end at another time than they start")
        start = timedelta(hours=quiet_from.hour, minutes=quiet_from.minute)
        end = timedelta(hours=quiet_until.hour, minutes=quiet_until.minute)
        if (end - start) % timedelta(days=1) > MOST_QUIET:
            return gettext("quiet hours last at most 12 hours a day")
    if len(set(days_off)) > MOST_DAYS_OFF:
        return gettext("at most 3 days off a week")
    return None


MOST_BATCHES = 4  # "your turn" emails a day at most, for a player who takes them in batches


def batch_refusal(hours: list[int], quiet_from, quiet_until) -> str | None:
    """Why these local hours cannot be a player's batches of "your turn" (one to four whole hours,
    at least one of them outside the quiet hours), in the reader's words; None when they can."""
    if not 1 <= len(hours) <= MOST_BATCHES or any(not 0 <= h < 24 for h in hours):
        return gettext("choose one to four hours of the day (0 to 23) for your emails")
    if quiet_from is not None and quiet_until is not None and quiet_from != quiet_until:
        def quiet(h: int) -> bool:
            at = time(h)
            return (quiet_from <= at < quiet_until) if quiet_from < quiet_until else (at >= quiet_from or at < quiet_until)
        if all(quiet(h) for h in hours):
            return gettext("at least one of your email hours must lie outside your quiet hours")
    return None


class Profile(models.Model):
    class Notify(models.TextChoices):
        IMMEDIATE = "immediate", _("At once")
        DAILY = "daily", _("In batches at my hours")
        NEVER = "never", _("Never")

    user = models.OneToOneField(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="profile")
    display_name = models.CharField(_("display name"), max_length=40, blank=True, validators=[validate_one_line])
    language = models.CharField(_("language"), max_length=8, choices=settings.LANGUAGES, default="en")
    time_zone = models.CharField(_("time zone"), max_length=64, default="UTC", validators=[validate_time_zone])
    notify_turn = models.CharField(_("turn emails"), max_length=12, choices=Notify.choices,
                                   default=Notify.IMMEDIATE)
    # Each kind of notice has its own switch; it holds for email and push alike.
    notify_reminders = models.BooleanField(_("reminders before a deadline"), default=True)
    # Batches (notify_turn "daily"): one email at each of these local hours listing every game that
    # waits, as many a day as hours ("8": the daily digest); the pushes with them or at once.
    batch_hours = models.CharField(_("hours of my emails"), max_length=20, default="8", db_default="8",
                                   help_text=_("In batches: the hours of the day (your time zone) of your emails "
                                               "listing every game that waits for you, at most 4, e.g. 8, 19."))
    push_at_once = models.BooleanField(
        _("pushes at once even when emails come in batches"), default=False, db_default=False,
        help_text=_("Otherwise your devices hear of your turns with the batch."))
    # The escalation before a deadline, each step a switch (under notify_reminders), on the player's clock.
    remind_push = models.BooleanField(_("a push with 24 hours left"), default=True, db_default=True)
    remind_email = models.BooleanField(_("an email with 8 hours left"), default=True, db_default=True)
    remind_last_call = models.BooleanField(_("a last call with 2 hours left"), default=True, db_default=True)
    last_call_in_quiet = models.BooleanField(
        _("the last call even in my quiet hours"), default=False, db_default=False,
        help_text=_("Nothing else reaches you in your quiet hours and on your days off: it waits for their end."))
    notify_game_over = models.BooleanField(_("when a game of mine is over"), default=True)
    notify_invitations = models.BooleanField(_("invitations to a game"), default=True)
    notify_while_online = models.BooleanField(
        _("always notify me, even while I have the site open"), default=False,
        help_text=_("Otherwise a turn notice waits while a tab of the site is open and in use."))
    next_game_after_turn = models.BooleanField(
        _("go on to the next game by itself after my turn"), default=False, db_default=False,
        help_text=_("After the decision that ends your turn, the game page opens the most urgent other game that waits for you."))

    confirm_turn_end = models.BooleanField(
        _("confirm before the decision that ends my turn"), default=False, db_default=False,
        help_text=_("The game page holds the decision that ends your turn until you confirm it, with Undo beside it."))

    # The player's calendar (games.clock.Calendar): their clock stands still in their quiet hours each
    # day and on their days off, on the wall clock of their time zone, in every game that is not strict.
    quiet_from = models.TimeField(_("quiet hours from"), null=True, blank=True, help_text=_(
        "Your clock stands still every day from this time (your time zone) until the next, in every game that is "
        "not strict. Empty: no quiet hours."))
    quiet_until = models.TimeField(_("quiet hours until"), null=True, blank=True,
                                   help_text=_("The next morning when it is the earlier; at most 12 hours after the start."))
    days_off = models.CharField(_("days off"), max_length=7, blank=True, default="", db_default="",
                                help_text="the weekdays off, Monday 0: \"56\" is the weekend")
    auto_vacation = models.BooleanField(
        _("take a vacation day rather than lose a game on time"), default=False, db_default=False,
        help_text=_("When a deadline of yours passes and you have vacation days left this year, the site takes one "
                    "day of vacation for you (never in a strict game) and tells you at once."))

    # "": a person. API: a program that plays through the API with the account's token (as a bot
    # account on lichess). Any other value: one of the site's own bots, of that kind.
    bot = models.CharField(_("bot"), max_length=16, blank=True,
                           help_text=_("Blank for a person; 'api' for a program playing through the API; "
                                       "otherwise the kind of the site's own bot."))

    # When the batch task has something of the player's to do: their next batch slot (notify_turn
    # "daily"), or the end of the quiet hours that held a "your turn" of theirs. The task reads only
    # the players due (profile_batch_due), so its work follows the slots reached (docs/async-play.md).
    batch_due_at = models.DateTimeField(null=True, blank=True, editable=False)
    # When the player last signed out everywhere: a browser session signed in before the site kept
    # its list of sessions (accounts.sign_ins) is not on that list, and ends at its next request.
    signed_out_everywhere = models.DateTimeField(null=True, blank=True, editable=False)

    API_BOT = "api"

    class Meta:
        indexes = [models.Index(fields=["batch_due_at"], condition=models.Q(batch_due_at__isnull=False),
                                name="profile_batch_due")]

    def __str__(self) -> str:
        return self.name

    @property
    def is_bot(self) -> bool:
        return bool(self.bot)

    @property
    def name(self) -> str:
        if self.bot and self.display_name == default_bot_name(self.bot) and self.bot in BOT_KIND_NAMES:
            # stored in English when the bot's account was made; a renamed bot keeps its new name
            return gettext("%(kind)s (bot)") % {"kind": BOT_KIND_NAMES[self.bot]}
        return self.display_name or self.user.username


# The site's own kinds of bot, as their accounts are named in the reader's language.
BOT_KIND_NAMES = {"random": pgettext_lazy("bot", "Random"), "greedy": pgettext_lazy("bot", "Greedy"),
                  "expert": pgettext_lazy("bot", "Expert")}


def default_bot_name(kind: str) -> str:
    """The name a bot's account is stored with (games.services.bot_account)."""
    return f"{kind.capitalize()} (bot)"


class PushDevice(models.Model):
    """A browser that asked for pushes (Web Push): where the push service takes them, and the keys
    they are encrypted with. The push service refusing it for good (games.reactions.push) deletes it."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="push_devices")
    endpoint = models.URLField(max_length=1000, unique=True)
    p256dh = models.CharField(max_length=120, help_text="the browser's public key (base64url)")
    auth = models.CharField(max_length=48, help_text="the browser's auth secret (base64url)")
    label = models.CharField(_("device"), max_length=80, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    last_push_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["created_at"]

    def __str__(self) -> str:
        return f"{self.user}: {self.label or 'a browser'}"

    def subscription(self) -> dict:
        return {"endpoint": self.endpoint, "keys": {"p256dh": self.p256dh, "auth": self.auth}}


class Vacation(models.Model):
    """Days away: deadlines falling in them are pushed back, and opponents see it."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="vacations")
    start = models.DateField(_("first day"))
    end = models.DateField(_("last day"))
    created_at = models.DateTimeField(auto_now_add=True)
    # Taken by the site when a deadline of the player's passed in this game (the player's
    # auto_vacation), rather than time them out; null: the player's own.
    for_game = models.PositiveIntegerField(null=True, blank=True, editable=False,
                                           help_text="taken by the site for the player in this game (auto-vacation)")

    class Meta:
        ordering = ["start"]

    def __str__(self) -> str:
        return f"{self.user} away {self.start}–{self.end}"

    @property
    def days(self) -> int:
        return (self.end - self.start).days + 1


def supported_language(code: str | None) -> str:
    """`code` if the site speaks it (settings.LANGUAGES, the one list), else the default language."""
    codes = [c for c, _ in settings.LANGUAGES]
    return code if code in codes else settings.LANGUAGE_CODE


def display_name(user) -> str:
    """The one name a person goes by on every page (settings.ACCOUNT_USER_DISPLAY: allauth's too)."""
    return user.profile.name


def language_of(user, request=None) -> str:
    """The language to speak to `user` in: his profile's; for a visitor (or an account without a
    profile) the browser's, from `request`; else the default."""
    profile = getattr(user, "profile", None) if user is not None and user.is_authenticated else None
    return supported_language(profile.language if profile else getattr(request, "LANGUAGE_CODE", None))


DEVICE_NAME_LENGTH = 60
HANDLE_LENGTH = 12


class ApiTokenQuerySet(models.QuerySet):
    def of_key(self, key: str):
        return self.filter(digest=token_digest(key))

    def of_handle(self, handle: str):
        """The token a list named `handle` (ApiToken.handle); nothing for anything else."""
        if len(handle) != HANDLE_LENGTH or handle.strip("0123456789abcdef"):
            return self.none()
        return self.filter(digest__startswith=handle)


class ApiToken(models.Model):
    """An API token of an account (`Authorization: Token …`), one per device that signed in with
    the account's password. Only a digest of its key is stored: a read of the table or of a backup
    gives nobody a key that signs in. The key is random (160 bits), so a plain SHA-256 is enough; a
    slow password hash would only cost every request."""

    digest = models.CharField(max_length=64, primary_key=True)  # SHA-256 of the key, hexadecimal
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="api_tokens")
    # What the program called the device at sign-in ("" if it said nothing): a new sign-in with the
    # same name replaces that device's token, so a client that signs in again leaves no token behind.
    device = models.CharField(max_length=DEVICE_NAME_LENGTH, blank=True, default="")
    created = models.DateTimeField(default=timezone.now)  # its lifetime counts from here
    last_used = models.DateTimeField(null=True, blank=True)  # to the hour (accounts.api.auth)

    objects = ApiTokenQuerySet.as_manager()

    class Meta:
        indexes = [models.Index(fields=["user", "created"], name="api_token_user_created")]

    def __str__(self) -> str:
        return f"{self.user}: token of {self.created:%Y-%m-%d}"

    @property
    def handle(self) -> str:
        """How the account's lists and URLs name the token: a prefix of its digest, which is no key."""
        return self.digest[:HANDLE_LENGTH]

    @classmethod
    def issue(cls, user, device: str = "") -> str:
        """A new token for `user`; its key, which is told once and never stored."""
        key = secrets.token_hex(20)
        now = timezone.now()  # the sign-in is a use: no write at the first request of the hour
        cls.objects.create(user=user, digest=token_digest(key), device=device, created=now, last_used=now)
        return key
