from typing import List


def powersOfTwoParts(n: int) -> List[int]:
    """Distinct powers of two summing to |n| + 100, largest first (its binary expansion)."""
    value = abs(n) + 100
    return [1 << bit for bit in range(value.bit_length() - 1, -1, -1) if value >> bit & 1]
