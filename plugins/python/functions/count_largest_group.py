from collections import Counter


def countLargestGroup(n: int) -> int:
    """Numbers 1..|n| grouped by digit sum: how many groups share the largest size."""
    sizes = Counter(sum(int(d) for d in str(i)) for i in range(1, abs(n) + 1))
    if not sizes:
        return 0
    largest = max(sizes.values())
    return sum(1 for size in sizes.values() if size == largest)
