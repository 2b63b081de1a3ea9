/**
 * The event a form island dispatches once it has hydrated and taken over what was typed
 * (src/islands/common/use-typed-before-hydration.ts); src/lib/interaction-directive.ts waits for
 * it before making a held submit again.
 */
export const ISLAND_READY_EVENT = 'atrium:island-ready';
