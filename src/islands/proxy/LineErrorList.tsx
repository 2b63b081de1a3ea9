import { splitBilingual } from '@/lib/api/failure.ts';
import type { LineError } from '@/lib/api/proxy.ts';
import Msg from '../common/Msg.tsx';
import NoticeText from '../common/NoticeText.tsx';

/** The pasted lines that could not be read: the line number, the link as pasted, and why. */
export default function LineErrorList({ errors }: { errors: readonly LineError[] }) {
  return (
    <ul className="divide-y divide-line rounded-lg border border-warn-fg/40">
      {errors.map((error) => (
        <li key={error.line} className="grid gap-1 px-3 py-2 text-sm">
          <span className="font-medium">
            <Msg k="proxy.add.line" vars={{ line: error.line }} />
          </span>
          <code className="font-mono text-xs break-all text-muted">{error.link}</code>
          <span className="text-warn-fg">
            <NoticeText notice={{ text: splitBilingual(error.error) }} />
          </span>
        </li>
      ))}
    </ul>
  );
}
