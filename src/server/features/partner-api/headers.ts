import type { FastifyRequest } from 'fastify';

/** RFC 9111 Warning values (code 199, miscellaneous) for what a feed left out; ASCII quoted strings. */
export function warningHeader(warnings: readonly string[]): string | undefined {
  return warnings.length
    ? warnings.map((w) => `199 - "${w.replace(/[^\x20-\x7e]|["\\]/g, '')}"`).join(', ')
    : undefined;
}

export function headerOf(req: FastifyRequest, name: string): string | undefined {
  const v = req.headers[name];
  return typeof v === 'string' ? v : undefined;
}
