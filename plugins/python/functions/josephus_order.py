from collections import deque
from typing import List


def josephusOrder(nums: List[int], k: int) -> List[int]:
    """Values in the order they leave a circle when every ((|k| mod 4) + 2)-th remaining one is removed."""
    step = abs(k) % 4 + 2
    circle = deque(nums)
    order: List[int] = []
    while circle:
        circle.rotate(-(step - 1))
        order.append(circle.popleft())
    return order
