import autocannon from 'autocannon';

export interface LoadResult {
  rps: number;
  /** Requests answered in the run. */
  total: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}

/** autocannon against one URL: requests per second and latency percentiles (ms). */
export async function load(
  url: string,
  options: { connections: number; seconds: number; headers?: Record<string, string> },
): Promise<LoadResult> {
  const result = await autocannon({
    url,
    connections: options.connections,
    duration: options.seconds,
    headers: options.headers,
    pipelining: 1,
  });
  return {
    rps: Math.round(result.requests.average),
    total: result.requests.total,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors,
    non2xx: result.non2xx,
  };
}
