/** Environment variable naming a pool file (`arbigraph import-gsm-symbolic`) to use instead of our GSM templates. */
export const GSM_POOL_ENV = 'ARBIGRAPH_GSM_POOL'
