from heapq import heapify, heappop, heappush
from typing import List


def lastStoneWeight(stones: List[int]) -> int:
    """Weight left after repeatedly smashing the two heaviest stones together (0 if none remains)."""
    heap = [-stone for stone in stones]
    heapify(heap)
    while len(heap) > 1:
        first, second = -heappop(heap), -heappop(heap)
        if first != second:
            heappush(heap, second - first)
    return -heap[0] if heap else 0
