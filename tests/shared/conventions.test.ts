import { describe, expect, it } from 'vitest';
import { measure } from '../../scripts/architecture-metrics.js';

/**
 * Issue 41 §3: one convention for a server feature (short handlers over use cases and a store) and
 * for a client page (a view over a page hook). Lint keeps the lengths (max-lines,
 * max-lines-per-function) and the layers; this keeps what lint cannot see. Each list names the
 * offenders, so a failure says where to look (`npm run metrics -- --list` prints them too).
 */
describe('the conventions the README describes', () => {
  const m = measure();

  it('server handlers read the request, call the work and answer: none over 12 lines', () => {
    expect(m.longHandlers).toEqual([]);
  });

  it('a file with a handler map queries no table itself (its queries are in the feature store)', () => {
    expect(m.handlerQueries).toEqual([]);
  });

  it('a client page view neither calls the API client nor runs queries (its page hook does)', () => {
    expect(m.viewCalls).toEqual([]);
  });

  it("no page reaches past another page's index.ts and no import points up a client layer, except the named ones", () => {
    expect(m.pageInternals.refused).toEqual([]);
    expect(m.upward.refused).toEqual([]);
  });
});
