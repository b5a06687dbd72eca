"""The moderators' desk for direct messages: the reported ones first, each hidden with a reason (the
hide is recorded in the desk's trail, games.models.ModeratorAction); nothing is edited or deleted."""
from __future__ import annotations

from django.contrib import admin
from django.db.models import Count, Q

from games.entry.admin import ReadOnlyInline, ReadOnlyPage, with_reason

from . import services
from .models import Message, Report


class ReportedFilter(admin.SimpleListFilter):
    title = "reports"
    parameter_name = "reported"

    def lookups(self, request, model_admin):
        return [("open", "reported, not yet resolved"), ("any", "reported at all")]

    def queryset(self, request, queryset):
        if self.value() == "open":
            return queryset.filter(reports__resolved=False).distinct()
        if self.value() == "any":
            return queryset.filter(reports__isnull=False).distinct()
        return queryset


class ReportInline(ReadOnlyInline):
    model = Report
    fields = ["reporter", "created_at", "resolved"]


@admin.register(Message)
class MessageAdmin(ReadOnlyPage, admin.ModelAdmin):
    list_display = ["id", "created_at", "author", "conversation", "text", "open_reports", "hidden_at"]
    list_filter = [ReportedFilter, ("hidden_at", admin.EmptyFieldListFilter)]
    search_fields = ["author__username"]
    readonly_fields = [f.name for f in Message._meta.fields]
    inlines = [ReportInline]
    actions = ["hide"]

    def get_queryset(self, request):
        return (super().get_queryset(request).select_related("author", "conversation")
                .annotate(open_count=Count("reports", filter=Q(reports__resolved=False))))

    @admin.display(description="open reports", ordering="-open_count")
    def open_reports(self, message):
        return message.open_count

    @with_reason("Hide the selected messages from both players")
    def hide(moderator, message, reason):
        services.hide(moderator, message.pk, reason)


@admin.register(Report)
class ReportAdmin(ReadOnlyPage, admin.ModelAdmin):
    list_display = ["id", "created_at", "reporter", "message", "resolved"]
    list_filter = ["resolved"]
    search_fields = ["reporter__username", "message__author__username"]
    readonly_fields = [f.name for f in Report._meta.fields]
    actions = ["hide_reported"]

    @with_reason("Hide the reported messages from both players")
    def hide_reported(moderator, report, reason):
        services.hide(moderator, report.message_id, reason)
