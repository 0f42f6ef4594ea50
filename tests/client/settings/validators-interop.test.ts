import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

/**
 * The precompiled validators import ajv's CommonJS runtime helpers (ucs2length for string
 * lengths). Node, and the production bundle (Node-mode interop), hand a default import the whole
 * exports object; the generated code must work there too, not only under the test transform.
 */
describe('generated validators under Node module semantics', () => {
  it('count string lengths (maxLength) instead of failing', () => {
    const script = `import('./src/shared/generated/forms/mailing-contact.validators.js').then((m) => {
      const ok = m.validateSave({ mailingList: 1, name: 'Ana', emailAddress: 'ana@example.com' });
      const long = m.validateSave({ mailingList: 1, name: 'x'.repeat(151), emailAddress: 'ana@example.com' });
      process.stdout.write(JSON.stringify([ok, long, m.validateSave.errors[0].keyword]));
    })`;
    const out = execFileSync(process.execPath, ['-e', script], { cwd: process.cwd(), encoding: 'utf8' });
    expect(JSON.parse(out)).toEqual([true, false, 'maxLength']);
  });
});
