import django.db.models.deletion
import django.utils.timezone
from django.conf import settings
from django.db import migrations, models

from accounts.credentials import token_digest

# The table of rest_framework.authtoken, which kept each key itself until this migration.
LEGACY_TABLE = "authtoken_token"


def hash_legacy_keys(apps, schema_editor):
    """Every key of the old table carries on as a digest, with its age (it expires on the same
    day); then the old table goes, with the keys in it. Its clients keep their key. Read by plain
    SQL: rest_framework.authtoken is no longer an installed app."""
    connection = schema_editor.connection
    if LEGACY_TABLE not in connection.introspection.table_names():
        return  # a database made after this change
    ApiToken = apps.get_model("accounts", "ApiToken")
    table = schema_editor.quote_name(LEGACY_TABLE)
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT {schema_editor.quote_name('key')}, created, user_id FROM {table}")
        rows = cursor.fetchall()
    ApiToken.objects.bulk_create(
        ApiToken(digest=token_digest(key), created=created, user_id=user_id) for key, created, user_id in rows)
    schema_editor.execute(f"DROP TABLE {table}")
    # Its migrations forgotten too: installing the app again would make its table anew.
    schema_editor.execute("DELETE FROM django_migrations WHERE app = %s", ["authtoken"])


class Migration(migrations.Migration):

    dependencies = [
        ('accounts', '0006_digest_day'),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.CreateModel(
            name='ApiToken',
            fields=[
                ('digest', models.CharField(max_length=64, primary_key=True, serialize=False)),
                ('created', models.DateTimeField(default=django.utils.timezone.now)),
                ('user', models.OneToOneField(on_delete=django.db.models.deletion.CASCADE, related_name='api_token', to=settings.AUTH_USER_MODEL)),
            ],
        ),
        migrations.RunPython(hash_legacy_keys, migrations.RunPython.noop),
    ]
