"""Views (page data), HTML and PDF rendering, and the label catalogues."""
