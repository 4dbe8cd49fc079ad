from typing import List


def multiplesInRange(n: int, k: int) -> List[int]:
    """Multiples of (|k| mod 9) + 2 between -|n| and |n| inclusive."""
    step = abs(k) % 9 + 2
    bound = abs(n)
    first = -bound + (-(-bound) % step) if bound else 0
    return list(range(first, bound + 1, step))
