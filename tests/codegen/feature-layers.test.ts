import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/** feature-layers.json (issue 26 §2): the allowed direction between server features, read by eslint.config.js. */
const root = path.resolve(import.meta.dirname, '../..');
const features = path.join(root, 'src/server/features');
const layers = JSON.parse(readFileSync(path.join(root, 'feature-layers.json'), 'utf8')) as {
  server: string[];
  allowedUpward: { from: string; to: string; why: string }[];
};
const onDisk = readdirSync(features).filter((name) => statSync(path.join(features, name)).isDirectory());

describe('feature layering', () => {
  it('places every server feature folder once', () => {
    expect(onDisk.filter((name) => !layers.server.includes(name))).toEqual([]);
    expect(layers.server.filter((name, i) => layers.server.indexOf(name) !== i)).toEqual([]);
  });

  it('allows an upward import only into a file that exists, from a lower feature, with a reason', () => {
    for (const u of layers.allowedUpward) {
      const to = u.to.split('/')[0];
      expect(existsSync(path.join(features, u.to)), `${u.to} (drop the entry once the file has moved)`).toBe(true);
      expect(layers.server.indexOf(u.from)).toBeLessThan(layers.server.indexOf(to));
      expect(u.why.length).toBeGreaterThan(0);
    }
  });
});
