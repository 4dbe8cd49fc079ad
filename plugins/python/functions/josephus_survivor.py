def josephusSurvivor(n: int, k: int) -> int:
    """1-based position of the survivor when |n| people (at least 1) count off and every ((|k| mod 6) + 2)-th leaves."""
    people = max(1, abs(n))
    step = abs(k) % 6 + 2
    survivor = 0
    for size in range(2, people + 1):
        survivor = (survivor + step) % size
    return survivor + 1
