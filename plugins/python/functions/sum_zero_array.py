from typing import List


def sumZeroArray(n: int) -> List[int]:
    """(|n| mod 9) + 2 distinct multiples of (|n| mod 5) + 1, symmetric around zero so they sum to zero."""
    size = abs(n) % 9 + 2
    scale = abs(n) % 5 + 1
    half = size // 2
    return [scale * v for v in range(-half, half + 1) if v or size % 2]
