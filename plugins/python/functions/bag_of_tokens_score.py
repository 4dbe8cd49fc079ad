from typing import List


def bagOfTokensScore(tokens: List[int], power: int) -> int:
    """Best score from playing tokens face up (pay power, gain a point) or face down (lose a point, gain power)."""
    ordered = sorted(tokens)
    low, high = 0, len(ordered) - 1
    score = best = 0
    while low <= high:
        if power >= ordered[low]:
            power -= ordered[low]
            low += 1
            score += 1
            best = max(best, score)
        elif score > 0:
            power += ordered[high]
            high -= 1
            score -= 1
        else:
            break
    return best
