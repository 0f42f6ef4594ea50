import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';
import typst from '@myriaddreamin/typst-ts-node-compiler';
import type { CompileReply, CompileRequest, WorkerSetup } from './typst-protocol.js';

/**
 * The Typst compiler's thread: one compiler for the life of the thread (fonts loaded once, its
 * memo kept between documents), compiling one document at a time, so the server's event loop
 * never waits on a layout.
 */
const setup = workerData as WorkerSetup;
const compiler = typst.NodeCompiler.create({ workspace: setup.templates, fontArgs: [{ fontBlobs: setup.fonts.map((f) => readFileSync(f)) }] });

function diagnostics(error: { shortDiagnostics: unknown[] } | null): string {
  const list = (error?.shortDiagnostics ?? []) as { message?: string; path?: string }[];
  return list.map((d) => `${d.message ?? 'error'}${d.path ? ` (${path.basename(d.path)})` : ''}`).join('; ') || 'the document did not compile';
}

function compile(request: CompileRequest): CompileReply {
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

parentPort!.on('message', (request: CompileRequest) => {
  parentPort!.postMessage(compile(request));
});
