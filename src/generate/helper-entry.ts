/**
 * Which script `generate`'s helper threads run, when not the default (generation-threads.ts):
 * the command line's bundle names its own (bin/generate-helper.js), which starts from its
 * compiled-code cache in a fraction of the time. A module of its own, importing nothing, so
 * that naming the script loads no worker-thread machinery into a run that starts no thread.
 */
let entry: string | undefined

/**
 * Makes helpers run `file`, a script that calls `serveChunks(parentPort, workerData)`; no file:
 * the default again.
 * @example useGenerationHelper(join(__dirname, 'generate-helper.js')) // bin/arbigraph.js
 */
export function useGenerationHelper(file?: string): void {
  entry = file
}

/** The script named with `useGenerationHelper`, if any. */
export const generationHelperEntry = (): string | undefined => entry
