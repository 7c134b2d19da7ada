"""Exit codes between ``play`` and the demo (no pygame here: ``play --text`` imports it too).

:data:`IDLE` is what :func:`table.display.app.run_app` returns when nobody touched the setup or
result screen for ``play --idle-demo`` minutes; ``play`` then shows the demo until someone comes
(a loop in ``table/commands/play.py``). :data:`EXIT_PLAY` is the demo's answer when someone
wants to play (also ``demo --on-input exit``'s exit status).
"""

EXIT_PLAY = 3
IDLE = 4
