import { api } from '../../api/client';
import { unwrap } from '../../api/errors';
import type { MessageKey } from '../../../shared/i18n/messages';

export interface PropertyFormValues {
  hotelName: string;
  country: string;
  state: string;
  city: string;
  logo: File | null;
  removeLogo: boolean;
}

/** The form's text fields, typed as the request body. */
function fields(v: PropertyFormValues) {
  return {
    hotel_name: v.hotelName.trim(),
    country: v.country,
    state: v.state,
    city: v.city,
    ...(v.removeLogo && !v.logo ? { remove_logo: true } : {}),
  };
}

/** multipart/form-data: the fields as text parts, the picked logo as a file part (the browser sets the boundary). */
function multipart(logo: File | null) {
  return (body: object): FormData => {
    const form = new FormData();
    for (const [name, value] of Object.entries(body)) form.set(name, String(value));
    if (logo) form.set('hotel_logo', logo);
    return form;
  };
}

export function createProperty(v: PropertyFormValues) {
  return unwrap(api.POST('/api/facts/property/create/', { body: fields(v), bodySerializer: multipart(v.logo) }));
}

export function updateProperty(id: number, v: PropertyFormValues) {
  return unwrap(
    api.PUT('/api/facts/property/update/{id}/', {
      params: { path: { id } },
      body: fields(v),
      bodySerializer: multipart(v.logo),
    }),
  );
}

export function deleteProperty(id: number) {
  return unwrap(api.DELETE('/api/facts/property/delete/{id}/', { params: { path: { id } } }));
}

export const fetchCountries = () => unwrap(api.GET('/api/external/countries/', {}));
export const fetchStates = (country: string) =>
  unwrap(api.GET('/api/external/states/{country}/', { params: { path: { country } } }));
export const fetchCities = (countryCode: string, stateCode: string) =>
  unwrap(api.GET('/api/external/cities/{countryCode}/{stateCode}/', { params: { path: { countryCode, stateCode } } }));

export const LOGO_TYPES = ['image/png', 'image/jpeg', 'image/webp'];
export const LOGO_MAX_BYTES = 5 * 1024 * 1024;

/** Why a chosen logo cannot be sent (the message's key), or null. */
export function logoProblem(file: { type: string; size: number }): MessageKey | null {
  if (!LOGO_TYPES.includes(file.type)) return 'properties.logo_type';
  if (file.size > LOGO_MAX_BYTES) return 'properties.logo_size';
  return null;
}
