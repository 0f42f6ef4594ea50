// The Typst compiler's thread (see printer.ts). Plain JavaScript: a worker thread does not inherit
// the parent's TypeScript loader, and registering one in the thread costs a loader thread of its
// own; the messages are typed in typst-protocol.ts.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';
import typst from '@myriaddreamin/typst-ts-node-compiler';

/** @type {import('./typst-protocol.js').WorkerSetup} */
const setup = workerData;
// One compiler for the life of the thread: fonts loaded once, its memo kept between documents.
const compiler = typst.NodeCompiler.create({ workspace: setup.templates, fontArgs: [{ fontBlobs: setup.fonts.map((f) => readFileSync(f)) }] });

/** @param {{ shortDiagnostics: { message?: string, path?: string }[] } | null} error */
function diagnostics(error) {
  const list = error?.shortDiagnostics ?? [];
  return list.map((d) => `${d.message ?? 'error'}${d.path ? ` (${path.basename(d.path)})` : ''}`).join('; ') || 'the document did not compile';
}

/**
 * @param {import('./typst-protocol.js').CompileRequest} request
 * @returns {import('./typst-protocol.js').CompileReply}
 */
function compile(request) {
  const assets = request.images.map((image) => ({ file: path.join(setup.templates, 'assets', image.name), body: image.body }));
  try {
    for (const a of assets) compiler.mapShadow(a.file, Buffer.from(a.body.buffer, a.body.byteOffset, a.body.byteLength));
    const result = compiler.compile({ mainFilePath: path.join(setup.templates, `${request.template}.typ`), inputs: { data: request.data } });
    const document = result.result;
    if (!document || result.hasError()) return { id: request.id, error: diagnostics(result.takeError()) };
    return { id: request.id, pdf: compiler.pdf(document, { creationTimestamp: request.timestamp }) };
  } catch (e) {
    return { id: request.id, error: e instanceof Error ? e.message : String(e) };
  } finally {
    // Nothing of this document stays for the next one; old memo entries leave (the compiler's advice: 10).
    for (const a of assets) compiler.unmapShadow(a.file);
    compiler.evictCache(10);
  }
}

parentPort?.on('message', (request) => parentPort?.postMessage(compile(request)));
