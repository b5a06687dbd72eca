from django import forms
from django.utils.translation import gettext_lazy as _

from games import rules


class InviteForm(forms.Form):
    """A new game for friends: which game, how many seats, whom, and a word to them."""

    game = forms.ChoiceField(label=_("Game"))
    players = forms.IntegerField(label=_("Players"), min_value=2, max_value=8, initial=2)
    friends = forms.MultipleChoiceField(label=_("Friends"), widget=forms.CheckboxSelectMultiple)
    message = forms.CharField(label=_("Message"), required=False, max_length=500,
                              widget=forms.Textarea(attrs={"rows": 3}))

    def __init__(self, lang: str, friends, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["game"].choices = [(name, rules.title(name, lang)) for name in rules.names()]
        self.fields["friends"].choices = [(u.username, u.profile.name or u.username) for u in friends]


class PreferencesForm(forms.Form):
    invites_from_friends_only = forms.BooleanField(label=_("Only friends may invite me to a game"), required=False)
    chat_from_friends_only = forms.BooleanField(label=_("Only friends may chat in games I play"), required=False)
    messages_from_friends_only = forms.BooleanField(label=_("Only friends may send me messages"), required=False)
