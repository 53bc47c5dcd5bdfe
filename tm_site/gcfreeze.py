"""The loaded site kept out of the garbage collector's passes, in every long-lived process.

A process that has loaded the site holds about 160,000 objects the collector tracks (modules,
classes, the URL patterns, the settings, the serializers' fields, the tasks) that live as long
as the process. Python's oldest generation walks all of them on each of its passes: about
0.3 ms of a web worker's CPU per move in the closed loop (docs/scaling.md). Once the site is
loaded they are moved out of the collector's reach (``gc.freeze``); what the work makes is
collected as before. The web workers freeze once gunicorn has loaded the site
(``tm_site.serving``), each Celery pool process once it is ready for tasks (``tm_site.celery``).
"""

from __future__ import annotations

import gc


def freeze_loaded() -> int:
    """Collect what loading left as garbage, then exempt everything still alive from every
    later pass of the collector; how many objects that is."""
    gc.collect()
    gc.freeze()
    return gc.get_freeze_count()
