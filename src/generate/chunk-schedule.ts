/**
 * Which thread makes which chunk of a dataset, and the order they are written in. Chunks are
 * taken in dataset order, by this thread or by a helper with room for one, and handed out in
 * that same order, so the output does not depend on how many threads there are or how fast each
 * is. Helpers get their first chunks before they have started; this thread makes a chunk itself
 * whenever the next one to write is nobody's yet or a helper's not yet made, and makes a helper's
 * again when it could take nothing else while that helper has still not started, so a helper
 * that starts slowly costs nothing but its start. One that cannot start at all (a broken
 * install) fails the run with its reason.
 */

/** A thread that makes chunks for this one (generation-threads.ts, seen by chunk index). */
export interface ChunkHelper<T> {
  /** Resolves once it can take chunks; rejects when it cannot start (the run then fails). */
  readonly ready: Promise<void>
  make(index: number): Promise<T>
}

/** A chunk taken: its items once made, whether they are there yet, and the helper making it. */
interface Taken<T> {
  items: Promise<T>
  done: boolean
  helper: ChunkHelper<T> | undefined
}

export interface ChunkSchedule<T> {
  /** How many chunks the dataset has (0 to count − 1). */
  count: number
  /** Chunks taken ahead of the one being written, at most (memory holds that many). */
  ahead: number
  /** Makes chunk `index` in this thread. */
  makeHere(index: number): Promise<T>
  helpers: readonly ChunkHelper<T>[]
}

/**
 * Every chunk's items, in index order; throws the failure of the first chunk that failed (later
 * chunks are no longer taken once one failed).
 * @example for await (const lines of scheduleChunks({ count, ahead: 4, makeHere, helpers })) write(lines)
 */
export async function* scheduleChunks<T>(schedule: ChunkSchedule<T>): AsyncGenerator<T> {
  const { count, ahead, makeHere, helpers } = schedule
  const taken: (Taken<T> | undefined)[] = []
  let next = 0
  let written = 0
  let failed = false
  const mayTake = () => !failed && next < count && next < written + ahead
  const entry = (index: number, helper?: ChunkHelper<T>): Taken<T> => {
    const made: Taken<T> = {
      items: helper ? helper.make(index) : makeHere(index),
      done: false,
      helper,
    }
    made.items.then(
      () => {
        made.done = true
      },
      () => {
        made.done = true
        failed = true
      },
    )
    return made
  }
  const take = (helper?: ChunkHelper<T>): Taken<T> => {
    const made = entry(next, helper)
    taken[next++] = made
    return made
  }
  // Up to two chunks at a time per helper: it learns of its next chunk only when this thread is
  // between chunks of its own, so with one it stood idle while this thread made one. Not near
  // the end, though: there a second chunk queued behind a helper's first is one this thread could
  // be making instead of waiting for it.
  const holding = new Map<ChunkHelper<T>, number>()
  const topUp = (helper: ChunkHelper<T>): void => {
    let held = holding.get(helper) ?? 0
    while (held < 2 && mayTake() && (held === 0 || count - next > 2 * (helpers.length + 1))) {
      held++
      take(helper).items.then(
        () => {
          holding.set(helper, holding.get(helper)! - 1)
          topUp(helper)
        },
        () => {},
      )
    }
    holding.set(helper, held)
  }
  let notStarted: unknown
  const started = new Set<ChunkHelper<T>>()
  // Each helper gets its first chunks now, before this thread makes one: its requests wait in
  // its queue until it has started, so it begins the moment it can. Handed out once it said it was
  // ready, they waited for this thread to finish a chunk of its own first, a whole 10⁴-task
  // instance during which the helper stood idle (10⁴ x 40 on 2 threads: 0.28 s of its 8.5 s).
  for (const helper of helpers) {
    helper.ready.then(
      () => started.add(helper),
      (error: unknown) => {
        notStarted ??= error
      },
    )
    topUp(helper)
  }
  while (written < count) {
    if (notStarted !== undefined) throw notStarted
    const head = taken[written]
    if (head === undefined || (!head.done && mayTake())) {
      take()
      // Let the helpers' messages in between chunks: making one here waits on nothing.
      await new Promise(setImmediate)
      continue
    }
    if (!head.done && head.helper && !started.has(head.helper)) {
      // Nothing else may be taken, and the helper holding the next chunk has not even started
      // (small chunks fill the room ahead long before a thread is up): make it here rather than
      // wait, as the same chunk is the same bytes whoever makes it. The helper's copy is not
      // used; had it failed, this one fails alike, and a helper that dies fails to start.
      taken[written] = entry(written)
      continue
    }
    const items = await head.items
    taken[written++] = undefined
    yield items
    // Writing made room ahead: the helpers may take more.
    for (const helper of holding.keys()) topUp(helper)
  }
}
