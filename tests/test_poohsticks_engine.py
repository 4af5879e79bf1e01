"""Poohsticks engine: values and solver."""

from generator.rulesets.poohsticks.engine import solve, values


def test_values():
    assert values("AS") == (1, 14) and values("QH") == (12,) and values("7C") == (7,)


def test_exact_match_and_arithmetic():
    assert "K" in solve(("KH",), 13) and "K − 3" in solve(("KH", "3S"), 10)


def test_division_must_be_whole():
    assert solve(("7H", "2S"), 3) == []


def test_ace_as_fourteen():
    assert "A ÷ 7" in solve(("AS", "7H"), 2)
