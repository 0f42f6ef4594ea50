import type { PhotoWire } from '../../../shared/generated/wire-types';
import { tokenHeader } from '../../api/client';
import { ApiFailure, NETWORK_MESSAGE } from '../../api/errors';
import { reportUnauthorized } from '../../api/unauthorized';
import { sessionStore } from '../../session/session';
import type { Translate } from '../../i18n';

/** The multipart field of spec 001 §7 that carries the files. */
export const FILE_FIELD = 'imagesArray';

function parse(text: string): unknown {
  try {
    return text ? (JSON.parse(text) as unknown) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * POST one file to the gallery with XMLHttpRequest, the one browser call that reports upload
 * progress; the same token header as the api client, and a 401 reported the same way.
 * `onProgress` gets the bytes of the file sent so far.
 */
export function uploadPhoto(
  propertyId: number,
  file: File,
  onProgress: (loaded: number) => void,
  t: Translate,
): Promise<PhotoWire[]> {
  const token = sessionStore.current()?.token;
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `/api/facts/property/${propertyId}/gallery/create/`);
    if (token) xhr.setRequestHeader('Authorization', tokenHeader(token).Authorization);
    xhr.upload.onprogress = (e) => {
      // The multipart body is a little larger than the file: scale to the file.
      if (e.lengthComputable && e.total > 0) onProgress(Math.round((e.loaded / e.total) * file.size));
    };
    xhr.onload = () => {
      const body = parse(xhr.responseText);
      if (xhr.status === 201 && Array.isArray(body)) return resolve(body as PhotoWire[]);
      if (xhr.status === 401 && token) reportUnauthorized(token);
      reject(
        new ApiFailure(
          xhr.status,
          body ?? {
            detail: xhr.status === 413 ? t('gallery.file_too_large', { name: `\u2068${file.name}\u2069` }) : undefined,
          },
        ),
      );
    };
    xhr.onerror = () => reject(new ApiFailure(0, { detail: NETWORK_MESSAGE }));
    xhr.onabort = () => reject(new ApiFailure(0, { detail: t('gallery.upload_cancelled') }));
    const form = new FormData();
    form.append(FILE_FIELD, file, file.name);
    xhr.send(form);
  });
}
