import base64
import binascii
import re
import zoneinfo

from cryptography.hazmat.primitives.asymmetric import ec
from django.contrib.auth import get_user_model
from django.core.validators import RegexValidator
from django.utils.translation import gettext
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from accounts.models import (
    DEVICE_NAME_LENGTH,
    MOST_BATCHES,
    MOST_DAYS_OFF,
    WEEKDAYS,
    Profile,
    PushDevice,
    batch_refusal,
    calendar_refusal,
    validate_one_line,
)
from accounts.push_endpoints import ENDPOINT_SHAPE, endpoint_allowed
from foundation.api import StrictBooleanField, StrictCharField
from games import reputation
from games.clock import batch_hours_of, days_off_of
from games.entry.api.serializers import NO_RELIABILITY, ReliabilitySerializer
from games.services import calendar_changed, notices_changed, waiting_count


class UserRatingSerializer(serializers.Serializer):
    game = serializers.CharField()
    rating = serializers.IntegerField()
    games = serializers.IntegerField()
    provisional = serializers.BooleanField()


def ratings_of(user) -> list[dict]:
    return [{"game": r.game, "rating": r.display, "games": r.games, "provisional": r.provisional}
            for r in user.ratings.all()]


# What validate_one_line refuses (accounts.models), as the schema's pattern says it.
ONE_LINE = "^[^\\x00-\\x1f\\x7f-\\x9f\\u2028\\u2029]*$"


@extend_schema_field({"type": "string", "maxLength": 40, "pattern": ONE_LINE})
class OneLineField(StrictCharField):
    """A name on one line: the schema's pattern says what validate_one_line refuses (accounts.models)."""


@extend_schema_field({"type": "string", "maxLength": DEVICE_NAME_LENGTH, "pattern": ONE_LINE})
class DeviceNameField(StrictCharField):
    """What a program calls its device at sign-in: one line, as OneLineField."""


HOUR_MINUTE = "^([01][0-9]|2[0-3]):[0-5][0-9]$"


@extend_schema_field({"type": "string", "pattern": HOUR_MINUTE, "nullable": True, "example": "23:00"})
class QuietTimeField(serializers.TimeField):
    """A time of day of the quiet hours, "HH:MM" on the player's own clock (their time zone); null: none."""

    def __init__(self, **kwargs):
        super().__init__(format="%H:%M", input_formats=["%H:%M"], allow_null=True, required=False, **kwargs)

    def to_internal_value(self, value):
        if not isinstance(value, str) or not re.fullmatch(HOUR_MINUTE, value):
            raise serializers.ValidationError(gettext("a time of day is written HH:MM, from 00:00 to 23:59"))
        return super().to_internal_value(value)


@extend_schema_field({"type": "array", "items": {"type": "string", "enum": list(WEEKDAYS)}, "maxItems": MOST_DAYS_OFF})
class DaysOffField(serializers.Field):
    """The weekdays off, by their names ("sat", "sun"), stored as their digits (Monday 0)."""

    def to_representation(self, value) -> list[str]:
        return [WEEKDAYS[day] for day in sorted(days_off_of(value))]

    def to_internal_value(self, data) -> str:
        if not isinstance(data, list) or not all(isinstance(day, str) for day in data):
            raise serializers.ValidationError(gettext("days off are a list of weekdays: %(days)s") % {"days": ", ".join(WEEKDAYS)})
        if len(data) > MOST_DAYS_OFF:  # as the schema's maxItems says, a day named twice too
            raise serializers.ValidationError(gettext("at most 3 days off a week"))
        unknown = [day for day in data if day not in WEEKDAYS]
        if unknown:
            raise serializers.ValidationError(gettext("%(day)r is no weekday: the days are %(days)s")
                                              % {"day": unknown[0], "days": ", ".join(WEEKDAYS)})
        return "".join(sorted({str(WEEKDAYS.index(day)) for day in data}))


CALENDAR_FIELDS = ("quiet_from", "quiet_until", "days_off")


@extend_schema_field({"type": "array", "items": {"type": "integer", "minimum": 0, "maximum": 23},
                      "minItems": 1, "maxItems": MOST_BATCHES, "example": [8, 19]})
class BatchHoursField(serializers.Field):
    """The local hours of a player's batches ([8, 19]), stored as "8,19"."""

    def to_representation(self, value) -> list[int]:
        return batch_hours_of(value)

    def to_internal_value(self, data) -> str:
        if (not isinstance(data, list) or not all(type(h) is int and 0 <= h < 24 for h in data)
                or not 1 <= len(set(data)) <= MOST_BATCHES):
            raise serializers.ValidationError(gettext("choose one to four hours of the day (0 to 23) for your emails"))
        return ",".join(str(h) for h in sorted(set(data)))


