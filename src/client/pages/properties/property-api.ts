import { api } from '../../api/client';
import { unwrap } from '../../api/errors';

export interface PropertyFormValues {
  hotelName: string;
  country: string;
  state: string;
  city: string;
  logo: File | null;
  removeLogo: boolean;
}

function formData(v: PropertyFormValues): FormData {
  const form = new FormData();
  form.set('hotel_name', v.hotelName.trim());
  form.set('country', v.country);
  form.set('state', v.state);
  form.set('city', v.city);
  if (v.logo) form.set('hotel_logo', v.logo);
  if (v.removeLogo && !v.logo) form.set('remove_logo', 'true');
  return form;
}

/** multipart/form-data as the browser builds it (the boundary comes with the body). */
const asIs = (body: unknown) => body as FormData;

export function createProperty(v: PropertyFormValues) {
  return unwrap(api.POST('/api/facts/property/create/', { body: formData(v) as never, bodySerializer: asIs }));
}

export function updateProperty(id: number, v: PropertyFormValues) {
  return unwrap(api.PUT('/api/facts/property/update/{id}/', { params: { path: { id } }, body: formData(v) as never, bodySerializer: asIs }));
}

export function deleteProperty(id: number) {
  return unwrap(api.DELETE('/api/facts/property/delete/{id}/', { params: { path: { id } } }));
}

export const fetchCountries = () => unwrap(api.GET('/api/external/countries/', {}));
export const fetchStates = (country: string) => unwrap(api.GET('/api/external/states/{country}/', { params: { path: { country } } }));
export const fetchCities = (countryCode: string, stateCode: string) =>
  unwrap(api.GET('/api/external/cities/{countryCode}/{stateCode}/', { params: { path: { countryCode, stateCode } } }));

export const LOGO_TYPES = ['image/png', 'image/jpeg', 'image/webp'];
export const LOGO_MAX_BYTES = 5 * 1024 * 1024;

/** Why a chosen logo cannot be sent, or null. */
export function logoProblem(file: { type: string; size: number }): string | null {
  if (!LOGO_TYPES.includes(file.type)) return 'The logo must be a PNG, JPEG or WebP image.';
  if (file.size > LOGO_MAX_BYTES) return 'The logo must be at most 5 MB.';
  return null;
}
