import { badRequest, fieldError, notFound } from '../plugins/errors.js';
import { issuesToTree, listIssuesToTree, type Issue, type Words } from '../../shared/validation-messages.js';
import { translatorOf } from '../i18n/index.js';
import type { UploadedFile } from './multipart.js';

/**
 * Bounds every request keeps, whatever its schema says, so that both databases see the same
 * input (PostgreSQL refuses what SQLite would store): ids fit a 32-bit integer column, text never
 * holds NUL, documents are never nested deeper than any form. Integers of bodies and queries are
 * bounded in the schemas (`common/defs` id and count); these are the checks a schema cannot make.
 */
export const MAX_ID = 2_147_483_647;
export const MAX_DEPTH = 32;

export const NUL_MESSAGE = 'Remove the NUL character (\\u0000): text may not contain it.';

interface Problem {
  path: string[];
  message: string;
}

/** A node of the walk: its value, and how it was reached (the path is spelt out only for a problem). */
interface Step {
  node: unknown;
  parent: Step | undefined;
  key: string;
  depth: number;
}

function pathOf(step: Step): string[] {
  const path: string[] = [];
  for (let s: Step | undefined = step; s?.parent; s = s.parent) path.push(s.key);
  return path.reverse();
}

/** The first NUL (in a value or a key), infinite number or excess nesting in a document, walked without recursion. */
export function inputProblem(value: unknown): Problem | undefined {
  const stack: Step[] = [{ node: value, parent: undefined, key: '', depth: 0 }];
  while (stack.length) {
    const step = stack.pop()!;
    const { node } = step;
    if (typeof node === 'string') {
      if (node.includes('\0')) return { path: pathOf(step), message: NUL_MESSAGE };
      continue;
    }
    // Coercing "1e400" from a query or form field gives Infinity, which ajv's bounds let through.
    if (typeof node === 'number' && !Number.isFinite(node))
      return { path: pathOf(step), message: 'Enter a number within range.' };
    if (!node || typeof node !== 'object') continue;
    if (step.depth >= MAX_DEPTH)
      return { path: [], message: `The document is nested more than ${MAX_DEPTH} levels deep.` };
    for (const [key, child] of Object.entries(node)) {
      if (key.includes('\0'))
        return { path: pathOf(step), message: 'A field name contains a NUL character (\\u0000).' };
      stack.push({ node: child, parent: step, key, depth: step.depth + 1 });
    }
  }
  return undefined;
}

/**
 * Throw the 400 for a document holding NUL or nested too deeply, naming the field (a list body
 * names the row, as the list's own errors do, in the language of `words`).
 */
export function checkInput(value: unknown, itemLabel?: () => string, words: Words = translatorOf('en')): void {
  const problem = inputProblem(value);
  if (!problem) return;
  const issue: Issue = { path: problem.path, message: problem.message, custom: true };
  throw badRequest(
    Array.isArray(value) && problem.path.length
      ? listIssuesToTree([issue], itemLabel?.() ?? 'Item', words)
      : issuesToTree([issue]),
  );
}

/** Uploaded file names: shown and stored (a photo's default name), so the same rule as text. */
export function checkFileNames(files: readonly UploadedFile[]): void {
  const bad = files.find((f) => f.filename.includes('\0') || f.field.includes('\0'));
  if (bad)
    throw fieldError(
      bad.field.replace(/\0/g, ''),
      `The file name "${bad.filename.replace(/\0/g, '')}" contains a NUL character (\\u0000); rename the file.`,
    );
}

/** A path id: a positive whole number that fits the id columns; anything else names nothing (404). */
export function pathId(value: string): number {
  if (!/^[1-9]\d{0,9}$/.test(value)) throw notFound();
  const id = Number(value);
  if (id > MAX_ID) throw notFound();
  return id;
}
