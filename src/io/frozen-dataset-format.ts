/**
 * Which format a dataset file is in, by its name: the reference's released files are JSON
 * (`math_chain.json`), ours JSONL. Its own module so the suite's label reader
 * (src/io/dataset-label.ts) tells them apart without loading the dataset reader.
 */

/**
 * Whether a path names a file in the reference's format (JSON) rather than our JSONL.
 * @example isReferenceFormat('math_chain.json') // true
 */
export const isReferenceFormat = (path: string): boolean => /\.json$/i.test(path)
