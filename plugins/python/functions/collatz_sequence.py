from typing import List


def collatzSequence(n: int) -> List[int]:
    """The 3n + 1 sequence starting at |n| (0 counts as 1) up to and including 1, at most 40 terms."""
    value = max(1, abs(n))
    sequence = [value]
    while value != 1 and len(sequence) < 40:
        value = value // 2 if value % 2 == 0 else 3 * value + 1
        sequence.append(value)
    return sequence
