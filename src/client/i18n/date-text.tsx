import { useFormat } from './use-format';

type Input = Date | string | number;

/** A date-time in the interface's language, where a plain function (a table column) cannot call a hook. */
export function DateTimeText({ value }: { value: Input }) {
  return <>{useFormat().dateTime(value)}</>;
}

/** A date (day, month name, year) in the interface's language. */
export function DateText({ value }: { value: Input }) {
  return <>{useFormat().date(value)}</>;
}
