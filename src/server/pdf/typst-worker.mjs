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
const compiler = typst.NodeCompiler.create({
  workspace: setup.templates,
  fontArgs: [{ fontBlobs: setup.fonts.map((f) => readFileSync(f)) }],
});

/** The compiler's error: its diagnostics are in `code`. @param {unknown} e */
const message = (e) =>
  e && typeof e === 'object' && 'code' in e && e.code
    ? String(e.code)
    : e instanceof Error && e.message
      ? e.message
      : 'the document did not compile';

/**
 * @param {import('./typst-protocol.js').CompileRequest} request
 * @returns {import('./typst-protocol.js').CompileReply}
 */
function compile(request) {
  const assets = request.images.map((image) => ({
    file: path.join(setup.templates, 'assets', image.name),
    body: image.body,
  }));
  try {
    for (const a of assets)
      compiler.mapShadow(a.file, Buffer.from(a.body.buffer, a.body.byteOffset, a.body.byteLength));
    // Compiled and written in one call: a compiled document handed to JavaScript (compile())
    // is never freed by the package (about 18 MB a full sheet).
    const pdf = compiler.pdf(
      { mainFilePath: path.join(setup.templates, `${request.template}.typ`), inputs: { data: request.data } },
      { creationTimestamp: request.timestamp, pdfTags: request.tagged },
    );
    return { id: request.id, pdf };
  } catch (e) {
    return { id: request.id, error: message(e) };
  } finally {
    // Nothing of this document stays for the next one. The compiler's memo keeps what the last
    // setup.memoPrints documents used (a chart with one day changed lays out in half the time, a
    // sheet with one fact changed in a third) and nothing older: about 35 MB a fact sheet.
    for (const a of assets) compiler.unmapShadow(a.file);
    compiler.evictCache(setup.memoPrints);
  }
}

parentPort?.on('message', (request) => parentPort?.postMessage(compile(request)));
