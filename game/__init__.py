"""Mindbug: First Contact for the desktop."""
