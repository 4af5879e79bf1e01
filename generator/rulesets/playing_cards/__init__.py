"""The playing-card rule set: the standard deck shared by every game played with one."""
