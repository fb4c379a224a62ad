"""Rendering: page data into HTML (Jinja2), PDF (WeasyPrint), QR codes and the machine-readable exports
(JSON, Atom, sitemap)."""
