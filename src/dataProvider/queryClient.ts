// @tanstack/react-query is react-admin's own query library (a dependency of ra-core); the admin
// passes this client to <AdminContext queryClient>.
import { QueryClient } from '@tanstack/react-query';

const MAX_NETWORK_RETRIES = 2;

/**
 * Retry policy: an HTTP answer (401, 403, 404, 409, 500 …) is final and reaches the user at once
 * (error dialog, or logout on 401) — react-query's default of three retries with back-off would
 * hold a 401 of GET /api/self for seven seconds. Only calls that got no answer at all are retried.
 */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  const status = (error as { status?: unknown } | null)?.status;
  const answered = typeof status === 'number' && status > 0;
  return !answered && failureCount < MAX_NETWORK_RETRIES;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: shouldRetry } } });
}
