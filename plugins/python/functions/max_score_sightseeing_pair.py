from typing import List


def maxScoreSightseeingPair(values: List[int]) -> int:
    """Largest values[i] + values[j] + i - j over pairs i < j."""
    best_left = values[0]
    best = values[0] + values[1] - 1 if len(values) > 1 else values[0]
    for j in range(1, len(values)):
        best = max(best, best_left + values[j] - j)
        best_left = max(best_left, values[j] + j)
    return best
