import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Middleware } from 'openapi-fetch';
import { onStepUp, stepUpMiddleware } from '../../src/client/api/step-up';

/**
 * The step-up dialog loads in a chunk of its own (app/shell/shell-dialogs-lazy.ts): a change
 * refused in the first moment after a page load, before the dialog registered, waits for it and
 * is sent again once proved, rather than failing as if the user had cancelled (the browser test
 * of a stale session's e-mail change failed so).
 */
const refused = () =>
  new Response(JSON.stringify({ code: 'step_up_required', proof: 'password' }), {
    status: 403,
    headers: { 'content-type': 'application/json' },
  });

async function refusedChange(middleware: Middleware): Promise<Response | undefined> {
  const request = new Request('http://portal.test/api/auth/users/set_email/', { method: 'POST', body: '{}' });
  const options = {} as never;
  await middleware.onRequest!({ request, id: 'r1', schemaPath: '', params: {}, options });
  return (await middleware.onResponse!({
    request,
    response: refused(),
    id: 'r1',
    schemaPath: '',
    params: {},
    options,
  })) as Response | undefined;
}

describe('a change refused for want of a proof before the dialog is there', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('waits for the dialog to register, asks it, and sends the change again', async () => {
    const sent = vi.fn(async () => new Response('{}', { status: 200 }));
    vi.stubGlobal('fetch', sent);
    const answer = refusedChange(stepUpMiddleware());
    await new Promise((r) => setTimeout(r, 20));
    const asked = vi.fn(async () => true);
    const off = onStepUp(asked);
    const response = await answer;
    off();
    expect(asked).toHaveBeenCalledWith('password');
    expect(sent).toHaveBeenCalledTimes(1);
    expect(response?.status).toBe(200);
  });

  it('answers "cancelled" when the user cancels the dialog', async () => {
    const sent = vi.fn(async () => new Response('{}', { status: 200 }));
    vi.stubGlobal('fetch', sent);
    const off = onStepUp(async () => false);
    const response = await refusedChange(stepUpMiddleware());
    off();
    expect(sent).not.toHaveBeenCalled();
    expect(response?.status).toBe(403);
  });
});
