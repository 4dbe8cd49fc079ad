from typing import List


def maxArea(height: List[int]) -> int:
    """Largest area between two lines, width times the shorter height, scanning inward from both ends."""
    left, right = 0, len(height) - 1
    best = 0
    while left < right:
        best = max(best, (right - left) * min(height[left], height[right]))
        if height[left] < height[right]:
            left += 1
        else:
            right -= 1
    return best
