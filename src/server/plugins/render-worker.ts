import { Worker } from 'node:worker_threads';
import type { ServerFetch, ServerRenderHead, ServerRenderResult } from '../../shared/server-render.js';

/**
 * The server's render runs in a worker thread of its own, with its own heap and a bound on it:
 * measured in the server's own thread, 600 renders of the portfolio left V8 holding about 150 MB
 * more heap than it used (and RSS some 300 MB over the server's at rest), and each render held
 * the event loop for its 25-30 ms, every API call waiting behind it. A worker that runs out of its
 * heap ends, its renders answer null (index.html), and the next render starts a new one.
 */
const HEAP_LIMITS = { maxOldGenerationSizeMb: 96, maxYoungGenerationSizeMb: 8 };

/**
 * The worker's program (CommonJS, evaluated: no file to find beside a bundled server). It loads
 * the bundle at its first render and renders one request at a time, the API calls of a render
 * sent to the server's thread, which answers them in process.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const { pathToFileURL } = require('node:url');
let bundle;
let asked = 0;
const answers = new Map();
const load = () => (bundle ??= import(pathToFileURL(workerData.entry).href));
async function fetchInMain(renderId, request) {
  const id = ++asked;
  const body = request.body ? new Uint8Array(await request.arrayBuffer()) : undefined;
  const answer = await new Promise((resolve) => {
    answers.set(id, resolve);
    parentPort.postMessage({ type: 'fetch', id, renderId, method: request.method, url: request.url, headers: [...request.headers], body });
  });
  return new Response(answer.body, { status: answer.status, headers: answer.headers });
}
let turn = Promise.resolve();
parentPort.on('message', (message) => {
  if (message.type === 'answer') {
    answers.get(message.id)?.(message);
    answers.delete(message.id);
    return;
  }
  turn = turn.then(async () => {
    try {
      const rendering = await load();
      const page = rendering.rendersPath(message.pathname)
        ? await rendering.renderPage({
            url: message.url,
            cookie: message.cookie,
            fetch: (request) => fetchInMain(message.id, request),
            head: (head) => parentPort.postMessage({ type: 'head', id: message.id, head }),
          })
        : null;
      parentPort.postMessage({ type: 'done', id: message.id, page });
    } catch (error) {
      parentPort.postMessage({ type: 'done', id: message.id, error: String((error && error.stack) || error) });
    }
  });
});
`;

interface FetchMessage {
  type: 'fetch';
  id: number;
  /** The render the call belongs to. */
  renderId: number;
  method: string;
  url: string;
  headers: [string, string][];
  body?: Uint8Array;
}

interface HeadMessage {
  type: 'head';
  id: number;
  head: ServerRenderHead;
}

interface DoneMessage {
  type: 'done';
  id: number;
  page?: ServerRenderResult | null;
  error?: string;
}

export interface RenderAsk {
  url: string;
  pathname: string;
  cookie: string | undefined;
  /** The render's API calls, answered for the visitor whose page it is. */
  fetch: ServerFetch;
  /** Told when the render goes ahead, with the page's language (ServerRenderRequest's head). */
  head?: (head: ServerRenderHead) => void;
}

/** A render, or its failure (with what the worker said), or null: not the server's to render. */
export type RenderOutcome = { page: ServerRenderResult | null } | { error: string };

/** A render in the worker's hands: what answers its calls, hears its head and takes its outcome. */
interface InFlight extends Pick<RenderAsk, 'fetch' | 'head'> {
  done: (outcome: RenderOutcome) => void;
}

/**
 * The worker, started at the first render and again after one ended; renders take turns in it.
 * `stop()` ends it (the app's close).
 */
export function renderWorker(entry: string): { render(ask: RenderAsk): Promise<RenderOutcome>; stop(): Promise<void> } {
  let worker: Worker | undefined;
  let next = 0;
  // Renders in the worker's hands, by id: each one's fetch answers its calls.
  const inFlight = new Map<number, InFlight>();

  const start = (): Worker => {
    const started = new Worker(WORKER_SOURCE, { eval: true, workerData: { entry }, resourceLimits: HEAP_LIMITS });
    started.unref();
    started.on('message', (message: FetchMessage | HeadMessage | DoneMessage) => {
      if (message.type === 'head') {
        inFlight.get(message.id)?.head?.(message.head);
        return;
      }
      if (message.type === 'done') {
        const render = inFlight.get(message.id);
        inFlight.delete(message.id);
        render?.done(message.error === undefined ? { page: message.page ?? null } : { error: message.error });
        return;
      }
      void answer(started, message);
    });
    const ended = (why: string) => {
      if (worker === started) worker = undefined;
      for (const [id, render] of inFlight) {
        inFlight.delete(id);
        render.done({ error: why });
      }
    };
    started.on('error', (error) => ended(`the render worker failed: ${error.message}`));
    started.on('exit', (code) => ended(`the render worker ended (exit code ${code})`));
    return started;
  };

  async function answer(to: Worker, message: FetchMessage): Promise<void> {
    const render = inFlight.get(message.renderId);
    let status = 502;
    let headers: [string, string][] = [];
    let body: Uint8Array | null = null;
    // A call that throws answers 502 to the render (which then gives index.html), never an
    // unhandled rejection in the server's thread.
    try {
      if (render) {
        const response = await render.fetch(
          new Request(message.url, {
            method: message.method,
            headers: message.headers,
            ...(message.body ? { body: new Uint8Array(message.body) } : {}),
          }),
        );
        status = response.status;
        headers = [...response.headers];
        body = status === 204 ? null : new Uint8Array(await response.arrayBuffer());
      }
    } catch {
      status = 502;
      headers = [];
      body = null;
    }
    to.postMessage({ type: 'answer', id: message.id, status, headers, body });
  }

  return {
    render(ask) {
      worker ??= start();
      const id = ++next;
      return new Promise<RenderOutcome>((done) => {
        inFlight.set(id, { fetch: ask.fetch, ...(ask.head ? { head: ask.head } : {}), done });
        worker!.postMessage({ type: 'render', id, url: ask.url, pathname: ask.pathname, cookie: ask.cookie });
      });
    },
    async stop() {
      const running = worker;
      worker = undefined;
      await running?.terminate();
    },
  };
}
