from collections import Counter
from typing import List


def frequencySort(nums: List[int]) -> List[int]:
    """Sort by how often each value occurs (rarer first), breaking ties by larger value first."""
    counts = Counter(nums)
    return sorted(nums, key=lambda value: (counts[value], -value))
