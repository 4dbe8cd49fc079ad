/**
 * The undici connection pool used for every plain request arbigraph sends on the hot path (the
 * agent's turns, the request pool's upstream attempts). No cap on connections, because the
 * request pool's limit (or the model server) bounds concurrency; undici's own header and body
 * timeouts off, because every caller times the whole exchange itself and reports it in its own
 * words.
 * Reference: undici docs, `Pool` options (`connections`, `headersTimeout`, `bodyTimeout`).
 */
import { Pool } from 'undici'

/**
 * A connection pool to `origin` (`http://host:port`, or `https://…`).
 * @example const connections = openConnections('http://127.0.0.1:4000'); …; await connections.destroy()
 */
export const openConnections = (origin: string): Pool =>
  new Pool(origin, { connections: null, headersTimeout: 0, bodyTimeout: 0 })
