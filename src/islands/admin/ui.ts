/** Class names shared by the user-management islands. */
export const INPUT_CLASS =
  'mt-1 block min-h-10 w-full rounded-md border border-line bg-surface px-3 py-2 text-sm text-fg placeholder:text-muted focus-visible:border-accent disabled:opacity-60';

export const LABEL_CLASS = 'block text-sm font-medium';

export const BUTTON_BUSY_CLASS = 'disabled:cursor-not-allowed disabled:opacity-60';

export const ERROR_CLASS = 'text-sm font-medium text-red-700 dark:text-red-300';

/** A date and time in the visitor's language; the raw text when it cannot be read. */
export function formatTime(iso: string, locale: string, withTime = true): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(
    locale,
    withTime ? { dateStyle: 'medium', timeStyle: 'short' } : { dateStyle: 'medium' },
  ).format(date);
}