# What decides when a player's batches fall due (Profile.batch_due_at, games.services.notices_changed).
BATCH_FIELDS = ("notify_turn", "batch_hours", "time_zone", *CALENDAR_FIELDS)


class ProfileSerializer(serializers.ModelSerializer):
    username = serializers.CharField(source="user.username", read_only=True)
    email = serializers.EmailField(source="user.email", read_only=True)
    ratings = serializers.SerializerMethodField()
    games_waiting = serializers.SerializerMethodField(
        help_text="games waiting for you: your decision now, or an open invitation you have not answered")
    # An enum in the schema, so a client knows the zones before it sends one.
    display_name = OneLineField(max_length=40, allow_blank=True, required=False, validators=[validate_one_line],
                                   help_text="the name other players see; empty: your username")
    time_zone = serializers.ChoiceField(choices=sorted(zoneinfo.available_timezones()), required=False,
                                        help_text="an IANA time zone, e.g. Europe/Berlin")

    notify_reminders = StrictBooleanField(required=False, help_text="reminders before a deadline")
    notify_game_over = StrictBooleanField(required=False, help_text="a notice when a game of yours is over")
    notify_invitations = StrictBooleanField(required=False, help_text="a notice when you are invited")
    notify_while_online = StrictBooleanField(required=False, help_text="turn notices even while the site is open in a tab in use")
    next_game_after_turn = StrictBooleanField(required=False, help_text="the game page opens the next waiting game after your turn")
    confirm_turn_end = StrictBooleanField(required=False, help_text=(
        "the game page holds the decision that ends your turn until you confirm it; /actions/ then lists `ends_turn`"))
    quiet_from = QuietTimeField(help_text=(
        "quiet hours: your clock stands still every day from this time (HH:MM, your time zone) until quiet_until, "
        "across midnight when that is the earlier; both or neither (null), at most 12 hours (docs/async-play.md)"))
    quiet_until = QuietTimeField(help_text="the end of the quiet hours (HH:MM), the next morning when before quiet_from")
    days_off = DaysOffField(required=False, help_text=(
        "weekdays on which your clock stands still all day (your time zone), at most 3: mon, tue, wed, thu, fri, sat, sun"))
    auto_vacation = StrictBooleanField(required=False, help_text=(
        "when a deadline of yours passes and you have vacation days left this year, the site takes a day of vacation "
        "for you instead of timing you out (never in a strict game) and tells you at once"))
    batch_hours = BatchHoursField(required=False, help_text=(
        "with notify_turn \"daily\" (in batches): the local hours (0-23) of your emails listing every game that "
        "waits for you, one to four a day, at least one outside your quiet hours (docs/async-play.md)"))
    push_at_once = StrictBooleanField(required=False, help_text=(
        "with batches: a push at once for each turn (outside your quiet hours); otherwise one push with each batch"))
    remind_push = StrictBooleanField(required=False, help_text="a push when 24 hours are left on your clock in a turn")
    remind_email = StrictBooleanField(required=False, help_text="an email when 8 hours are left on your clock in a turn")
    remind_last_call = StrictBooleanField(required=False, help_text="a last call when 2 hours are left on your clock")
    last_call_in_quiet = StrictBooleanField(required=False, help_text=(
        "the last call even in your quiet hours and on your days off, when nothing else reaches you"))

    class Meta:
        model = Profile
        fields = ["username", "email", "display_name", "language", "time_zone", "notify_turn", "notify_reminders",
                  "notify_game_over", "notify_invitations", "notify_while_online", "next_game_after_turn", "confirm_turn_end",
                  "quiet_from", "quiet_until", "days_off", "auto_vacation", "batch_hours", "push_at_once", "remind_push",
                  "remind_email", "remind_last_call", "last_call_in_quiet", "ratings", "games_waiting"]

    def validate(self, attrs):
        attrs = super().validate(attrs)
        calendar = {name: attrs.get(name, getattr(self.instance, name, None)) for name in CALENDAR_FIELDS}
        refusal = calendar_refusal(calendar["quiet_from"], calendar["quiet_until"], days_off_of(calendar["days_off"]))
        if refusal:
            raise serializers.ValidationError(refusal)
        hours = batch_hours_of(attrs.get("batch_hours", getattr(self.instance, "batch_hours", "")))
        refusal = batch_refusal(hours, calendar["quiet_from"], calendar["quiet_until"])
        if refusal:
            raise serializers.ValidationError(refusal)
        return attrs

    def update(self, instance, validated_data):
        before = [getattr(instance, name) for name in CALENDAR_FIELDS]
        batches_before = [getattr(instance, name) for name in BATCH_FIELDS]
        profile = super().update(instance, validated_data)
        if [getattr(profile, name) for name in CALENDAR_FIELDS] != before:
            calendar_changed(profile.user)  # the running deadlines move at once
        if [getattr(profile, name) for name in BATCH_FIELDS] != batches_before:
            notices_changed(profile.user)  # the next batch at the hours, zone and quiet hours now chosen
        return profile

    def get_games_waiting(self, profile) -> int:
        return waiting_count(profile.user)

    def get_ratings(self, profile) -> UserRatingSerializer(many=True):
        return ratings_of(profile.user)


