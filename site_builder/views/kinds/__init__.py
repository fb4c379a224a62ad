"""The page kinds of every section and of every event, a module each (`page_kind.py` imports them
all): a new kind is its module here and its template."""
