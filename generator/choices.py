"""The fixed choices the command line offers (papers, print shops; the parts are in parts.py,
the built-in sheet layouts in geometry/layouts.py): plain records, kept apart from the stages
that act on them so that `ppgen --help` and a mistyped option answer without loading
ReportLab, Pillow and the rule sets."""

from dataclasses import dataclass

PAPERS = ("letter", "a4")


@dataclass(frozen=True)
class Shop:
    """A print shop the png part serves: one record holds all ppgen knows of it."""
    name: str  # what --print-shop takes
    title: str
    form: str  # "png": a 300 dpi image per card face (parts/cardpng.py); "pdf": a PDF per deck (parts/shops.py)
    bleed: float  # points on every side of the trim
    cmyk: bool = False  # the PDF converted to CMYK PDF/X-3 (parts/pdfx.py, Ghostscript)

    def describe(self) -> str:
        made = "card images" if self.form == "png" else "a CMYK PDF/X per deck" if self.cmyk else "a PDF per deck"
        return f"{self.name} ({self.title}: {made})"


SHOPS: dict[str, Shop] = {shop.name: shop for shop in (
    Shop("tgc", "The Game Crafter", "png", 0.125 * 72),  # 825 x 1125 px for a poker card
    Shop("mpc", "MakePlayingCards", "png", 36 / 300 * 72),  # 36 px at 300 dpi: 822 x 1122 px
    Shop("dtc", "DriveThruCards", "pdf", 0.125 * 72),
    Shop("offset", "offset printers, needs Ghostscript", "pdf", 0.125 * 72, cmyk=True),
)}
PRINT_SHOPS = tuple(SHOPS)
