"""What the account keeps of its player, for their data export (foundation.export): the profile and
preferences, vacations, the programs and browsers signed in, the push devices. No password hash, no
key, no push secret."""
from __future__ import annotations

PROFILE = ("display_name", "language", "time_zone", "notify_turn", "notify_reminders", "notify_game_over",
           "notify_invitations", "notify_while_online", "bot", "quiet_from", "quiet_until", "days_off", "auto_vacation",
           "batch_hours", "push_at_once", "remind_push", "remind_email", "remind_last_call", "last_call_in_quiet")


def account(user) -> dict:
    profile = user.profile
    return {"username": user.username, "email": user.email, "joined": user.date_joined,
            "last_sign_in": user.last_login, "profile": {field: getattr(profile, field) for field in PROFILE},
            "vacations": [{"first_day": v.start, "last_day": v.end, "taken_for_game": v.for_game}
                          for v in user.vacations.order_by("start")],
            "programs": [{"device": t.device, "since": t.created, "last_used": t.last_used}
                         for t in user.api_tokens.order_by("created")],
            "push_devices": [{"device": d.label, "since": d.created_at, "last_push": d.last_push_at}
                             for d in user.push_devices.order_by("created_at")]}
