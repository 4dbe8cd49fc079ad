from typing import List


def circularGameLosers(n: int, k: int) -> List[int]:
    """Friends 1..n pass a ball i*k steps on turn i; return those never holding it (out-of-range n, k are folded in)."""
    n = n if 1 <= n <= 50 else abs(n) % 50 + 1
    step = k if 1 <= k <= n else abs(k) % n or n
    seen = [False] * n
    holder, turn = 0, 1
    while not seen[holder]:
        seen[holder] = True
        holder = (holder + turn * step) % n
        turn += 1
    return [i + 1 for i in range(n) if not seen[i]]
