/**
 * Lattice-point geometry for the list tasks: twice the area of a convex hull, exact in bigint
 * (twice the area of a lattice polygon is an integer by the shoelace formula).
 *
 * Reference: Andrew's monotone chain convex hull (A. M. Andrew, 1979).
 */

/**
 * A lattice point (x, y).
 * @example const p: Point = [0n, -3n]
 */
export type Point = readonly [bigint, bigint]

const cross = (o: Point, a: Point, b: Point): bigint =>
  (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])

/**
 * Convex hull vertices counter-clockwise, collinear points dropped.
 * @example convexHull([[0n, 0n], [1n, 0n], [2n, 0n], [1n, 1n]]) // [[0n, 0n], [2n, 0n], [1n, 1n]]
 */
export function convexHull(points: readonly Point[]): Point[] {
  const sorted = [...points].sort(byXThenY)
  if (sorted.length < 3) return sorted
  return [...halfHull(sorted), ...halfHull(sorted.slice().reverse())]
}

// Module functions, not closures made per call: V8 optimizes each new closure anew, and hulls
// are drawn thousands of times in a large graph.
const byXThenY = (p: Point, q: Point): number =>
  p[0] !== q[0] ? (p[0] < q[0] ? -1 : 1) : p[1] < q[1] ? -1 : p[1] > q[1] ? 1 : 0

/** One half of the hull (lower for points sorted ascending), its last point left to the other. */
function halfHull(list: readonly Point[]): Point[] {
  const chain: Point[] = []
  for (const p of list) {
    while (chain.length >= 2 && cross(chain[chain.length - 2]!, chain[chain.length - 1]!, p) <= 0n)
      chain.pop()
    chain.push(p)
  }
  return chain.slice(0, -1)
}

/**
 * Twice the area of the convex hull of the points; 0 when there are fewer than three points or
 * all are collinear.
 * @example doubledHullArea([[0n, 0n], [1n, 0n], [0n, 1n]]) // 1n
 */
export function doubledHullArea(points: readonly Point[]): bigint {
  const hull = convexHull(points)
  if (hull.length < 3) return 0n
  let twice = 0n
  for (let i = 0; i < hull.length; i++) {
    const p = hull[i]!
    const q = hull[(i + 1) % hull.length]!
    twice += p[0] * q[1] - q[0] * p[1]
  }
  return twice < 0n ? -twice : twice
}
