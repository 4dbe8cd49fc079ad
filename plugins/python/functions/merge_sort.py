from typing import List


def mergeSort(nums: List[int]) -> List[int]:
    """The list sorted in descending order by a top-down merge sort."""
    if len(nums) <= 1:
        return nums[:]
    middle = len(nums) // 2
    left, right = mergeSort(nums[:middle]), mergeSort(nums[middle:])
    merged: List[int] = []
    i = j = 0
    while i < len(left) and j < len(right):
        if left[i] >= right[j]:
            merged.append(left[i])
            i += 1
        else:
            merged.append(right[j])
            j += 1
    return merged + left[i:] + right[j:]
