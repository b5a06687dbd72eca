from datetime import timedelta

from django import forms
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from games.entry.forms import ClockFields, GameOptionFields

from .models import Tournament


class TournamentForm(GameOptionFields, ClockFields, forms.Form):
    """A new tournament of one game; the sign-up closes at a time read in the creator's time zone."""

    title = forms.CharField(label=_("Name"), max_length=80)
    format = forms.ChoiceField(label=_("Format"), choices=Tournament.Format.choices)
    seats = forms.TypedChoiceField(label=_("Players at each table"), coerce=int,
                                   widget=forms.Select(attrs={"data-table-size": ""}))
    rounds = forms.IntegerField(label=_("Rounds (Swiss only)"), min_value=1, max_value=20, required=False)
    signup_closes = forms.DateTimeField(label=_("Sign-up closes (the tournament starts then)"),
                                        widget=forms.DateTimeInput(attrs={"type": "datetime-local"}))
    min_players = forms.IntegerField(label=_("Fewest players"), min_value=2, max_value=128, initial=4)
    max_players = forms.IntegerField(label=_("Most players"), min_value=2, max_value=128, initial=32)
    rating_min = forms.IntegerField(label=_("Lowest rating (optional)"), required=False, min_value=0, max_value=5000)
    rating_max = forms.IntegerField(label=_("Highest rating (optional)"), required=False, min_value=0, max_value=5000)
    rated = forms.BooleanField(label=_("Rated games"), required=False, initial=True)
    strict = forms.BooleanField(label=_("Strict: the clocks ignore quiet hours, days off and vacations"), required=False,
                                help_text=_("The players' quiet hours, days off and vacations do not stop their clocks in its games."))

    def __init__(self, module, lang: str, *args, **kwargs):
        super().__init__(*args, **kwargs)
        counts = range(module.min_players, module.max_players + 1)
        self.fields["seats"].choices = [(n, str(n)) for n in counts]
        self.fields["signup_closes"].initial = (timezone.localtime() + timedelta(days=3)).strftime("%Y-%m-%dT%H:%M")
        # A remainder table may be smaller than the chosen size: an option is offered only where it
        # applies at every size from the game's smallest up (so never a mode for four, such as teams).
        self.add_option_fields(module, lang, {n: [k for k in module.options_for(n)
                                                  if all(k in module.options_for(m) for m in counts if m <= n)]
                                              for n in counts})
        self.order_fields(["title", "format", "seats", "rounds", *[f"option_{k}" for k in self.option_keys],
                           *self.CLOCK_FIELDS, "signup_closes", "min_players", "max_players", "rating_min",
                           "rating_max", "rated", "strict"])

    def settings(self) -> dict:
        data = self.cleaned_data
        return {"title": data["title"], "format": data["format"], "seats": data["seats"],
                "rounds": data["rounds"] if data["format"] == Tournament.Format.SWISS else None,
                "options": self.options(data["seats"]), **self.clock(),
                "signup_closes": data["signup_closes"], "min_players": data["min_players"],
                "max_players": data["max_players"], "rating_min": data["rating_min"],
                "rating_max": data["rating_max"], "rated": data["rated"], "strict": data["strict"]}
