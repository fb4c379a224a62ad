"""FIDE Tournament Report File (TRF16, and the 2026 revision where the model holds it): import into
content and export of a section."""
