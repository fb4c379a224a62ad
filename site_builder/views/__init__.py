"""Page data: every page of the site (`pages`), what each shows, formatted from the results stage
(`site_builder.results`) and never computed here, with the label catalogues (`i18n`)."""
