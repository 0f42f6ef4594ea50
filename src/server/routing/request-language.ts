import type { FastifyRequest } from 'fastify';
import { languageFromAcceptLanguage, toLanguage, type Language } from '../../shared/i18n/languages.js';
import type { Words } from '../../shared/validation-messages.js';
import { translatorOf } from '../i18n/index.js';
import type { AuthContext } from './auth-context.js';

/**
 * The language a request is answered in: the signed-in user's profile `language` when the portal
 * speaks it, else the browser's Accept-Language, else English.
 */
export function requestLanguage(auth: AuthContext | null | undefined, req: FastifyRequest): Language {
  return toLanguage(auth?.user.language) ?? languageFromAcceptLanguage(req.headers['accept-language']);
}

/**
 * The words of a request's messages (validation refusals, what publishing misses), chosen as
 * DRF's LocaleMiddleware chooses them: the language its Accept-Language asks for, else English.
 * Not the profile's language: a client that asks for none (the spec's clients, scripts) reads the
 * contract's English, word for word; the portal's client always sends the language on screen.
 */
export function acceptedWords(req: FastifyRequest): Words {
  return translatorOf(languageFromAcceptLanguage(req.headers['accept-language']));
}
