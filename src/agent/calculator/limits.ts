/**
 * The calculator's bounds. Every expression comes from a model, so each dimension that can grow
 * (text, tokens, nesting, integer size, total arithmetic work) has a fixed cap checked before the
 * work is done; no bound relies on a timeout (a wall-clock deadline is only a backstop). The reference has none of these, so `9**9**9**9`
 * stalls its whole event loop (reference spec §9.12).
 *
 * Reference: docs/research/arbigraph-reference-harness.md §1.4, §9.12.
 */

/** Longest expression text accepted, in UTF-16 code units. */
export const MAX_EXPRESSION_CHARS = 10_000

/** Most tokens in one expression (numbers, names, operators, parentheses, commas). */
export const MAX_TOKENS = 4_096

/** Deepest nesting of parentheses, calls, unary signs and `**` chains. */
export const MAX_DEPTH = 100

/** Most expressions in one tool call. */
export const MAX_EXPRESSIONS = 64

/**
 * Largest integer kept, in bits (about 4,932 decimal digits): a little above what Python will
 * print (4,300 digits), so intermediates such as `2**15000 // 2**14990` still work.
 */
export const MAX_INT_BITS = 16_384

/** Integers with more digits than this are not printed, as in Python 3.11+ (`sys.int_info`). */
export const MAX_PRINT_DIGITS = 4_300

/**
 * Arithmetic work allowed per tool call, in 64-bit word products (a schoolbook multiply of
 * an m-word by an n-word integer costs m·n). Measured on Node 20 (scratch stress run): one unit
 * takes 2–5 ns for big multiplies, divisions and modular powers, so the costliest calls that fit
 * this budget run in about 10–25 ms.
 */
export const MAX_WORK = 5_000_000

/**
 * The wall-clock backstop per tool call, in ms: 80–200× what the work budget allows (10–25 ms),
 * so only a wrong cost estimate could ever reach it, even on a heavily loaded machine.
 */
export const MAX_CALL_MS = 2_000
