"""Human logic: the steps a person takes, for the classic puzzle and for variants (``variant``)."""
