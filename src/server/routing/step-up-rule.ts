import type { RouteDef } from '../../shared/bundle-types.js';

/**
 * Whether a call of this route needs a fresh proof (routes.json `stepUp`), from its validated
 * body. `true`: every call. `{unless}`: every call but one whose body has, for each field named,
 * one of the values listed; a field left out (or a body that is no object) reads as null, so a
 * value nobody thought of is guarded, never let through.
 */
export function needsStepUp(route: Pick<RouteDef, 'stepUp'>, body: unknown): boolean {
  const rule = route.stepUp;
  if (!rule) return false;
  if (rule === true) return true;
  const fields =
    body !== null && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
  const exempt = Object.entries(rule.unless).every(([name, values]) =>
    values.some((v) => v === (fields[name] ?? null)),
  );
  return !exempt;
}
