from typing import List


def maxProfit(prices: List[int]) -> int:
    """Best profit from one buy followed by one later sell, or 0 when prices only fall."""
    lowest = prices[0]
    profit = 0
    for price in prices[1:]:
        profit = max(profit, price - lowest)
        lowest = min(lowest, price)
    return profit
