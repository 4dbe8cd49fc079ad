def collatzSteps(n: int) -> int:
    """Steps for |n| (0 counts as 1) to reach 1 under the 3n + 1 rule."""
    n = max(1, abs(n))
    steps = 0
    while n != 1:
        n = n // 2 if n % 2 == 0 else 3 * n + 1
        steps += 1
    return steps
