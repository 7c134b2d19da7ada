"""Applejack's companion module (issue 12 §1: the shell and one module per game).

:class:`~table.games.applejack.companion.controller.Controller` meets
``table.companion.protocol.GameCompanion``; it holds one part per job (``setup_job``, ``play``,
``correction_job``, ``scorepad_job``, ``resume``, ``teach_job``, ``tracking``, ``die_job``), each
given the controller as the narrow typed ``parts.Table``.
``api`` gathers the names the shell, the screens and the tests import; ``api.make_companion`` is
the registry's factory.
"""
