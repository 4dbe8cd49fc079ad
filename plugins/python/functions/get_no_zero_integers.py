from typing import List


def getNoZeroIntegers(n: int) -> List[int]:
    """The pair [a, b] with the smallest a such that a + b = |n| (at least 2) and neither contains a zero digit."""
    n = max(2, abs(n))
    for a in range(1, n):
        if "0" not in str(a) and "0" not in str(n - a):
            return [a, n - a]
    return [1, n - 1]
