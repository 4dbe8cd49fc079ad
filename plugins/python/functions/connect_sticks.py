from heapq import heapify, heappop, heappush
from typing import List


def connectSticks(sticks: List[int]) -> int:
    """Total cost of joining all sticks into one, always joining the two shortest (cost = their sum)."""
    heap = list(sticks)
    heapify(heap)
    cost = 0
    while len(heap) > 1:
        joined = heappop(heap) + heappop(heap)
        cost += joined
        heappush(heap, joined)
    return cost
