/** Class names shared by the profile's forms. */
export const INPUT_CLASS =
  'mt-1 block min-h-10 w-full rounded-md border border-line bg-surface px-3 py-2 text-sm text-fg placeholder:text-muted focus-visible:border-accent disabled:opacity-60 aria-[invalid=true]:border-red-600 dark:aria-[invalid=true]:border-red-400';

export const LABEL_CLASS = 'block text-sm font-medium';

export const HINT_CLASS = 'mt-1 text-xs text-muted';

export const BUTTON_BUSY_CLASS = 'disabled:cursor-not-allowed disabled:opacity-60';
