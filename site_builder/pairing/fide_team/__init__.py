"""FIDE's Swiss Team Pairing System (Handbook C.04.6, approved 28/10/2025, applied from 1 February
2026): teams, their colour preferences (`colours`), the round's pairing (`engine`) and a section's
next round (`from_section`)."""
