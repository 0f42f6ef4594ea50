/**
 * The first of `supported` an Accept-Language header asks for (RFC 9110 12.5.4): ranges by
 * weight (q=0 refuses), a range matching a language or its subtags ("es-ES" and "es" ask for
 * es), "*" any; undefined when none is acceptable or there is no header.
 */
export function acceptedLanguage<T extends string>(header: string | undefined, supported: readonly T[]): T | undefined {
  if (!header) return undefined;
  const ranges = header
    .split(',')
    .map((part, order) => {
      const [range, ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const weight = q ? Number(q.slice(2)) : 1;
      return { range: (range ?? '').trim().toLowerCase(), weight: Number.isFinite(weight) ? weight : 0, order };
    })
    .filter((r) => r.range && r.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.order - b.order);
  for (const { range } of ranges) {
    if (range === '*') return supported[0];
    const found = supported.find((s) => range === s.toLowerCase() || range.startsWith(`${s.toLowerCase()}-`));
    if (found) return found;
  }
  return undefined;
}
