/**
 * Why a session ended. The server tells it in the `data` of a -2 answer (`{ reason }`), and the
 * client names it in the notice it shows after signing the visitor out.
 */
export const SESSION_END_REASONS = ['locked', 'passwordChanged', 'revoked', 'expired'] as const;

export type SessionEndReason = (typeof SESSION_END_REASONS)[number];

export function isSessionEndReason(value: unknown): value is SessionEndReason {
  return SESSION_END_REASONS.includes(value as SessionEndReason);
}

/** The reason in the `data` of a -2 answer, or null when it names none. */
export function sessionEndReasonOf(data: unknown): SessionEndReason | null {
  if (typeof data !== 'object' || data === null) return null;
  const { reason } = data as { reason?: unknown };
  return isSessionEndReason(reason) ? reason : null;
}
