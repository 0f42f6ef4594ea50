import type { Middleware } from 'openapi-fetch';
import { translate } from '../i18n/current';

/** The code of the server's 403 for a sensitive change without a fresh proof (features/auth/step-up.ts). */
export const STEP_UP_REQUIRED = 'step_up_required';

export type StepUpProof = 'password' | 'code';

/**
 * Who asks the user for the proof. The API middleware lives outside React; the dialog in the
 * providers registers here, and answers true once the server took a proof (false: cancelled).
 */
type Asker = (proof: StepUpProof) => Promise<boolean>;
let asker: Asker | null = null;
/** One ask at a time: parallel refused calls wait for the same dialog. */
let pending: Promise<boolean> | null = null;
/** Calls refused before the dialog registered, waiting for it (it loads in a chunk of its own). */
let waiting: ((next: Asker) => void)[] = [];
/** How long a refused call waits for the dialog to load before it counts as cancelled. */
const DIALOG_WAIT_MS = 15_000;

export function onStepUp(next: Asker): () => void {
  asker = next;
  const woken = waiting;
  waiting = [];
  for (const wake of woken) wake(next);
  return () => {
    if (asker === next) asker = null;
  };
}

/**
 * The dialog, once it is there: a change sent in the first moment after a page load (before the
 * shell's dialog chunk arrived) waits for it rather than failing as if the user had cancelled.
 */
function registered(): Promise<Asker | null> {
  if (asker) return Promise.resolve(asker);
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      waiting = waiting.filter((w) => w !== wake);
      resolve(null);
    }, DIALOG_WAIT_MS);
    const wake = (next: Asker) => {
      clearTimeout(timer);
      resolve(next);
    };
    waiting.push(wake);
  });
}

function ask(proof: StepUpProof): Promise<boolean> {
  pending ??= registered()
    .then((dialog) => (dialog ? dialog(proof) : false))
    .finally(() => {
      pending = null;
    });
  return pending;
}

/** What a cancelled confirmation answers, in the interface's language at that moment. */
const cancelled = () => ({ detail: translate('shell.step_up_cancelled') });

async function stepUpAsked(response: Response): Promise<StepUpProof | undefined> {
  if (response.status !== 403) return undefined;
  try {
    const body = (await response.clone().json()) as { code?: unknown; proof?: unknown };
    if (body.code !== STEP_UP_REQUIRED) return undefined;
    return body.proof === 'code' ? 'code' : 'password';
  } catch {
    return undefined;
  }
}

/**
 * A change refused for want of a fresh proof asks for it in a dialog and is sent again as it
 * was (the request is copied before it goes out, since its body can be read once). Cancelled:
 * the call fails with a plain message instead of the server's code.
 */
export function stepUpMiddleware(): Middleware {
  const copies = new Map<string, Request>();
  return {
    onRequest({ request, id }) {
      if (request.method !== 'GET' && request.method !== 'HEAD') copies.set(id, request.clone());
      return undefined;
    },
    async onResponse({ response, id }) {
      const copy = copies.get(id);
      copies.delete(id);
      const proof = copy ? await stepUpAsked(response) : undefined;
      if (!copy || !proof) return undefined;
      if (!(await ask(proof)))
        return new Response(JSON.stringify(cancelled()), {
          status: 403,
          headers: { 'content-type': 'application/json' },
        });
      return fetch(copy);
    },
    onError({ id }) {
      copies.delete(id);
      return undefined;
    },
  };
}
