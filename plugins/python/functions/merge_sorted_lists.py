from heapq import merge
from typing import List


def mergeSortedLists(nums1: List[int], nums2: List[int]) -> List[int]:
    """Merge the sorted versions of two lists and keep every second element of the result."""
    merged = list(merge(sorted(nums1), sorted(nums2)))
    return merged[::2]
