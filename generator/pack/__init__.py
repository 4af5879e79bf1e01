"""`ppgen pack`: an event's print-ready pack made from the games' normal builds (night.py),
with its print list (cover.py). A command, at the commands' stage: it runs the build."""
