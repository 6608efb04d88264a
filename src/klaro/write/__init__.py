"""Writers of documentation: the deterministic offline writer and managed regions."""
