"""The fixed choices the command line offers (papers, print shops, built-in sheet layouts;
the parts are in parts.py): plain names, kept apart from the stages that act on them so that
`ppgen --help` and a mistyped option answer without loading ReportLab, Pillow and the rule
sets."""

PAPERS = ("letter", "a4")
PRINT_SHOPS = ("tgc", "mpc", "dtc", "offset")
LAYOUTS = ("standard", "economy", "gutterfold", "cut-machine")
