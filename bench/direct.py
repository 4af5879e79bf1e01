#!/usr/bin/env python3
"""The bench deck made directly with ReportLab and Pillow, as a competent developer would
write it for this one deck: one process, no ppgen code, library defaults.

    python3 bench/direct.py CARDS.csv OUT_FOLDER

Does the work `ppgen build bench/bench-deck --only cards,png --paper letter` does (see
../shared/bench-deck/README.md): Letter cut sheets, 3 x 3 cards of 63 x 88 mm with crop
marks, each fronts page followed by its backs page mirrored for long-edge duplex; and one
300 dpi PNG per card front (plus the shared back) with 1/8 in bleed. bench/run.py times it
beside ppgen."""

from __future__ import annotations

import csv
import re
import sys
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont
from reportlab.lib.pagesizes import letter
from reportlab.lib.units import mm
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import Canvas

FONTS = Path(__file__).resolve().parent.parent / "fonts"
CARD_W, CARD_H = 63 * mm, 88 * mm
BLEED = 0.125 * 72
DPI = 300
COLS, ROWS = 3, 3
MARK = 12  # pt: crop mark length


def card_pdf(c: Canvas, row: dict, x: float, y: float) -> None:
    """A card front with its bottom-left corner at (x, y); PDF y goes up."""
    top = y + CARD_H
    c.setFillColor("#FFFFFF")
    c.rect(x - BLEED, y - BLEED, CARD_W + 2 * BLEED, CARD_H + 2 * BLEED, stroke=0, fill=1)
    c.setStrokeColor("#999999")
    c.setLineWidth(0.5)
    c.roundRect(x + 1.5 * mm, top - 86.5 * mm, 60 * mm, 85 * mm, 2 * mm, stroke=1, fill=0)
    c.setFillColor("#000000")
    c.setFont("Atkinson-Bold", 12)
    c.drawCentredString(x + 31.5 * mm, top - 12.5 * mm, row["title"])
    c.setFillColor(row["a_color"])
    c.circle(x + 16 * mm, top - 39 * mm, 9 * mm, stroke=0, fill=1)
    c.setFillColor(row["b_color"])
    c.roundRect(x + 38 * mm, top - 48 * mm, 18 * mm, 18 * mm, 3 * mm, stroke=0, fill=1)
    c.setFillColor("#000000")
    c.setFont("Atkinson", 8)
    c.drawCentredString(x + 16 * mm, top - 55 * mm, row["a_label"])
    c.drawCentredString(x + 47 * mm, top - 55 * mm, row["b_label"])
    c.setFillColor("#555555")
    c.setFont("Atkinson", 7)
    c.drawRightString(x + 60 * mm, top - 82.5 * mm, row["id"])


def back_pdf(c: Canvas, x: float, y: float) -> None:
    c.setFillColor("#3B4A6B")
    c.rect(x - BLEED, y - BLEED, CARD_W + 2 * BLEED, CARD_H + 2 * BLEED, stroke=0, fill=1)
    c.setFillColor("#FFFFFF")
    c.setFont("Fredoka", 20)
    c.drawCentredString(x + CARD_W / 2, y + CARD_H - 46 * mm, "Bench Deck")


def sheets(rows: list[dict], path: Path) -> None:
    pdfmetrics.registerFont(TTFont("Atkinson", str(FONTS / "AtkinsonHyperlegible-Regular.ttf")))
    pdfmetrics.registerFont(TTFont("Atkinson-Bold", str(FONTS / "AtkinsonHyperlegible-Bold.ttf")))
    pdfmetrics.registerFont(TTFont("Fredoka", str(FONTS / "FredokaOne-Regular.ttf")))
    page_w, page_h = letter
    left = (page_w - COLS * CARD_W) / 2
    bottom = (page_h - ROWS * CARD_H) / 2
    c = Canvas(str(path), pagesize=letter)
    per_page = COLS * ROWS
    for start in range(0, len(rows), per_page):
        chunk = rows[start:start + per_page]
        for mirrored in (False, True):
            for i, row in enumerate(chunk):
                col, r = i % COLS, i // COLS
                if mirrored:
                    col = COLS - 1 - col  # long-edge duplex: the back sits mirrored
                x, y = left + col * CARD_W, page_h - bottom - (r + 1) * CARD_H
                c.saveState()
                p = c.beginPath()
                p.rect(x, y, CARD_W, CARD_H)
                c.clipPath(p, stroke=0, fill=0)
                back_pdf(c, x, y) if mirrored else card_pdf(c, row, x, y)
                c.restoreState()
            crop_marks(c, left, bottom, page_w, page_h)
            c.showPage()
    c.save()


