from typing import List


def arrayPairSum(nums: List[int]) -> int:
    """Sum of the smaller element of each pair after pairing neighbours in sorted order."""
    return sum(sorted(nums)[::2])
