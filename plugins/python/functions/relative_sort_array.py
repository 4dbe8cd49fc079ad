from typing import Dict, List


def relativeSortArray(arr1: List[int], arr2: List[int]) -> List[int]:
    """Order arr1 by first appearance of each value in arr2; values absent from arr2 go last, ascending."""
    order: Dict[int, int] = {}
    for value in arr2:
        order.setdefault(value, len(order))
    return sorted(arr1, key=lambda value: (order.get(value, len(order)), value))
