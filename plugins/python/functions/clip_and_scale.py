from typing import List


def clipAndScale(nums: List[int], k: int) -> List[int]:
    """Multiply each element by (|k| mod 5) + 2, then clip the results to [-150, 150]."""
    factor = abs(k) % 5 + 2
    return [max(-150, min(150, value * factor)) for value in nums]
