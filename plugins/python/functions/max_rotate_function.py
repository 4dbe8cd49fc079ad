from typing import List


def maxRotateFunction(nums: List[int]) -> int:
    """Largest value of sum(i * rotated[i]) over all rotations of the list."""
    total = sum(nums)
    size = len(nums)
    value = sum(i * x for i, x in enumerate(nums))
    best = value
    for k in range(1, size):
        value += total - size * nums[size - k]
        best = max(best, value)
    return best
