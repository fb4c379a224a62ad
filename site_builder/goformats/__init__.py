"""Go's federation formats: the EGF's h9 results table and the AGA's results file (`bulletin export
h9`, `bulletin export aga`), and the EGD's rating list (`bulletin import players`)."""
