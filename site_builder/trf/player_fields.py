"""A TRF player record's fields as a content file writes them in its inline mapping."""

from __future__ import annotations

from site_builder.content.event_dir import quoted as q
from site_builder.trf.records import PlayerLine


def player_fields(p: PlayerLine) -> list[str]:
    """The name, then the rating, sex, title, federation, FIDE id, birth date and its year the record
    gives."""
    fields = [f"name: {q(p.name)}"]
    if p.rating is not None:
        fields.append(f"rating: {p.rating}")
    if p.sex:
        fields.append(f"sex: {'m' if p.sex == 'm' else 'f'}")
    if p.title:
        fields.append(f"title: {q(p.title)}")
    if p.federation:
        fields.append(f"federation: {q(p.federation)}")
    if p.fide_id:
        fields.append(f"fide_id: {q(p.fide_id)}")
    if p.birth:
        fields.append(f"birth_date: {q(p.birth)}")
    year = p.birth[:4]
    if year.isdigit() and int(year) >= 1850:  # the content's least birth year
        fields.append(f"birth_year: {int(year)}")
    return fields
