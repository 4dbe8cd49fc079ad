from typing import List


def finalPrices(prices: List[int]) -> List[int]:
    """Each price minus the first later price that is less than or equal to it (unchanged if none)."""
    answer = prices[:]
    stack: List[int] = []
    for i, price in enumerate(prices):
        while stack and prices[stack[-1]] >= price:
            answer[stack.pop()] -= price
        stack.append(i)
    return answer
