from typing import List


def candy(ratings: List[int]) -> int:
    """Fewest candies so everyone gets one and a higher rating than a neighbour means more candy."""
    count = [1] * len(ratings)
    for i in range(1, len(ratings)):
        if ratings[i] > ratings[i - 1]:
            count[i] = count[i - 1] + 1
    for i in range(len(ratings) - 2, -1, -1):
        if ratings[i] > ratings[i + 1]:
            count[i] = max(count[i], count[i + 1] + 1)
    return sum(count)
