import re
from typing import Any, cast

from django import forms
from django.conf import settings
from django.utils.translation import gettext, gettext_lazy as _

from accounts.models import Profile, batch_refusal, calendar_refusal
from games import clock, rules, services
from games.clock import days_off_of
from games.models import Game
from games.rules.base import option_sets

# The kinds of bot the rules modules make, as players read them; a kind not named here shows its key.
BOT_NAMES = {"random": _("Random bot (plays any legal move)"), "greedy": _("Greedy bot (looks one move ahead)"),
             "expert": _("Expert bot (searches many playouts)")}


def bot_choices(module) -> list[tuple[str, str]]:
    return [(kind, BOT_NAMES.get(kind, kind)) for kind in module.bot_kinds]


class GameOptionFields:
    """A form's fields for a game's own options (its rules module's options_schema), labelled in
    the player's language; `options()` reads the choices back."""

    # the form's, beside which this is mixed in
    fields: dict[str, forms.Field]
    cleaned_data: dict[str, Any]

    def add_option_fields(self, module, lang: str, applies: dict[int, list[str]]) -> None:
        """`applies`: for each table size the form offers, the options that apply there (the rules'
        `options_for`); each field names in `data-players` the sizes it applies at, so that the page
        shows it only for them (a hidden field sends nothing: none is required)."""
        self.module, self.applies = module, applies
        self.option_keys = []
        lang = services.game_language(rules.presentation(module.name), lang)
        for key, spec in module.options_schema().items():
            labels = spec.get("choice_labels", {}).get(lang) or [str(c) for c in spec["choices"]]
            sizes = " ".join(str(n) for n, keys in applies.items() if key in keys)
            self.fields[f"option_{key}"] = forms.TypedChoiceField(
                label=spec.get("label", {}).get(lang, key), initial=str(spec["choices"].index(spec["default"])),
                choices=[(str(i), label) for i, label in enumerate(labels)], coerce=int, empty_value=None,
                required=False, widget=forms.Select(attrs={"data-players": sizes}))
            self.option_keys.append(key)

    def options(self, players: int) -> dict:
        """The options chosen that apply at a table of `players`; one sent anyway for another table
        size is left at its default, as is one not sent."""
        schema = self.module.options_schema()
        return {key: schema[key]["choices"][self.cleaned_data[f"option_{key}"]] for key in self.option_keys
                if key in self.applies[players] and self.cleaned_data.get(f"option_{key}") is not None}


class ClockFields(forms.Form):
    """A game's clock as a creator chooses it: hours per move, or a time bank (its hours at the
    start, added after each turn, and at most); services.clock_fields checks them together."""

    time_control = forms.ChoiceField(label=_("Clock"), choices=Game.TimeControl.choices, initial=Game.TimeControl.PER_TURN,
                                     widget=forms.RadioSelect, required=False)  # none sent: per turn
    # data-clock: the page shows a field only with its clock chosen (static/js/new_game.js)
    hours_per_move = forms.IntegerField(label=_("Hours per move"), min_value=1, max_value=720, initial=72, required=False,
                                        widget=forms.NumberInput(attrs={"data-clock": "per_turn"}))
    bank_hours = forms.IntegerField(label=_("Time bank: hours at the start"), min_value=1, max_value=720,
                                    initial=settings.DEFAULT_BANK[0], required=False,
                                    widget=forms.NumberInput(attrs={"data-clock": "bank"}))
    increment_hours = forms.IntegerField(label=_("Time bank: hours added after each turn"), min_value=0, max_value=720,
                                         initial=settings.DEFAULT_BANK[1], required=False,
                                         widget=forms.NumberInput(attrs={"data-clock": "bank"}))
    cap_hours = forms.IntegerField(label=_("Time bank: at most hours"), min_value=1, max_value=720,
                                   initial=settings.DEFAULT_BANK[2], required=False,
                                   widget=forms.NumberInput(attrs={"data-clock": "bank"}))
    CLOCK_FIELDS = ["time_control", "hours_per_move", "bank_hours", "increment_hours", "cap_hours"]

    def clock(self) -> dict:
        """The clock chosen, as services.create_game takes it: the other kind's fields left out."""
        data = self.cleaned_data
        if data["time_control"] == Game.TimeControl.BANK:
            return {"time_control": Game.TimeControl.BANK, "bank_hours": data["bank_hours"],
                    "increment_hours": data["increment_hours"], "cap_hours": data["cap_hours"]}
        return {"time_control": Game.TimeControl.PER_TURN, "hours_per_move": data["hours_per_move"]}


