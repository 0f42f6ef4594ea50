import type { Photo, PhotoChanges } from './gallery-api';

/** The editable fields of a photo as the side panel holds them (selects use '' for none). */
export interface PhotoDraft {
  name: string;
  alt: string;
  category: string;
  description: string;
  room: string;
}

export function draftOf(p: Photo): PhotoDraft {
  return {
    name: p.name ?? '',
    alt: p.alt ?? '',
    category: p.category ?? '',
    description: p.description ?? '',
    room: p.room === null ? '' : String(p.room),
  };
}

/**
 * Only the fields that changed: an alt left as it was keeps following the name on the server,
 * so it is not sent just because the name changed.
 */
export function changesOf(before: Photo, draft: PhotoDraft): PhotoChanges {
  const was = draftOf(before);
  const out: PhotoChanges = {};
  if (draft.name !== was.name) out.name = draft.name.trim() || null;
  if (draft.alt !== was.alt) out.alt = draft.alt.trim() || null;
  if (draft.category !== was.category) out.category = (draft.category || null) as PhotoChanges['category'];
  if (draft.description !== was.description) out.description = draft.description.trim() || null;
  if (draft.room !== was.room) out.room = draft.room ? Number(draft.room) : null;
  return out;
}
