import { act, useState } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { HydrationEnd } from '../../../src/client/app/hydration-end';
import { hydratesServerPage, startHydration } from '../../../src/client/platform/server-page';

/** A filter as the portfolio has one: a controlled field and what it filters by. */
function Filter() {
  const [text, setText] = useState('');
  return (
    <>
      <input aria-label="Filter" value={text} onChange={(e) => setText(e.target.value)} />
      <p data-testid="applied">{`applied: ${text}`}</p>
      <HydrationEnd />
    </>
  );
}

// hydrateRoot is called here directly (Testing Library's render would create a root): act() needs to be told.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const input = (root: HTMLElement) => root.querySelector('input')!;
const applied = (root: HTMLElement) => root.querySelector('[data-testid="applied"]')!.textContent;

describe('text typed into a server-rendered page before the app took it over', () => {
  /** The server's page in #root, with `typed` in its field while no React has heard of it. */
  const serverPage = (typed: string) => {
    const root = document.createElement('div');
    root.id = 'root';
    root.innerHTML = renderToString(<Filter />);
    document.body.replaceChildren(root);
    input(root).value = typed;
    return root;
  };

  it('left alone, React keeps it on screen and never hears of it (what the replay is for)', async () => {
    const root = serverPage('kelp');
    await act(async () => {
      hydrateRoot(root, <Filter />);
    });
    expect([input(root).value, applied(root)]).toEqual(['kelp', 'applied: ']);
  });

  it('reaches the app once the page has hydrated, as the keystrokes it was; then the hydration is over', async () => {
    // Typed while the page is the server's HTML alone: the browser shows it, no React has heard it.
    const root = serverPage('kelp');
    startHydration();
    await act(async () => {
      hydrateRoot(root, <Filter />);
    });
    expect(input(root).value).toBe('kelp');
    expect(applied(root)).toBe('applied: kelp');
    expect(hydratesServerPage()).toBe(false);
    // And the field goes on as any: the next keystroke is the app's as usual.
    await act(async () => {
      const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
      setter.call(input(root), 'kelp house');
      input(root).dispatchEvent(new Event('input', { bubbles: true }));
    });
    expect(applied(root)).toBe('applied: kelp house');
  });
});
