from django.urls import path

from .api import WebhooksView, WebhookView

urlpatterns = [
    path("me/webhooks/", WebhooksView.as_view(), name="api-webhooks"),
    path("me/webhooks/<int:hook_id>/", WebhookView.as_view(), name="api-webhook"),
]
