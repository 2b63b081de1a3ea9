import { useId, type Ref } from 'react';
import type { MessageKey } from '@/lib/i18n/index.ts';
import { ARTICLE_TITLE_MAX } from '@/lib/shared/limits.ts';
import Msg from '../../common/Msg.tsx';
import { ERROR_CLASS, INPUT_CLASS, LABEL_CLASS } from '../../common/ui.ts';

/** The article's title, with what is wrong with it. */
export default function TitleField({
  value,
  onChange,
  problem,
  inputRef,
}: {
  value: string;
  onChange: (title: string) => void;
  problem: MessageKey | null;
  inputRef: Ref<HTMLInputElement>;
}) {
  const id = useId();
  const errorId = useId();
  return (
    <div>
      <label htmlFor={id} className={LABEL_CLASS}>
        <Msg k="blogManage.editor.title" />
      </label>
      <input
        ref={inputRef}
        id={id}
        name="title"
        type="text"
        value={value}
        required
        maxLength={ARTICLE_TITLE_MAX}
        autoComplete="off"
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? errorId : undefined}
        onChange={(event) => onChange(event.target.value)}
        className={`${INPUT_CLASS} min-h-12 text-lg font-semibold`}
      />
      {problem && (
        <p id={errorId} className={`${ERROR_CLASS} mt-1`}>
          <Msg k={problem} />
        </p>
      )}
    </div>
  );
}
