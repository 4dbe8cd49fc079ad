/**
 * The `schema` field of the lines a dataset file holds. A module of its own: writing a dataset
 * needs these ids, not the zod schemas that read one back (the instance schemas were a hundredth
 * of a math chain's `generate`, built for nothing).
 */

/** Line 1 of a dataset file, the manifest. */
export const MANIFEST_SCHEMA = 'arbigraph.dataset/1'

/** Every further line, an instance. */
export const INSTANCE_SCHEMA = 'arbigraph.instance/1'
