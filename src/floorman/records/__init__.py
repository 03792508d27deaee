"""Records: results and protocols, hand-history exports, league seasons and standings."""
