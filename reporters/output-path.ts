/**
 * Where a reporter writes: under the Vitest root (the user's working directory), and in a
 * `--shard` run under a name of its own (`out/results.json` → `out/results.shard-1-of-2.json`),
 * so shards that share a folder or an artifact never overwrite each other's files. The
 * `--merge-reports` step writes the plain names.
 */
import { basename, dirname, extname, join, resolve } from 'node:path'
import type { Vitest } from 'vitest/node'

/**
 * `path` with the shard marked before its extension.
 * @example shardName('out/results.json', { index: 1, count: 2 }) // 'out/results.shard-1-of-2.json'
 */
export function shardName(path: string, shard: { index: number; count: number } | undefined): string {
  if (!shard) return path
  const extension = extname(path)
  return join(
    dirname(path),
    `${basename(path, extension)}.shard-${shard.index}-of-${shard.count}${extension}`,
  )
}

/**
 * The absolute path a reporter of `vitest` writes `path` to.
 * @example outputPath(vitest, 'out/summary.md') // '/proj/out/summary.shard-2-of-4.md' in shard 2/4
 */
export function outputPath(vitest: Vitest | undefined, path: string): string {
  const config = vitest?.config
  return resolve(config?.root ?? process.cwd(), shardName(path, config?.shard ?? undefined))
}
