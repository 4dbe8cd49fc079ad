/** The environment variable naming a pool file for the built-in python category (`generate --python-pool`). */
export const PYTHON_POOL_ENV = 'ARBIGRAPH_PYTHON_POOL'
