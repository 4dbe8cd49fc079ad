from typing import List


def arrayRankTransform(arr: List[int]) -> List[int]:
    """Replace each element by its rank (1 = smallest) among the distinct values."""
    rank = {value: i + 1 for i, value in enumerate(sorted(set(arr)))}
    return [rank[value] for value in arr]
