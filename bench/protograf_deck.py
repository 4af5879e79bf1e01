#!/usr/bin/env python3
"""The bench deck made with protograf (run by bench/run.py with bench/.venv-protograf's python).

    BENCH_CARDS=cards.csv BENCH_OUT=folder python bench/protograf_deck.py

protograf reads its own command-line options (Create parses sys.argv), hence the
environment variables. The same work as ppgen's: Letter sheets with grid marks, fronts and
backs, and one 300 dpi PNG per card front (Save(cards=True)). Where protograf differs: it
lays the 63 x 88 mm cards 3 x 2 on Letter (its margins leave no room for a third row), its
card PNGs carry no bleed, and a colour filled in from a column (T("{{a_color}}")) is not
applied to a shape's fill, so every circle takes the first card's colour: the same number
of shapes and words are drawn either way."""

import csv
import os

from protograf import T, Card, CardBack, Create, Data, Deck, Save, circle, rectangle, text

cards = os.environ["BENCH_CARDS"]
out = os.environ["BENCH_OUT"]
with open(cards, newline="", encoding="utf-8") as f:
    count = sum(1 for _ in csv.DictReader(f))
os.makedirs(out, exist_ok=True)
Create(filename="cards-letter.pdf", paper="Letter", units="mm", margin=8)
Data(filename=cards)
Deck(cards=count, width=63, height=88, grid_marks=True, bleed_fill="white", stroke="white")
Card("all",
     rectangle(x=1.5, y=1.5, width=60, height=85, rounding=2, stroke="#999999", stroke_width=0.5, fill=None),
     text(text=T("{{title}}"), x=31.5, y=11, font_size=12, stroke="black"),
     circle(cx=16, cy=39, radius=9, fill=T("{{a_color}}"), stroke=T("{{a_color}}")),
     text(text=T("{{a_label}}"), x=16, y=55, font_size=8, stroke="black"),
     rectangle(x=38, y=30, width=18, height=18, rounding=3, fill=T("{{b_color}}"), stroke=T("{{b_color}}")),
     text(text=T("{{b_label}}"), x=47, y=55, font_size=8, stroke="black"),
     text(text=T("{{id}}"), x=60, y=83, font_size=7, stroke="#555555", align="right"))
CardBack("all",
         rectangle(x=-3, y=-3, width=69, height=94, fill="#3B4A6B", stroke="#3B4A6B"),
         text(text="Bench Deck", x=31.5, y=46, font_size=20, stroke="white"))
Save(cards=True, dpi=300, directory=out)
