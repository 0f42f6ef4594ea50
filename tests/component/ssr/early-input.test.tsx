import { act, useState } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { EarlyInputReplay } from '../../../src/client/app/early-input-replay';
import { replayEarlyInput } from '../../../src/client/platform/early-input';
import { startHydration } from '../../../src/client/platform/server-page';

/** A filter as the portfolio has one: a controlled field and what it filters by. */
function Filter() {
  const [text, setText] = useState('');
  return (
    <>
      <input aria-label="Filter" value={text} onChange={(e) => setText(e.target.value)} />
      <p data-testid="applied">{`applied: ${text}`}</p>
      <EarlyInputReplay />
    </>
  );
}

// hydrateRoot is called here directly (Testing Library's render would create a root): act() needs to be told.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const input = (root: HTMLElement) => root.querySelector('input')!;
const applied = (root: HTMLElement) => root.querySelector('[data-testid="applied"]')!.textContent;

describe('text typed into a server-rendered page before the app took it over', () => {
  it('on a page the browser rendered itself, nothing is replayed', () => {
    document.body.innerHTML = '<input value="" /><input value="kept" />';
    const [a, b] = document.querySelectorAll('input');
    a!.value = 'typed';
    let events = 0;
    document.addEventListener('input', () => events++);
    replayEarlyInput(document);
    expect([a!.value, b!.value, events]).toEqual(['typed', 'kept', 0]);
  });

  it('reaches the app once the page has hydrated, as the keystrokes it was', async () => {
    const root = document.createElement('div');
    root.id = 'root';
    root.innerHTML = renderToString(<Filter />);
    document.body.replaceChildren(root);
    // Typed while the page is the server's HTML alone: the browser shows it, no React has heard it.
    input(root).value = 'kelp';
    startHydration();
    await act(async () => {
      hydrateRoot(root, <Filter />);
    });
    expect(input(root).value).toBe('kelp');
    expect(applied(root)).toBe('applied: kelp');
    // And the field goes on as any: the next keystroke is the app's as usual.
    await act(async () => {
      const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
      setter.call(input(root), 'kelp house');
      input(root).dispatchEvent(new Event('input', { bubbles: true }));
    });
    expect(applied(root)).toBe('applied: kelp house');
  });
});
