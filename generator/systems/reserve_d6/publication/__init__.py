"""Réserve-d6, build side: its pages need nothing beyond the generic templates' hooks."""
