/**
 * The error a promise rejects with, for tests that check its code and message together; a
 * promise that resolves fails the test.
 * @example const { code, message } = await rejection(generateDataset(badSpec))
 */
export async function rejection(promise: Promise<unknown>): Promise<{ code: string; message: string }> {
  try {
    await promise
  } catch (error) {
    return error as { code: string; message: string }
  }
  throw new Error('expected a rejection')
}
