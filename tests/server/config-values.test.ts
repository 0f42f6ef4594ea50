/**
 * Settings read from the environment (config-values.ts): a number is written in digits (a
 * duration may have one decimal point); what Number() alone would have read as one ("0x10",
 * "1e3", "0b1", " 5", "Infinity") stops the start with the setting's name. MEMORY_TRIM_EVERY as
 * the example of a count that may be 0.
 */
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/server/config.js';

const start = (env: Record<string, string>) => loadConfig({ LOG_LEVEL: 'silent', ...env });

describe('numbers in settings', () => {
  it('takes digits, and a decimal point in a duration', () => {
    expect(start({ MEMORY_TRIM_EVERY: '5' }).memoryTrimEvery).toBe(5);
    expect(start({ MEMORY_TRIM_EVERY: '0' }).memoryTrimEvery).toBe(0);
    expect(start({}).memoryTrimEvery).toBe(20);
    expect(start({}).pgPreparedStatements).toBe(100);
    expect(start({ PG_PREPARED_STATEMENTS: '0' }).pgPreparedStatements).toBe(0);
    expect(start({ PORT: '8123' }).port).toBe(8123);
    expect(start({}).initInfoCacheBytes).toBe(64 * 1_048_576);
    expect(start({ INIT_INFO_CACHE_MB: '8' }).initInfoCacheBytes).toBe(8 * 1_048_576);
    expect(start({ INIT_INFO_CACHE_MB: '0' }).initInfoCacheBytes).toBe(0);
    expect(start({ SQLITE_CHECKPOINT_IDLE_SECONDS: '0.5' }).sqliteCheckpoints.idleMs).toBe(500);
  });

  for (const [name, value] of [
    ['MEMORY_TRIM_EVERY', '0x14'],
    ['MEMORY_TRIM_EVERY', '2e1'],
    ['MEMORY_TRIM_EVERY', ' 20'],
    ['MEMORY_TRIM_EVERY', '-1'],
    ['MEMORY_TRIM_EVERY', '10001'],
    ['PDF_CACHE_MB', '0b1'],
    ['INIT_INFO_CACHE_MB', '4097'],
    ['PG_PREPARED_STATEMENTS', '1e2'],
    ['PORT', '0x1F90'],
    ['SQLITE_CHECKPOINT_IDLE_SECONDS', '1e-1'],
    ['SQLITE_CHECKPOINT_IDLE_SECONDS', 'Infinity'],
    ['JOB_OUTAGE_RETRY_HOURS', '0x2'],
  ] as const) {
    it(`refuses ${name}=${JSON.stringify(value)}, naming the setting`, () => {
      expect(() => start({ [name]: value })).toThrow(ConfigError);
      expect(() => start({ [name]: value })).toThrow(name);
    });
  }
});
