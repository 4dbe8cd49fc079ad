from typing import List


def rotateRight(nums: List[int], k: int) -> List[int]:
    """Rotate the list right by k places (negative k rotates left)."""
    if not nums:
        return []
    shift = k % len(nums)
    return nums[-shift:] + nums[:-shift] if shift else nums[:]
