"""``python -m cli``: the same as the ``solve-shot`` command."""

from cli.app import main

main()
