def punishmentNumber(n: int) -> int:
    """Sum of i * i over 1 <= i <= |n| where the digits of i * i can be cut into parts summing to i."""

    def splits_to(digits: str, target: int) -> bool:
        if not digits:
            return target == 0
        return any(
            splits_to(digits[cut:], target - int(digits[:cut]))
            for cut in range(1, len(digits) + 1)
            if int(digits[:cut]) <= target
        )

    return sum(i * i for i in range(1, abs(n) + 1) if splits_to(str(i * i), i))
