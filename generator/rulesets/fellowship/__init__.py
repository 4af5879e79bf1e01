"""The Fellowship of the Ring: a ring of 13 stacks, captures by colour and rank, Boromir."""
