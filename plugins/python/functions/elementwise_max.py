from typing import List


def elementwiseMax(nums1: List[int], nums2: List[int]) -> List[int]:
    """Position-wise maximum of two lists, stopping at the shorter one."""
    return [max(a, b) for a, b in zip(nums1, nums2)]
