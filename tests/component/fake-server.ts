import { vi } from 'vitest';

/** Answers a call from its JSON body and its URL (a query the component sent: `url.searchParams`), at once or later. */
type Handler = (body: unknown, url: URL) => unknown;

/** What the component's own calls (the app's typed client: option lists, currencies) are answered with. */
const answers = new Map<string, Handler>();
/** Every call the component made, as "METHOD /path". */
export const calls: string[] = [];

/** Answer `METHOD /path` (no query) with this JSON (or this Response: a refusal) from now on in this test. */
export function answer(method: string, path: string, json: unknown | Handler): void {
  answers.set(`${method} ${path}`, typeof json === 'function' ? (json as Handler) : () => json);
}

export function resetServer(): void {
  answers.clear();
  calls.length = 0;
}

const parseJson = (text: string): unknown => (text ? (JSON.parse(text) as unknown) : undefined);

/**
 * The page's fetch in component tests: the API client takes the global fetch once, when its module
 * loads, so this stands in from the set-up on and answers from `answer`; anything else is a 404.
 */
export const fakeFetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
  const request = input instanceof Request ? input : new Request(input, init);
  const key = `${request.method} ${new URL(request.url).pathname}`;
  calls.push(key);
  const handler = answers.get(key);
  // A multipart body (an upload) is handed over as its FormData, any other as its JSON.
  const multipart = request.headers.get('content-type')?.startsWith('multipart/form-data');
  const body: unknown = multipart ? await request.formData() : await request.text().then(parseJson);
  if (!handler) return Response.json({ detail: 'Not found.' }, { status: 404 });
  // A handler may answer later (a Promise): a test holds an answer back to order answers.
  const result = await handler(body, new URL(request.url));
  return result instanceof Response ? result : Response.json(result);
});
