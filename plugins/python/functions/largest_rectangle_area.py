from typing import List


def largestRectangleArea(heights: List[int]) -> int:
    """Largest rectangle under the bar chart, with width counted in bars and height the lowest bar spanned."""
    stack: List[int] = []
    best = 0
    bars = heights + [min(0, *heights) - 1]
    for i, height in enumerate(bars):
        while stack and bars[stack[-1]] >= height:
            top = bars[stack.pop()]
            left = stack[-1] if stack else -1
            best = max(best, top * (i - left - 1))
        stack.append(i)
    return best
