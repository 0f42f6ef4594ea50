import { describe, expect, it } from 'vitest';
import { t } from '../../../src/server/i18n/t';

describe("the server's t()", () => {
  it('formats a message in the language, with its plural forms', () => {
    expect(t('en', 'shell.notifications_unread', { count: 1 })).toBe('Notifications (1 unread)');
    expect(t('ru', 'shell.notifications_unread', { count: 1 })).toBe('Уведомления (1 непрочитанное)');
    expect(t('ru', 'shell.notifications_unread', { count: 3 })).toBe('Уведомления (3 непрочитанных)');
    expect(t('ru', 'shell.notifications_unread', { count: 5 })).toBe('Уведомления (5 непрочитанных)');
    expect(t('ru', 'shell.notifications_unread', { count: 21 })).toBe('Уведомления (21 непрочитанное)');
    expect(t('ru', 'shell.notifications_unread', { count: 1.5 })).toBe('Уведомления (1,5 непрочитанного)');
  });

  it('writes numbers in Persian digits in Persian', () => {
    expect(t('fa', 'shell.notifications_unread', { count: 12 })).toBe('اعلان‌ها (۱۲ خوانده‌نشده)');
  });

  it('fills arguments', () => {
    expect(t('de', 'shell.language', { name: 'Deutsch' })).toBe('Sprache: Deutsch');
    expect(t('es', 'shell.sign_in')).toBe('Iniciar sesión');
  });
});
