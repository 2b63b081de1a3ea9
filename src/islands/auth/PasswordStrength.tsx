import { passwordStrength } from '@/lib/auth/password-strength.ts';
import { PASSWORD_MIN, charCount } from '@/lib/shared/limits.ts';
import type { MessageKey } from '@/lib/i18n/index.ts';
import Msg from '../common/Msg.tsx';

const LEVEL: Record<ReturnType<typeof passwordStrength>, number> = {
  empty: 0,
  short: 0,
  long: 0,
  weak: 1,
  fair: 2,
  strong: 3,
};

const TEXT: Record<ReturnType<typeof passwordStrength>, MessageKey> = {
  empty: 'auth.strength.empty',
  short: 'auth.strength.short',
  long: 'auth.strength.long',
  weak: 'auth.strength.weak',
  fair: 'auth.strength.fair',
  strong: 'auth.strength.strong',
};

/**
 * The hint under a new password: the 8-character minimum until it is met, then a three-step
 * meter with a word for it. Advice only — the server decides (and refuses common passwords).
 */
export default function PasswordStrength({ password }: { password: string }) {
  const strength = passwordStrength(password);
  const level = LEVEL[strength];
  const missing = Math.max(0, PASSWORD_MIN - charCount(password));
  return (
    <span className="flex flex-col gap-1.5">
      <span className="flex gap-1" aria-hidden="true">
        {[1, 2, 3].map((step) => (
          <span
            key={step}
            className={`h-1 flex-1 rounded-full ${
              step <= level ? (level === 1 ? 'bg-warn-fg' : 'bg-accent') : 'bg-line'
            }`}
          />
        ))}
      </span>
      <span>
        <Msg k={TEXT[strength]} vars={{ count: missing }} />
      </span>
    </span>
  );
}
