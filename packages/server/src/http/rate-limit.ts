/** Per-IP limit for the unauthenticated auth routes (`ORDO_RATE_LIMIT` per minute; 0 = off). */
import type { FastifyContextConfig } from 'fastify';
import type { Config } from '../config.js';

export function authRateLimit(config: Config): Pick<FastifyContextConfig, 'rateLimit'> {
  if (config.rateLimit <= 0) return { rateLimit: false } as Pick<FastifyContextConfig, 'rateLimit'>;
  return { rateLimit: { max: config.rateLimit, timeWindow: 60_000 } };
}
