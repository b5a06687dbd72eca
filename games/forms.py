from django import forms
from django.utils.translation import gettext_lazy as _

from accounts.models import Profile


class CreateGameForm(forms.Form):
    players = forms.TypedChoiceField(label=_("Players"), choices=[(2, "2"), (3, "3"), (4, "4")], coerce=int, initial=3)
    difficulty = forms.ChoiceField(label=_("Difficulty"), initial="medium", choices=[
        ("easy", _("easy")), ("medium", _("medium")), ("hard", _("hard"))])
    mean_teleporters = forms.BooleanField(label=_("Mean teleporters"), required=False)
    hours_per_move = forms.IntegerField(label=_("Hours per move"), min_value=1, max_value=720, initial=72)
    invite = forms.CharField(label=_("Invite (usernames, comma-separated)"), required=False, max_length=500)

    def invitees(self) -> list[str]:
        return [n.strip() for n in self.cleaned_data["invite"].split(",") if n.strip()]


class ProfileForm(forms.ModelForm):
    class Meta:
        model = Profile
        fields = ["display_name", "language", "time_zone", "notify_turn"]
        widgets = {"time_zone": forms.TextInput(attrs={"list": "time-zones", "autocomplete": "off"})}


class VacationForm(forms.Form):
    start = forms.DateField(label=_("First day"), widget=forms.DateInput(attrs={"type": "date"}))
    end = forms.DateField(label=_("Last day"), widget=forms.DateInput(attrs={"type": "date"}))
