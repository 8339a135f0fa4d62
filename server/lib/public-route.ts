import type { FastifyContextConfig } from 'fastify';
import type { AppConfig } from '../config';

/**
 * Route config for the public endpoints of ARCHITECTURE.md: reachable without a token and rate
 * limited per client address.
 */
export function publicRoute(config: AppConfig): FastifyContextConfig {
  return { public: true, rateLimit: { max: config.rateLimitPublicPerMinute, timeWindow: '1 minute' } };
}
