from typing import List


def evenOddBitCounts(n: int) -> List[int]:
    """Set bits of |n| at even positions, then at odd positions, then the total bit length."""
    n = abs(n)
    bits = bin(n)[2:][::-1]
    even = sum(1 for i, b in enumerate(bits) if b == "1" and i % 2 == 0)
    odd = sum(1 for i, b in enumerate(bits) if b == "1" and i % 2 == 1)
    return [even, odd, len(bits)]
