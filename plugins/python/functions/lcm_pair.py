from math import gcd


def lcmPair(a: int, b: int) -> int:
    """Least common multiple of |a| and |b| (0 if either is zero)."""
    return abs(a * b) // gcd(a, b) if a and b else 0
