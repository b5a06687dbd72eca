"""The clock of games to come, as a request names it (a tournament's, a ladder's): per turn with its
hours, or a time bank. The fields' bounds are the API's; games.services.clock_fields checks them
together (a bank above its cap, a field of the other clock) with a 400 naming the field."""
from __future__ import annotations

from rest_framework import serializers

from foundation.api import StrictIntegerField


class ClockRequest(serializers.Serializer):
    time_control = serializers.ChoiceField(choices=["per_turn", "bank"], required=False, help_text=(
        "the clock of the games: per_turn (the default, hours_per_move), or bank (bank_hours at the start, "
        "increment_hours after each turn, at most cap_hours); a field of the other kind is a 400"))
    hours_per_move = StrictIntegerField(required=False, min_value=1, max_value=720,
                                        help_text="time_control per_turn (the default, 72 hours): the hours of every turn")
    bank_hours = StrictIntegerField(required=False, min_value=1, max_value=720, help_text="bank: at the start, at most cap_hours (72)")
    increment_hours = StrictIntegerField(required=False, min_value=0, max_value=720, help_text="bank: at most cap_hours (24)")
    cap_hours = StrictIntegerField(required=False, min_value=1, max_value=720, help_text="bank: the most a bank holds (168)")
