from heapq import heappop, heappush
from typing import List


def findKthLargest(nums: List[int], k: int) -> int:
    """The k-th largest element, with k wrapped into 1..len(nums) when it is out of range."""
    k = (k - 1) % len(nums) + 1
    heap: List[int] = []
    for value in nums:
        heappush(heap, value)
        if len(heap) > k:
            heappop(heap)
    return heap[0]
