from typing import List


def minCostClimbingStairs(cost: List[int]) -> int:
    """Cheapest way past the last step when each move climbs one or two steps and pays the step's cost."""
    before, current = 0, 0
    for i in range(2, len(cost) + 1):
        before, current = current, min(current + cost[i - 1], before + cost[i - 2])
    return current
