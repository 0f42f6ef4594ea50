import { useEffect } from 'react';
import { replayEarlyInput } from '../platform/early-input';

/**
 * Beside each route's page, inside its part of the tree: its effect runs once that part has
 * hydrated (the page's chunk is in), when the page's fields answer to React.
 */
export function EarlyInputReplay() {
  useEffect(() => replayEarlyInput(document.getElementById('root') ?? document), []);
  return null;
}
