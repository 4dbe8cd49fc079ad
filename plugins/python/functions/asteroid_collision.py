from typing import List


def asteroidCollision(asteroids: List[int]) -> List[int]:
    """Survivors after right-movers (positive) meet left-movers (negative); the smaller size explodes, ties both."""
    stack: List[int] = []
    for rock in asteroids:
        alive = True
        while alive and rock < 0 and stack and stack[-1] > 0:
            if stack[-1] < -rock:
                stack.pop()
            elif stack[-1] == -rock:
                stack.pop()
                alive = False
            else:
                alive = False
        if alive:
            stack.append(rock)
    return stack
