/** Class lists shared by the sign-in forms. */

/** The form's main button (full width; dimmed while it cannot be pressed). */
export const SUBMIT_CLASS =
  'btn btn-primary w-full disabled:cursor-not-allowed disabled:opacity-60 disabled:hover:opacity-60';

/** A secondary action drawn as a button (links back, "try again"). */
export const SECONDARY_CLASS = 'btn disabled:cursor-not-allowed disabled:opacity-60';
