from typing import List


def maxProfitManyTrades(prices: List[int]) -> int:
    """Best total profit when any number of buy-then-sell trades are allowed, summing every rise."""
    return sum(max(0, later - earlier) for earlier, later in zip(prices, prices[1:]))
