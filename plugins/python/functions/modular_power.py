def modularPower(base: int, exponent: int) -> int:
    """base raised to |exponent|, modulo 997."""
    return pow(base, abs(exponent), 997)
