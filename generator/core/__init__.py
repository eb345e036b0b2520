"""Game-independent plumbing: randomness, data, errors, reports, envelopes, output files."""
