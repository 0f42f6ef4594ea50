/**
 * Validation of the OTA documents the app sends, by a tool no one here wrote: `xmllint --schema`
 * against the official OpenTravel 2015A files vendored in tests/fixtures/ota/2015A (unmodified).
 * Many documents are checked in one xmllint run (the schemas are parsed once).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export type OtaMessage = 'OTA_HotelAvailNotifRQ' | 'OTA_HotelDescriptiveInfoRS';

const SCHEMAS = join(import.meta.dirname, '../fixtures/ota/2015A');

/** xmllint's complaints about each document (one entry per invalid document, with its index); [] when all are valid. */
export function otaProblems(message: OtaMessage, documents: readonly string[]): string[] {
  if (!documents.length) return [];
  const dir = mkdtempSync(join(tmpdir(), 'ota-'));
  try {
    const files = documents.map((xml, i) => {
      const file = join(dir, `${i}.xml`);
      writeFileSync(file, xml);
      return file;
    });
    const run = spawnSync('xmllint', ['--noout', '--schema', join(SCHEMAS, `${message}.xsd`), ...files], {
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    });
    if (run.error) throw run.error;
    if (run.status === 0) return [];
    const problems: string[] = [];
    for (const [i, file] of files.entries()) {
      const lines = run.stderr.split('\n').filter((l) => l.startsWith(`${file}:`) || l === `${file} fails to validate`);
      if (lines.some((l) => l.endsWith('fails to validate'))) problems.push(`document ${i}:\n${lines.join('\n')}`);
    }
    // A failure that names no document (the schema itself, xmllint missing a file) is a failure too.
    return problems.length ? problems : [run.stderr.trim() || `xmllint exited with ${String(run.status)}`];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Throws with xmllint's message unless the document is valid against the official schema of its message. */
export function assertValidOta(message: OtaMessage, xml: string): void {
  const problems = otaProblems(message, [xml]);
  if (problems.length)
    throw new Error(
      `${message} is not valid against the official OTA 2015A schema:\n${problems.join('\n')}\n--- document ---\n${xml.slice(0, 4000)}`,
    );
}

/** The OTA message a document is (its root element), if it is one this app sends. */
export function otaMessageOf(xml: string): OtaMessage | undefined {
  const root = /<(OTA_[A-Za-z]+)[\s>]/.exec(xml)?.[1];
  return root === 'OTA_HotelAvailNotifRQ' || root === 'OTA_HotelDescriptiveInfoRS' ? root : undefined;
}
