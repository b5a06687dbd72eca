from django.urls import path

from . import api

urlpatterns = [
    path("", api.ConversationsView.as_view(), name="api-letters"),
    path("messages/<int:message_id>/report/", api.ReportView.as_view(), name="api-letters-report"),
    path("<str:username>/", api.ConversationView.as_view(), name="api-letters-conversation"),
]
