import { startTransition, useEffect, useState, type ReactNode } from 'react';

type Job = () => void;

const queue: Job[] = [];
let running = false;

/** Run the next mount once the one before has committed (one at a time, never piling up). */
function next(): void {
  const job = queue.shift();
  running = !!job;
  job?.();
}

function schedule(job: Job): () => void {
  queue.push(job);
  if (!running) {
    running = true;
    // After the tab's first paint.
    requestAnimationFrame(() => setTimeout(next, 0));
  }
  return () => {
    const at = queue.indexOf(job);
    if (at >= 0) queue.splice(at, 1);
  };
}

/** Mounts still waiting (the bench and tests wait for none). */
export const pendingMounts = (): number => queue.length;

/**
 * Cards below the first screenful mount right after the tab's first paint, one at a time and in
 * order, each in a transition (typing and clicks stay responsive; leaving the tab drops the
 * rest): the tab shows at once and the rest fills in within a few frames. `eager` ones mount
 * with the tab.
 */
export function Deferred({
  eager,
  placeholder,
  children,
}: {
  eager: boolean;
  placeholder: ReactNode;
  children: ReactNode;
}) {
  const [waiting, setWaiting] = useState(!eager);
  useEffect(() => {
    if (!waiting) return undefined;
    let started = false;
    const cancel = schedule(() => {
      started = true;
      startTransition(() => setWaiting(false));
    });
    return () => {
      cancel();
      // This card committed (or left with its tab): the next one may mount, in a task of its own.
      if (started) setTimeout(next, 0);
    };
  }, [waiting]);
  return waiting ? placeholder : children;
}
