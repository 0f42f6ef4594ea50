/** A multipart/form-data body built by hand, so tests control every byte (file names, types). */
export interface Part {
  name: string;
  value: string | Buffer;
  filename?: string;
  contentType?: string;
}

export function multipart(parts: Part[]): { body: Buffer; headers: Record<string, string> } {
  const boundary = `----ananas${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const disposition = `form-data; name="${p.name}"${p.filename !== undefined ? `; filename="${p.filename}"` : ''}`;
    const head = `--${boundary}\r\nContent-Disposition: ${disposition}\r\n${p.filename !== undefined ? `Content-Type: ${p.contentType ?? 'application/octet-stream'}\r\n` : ''}\r\n`;
    chunks.push(Buffer.from(head), Buffer.isBuffer(p.value) ? p.value : Buffer.from(p.value), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
