from typing import List


def wiggleSort(nums: List[int]) -> List[int]:
    """Rearrange so that a[0] <= a[1] >= a[2] <= a[3] ..., by swapping neighbours in one pass."""
    result = nums[:]
    for i in range(1, len(result)):
        if (i % 2 == 1) == (result[i] < result[i - 1]):
            result[i], result[i - 1] = result[i - 1], result[i]
    return result
