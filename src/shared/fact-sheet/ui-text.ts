import { isolated } from './direction.js';
import { directionOf, type SheetLanguage } from './languages.js';

/**
 * The words of a fact sheet and of the mails that carry one that are not in a schema or option
 * list: one catalog for the PDF, the read-only view and the mails, in every sheet language.
 * `{name}` placeholders are filled by `text()`.
 */
const CATALOG = {
  factSheet: { en: 'Fact sheet', es: 'Ficha técnica', ru: 'Информационный лист', fa: 'برگه اطلاعات' },
  yes: { en: 'Yes', es: 'Sí', ru: 'Да', fa: 'بله' },
  no: { en: 'No', es: 'No', ru: 'Нет', fa: 'خیر' },
  localSupplier: { en: 'local supplier', es: 'proveedor local', ru: 'местный поставщик', fa: 'تأمین‌کننده محلی' },
  photos: { en: 'Photos', es: 'Fotos', ru: 'Фотографии', fa: 'عکس‌ها' },
  createdOn: { en: 'Created on {date}', es: 'Creado el {date}', ru: 'Создано {date}', fa: 'ایجاد شده در {date}' },
  publishedOn: {
    en: 'Published on {date}',
    es: 'Publicado el {date}',
    ru: 'Опубликовано {date}',
    fa: 'منتشر شده در {date}',
  },
  page: { en: 'Page', es: 'Página', ru: 'Страница', fa: 'صفحه' },
  details: { en: 'Details', es: 'Detalles', ru: 'Подробности', fa: 'جزئیات' },
  item: { en: '{label} {n}', es: '{label} {n}', ru: '{label} {n}', fa: '{label} {n}' },
  markChanged: {
    en: 'changed, was: {value}',
    es: 'cambiado, antes: {value}',
    ru: 'изменено, было: {value}',
    fa: 'تغییر کرد، قبلاً: {value}',
  },
  markRowChanged: { en: 'changed', es: 'cambiado', ru: 'изменено', fa: 'تغییر کرد' },
  markNew: { en: 'new', es: 'nuevo', ru: 'новое', fa: 'جدید' },
  markRemoved: { en: 'removed', es: 'eliminado', ru: 'удалено', fa: 'حذف شد' },
  markEmpty: { en: '(empty)', es: '(vacío)', ru: '(пусто)', fa: '(خالی)' },
  markOverridden: {
    en: 'your value; the hotel: {value}',
    es: 'su valor; el hotel: {value}',
    ru: 'ваше значение; отель: {value}',
    fa: 'مقدار شما؛ هتل: {value}',
  },
  markDrift: {
    en: 'the hotel changed it to: {value}',
    es: 'el hotel lo cambió a: {value}',
    ru: 'отель изменил на: {value}',
    fa: 'هتل آن را تغییر داد به: {value}',
  },
  nothingFilled: {
    en: 'No facts entered yet.',
    es: 'Aún no hay datos.',
    ru: 'Данные ещё не внесены.',
    fa: 'هنوز اطلاعاتی وارد نشده است.',
  },
  mailFactsSubject: {
    en: 'Fact sheet: {hotel}',
    es: 'Ficha técnica: {hotel}',
    ru: 'Информационный лист: {hotel}',
    fa: 'برگه اطلاعات: {hotel}',
  },
  mailFactsBody: {
    en: 'Hello {name},\n\nplease find attached the fact sheet of {hotel}.\n\nKind regards,\n{sender}',
    es: 'Hola {name}:\n\nadjuntamos la ficha técnica de {hotel}.\n\nSaludos cordiales,\n{sender}',
    ru: 'Здравствуйте, {name}!\n\nВо вложении информационный лист отеля {hotel}.\n\nС уважением,\n{sender}',
    fa: '{name} گرامی،\n\nبرگه اطلاعات {hotel} پیوست شده است.\n\nبا احترام،\n{sender}',
  },
  mailPhotosSubject: { en: 'Photos: {hotel}', es: 'Fotos: {hotel}', ru: 'Фотографии: {hotel}', fa: 'عکس‌ها: {hotel}' },
  mailPhotosBody: {
    en: 'Hello {name},\n\nthe photos of {hotel} ({count}) are ready to download as one zip file:\n{link}\n\nThe link works until {expires}.\n\nKind regards,\n{sender}',
    es: 'Hola {name}:\n\nlas fotos de {hotel} ({count}) están listas para descargar en un archivo zip:\n{link}\n\nEl enlace funciona hasta el {expires}.\n\nSaludos cordiales,\n{sender}',
    ru: 'Здравствуйте, {name}!\n\nФотографии отеля {hotel} ({count}) можно скачать одним zip-файлом:\n{link}\n\nСсылка действует до {expires}.\n\nС уважением,\n{sender}',
    fa: '{name} گرامی،\n\nعکس‌های {hotel} ({count}) برای دریافت در یک فایل zip آماده است:\n{link}\n\nاین پیوند تا {expires} معتبر است.\n\nبا احترام،\n{sender}',
  },
} as const satisfies Record<string, Record<SheetLanguage, string>>;

export type UiTextKey = keyof typeof CATALOG;

/**
 * A catalog text in `language`, with its {placeholders} filled. In a right-to-left language each
 * value sits in an isolate of its own direction, so a date, a number or a Latin name reads as
 * written ("ایجاد شده در 2026-11-26", not the date's parts reversed).
 */
export function text(key: UiTextKey, language: SheetLanguage, values: Record<string, string | number> = {}): string {
  const template: string = CATALOG[key][language] ?? CATALOG[key].en;
  const rtl = directionOf(language) === 'rtl';
  return template.replace(/\{([a-z]+)\}/g, (m, name: string) => {
    if (!(name in values)) return m;
    const value = String(values[name]);
    return rtl && value ? isolated(value) : value;
  });
}
