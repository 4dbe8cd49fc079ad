from typing import List


def greedyChange(n: int) -> List[int]:
    """Coins (25, 10, 5, 2, 1) making |n| + 7, largest first, picked greedily."""
    amount = abs(n) + 7
    coins: List[int] = []
    for coin in (25, 10, 5, 2, 1):
        while amount >= coin:
            coins.append(coin)
            amount -= coin
    return coins
