import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ChangeList } from '../../../src/client/engine/views/history-changes';
import { answer } from '../fake-server';
import { renderInApp } from '../render';

/**
 * Issue 38: a section's history showed a raw option value ("4") until the option lists loaded, or
 * for good when that call failed. While they load, the value reads "loading…"; when they cannot
 * be read, "code 4"; once they arrive, the option's label. Values of no list read as recorded.
 */

const CHANGES = [
  { field: 'rating', label: 'Rating', from: 4, to: 5 },
  { field: 'check_in_time', label: 'Check-in time', from: '15:00', to: '14:00' },
];

const lines = () =>
  within(screen.getByTestId('history-changes'))
    .getAllByRole('listitem')
    .map((li) => li.textContent);

/** The options call: the settings forms' lists answered at once, the fact lists when `release` is called. */
function factListsLater(): { release(): void } {
  let release = () => undefined as void;
  answer('POST', '/api/external/ops/options/', (body: unknown) => {
    if ((body as { head?: string }).head === 'Account') return [];
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        release = () => {
          const lists = [
            { category: 'ratings', options: [4, 5].map((n) => ({ value: String(n), text: `${n} stars` })) },
          ];
          controller.enqueue(new TextEncoder().encode(JSON.stringify(lists)));
          controller.close();
        };
      },
    });
    return new Response(stream, { headers: { 'content-type': 'application/json' } });
  });
  return { release: () => release() };
}

describe('option values in a section’s history', () => {
  // First: a failed call is not kept (the lists load once per language and stay for the file).
  it('read as codes, not bare numbers, when the option lists cannot be loaded', async () => {
    answer('POST', '/api/external/ops/options/', () => Response.json({ detail: 'Unavailable.' }, { status: 503 }));
    renderInApp(<ChangeList section="main-info" changes={CHANGES} />);
    await screen.findByTestId('history-changes');
    await waitFor(() => expect(lines()[0]).toBe('Rating: code 4 → code 5'), { timeout: 10_000 });
    expect(lines()[1]).toBe('Check-in time: 15:00 → 14:00');
  });

  it('read "loading…" until the option lists arrive, then their labels', async () => {
    const lists = factListsLater();
    renderInApp(<ChangeList section="main-info" changes={CHANGES} />);
    await screen.findByTestId('history-changes');
    await waitFor(() => expect(lines()[0]).toBe('Rating: loading… → loading…'), { timeout: 10_000 });
    expect(lines()[1]).toBe('Check-in time: 15:00 → 14:00');
    lists.release();
    await waitFor(() => expect(lines()[0]).toBe('Rating: 4 stars → 5 stars'), { timeout: 10_000 });
  });
});
