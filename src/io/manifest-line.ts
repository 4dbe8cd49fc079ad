/**
 * A dataset's manifest as its first line. Apart from reading (io/dataset.ts), so that writing a
 * dataset does not load the instance schemas and the line reader that reading needs.
 */
import { z } from 'zod'
import { type Manifest, manifestSchema } from '../contracts/dataset.ts'

/**
 * The manifest's line, without the newline.
 * @example encodeManifest(manifest) // '{"schema":"arbigraph.dataset/1",…}'
 */
export const encodeManifest = (manifest: Manifest): string =>
  JSON.stringify(z.encode(manifestSchema, manifest))
