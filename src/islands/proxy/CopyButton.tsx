import { useEffect, useRef, useState } from 'react';
import type { MessageKey } from '@/lib/i18n/index.ts';
import Msg from '../common/Msg.tsx';
import { COPIED_MS, copyText } from '../common/copy-text.ts';
import { SMALL_BUTTON_CLASS } from '../common/ui.ts';

/**
 * Copies `text` to the clipboard and says so (politely, to screen readers too); when the browser
 * refuses, says to copy it by hand.
 */
export default function CopyButton({
  text,
  label,
  className = SMALL_BUTTON_CLASS,
}: {
  text: string;
  /** The button's name for screen readers (what is copied). */
  label: string;
  className?: string;
}) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const copy = async () => {
    clearTimeout(timer.current);
    if (await copyText(text)) {
      setState('copied');
      timer.current = setTimeout(() => setState('idle'), COPIED_MS);
    } else setState('failed');
  };

  const said: MessageKey | null =
    state === 'copied' ? 'proxy.copied' : state === 'failed' ? 'proxy.copyFailed' : null;
  return (
    <span className="inline-flex flex-wrap items-center gap-2">
      <button type="button" className={className} aria-label={label} onClick={() => void copy()}>
        <Msg k="proxy.copy" />
      </button>
      <span
        role="status"
        className={`text-sm ${state === 'failed' ? 'text-warn-fg' : 'text-accent'}`}
      >
        {said && <Msg k={said} />}
      </span>
    </span>
  );
}
