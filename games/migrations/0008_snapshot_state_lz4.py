"""The snapshot's state compressed with lz4 instead of PostgreSQL's default pglz.

Every move rewrites its game's snapshot (about 8 kB of JSON, stored out of line): pglz's
compression of it was a tenth of PostgreSQL's CPU time of a move, lz4's is a sixth of that
(docs/scaling.md). The stored value grows from about 3.3 to 4.5 kB. A server built without lz4
keeps pglz; other databases have no such setting.
"""

from django.db import migrations

_SET = """
DO $$ BEGIN
    ALTER TABLE games_statesnapshot ALTER COLUMN state SET COMPRESSION {method};
EXCEPTION WHEN feature_not_supported OR invalid_parameter_value THEN NULL;
END $$;
"""


def _compression(method: str):
    def run(apps, schema_editor) -> None:
        if schema_editor.connection.vendor == "postgresql":
            schema_editor.execute(_SET.format(method=method))

    return run


class Migration(migrations.Migration):
    dependencies = [("games", "0007_alter_move_kind")]

    operations = [migrations.RunPython(_compression("lz4"), _compression("pglz"))]
