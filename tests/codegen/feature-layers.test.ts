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

/** client-layers.json (issue 41 §1): the client's layers and page folders, read by eslint.config.js. */
const client = path.join(root, 'src/client');
const clientLayers = JSON.parse(readFileSync(path.join(root, 'client-layers.json'), 'utf8')) as {
  client: string[];
  allowedUpward: { from: string; to: string; why: string }[];
  pageInternals: { from: string; to: string; why: string }[];
};
const clientFolders = readdirSync(client).filter((name) => statSync(path.join(client, name)).isDirectory());

describe('client layering', () => {
  it('places every folder of src/client once', () => {
    expect(clientFolders.filter((name) => !clientLayers.client.includes(name))).toEqual([]);
    expect(clientLayers.client.filter((name, i) => clientLayers.client.indexOf(name) !== i)).toEqual([]);
  });

  it('allows an upward import only into a file that exists, from a lower layer, with a reason', () => {
    for (const u of clientLayers.allowedUpward) {
      expect(existsSync(path.join(client, u.to)), `${u.to} (drop the entry once the file has moved)`).toBe(true);
      expect(clientLayers.client.indexOf(u.from)).toBeGreaterThanOrEqual(0);
      expect(clientLayers.client.indexOf(u.from)).toBeLessThan(clientLayers.client.indexOf(u.to.split('/')[0]!));
      expect(u.why.length).toBeGreaterThan(0);
    }
  });

  it("names another page's inner file only when both page folders and the file exist, with a reason", () => {
    for (const u of clientLayers.pageInternals) {
      expect(existsSync(path.join(client, 'pages', u.from)), u.from).toBe(true);
      expect(existsSync(path.join(client, 'pages', u.to)), `${u.to} (drop the entry once the file has moved)`).toBe(
        true,
      );
      expect(u.to.split('/')[0]).not.toBe(u.from);
      expect(u.to.endsWith('/index.ts')).toBe(false);
      expect(u.why.length).toBeGreaterThan(0);
    }
  });
});
