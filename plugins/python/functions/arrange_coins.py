from math import isqrt


def arrangeCoins(n: int) -> int:
    """Number of complete staircase rows (row i holds i coins) that |n| coins can build."""
    n = abs(n)
    return (isqrt(8 * n + 1) - 1) // 2
