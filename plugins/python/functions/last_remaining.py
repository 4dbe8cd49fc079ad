def lastRemaining(n: int) -> int:
    """Last number left from 1..|n| when every other number is crossed out, alternating direction each pass."""
    n = max(1, abs(n))
    head, step, left_to_right = 1, 1, True
    while n > 1:
        if left_to_right or n % 2 == 1:
            head += step
        n //= 2
        step *= 2
        left_to_right = not left_to_right
    return head