class CreateGameForm(GameOptionFields, ClockFields, forms.Form):
    """Players, time, bots and invitations for any game, plus that game's own options (from its rules
    module's options_schema, labelled in the player's language)."""

    players = forms.TypedChoiceField(label=_("Players"), coerce=int, widget=forms.Select(attrs={"data-table-size": ""}))
    invite = forms.CharField(label=_("Invite (usernames, comma-separated)"), required=False, max_length=500)
    strict = forms.BooleanField(label=_("Strict: the clocks ignore quiet hours, days off and vacations"), required=False,
                                help_text=_("The players' quiet hours, days off and vacations do not stop their clocks in this game."))

    def __init__(self, module, lang: str, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.module = module
        counts = range(module.min_players, module.max_players + 1)
        cast(forms.TypedChoiceField, self.fields["players"]).choices = [(n, str(n)) for n in counts]
        self.fields["players"].initial = min(3, module.max_players)
        self.add_option_fields(module, lang, {n: module.options_for(n) for n in counts})
        self.bot_seats = [f"seat_{n}" for n in range(2, module.max_players + 1)]
        for n, name in enumerate(self.bot_seats, 2):
            self.fields[name] = forms.ChoiceField(
                label=_("Seat %(n)s") % {"n": n}, required=False, widget=forms.Select(attrs={"data-seat": n}),
                choices=[("", _("a person (invited, or whoever joins)")), *bot_choices(module)],
                help_text=_("Only seats up to the number of players count.") if n == module.max_players else "")
        layouts = team_layouts(module)
        if layouts and self.bot_seats:  # which seats play together, where the seats are chosen
            field = self.fields[self.bot_seats[0]]
            field.help_text = " ".join([*(str(_("Teams with %(players)s players: %(teams)s.")
                                              % {"players": players, "teams": teams}) for players, teams in layouts),
                                        str(field.help_text)]).strip()
        self.order_fields(["players", *[f"option_{k}" for k in self.option_keys], *self.CLOCK_FIELDS, "strict",
                           *self.bot_seats, "invite"])

    def bots(self) -> list[str | None]:
        """The bot kind chosen for each seat the game has after the creator's (seat 1), None for a
        seat left to a person: each bot takes the seat it was chosen for (a partner, in a game
        played in teams)."""
        seats = self.bot_seats[: self.cleaned_data["players"] - 1]
        chosen = [self.cleaned_data[name] or None for name in seats]
        while chosen and chosen[-1] is None:
            chosen.pop()
        return chosen

    def invitees(self) -> list[str]:
        return [n.strip() for n in self.cleaned_data["invite"].split(",") if n.strip()]


def team_layouts(module) -> list[tuple[int, str]]:
    """The ways the game's seats play in teams, for the form's words: (players, "1+3 · 2+4") for each
    player count and way, from the game's options one at a time (games.rules.base.option_sets), the
    seats counted from 1 as the form counts them."""
    layouts = []
    for players in range(module.min_players, module.max_players + 1):
        found = {" · ".join("+".join(str(seat + 1) for seat in sorted(team)) for team in teams)
                 for options in option_sets(module, players) if (teams := module.teams(players, options))}
        layouts += [(players, layout) for layout in sorted(found)]
    return layouts


# The weekdays as the settings page names them, Monday 0 (Profile.days_off keeps their digits).
WEEKDAY_NAMES = [_("Monday"), _("Tuesday"), _("Wednesday"), _("Thursday"), _("Friday"), _("Saturday"), _("Sunday")]


# What decides when a player's batches fall due (Profile.batch_due_at, services.notices_changed).
BATCH_FIELDS = ("notify_turn", "batch_hours", "time_zone", "quiet_from", "quiet_until", "days_off")
# What moves the running deadlines (services.calendar_changed).
CALENDAR_FIELDS = ("quiet_from", "quiet_until", "days_off")


class ProfileForm(forms.ModelForm):
    days_off = forms.MultipleChoiceField(
        label=_("Days off"), required=False, widget=forms.CheckboxSelectMultiple,
        choices=[(str(n), name) for n, name in enumerate(WEEKDAY_NAMES)],
        help_text=_("Your clock stands still all day on these days (at most 3), in every game that is not strict."))

    class Meta:
        model = Profile
        fields = ["display_name", "language", "time_zone", "notify_turn", "batch_hours", "push_at_once",
                  "notify_reminders", "remind_push", "remind_email", "remind_last_call", "last_call_in_quiet",
                  "notify_game_over", "notify_invitations", "notify_while_online", "next_game_after_turn",
                  "confirm_turn_end", "quiet_from", "quiet_until", "days_off", "auto_vacation"]
        widgets = {"time_zone": forms.TextInput(attrs={"list": "time-zones", "autocomplete": "off"}),
                   "quiet_from": forms.TimeInput(attrs={"type": "time"}, format="%H:%M"),
                   "quiet_until": forms.TimeInput(attrs={"type": "time"}, format="%H:%M")}

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.initial["days_off"] = sorted(self.instance.days_off or "")
        self.calendar_before = [getattr(self.instance, name) for name in CALENDAR_FIELDS]
        self.batches_before = [getattr(self.instance, name) for name in BATCH_FIELDS]
        self.initial["batch_hours"] = ", ".join(str(h) for h in clock.batch_hours_of(self.instance.batch_hours))
        self.fields["batch_hours"].required = False  # left out: the hours stay as they are

    def clean_batch_hours(self) -> str:
        raw = [part.strip() for part in (self.cleaned_data["batch_hours"] or "").replace(";", ",").split(",") if part.strip()]
        if not raw:
            return self.instance.batch_hours or str(settings.DIGEST_HOUR)
        hours = [int(part.split(":")[0]) for part in raw if re.fullmatch(r"[0-9]{1,2}(:00)?", part)]
        if len(hours) != len(raw) or batch_refusal(hours, None, None):
            raise forms.ValidationError(gettext("choose one to four hours of the day (0 to 23) for your emails"))
        return ",".join(str(h) for h in sorted(set(hours)))

    def clean_days_off(self) -> str:
        return "".join(sorted(set(self.cleaned_data["days_off"])))

    def clean(self):
        data = super().clean()
        refusal = calendar_refusal(data.get("quiet_from"), data.get("quiet_until"), days_off_of(data.get("days_off", "")))
        if refusal:
            raise forms.ValidationError(refusal)
        if data.get("batch_hours"):
            refusal = batch_refusal(clock.batch_hours_of(data["batch_hours"]), data.get("quiet_from"), data.get("quiet_until"))
            if refusal:
                raise forms.ValidationError(refusal)
        return data

    def save(self, commit: bool = True):
        profile = super().save(commit)
        if commit and [getattr(profile, name) for name in CALENDAR_FIELDS] != self.calendar_before:
            services.calendar_changed(profile.user)  # the running deadlines move at once
        if commit and [getattr(profile, name) for name in BATCH_FIELDS] != self.batches_before:
            services.notices_changed(profile.user)  # the next batch at the hours, zone and quiet hours now chosen
        return profile


class VacationForm(forms.Form):
    start = forms.DateField(label=_("First day"), widget=forms.DateInput(attrs={"type": "date"}))
    end = forms.DateField(label=_("Last day"), widget=forms.DateInput(attrs={"type": "date"}))
