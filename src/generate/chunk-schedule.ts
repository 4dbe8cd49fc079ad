/**
 * Which thread makes which chunk of a dataset, and the order they are written in. Chunks are
 * taken in dataset order, by this thread or by a helper with room for one, and handed out in
 * that same order, so the output does not depend on how many threads there are or how fast each
 * is. Helpers get their first chunks before they have started, and two at a time after. Who
 * makes a chunk is settled by a claim (`ChunkClaims`) made when its making begins: this thread
 * makes a chunk itself whenever the next one to write is nobody's yet or a helper's not yet
 * made, and, when it could take nothing new, a chunk a helper holds but has not begun (a helper
 * still starting, or one busy with the chunk before), so neither thread waits while work is left
 * and no chunk is made twice. One helper that cannot start at all (a broken install) fails the
 * run with its reason.
 */

/**
 * One slot per chunk in memory every thread sees, claimed by compare-and-swap by the thread
 * that begins making the chunk: a chunk sent to a helper can still be made here, and a helper
 * that finds its chunk claimed skips it.
 */
export class ChunkClaims {
  /** The slots' memory, sent with a chunk to a helper, which claims through its own view of it. */
  readonly shared: SharedArrayBuffer
  private readonly slots: Int32Array

  /** Slots for `count` chunks, or a view of slots another thread made. */
  constructor(countOrShared: number | SharedArrayBuffer) {
    this.shared = typeof countOrShared === 'number' ? new SharedArrayBuffer(countOrShared * 4) : countOrShared
    this.slots = new Int32Array(this.shared)
  }

  /** True for the one caller that claims chunk `index` first. */
  claim(index: number): boolean {
    return Atomics.compareExchange(this.slots, index, 0, 1) === 0
  }
}

/** A thread that makes chunks for this one (generation-threads.ts, seen by chunk index). */
export interface ChunkHelper<T> {
  /** Resolves once it can take chunks; rejects when it cannot start (the run then fails). */
  readonly ready: Promise<void>
  /**
   * Makes chunk `index` if it claims it in `claims` when it begins; undefined when another
   * thread had claimed it first.
   */
  make(index: number, claims: ChunkClaims): Promise<T | undefined>
}

/** A chunk taken: its items once made, whether they are there yet, and the helper making it. */
interface Taken<T> {
  items: Promise<T | undefined>
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
  const claims = new ChunkClaims(count)
  const taken: (Taken<T> | undefined)[] = []
  let next = 0
  let written = 0
  let failed = false
  const mayTake = () => !failed && next < count && next < written + ahead
  const entry = (index: number, helper?: ChunkHelper<T>): Taken<T> => {
    const made: Taken<T> = {
      items: helper ? helper.make(index, claims) : makeHere(index),
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
    // A chunk nobody was given: this thread's claim cannot fail, and keeps helpers off it.
    if (!helper) claims.claim(next)
    const made = entry(next, helper)
    taken[next++] = made
    return made
  }
  /**
   * Makes here the first chunk from `index` on that a helper holds and has not begun, if any:
   * whatever it is, it must be made, and the helper is busy or not started.
   */
  const takeOver = (from: number): boolean => {
    for (let index = from; index < next; index++) {
      const held = taken[index]
      if (held?.helper && !held.done && claims.claim(index)) {
        taken[index] = entry(index)
        return true
      }
    }
    return false
  }
  // Two chunks at a time per helper: it learns of its next chunk only when this thread is
  // between chunks of its own, so with one it stood idle while this thread made one. Near the
  // end a chunk queued behind a helper's first is taken over here rather than waited for.
  const holding = new Map<ChunkHelper<T>, number>()
  const topUp = (helper: ChunkHelper<T>): void => {
    let held = holding.get(helper) ?? 0
    while (held < 2 && mayTake()) {
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
  // Each helper gets its first chunks now, before this thread makes one: its requests wait in
  // its queue until it has started, so it begins the moment it can. Handed out once it said it was
  // ready, they waited for this thread to finish a chunk of its own first, a whole 10⁴-task
  // instance during which the helper stood idle (10⁴ x 40 on 2 threads: 0.28 s of its 8.5 s).
  for (const helper of helpers) {
    helper.ready.catch((error: unknown) => {
      notStarted ??= error
    })
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
    // Nothing new may be taken: rather than wait, make a helper's chunk it has not begun, the
    // next one to write first. The same chunk is the same bytes whoever makes it.
    if (!head.done && !failed && takeOver(written)) {
      await new Promise(setImmediate)
      continue
    }
    const items = await head.items
    if (items === undefined) {
      // Only this thread takes a helper's chunk over, and it then replaces the helper's entry.
      throw new Error(`chunk ${written} was claimed by another thread and not made here`)
    }
    taken[written++] = undefined
    yield items
    // Writing made room ahead: the helpers may take more.
    for (const helper of holding.keys()) topUp(helper)
  }
}
