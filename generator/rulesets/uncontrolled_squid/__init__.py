"""Uncontrolled Squid: two teams of squid cults play for the Squid Totem."""
