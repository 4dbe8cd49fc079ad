from typing import List


def minOperationsIncreasing(nums: List[int]) -> int:
    """Fewest +1 increments that make the list strictly increasing."""
    moves = 0
    floor = nums[0]
    for value in nums[1:]:
        floor = max(floor + 1, value)
        moves += floor - value
    return moves
