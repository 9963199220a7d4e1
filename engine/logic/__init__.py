"""Human logic: the step driver, the one registry of techniques, why a digit is wrong, and the strategies."""
