"""The ``pokertd`` command line."""


def main() -> None:
    print("pokertd")
