import { useMemo } from 'react';
import * as format from '../../shared/i18n/format';
import type { Unit } from '../../shared/i18n/format';
import { useLanguage } from './language-context';

type Input = Date | string | number;

export interface Formatters {
  date: (v: Input) => string;
  time: (v: Input) => string;
  dateTime: (v: Input) => string;
  month: (v: Input, length?: 'long' | 'short') => string;
  weekday: (weekday: number) => string;
  dateRange: (from: Input, to: Input) => string;
  number: (n: number, opts?: Intl.NumberFormatOptions) => string;
  percent: (share: number) => string;
  currency: (amount: number, currency: string) => string;
  unit: (n: number, unit: Unit) => string;
  relative: (v: Input, now?: Input) => string;
  list: (items: readonly string[]) => string;
  timeLeft: (ms: number) => string;
}

/** The formatting module bound to the interface's language (src/shared/i18n/format.ts). */
export function useFormat(): Formatters {
  const { language: l } = useLanguage();
  return useMemo(
    () => ({
      date: (v) => format.formatDate(l, v),
      time: (v) => format.formatTime(l, v),
      dateTime: (v) => format.formatDateTime(l, v),
      month: (v, length) => format.formatMonth(l, v, length),
      weekday: (weekday) => format.formatWeekday(l, weekday),
      dateRange: (from, to) => format.formatDateRange(l, from, to),
      number: (n, opts) => format.formatNumber(l, n, opts),
      percent: (share) => format.formatPercent(l, share),
      currency: (amount, currency) => format.formatCurrency(l, amount, currency),
      unit: (n, unit) => format.formatUnit(l, n, unit),
      relative: (v, now) => format.formatRelative(l, v, now),
      list: (items) => format.formatList(l, items),
      timeLeft: (ms) => format.formatTimeLeft(l, ms),
    }),
    [l],
  );
}
