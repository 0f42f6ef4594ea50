import { api } from '../../api/client';
import { unwrap } from '../../api/errors';
import type { CompanyFormWire, CompanyWire } from '../../../shared/generated/wire-types';

/** Fields of the company form never sent as text: the logo goes as a file, its removal as a flag. */
const NOT_TEXT = new Set(['logo', 'remove_logo']);

/**
 * The company form as multipart/form-data (the server reads it so): one part per field, one per
 * item of a list, booleans as true/false; empty values are left out of lists only.
 */
export function companyFormData(body: Record<string, unknown>, logo: File | null, removeLogo: boolean): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(body)) {
    if (NOT_TEXT.has(name) || value === null || value === undefined) continue;
    if (Array.isArray(value)) for (const item of value) form.append(name, String(item));
    else form.append(name, typeof value === 'boolean' ? String(value) : String(value));
  }
  if (logo) form.append('logo', logo);
  else if (removeLogo) form.append('remove_logo', 'true');
  return form;
}

export const fetchCompany = () => unwrap(api.GET('/api/settings/company/', {}));

/**
 * Create the company details when none exist (user 0), otherwise edit them. The typed fields go
 * as multipart text parts, the picked logo as a file part (the browser sets the boundary).
 */
export function saveCompany(
  exists: boolean,
  body: CompanyFormWire,
  logo: File | null,
  removeLogo: boolean,
): Promise<CompanyWire> {
  const bodySerializer = (fields: object) => companyFormData({ ...fields }, logo, removeLogo);
  return exists
    ? unwrap(api.PUT('/api/settings/company/edit/', { body, bodySerializer }))
    : unwrap(api.POST('/api/settings/company/create/', { body, bodySerializer }));
}
