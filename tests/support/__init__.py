"""What tests share beside fixtures: helper modules imported as ``tests.support.NAME``.

A test module never imports another test module; what two test files need alike lives here
(fixtures live in the ``conftest.py`` of the folder that shares them)."""
