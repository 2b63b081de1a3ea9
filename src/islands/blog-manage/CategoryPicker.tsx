import { useId, useRef, useState, type Ref } from 'react';
import { createTerm, type Term } from '@/lib/api/blog-manage.ts';
import type { MessageKey } from '@/lib/i18n/index.ts';
import { useT } from '@/lib/i18n/use-t.ts';
import { TERM_NAME_MAX } from '@/lib/shared/limits.ts';
import Feedback from '../common/Feedback.tsx';
import { useFeedback } from '../common/use-feedback.ts';
import Msg from '../common/Msg.tsx';
import {
  BUTTON_BUSY_CLASS,
  ERROR_CLASS,
  INPUT_CLASS,
  LABEL_CLASS,
  SMALL_BUTTON_CLASS,
} from '../common/ui.ts';

interface Props {
  categories: Term[];
  value: number | null;
  onChange: (id: number) => void;
  /** A category created here: the editor adds it to its list. */
  onCreated: (term: Term) => void;
  /** Whether the writer may create categories (blog:category:manage). */
  canCreate: boolean;
  /** The editor's message when no category is chosen. */
  error: MessageKey | null;
  selectRef?: Ref<HTMLSelectElement>;
}

/** The article's one category: a list to choose from, and a new one created in place. */
export default function CategoryPicker({
  categories,
  value,
  onChange,
  onCreated,
  canCreate,
  error,
  selectRef,
}: Props) {
  const { t } = useT();
  const create = useFeedback();
  const [adding, setAdding] = useState(false);
  const [name, setName] = useState('');
  const nameInput = useRef<HTMLInputElement>(null);
  const ids = { select: useId(), error: useId(), name: useId(), createError: useId() };

  const add = () => {
    const trimmed = name.trim();
    if (trimmed === '') {
      create.refuse({ key: 'blogManage.terms.nameRequired' }, 'name');
      nameInput.current?.focus();
      return;
    }
    const existing = categories.find((c) => c.name.toLowerCase() === trimmed.toLowerCase());
    if (existing) {
      onChange(existing.id);
      setAdding(false);
      setName('');
      create.reset();
      return;
    }
    void create.run(async () => {
      const term = await createTerm('category', trimmed);
      onCreated(term);
      onChange(term.id);
      setAdding(false);
      setName('');
      return { key: 'blogManage.editor.categoryCreated', vars: { name: term.name } };
    });
  };

  return (
    <div>
      <label htmlFor={ids.select} className={LABEL_CLASS}>
        <Msg k="blogManage.editor.category" />
      </label>
      <select
        ref={selectRef}
        id={ids.select}
        value={value ?? ''}
        required
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? ids.error : undefined}
        onChange={(event) => {
          if (event.target.value) onChange(Number(event.target.value));
        }}
        className={INPUT_CLASS}
      >
        <option value="" disabled>
          {t('blogManage.editor.categoryChoose')}
        </option>
        {categories.map((category) => (
          <option key={category.id} value={category.id}>
            {category.name}
          </option>
        ))}
      </select>
      {error && (
        <p id={ids.error} className={`${ERROR_CLASS} mt-1`}>
          <Msg k={error} />
        </p>
      )}

      {canCreate && !adding && (
        <button
          type="button"
          className="link mt-2 text-sm"
          onClick={() => {
            setAdding(true);
            create.reset();
            // The field appears with this render; focus it once it is there.
            setTimeout(() => nameInput.current?.focus(), 0);
          }}
        >
          <Msg k="blogManage.editor.categoryNew" />
        </button>
      )}
      {canCreate && adding && (
        <div className="mt-3 rounded-md border border-line p-3">
          <label htmlFor={ids.name} className={LABEL_CLASS}>
            <Msg k="blogManage.editor.categoryNewName" />
          </label>
          <input
            ref={nameInput}
            id={ids.name}
            type="text"
            value={name}
            maxLength={TERM_NAME_MAX}
            autoComplete="off"
            aria-describedby={ids.createError}
            onChange={(event) => setName(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                event.preventDefault();
                add();
              } else if (event.key === 'Escape') {
                event.preventDefault();
                setAdding(false);
              }
            }}
            className={INPUT_CLASS}
          />
          <div className="mt-2 flex flex-wrap gap-2">
            <button
              type="button"
              className={`${SMALL_BUTTON_CLASS} ${BUTTON_BUSY_CLASS}`}
              disabled={create.busy}
              onClick={add}
            >
              <Msg k="blogManage.editor.categoryCreate" />
            </button>
            <button
              type="button"
              className={SMALL_BUTTON_CLASS}
              disabled={create.busy}
              onClick={() => {
                setAdding(false);
                create.reset();
              }}
            >
              <Msg k="common.cancel" />
            </button>
          </div>
        </div>
      )}
      <Feedback feedback={create.feedback} errorId={ids.createError} compact />
    </div>
  );
}
