"""The `bulletin` subcommands, one module each (`site_builder/cli.py` parses the arguments and calls
them): init, new, pair, rename, seed, split, serve, doctor and import players; `build` and `check` are
the pipeline's own (`site_builder.build`, `site_builder.checks`)."""
