def twoEggDrop(n: int) -> int:
    """Fewest drops that always find the critical floor of a |n|-floor building with two eggs."""
    n = abs(n)
    drops = 0
    while drops * (drops + 1) // 2 < n:
        drops += 1
    return drops
