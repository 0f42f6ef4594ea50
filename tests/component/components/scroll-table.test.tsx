import { act, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { hiddenEdges, ScrollTable } from '../../../src/client/components/scroll-table';
import { renderInApp } from '../render';

/**
 * The box's sizes as a browser would lay them out (happy-dom lays nothing out), and a browser's
 * ResizeObserver, which reports each element once when it starts observing it, after layout.
 */
function laidOut(scrollWidth: number, clientWidth: number) {
  vi.spyOn(HTMLElement.prototype, 'scrollWidth', 'get').mockReturnValue(scrollWidth);
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(clientWidth);
  vi.stubGlobal(
    'ResizeObserver',
    class {
      constructor(private readonly report: () => void) {}
      observe() {
        setTimeout(() => act(() => this.report()), 0);
      }
      disconnect() {}
      unobserve() {}
    },
  );
}

const table = (
  <table aria-label="Wide">
    <tbody>
      <tr>
        <td>Hotel</td>
        <td>
          <button type="button">Edit</button>
        </td>
      </tr>
    </tbody>
  </table>
);

describe('ScrollTable (issue 38 §3: a wide table says that it scrolls)', () => {
  it('marks the hidden ends from the scroll position, left to right and right to left', () => {
    expect(hiddenEdges({ scrollLeft: 0, scrollWidth: 900, clientWidth: 350 })).toEqual({ start: false, end: true });
    expect(hiddenEdges({ scrollLeft: 200, scrollWidth: 900, clientWidth: 350 })).toEqual({ start: true, end: true });
    expect(hiddenEdges({ scrollLeft: 550, scrollWidth: 900, clientWidth: 350 })).toEqual({ start: true, end: false });
    // Right to left: scrollLeft runs from 0 to minus the range.
    expect(hiddenEdges({ scrollLeft: -550, scrollWidth: 900, clientWidth: 350 })).toEqual({ start: true, end: false });
    expect(hiddenEdges({ scrollLeft: 0, scrollWidth: 350, clientWidth: 350 })).toEqual({ start: false, end: false });
    // Half a pixel of rounding is not more content.
    expect(hiddenEdges({ scrollLeft: 549.5, scrollWidth: 900, clientWidth: 350 })).toEqual({ start: true, end: false });
  });

  it('says "Scroll sideways for more" and shades the edge that hides columns; scrolled to the end, the other edge', async () => {
    laidOut(900, 350);
    renderInApp(<ScrollTable>{table}</ScrollTable>);
    const hint = await screen.findByTestId('scroll-hint');
    expect(hint.textContent).toBe('Scroll sideways for more');
    expect(screen.getByTestId('scroll-shade-end')).toBeTruthy();
    expect(screen.queryByTestId('scroll-shade-start')).toBeNull();
    // The table and its action keep their names.
    expect(screen.getByRole('table', { name: 'Wide' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Edit' })).toBeTruthy();

    const scroller = screen.getByRole('table').parentElement!;
    act(() => {
      scroller.scrollLeft = 550;
      scroller.dispatchEvent(new Event('scroll'));
    });
    expect(screen.getByTestId('scroll-shade-start')).toBeTruthy();
    expect(screen.queryByTestId('scroll-shade-end')).toBeNull();
    expect(screen.getByTestId('scroll-hint')).toBeTruthy();
  });

  it('says nothing where the table fits', () => {
    laidOut(600, 600);
    renderInApp(<ScrollTable>{table}</ScrollTable>);
    expect(screen.getByRole('table', { name: 'Wide' })).toBeTruthy();
    expect(screen.queryByTestId('scroll-hint')).toBeNull();
    expect(screen.queryByTestId('scroll-shade-end')).toBeNull();
    expect(screen.queryByTestId('scroll-shade-start')).toBeNull();
  });
});
