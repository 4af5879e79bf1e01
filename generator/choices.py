"""The fixed choices the command line offers (parts, papers, print shops, built-in sheet
layouts): plain names, kept apart from the stages that act on them so that `ppgen --help`
and a mistyped option answer without loading ReportLab, Pillow and the rule sets."""

PARTS = ("cards", "png", "rules", "aids", "tts", "gallery")
PAPERS = ("letter", "a4")
PRINT_SHOPS = ("tgc", "mpc", "dtc", "offset")
LAYOUTS = ("standard", "economy", "gutterfold", "cut-machine")
