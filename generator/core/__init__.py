"""Game-independent plumbing: randomness, data, errors, reports, envelopes, output files,
and the executor (local processes or Dask) that simulations and batch runs share."""
