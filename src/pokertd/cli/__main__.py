"""``python -m pokertd.cli``: the ``pokertd`` command line, for when the script is not on PATH."""

from pokertd.cli import main

if __name__ == "__main__":
    main()
