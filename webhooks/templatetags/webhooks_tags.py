"""The settings page's webhooks section, drawn by the webhooks app: {% load webhooks_tags %}{% webhooks_section %}."""
from __future__ import annotations

from urllib.parse import urlsplit

from django import template

from webhooks.models import MAX_HOOKS, MAX_URL, Webhook

register = template.Library()


@register.inclusion_tag("webhooks/section.html", takes_context=True)
def webhooks_section(context):
    user = context["request"].user
    # The address's path is a secret of the chat service's: the page names the host alone.
    hooks = [{"pk": h.pk, "host": urlsplit(h.url).hostname, "format": h.get_format_display(),
              "last_posted_at": h.last_posted_at, "failures": h.failures} for h in Webhook.objects.filter(user=user)]
    return {"hooks": hooks, "formats": Webhook.Format.choices, "full": len(hooks) >= MAX_HOOKS,
            "max_hooks": MAX_HOOKS, "max_url": MAX_URL, "csrf_token": context.get("csrf_token")}
