import type { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { OperationId, Operations } from '../../shared/generated/operations.js';
import type { AuthContext, ScopedProperty } from './auth-context.js';
import type { UploadedFile } from './multipart.js';

/** What a handler receives: validated input typed from the schemas, and the caller. */
export interface Ctx<Op extends OperationId> {
  params: Operations[Op]['params'];
  query: Operations[Op]['query'];
  body: Operations[Op]['body'];
  /** null only on public routes called without a (valid) token. */
  auth: AuthContext | null;
  req: FastifyRequest;
  reply: FastifyReply;
  /** The caller's address (for throttling and the audit trail). */
  ip: string;
  /** Files of a multipart/form-data body (empty otherwise). */
  files: UploadedFile[];
  /** The property of a property-scoped call, checked visible to the caller. */
  property: ScopedProperty | undefined;
}

/** The signed-in caller of a non-public route (the router guarantees it). */
export function caller(ctx: Pick<Ctx<OperationId>, 'auth'>): AuthContext {
  if (!ctx.auth) throw new Error('caller() on a public route without a token');
  return ctx.auth;
}

export type Reply<T> =
  | { status: number; body: T }
  /**
   * Already-serialized JSON (hot paths concatenate stored documents). The router completes it
   * to the route's response schema (parse, complete, serialize) unless `shaped` says the
   * handler built it complete already (with services.schemas.completeJson).
   */
  | { status: number; json: string; shaped?: boolean }
  /** A file; `filename` (download-name.ts) is sent in Content-Disposition in ASCII and in full. */
  | { status: number; file: Buffer | Readable; contentType: string; filename?: string }
  | { status: 204 };

export type Handler<Op extends OperationId> = (ctx: Ctx<Op>) => Promise<Reply<Operations[Op]['response']>>;

export type HandlerMap = { [Op in OperationId]?: Handler<Op> };

export const ok = <T>(body: T): Reply<T> => ({ status: 200, body });
export const created = <T>(body: T): Reply<T> => ({ status: 201, body });
export const noContent = (): { status: 204 } => ({ status: 204 });
