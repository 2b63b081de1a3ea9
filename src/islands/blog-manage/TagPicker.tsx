import { useId, useState } from 'react';
import { createTerm, type Term } from '@/lib/api/blog-manage.ts';
import { useT } from '@/lib/i18n/use-t.ts';
import { ARTICLE_TAGS_MAX, TERM_NAME_MAX } from '@/lib/shared/limits.ts';
import Feedback from '../common/Feedback.tsx';
import { useFeedback } from '../common/use-feedback.ts';
import Msg from '../common/Msg.tsx';
import type { TagChoice } from './article-draft.ts';
import { BUTTON_BUSY_CLASS, HINT_CLASS, INPUT_CLASS, LABEL_CLASS } from '../common/ui.ts';

interface Props {
  tags: Term[];
  chosen: TagChoice[];
  /** Names to create with the article (when the writer may not create tags directly). */
  newTags: string[];
  onChange: (chosen: TagChoice[], newTags: string[]) => void;
  /** A tag created here: the editor adds it to its list. */
  onCreated: (term: Term) => void;
  /** Whether the writer may create tags (blog:tag:manage); else new names wait for the save. */
  canCreate: boolean;
}

/**
 * The article's tags: chosen ones as removable chips; a field that suggests existing tags and
 * takes a new name (created at once, or with the article when the writer may not create tags).
 */
export default function TagPicker({
  tags,
  chosen,
  newTags,
  onChange,
  onCreated,
  canCreate,
}: Props) {
  const { t } = useT();
  const create = useFeedback();
  const [text, setText] = useState('');
  const ids = { input: useId(), list: useId(), hint: useId(), error: useId(), chips: useId() };
  const total = chosen.length + newTags.length;
  const chosenIds = new Set(chosen.map((c) => c.id));

  const add = () => {
    const name = text.trim();
    if (name === '') return;
    const lower = name.toLowerCase();
    if (
      chosen.some((c) => c.name.toLowerCase() === lower) ||
      newTags.some((n) => n.toLowerCase() === lower)
    ) {
      setText('');
      return;
    }
    if (total >= ARTICLE_TAGS_MAX) {
      create.refuse({ key: 'blogManage.editor.tagsMax', vars: { max: ARTICLE_TAGS_MAX } });
      return;
    }
    const existing = tags.find((tag) => tag.name.toLowerCase() === lower);
    if (existing) {
      onChange([...chosen, { id: existing.id, name: existing.name }], newTags);
      setText('');
      create.reset();
      return;
    }
    if (!canCreate) {
      onChange(chosen, [...newTags, name]);
      setText('');
      create.reset();
      return;
    }
    void create.run(async () => {
      const term = await createTerm('tag', name);
      onCreated(term);
      onChange([...chosen, { id: term.id, name: term.name }], newTags);
      setText('');
      return { key: 'blogManage.editor.tagCreated', vars: { name: term.name } };
    });
  };

  return (
    <div>
      <p id={ids.chips} className={LABEL_CLASS}>
        <Msg k="blogManage.editor.tags" />
      </p>
      {total === 0 ? (
        <p className="mt-1 text-sm text-muted">
          <Msg k="blogManage.editor.tagsNone" />
        </p>
      ) : (
        <ul aria-labelledby={ids.chips} className="mt-2 flex flex-wrap gap-2">
          {chosen.map((tag) => (
            <li
              key={tag.id}
              className="inline-flex items-center gap-1 rounded-full bg-accent-soft py-0.5 pr-1 pl-3 text-sm text-accent"
            >
              {tag.name}
              <button
                type="button"
                className="inline-flex size-6 items-center justify-center rounded-full hover:bg-accent hover:text-accent-fg"
                aria-label={t('blogManage.editor.tagRemove', { name: tag.name })}
                onClick={() =>
                  onChange(
                    chosen.filter((c) => c.id !== tag.id),
                    newTags,
                  )
                }
              >
                <span aria-hidden="true">×</span>
              </button>
            </li>
          ))}
          {newTags.map((name) => (
            <li
              key={`new:${name}`}
              className="inline-flex items-center gap-1 rounded-full border border-dashed border-accent py-0.5 pr-1 pl-3 text-sm text-accent"
            >
              {name}
              <span className="text-xs text-muted">
                <Msg k="blogManage.editor.tagPending" />
              </span>
              <button
                type="button"
                className="inline-flex size-6 items-center justify-center rounded-full hover:bg-accent hover:text-accent-fg"
                aria-label={t('blogManage.editor.tagRemove', { name })}
                onClick={() =>
                  onChange(
                    chosen,
                    newTags.filter((n) => n !== name),
                  )
                }
              >
                <span aria-hidden="true">×</span>
              </button>
            </li>
          ))}
        </ul>
      )}

      <label htmlFor={ids.input} className={`${LABEL_CLASS} mt-3`}>
        <Msg k="blogManage.editor.tagAdd" />
      </label>
      <div className="flex items-start gap-2">
        <input
          id={ids.input}
          type="text"
          list={ids.list}
          value={text}
          maxLength={TERM_NAME_MAX}
          autoComplete="off"
          aria-describedby={`${ids.hint} ${ids.error}`}
          onChange={(event) => {
            setText(event.target.value);
            if (create.feedback.kind === 'error') create.reset();
          }}
          onKeyDown={(event) => {
            // Enter adds the tag instead of sending the whole form.
            if (event.key === 'Enter') {
              event.preventDefault();
              add();
            }
          }}
          className={INPUT_CLASS}
        />
        <button
          type="button"
          className={`btn mt-1 ${BUTTON_BUSY_CLASS}`}
          disabled={create.busy || text.trim() === ''}
          onClick={add}
        >
          <Msg k="blogManage.editor.tagAddButton" />
        </button>
      </div>
      <datalist id={ids.list}>
        {tags
          .filter((tag) => !chosenIds.has(tag.id))
          .map((tag) => (
            <option key={tag.id} value={tag.name} />
          ))}
      </datalist>
      <p id={ids.hint} className={HINT_CLASS}>
        <Msg
          k={canCreate ? 'blogManage.editor.tagHint' : 'blogManage.editor.tagHintPending'}
          vars={{ max: ARTICLE_TAGS_MAX }}
        />
      </p>
      <Feedback feedback={create.feedback} errorId={ids.error} compact />
    </div>
  );
}
