"""Deployment tests: the container, compose, proxy and systemd files, and running them."""
