import { startTransition, useEffect, useState, type ReactNode } from 'react';

type Job = () => void;

const queue: Job[] = [];
let pumping = false;

/** One deferred mount per task, after the first paint, so typing and scrolling stay responsive. */
function pump(): void {
  const job = queue.shift();
  if (!job) {
    pumping = false;
    return;
  }
  job();
  setTimeout(pump, 0);
}

function schedule(job: Job): () => void {
  queue.push(job);
  if (!pumping) {
    pumping = true;
    requestAnimationFrame(() => setTimeout(pump, 0));
  }
  return () => {
    const at = queue.indexOf(job);
    if (at >= 0) queue.splice(at, 1);
  };
}

/** Mounts still waiting (the bench and tests wait for none). */
export const pendingMounts = (): number => queue.length;

/**
 * Cards below the first screenful mount right after the tab's first paint, one per task, in
 * order: the tab shows at once and the rest fills in within a few frames. `eager` ones mount
 * with the tab.
 */
export function Deferred({ eager, placeholder, children }: { eager: boolean; placeholder: ReactNode; children: ReactNode }) {
  const [ready, setReady] = useState(eager);
  useEffect(() => {
    if (ready) return undefined;
    return schedule(() => startTransition(() => setReady(true)));
  }, [ready]);
  return ready ? children : placeholder;
}
