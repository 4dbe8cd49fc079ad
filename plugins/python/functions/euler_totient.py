from math import gcd


def eulerTotient(n: int) -> int:
    """Count of integers in 1..|n| coprime to |n| (n = 0 is treated as 1)."""
    n = max(1, abs(n))
    return sum(1 for i in range(1, n + 1) if gcd(i, n) == 1)
