from typing import List


def roundRobinCandies(candies: int, num_people: int) -> List[int]:
    """Hand out 1, 2, 3, ... of |candies| + 20 candies round-robin to (|num_people| mod 5) + 2 people; last share is the rest."""
    people = abs(num_people) % 5 + 2
    remaining = abs(candies) + 20
    shares = [0] * people
    give = 1
    while remaining > 0:
        shares[(give - 1) % people] += min(give, remaining)
        remaining -= give
        give += 1
    return shares
