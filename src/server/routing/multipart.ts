import type { FastifyRequest } from 'fastify';
import { badRequest, tooLarge } from '../plugins/errors.js';

export interface UploadedFile {
  field: string;
  /** As the browser sent it: for messages only, never used as a storage name. */
  filename: string;
  mimetype: string;
  data: Buffer;
}

export interface MultipartBody {
  /** A field sent more than once (a list: one part per item) is a list of its values. */
  fields: Record<string, string | string[]>;
  files: UploadedFile[];
}

export interface MultipartLimits {
  maxFileBytes: number;
  maxFiles: number;
}

/** Read a multipart form: text fields as strings (validated and coerced by the route's schema) and files in memory, within limits. */
export async function readMultipart(req: FastifyRequest, limits: MultipartLimits): Promise<MultipartBody> {
  if (!req.isMultipart()) throw badRequest('Send the form as multipart/form-data.');
  const fields: Record<string, string | string[]> = {};
  const files: UploadedFile[] = [];
  const parts = req.parts({
    limits: { fileSize: limits.maxFileBytes, files: limits.maxFiles, fields: 100, fieldSize: 100_000 },
  });
  try {
    await readParts(parts, fields, files, limits);
  } catch (error) {
    // A form without a boundary, or cut off before its closing boundary, is the sender's fault.
    if (error instanceof Error && /Multipart: |unexpected end of multipart data/i.test(error.message)) {
      throw badRequest('The form data is malformed or incomplete; send the form again.');
    }
    throw error;
  }
  return { fields, files };
}

async function readParts(
  parts: ReturnType<FastifyRequest['parts']>,
  fields: Record<string, string | string[]>,
  files: UploadedFile[],
  limits: MultipartLimits,
): Promise<void> {
  for await (const part of parts) {
    if (part.type === 'file') {
      const data = await part.toBuffer();
      if (part.file.truncated)
        throw tooLarge(`"${part.filename}" is larger than ${Math.round(limits.maxFileBytes / 1_048_576)} MB.`);
      if (data.length === 0 && !part.filename) continue;
      files.push({ field: part.fieldname, filename: part.filename, mimetype: part.mimetype, data });
    } else {
      const value = String(part.value);
      const seen = fields[part.fieldname];
      fields[part.fieldname] = seen === undefined ? value : Array.isArray(seen) ? [...seen, value] : [seen, value];
    }
  }
}
