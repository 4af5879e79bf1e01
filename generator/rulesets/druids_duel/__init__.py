"""Druid's Duel: druids change shape and race to empty their hands."""