class PublicUserSerializer(serializers.ModelSerializer):
    display_name = serializers.CharField(source="profile.name", read_only=True)
    games_finished = serializers.SerializerMethodField()

    ratings = serializers.SerializerMethodField()

    class Meta:
        model = get_user_model()
        fields = ["username", "display_name", "bot", "date_joined", "games_finished", "ratings", "reliability"]

    bot = serializers.CharField(source="profile.bot", read_only=True,
                                help_text='"" for a person; "api" for a program playing through the API; otherwise '
                                          "the kind of the site's own bot")

    def get_ratings(self, user) -> UserRatingSerializer(many=True):
        return ratings_of(user)

    def get_games_finished(self, user) -> int:
        return user.seats.filter(game__status="finished").count()

    reliability = serializers.SerializerMethodField(help_text=(
        "the player's reliability over their last 100 finished games with a clock (docs/reliability.md)"))

    def get_reliability(self, user) -> ReliabilitySerializer:
        return reputation.of([user.pk]).get(user.pk) or NO_RELIABILITY


MAX_PUSH_DEVICES = 20
# What the schema shows; accounts.push_endpoints.endpoint_allowed also holds the host to the push services'.
PUSH_ENDPOINT = ENDPOINT_SHAPE.pattern.replace("https?", "https")
# The patterns say in the schema what the checks below hold: an uncompressed P-256 point starts with
# the byte 4 (base64url "B", then A-P), 65 bytes in all; the auth secret is 16 bytes.
P256DH = r"^B[A-P][A-Za-z0-9_-]{85}=?$"
AUTH = r"^[A-Za-z0-9_-]{22}(==)?$"


def _b64url_bytes(value: str) -> bytes:
    try:
        return base64.urlsafe_b64decode(value + "=" * (-len(value) % 4))
    except (binascii.Error, ValueError):
        raise serializers.ValidationError("must be base64url") from None


@extend_schema_field({"type": "string", "pattern": PUSH_ENDPOINT, "maxLength": 1000})
class PushEndpointField(StrictCharField):
    pass


class PushDeviceSerializer(serializers.ModelSerializer):
    """A browser's push subscription, flat: `endpoint` and the two `keys` of
    PushSubscription.toJSON(), and a name to know the device by."""

    endpoint = PushEndpointField(write_only=True, max_length=1000, help_text="the push service's URL for this browser")
    p256dh = StrictCharField(write_only=True, max_length=88, validators=[RegexValidator(P256DH)],
                             help_text="keys.p256dh: the browser's P-256 public key, base64url (65 bytes)")
    auth = StrictCharField(write_only=True, max_length=24, validators=[RegexValidator(AUTH)],
                           help_text="keys.auth: the browser's auth secret, base64url (16 bytes)")
    label = StrictCharField(max_length=80, required=False, allow_blank=True, help_text="e.g. the browser and system")

    class Meta:
        model = PushDevice
        fields = ["id", "endpoint", "p256dh", "auth", "label", "created_at", "last_push_at"]
        read_only_fields = ["id", "created_at", "last_push_at"]
        extra_kwargs = {"endpoint": {"validators": []}}  # a browser subscribing again is an update, not an error

    def validate_endpoint(self, value):
        if not endpoint_allowed(value):
            raise serializers.ValidationError("must be the https URL of a known push service (see docs/security.md)")
        return value

    def validate_p256dh(self, value):
        raw = _b64url_bytes(value)
        if len(raw) != 65 or raw[0] != 4:
            raise serializers.ValidationError("must be an uncompressed P-256 point (65 bytes)")
        try:  # every push would fail to encrypt for a key off the curve
            ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), raw)
        except ValueError:
            raise serializers.ValidationError("must be a point on the P-256 curve") from None
        return value

    def validate_auth(self, value):
        if len(_b64url_bytes(value)) != 16:
            raise serializers.ValidationError("must be 16 bytes")
        return value
