"""What a build would do silently is a warning: printed with its line, exit 0, and an error
under `validate --strict`; the build still runs. The warnings themselves are corpus cases
(tests/corpus_basics.py and the other corpus files); here, that the games ship without any."""

from __future__ import annotations

from conftest import ROOT
from generator.rulesets import get
from generator.rulesets.base import RuleSet


def test_the_built_in_games_and_examples_have_no_warnings(validated):
    for game in ("squib-squares", ROOT / "examples" / "coin-flip", ROOT / "examples" / "standard-deck"):
        run = validated(game)
        assert run.code == 0 and "warning" not in run.err, run.text


def test_a_rule_set_declares_the_columns_its_code_reads():
    assert {"left_color", "right_kind"} <= get("squib").columns_read(None)
    assert RuleSet("x", reads=lambda game: ["power"]).columns_read(None) == {"power"}
