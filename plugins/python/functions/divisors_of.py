from math import isqrt
from typing import List


def divisorsOf(n: int) -> List[int]:
    """All positive divisors of |n| in increasing order (empty for 0)."""
    n = abs(n)
    small = [d for d in range(1, isqrt(n) + 1) if n % d == 0]
    return small + [n // d for d in reversed(small) if d * d != n]
