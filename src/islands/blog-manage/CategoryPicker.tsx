import { useId, useRef, useState, type Ref } from 'react';
import { createTerm, type Term } from '../../lib/api/blog-manage.ts';
import { useFeedback } from '../../lib/api/feedback.ts';
import Msg from '../common/Msg.tsx';
import {
  BUTTON_BUSY_CLASS,
  ERROR_CLASS,
  HINT_CLASS,
  INPUT_CLASS,
  LABEL_CLASS,
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
  error: string | null;
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
  const create = useFeedback();
  const { t } = create;
  const [adding, setAdding] = useState(false);
  const [name, setName] = useState('');
  const nameInput = useRef<HTMLInputElement>(null);
  const ids = { select: useId(), error: useId(), name: useId(), createError: useId() };

  const add = () => {
    const trimmed = name.trim();
    if (trimmed === '') {
      create.refuse(t('blogManage.terms.nameRequired'), 'name');
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
      return t('blogManage.editor.categoryCreated', { name: term.name });
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
          {error}
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
            maxLength={50}
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
              className={`btn min-h-9 py-1 ${BUTTON_BUSY_CLASS}`}
              disabled={create.busy}
              onClick={add}
            >
              <Msg k="blogManage.editor.categoryCreate" />
            </button>
            <button
              type="button"
              className="btn min-h-9 py-1"
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
      <p role="status" className={`${HINT_CLASS} empty:mt-0`}>
        {create.feedback.kind === 'ok' ? create.feedback.text : ''}
      </p>
      <p id={ids.createError} role="alert" className={`${ERROR_CLASS} mt-1 empty:mt-0`}>
        {create.feedback.kind === 'error' ? create.feedback.text : ''}
      </p>
    </div>
  );
}
