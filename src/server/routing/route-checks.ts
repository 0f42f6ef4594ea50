import type { RouteDef } from '../../shared/bundle-types.js';
import { forbidden, notAuthenticated, notFound } from '../plugins/errors.js';
import type { AuthContext } from './auth-context.js';
import { pathId } from './input-bounds.js';

/** What the router checks of a call from its route's table entry alone: path values, access, the property it names. */

const POSITIVE_INT = /^[1-9]\d{0,15}$/;

export function parseParams(route: RouteDef, raw: Record<string, string>): Record<string, number | string> {
  const out: Record<string, number | string> = {};
  for (const [name, value] of Object.entries(raw)) {
    if ((route.params?.[name] ?? 'integer') === 'integer') {
      // A non-numeric or out-of-range id names nothing that exists: 404, as a URL pattern would.
      out[name] = pathId(value);
    } else if (value.includes('\0')) throw notFound();
    else out[name] = value;
  }
  return out;
}

export function checkAccess(route: RouteDef, auth: AuthContext | null): void {
  if (route.access === 'public') return;
  if (!auth) throw notAuthenticated();
  if (route.access === 'staff' && !auth.user.isStaff) throw forbidden();
  if (route.access === 'manager' && !auth.isOwner) throw forbidden('Only the account owner may do this.');
  if (route.accountType && auth.user.accountType !== route.accountType) {
    throw forbidden(`This is for ${route.accountType === 'to' ? 'tour operator' : 'accommodation'} accounts.`);
  }
  if (route.permission && !auth.can(route.permission)) {
    throw forbidden(
      `You need the "${route.permission.replace(/_/g, ' ')}" permission for this: ask your account's owner to grant it (Team).`,
    );
  }
}

export function propertyIdOf(
  route: RouteDef,
  params: Record<string, unknown>,
  query: unknown,
  body: unknown,
): number | undefined {
  if (!route.property) return undefined;
  const source = route.property.in === 'path' ? params : route.property.in === 'query' ? query : body;
  const value = (source as Record<string, unknown> | undefined)?.[route.property.name];
  if (Array.isArray(source) && route.property.in === 'body') return undefined;
  return typeof value === 'number'
    ? value
    : typeof value === 'string' && POSITIVE_INT.test(value)
      ? Number(value)
      : undefined;
}
