from typing import List


def primeFactors(n: int) -> List[int]:
    """Prime factors of |n| with multiplicity, ascending, prefixed by the sign of n (-1, 0 or 1)."""
    value = abs(n)
    factors = [(n > 0) - (n < 0)]
    factor = 2
    while factor * factor <= value:
        while value % factor == 0:
            factors.append(factor)
            value //= factor
        factor += 1
    if value > 1:
        factors.append(value)
    return factors