def crop_marks(c: Canvas, left: float, bottom: float, page_w: float, page_h: float) -> None:
    c.setStrokeColor("#000000")
    c.setLineWidth(0.25)
    for i in range(COLS + 1):
        x = left + i * CARD_W
        c.line(x, bottom - 3 - MARK, x, bottom - 3)
        c.line(x, page_h - bottom + 3, x, page_h - bottom + 3 + MARK)
    for j in range(ROWS + 1):
        y = bottom + j * CARD_H
        c.line(left - 3 - MARK, y, left - 3, y)
        c.line(page_w - left + 3, y, page_w - left + 3 + MARK, y)


def px(points: float) -> int:
    return round(points * DPI / 72)


def card_png(row: dict, fonts: dict) -> Image.Image:
    b = px(BLEED)
    image = Image.new("RGB", (px(CARD_W + 2 * BLEED), px(CARD_H + 2 * BLEED)), "#FFFFFF")
    d = ImageDraw.Draw(image)

    def box(x_mm, y_mm, w_mm, h_mm):
        return [b + px(x_mm * mm), b + px(y_mm * mm), b + px((x_mm + w_mm) * mm), b + px((y_mm + h_mm) * mm)]

    d.rounded_rectangle(box(1.5, 1.5, 60, 85), radius=px(2 * mm), outline="#999999", width=max(1, px(0.5)))
    d.text((b + px(31.5 * mm), b + px(12.5 * mm)), row["title"], fill="#000000", font=fonts["bold12"], anchor="ms")
    d.ellipse(box(7, 30, 18, 18), fill=row["a_color"])
    d.rounded_rectangle(box(38, 30, 18, 18), radius=px(3 * mm), fill=row["b_color"])
    d.text((b + px(16 * mm), b + px(55 * mm)), row["a_label"], fill="#000000", font=fonts["body8"], anchor="ms")
    d.text((b + px(47 * mm), b + px(55 * mm)), row["b_label"], fill="#000000", font=fonts["body8"], anchor="ms")
    d.text((b + px(60 * mm), b + px(82.5 * mm)), row["id"], fill="#555555", font=fonts["body7"], anchor="rs")
    return image


def back_png(fonts: dict) -> Image.Image:
    image = Image.new("RGB", (px(CARD_W + 2 * BLEED), px(CARD_H + 2 * BLEED)), "#3B4A6B")
    ImageDraw.Draw(image).text((image.width / 2, px(BLEED + 46 * mm)), "Bench Deck", fill="#FFFFFF",
                               font=fonts["display20"], anchor="ms")
    return image


def pngs(rows: list[dict], folder: Path) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    fonts = {
        "bold12": ImageFont.truetype(str(FONTS / "AtkinsonHyperlegible-Bold.ttf"), px(12)),
        "body8": ImageFont.truetype(str(FONTS / "AtkinsonHyperlegible-Regular.ttf"), px(8)),
        "body7": ImageFont.truetype(str(FONTS / "AtkinsonHyperlegible-Regular.ttf"), px(7)),
        "display20": ImageFont.truetype(str(FONTS / "FredokaOne-Regular.ttf"), px(20)),
    }
    for row in rows:
        name = re.sub(r"[^A-Za-z0-9._-]+", "-", row["id"])
        card_png(row, fonts).save(folder / f"{name}-front.png", dpi=(DPI, DPI))
    back_png(fonts).save(folder / "back.png", dpi=(DPI, DPI))


def main() -> None:
    cards, out = Path(sys.argv[1]), Path(sys.argv[2])
    with cards.open(newline="", encoding="utf-8") as f:
        rows = list(csv.DictReader(f))
    out.mkdir(parents=True, exist_ok=True)
    sheets(rows, out / "cards-letter.pdf")
    pngs(rows, out / "png")


if __name__ == "__main__":
    main()
