"""Poohsticks: card arithmetic to float an ace boat down a river of cards."""
