"""Talon, build side: its pages need nothing beyond the generic templates' hooks."""
