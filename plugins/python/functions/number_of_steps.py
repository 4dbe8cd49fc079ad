def numberOfSteps(num: int) -> int:
    """Steps to bring |num| to zero, halving when even and subtracting one when odd."""
    num = abs(num)
    steps = 0
    while num:
        num = num // 2 if num % 2 == 0 else num - 1
        steps += 1
    return steps
