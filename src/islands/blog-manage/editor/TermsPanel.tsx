import { useId, type Ref } from 'react';
import type { Term } from '@/lib/api/blog-manage.ts';
import type { MessageKey } from '@/lib/i18n/index.ts';
import Msg from '../../common/Msg.tsx';
import type { ArticleDraft } from '../article-draft.ts';
import CategoryPicker from '../CategoryPicker.tsx';
import TagPicker from '../TagPicker.tsx';

/** Where the article is filed: its category and its tags (created in place when allowed). */
export default function TermsPanel({
  draft,
  onChange,
  categories,
  tags,
  onCategoryCreated,
  onTagCreated,
  canCreateCategory,
  canCreateTag,
  categoryProblem,
  categoryRef,
}: {
  draft: ArticleDraft;
  onChange: (patch: Partial<ArticleDraft>) => void;
  categories: Term[];
  tags: Term[];
  onCategoryCreated: (term: Term) => void;
  onTagCreated: (term: Term) => void;
  canCreateCategory: boolean;
  canCreateTag: boolean;
  categoryProblem: MessageKey | null;
  categoryRef: Ref<HTMLSelectElement>;
}) {
  const titleId = useId();
  return (
    <section className="card grid content-start gap-5 p-5" aria-labelledby={titleId}>
      <h2 id={titleId} className="font-semibold">
        <Msg k="blogManage.editor.classify" />
      </h2>
      <CategoryPicker
        categories={categories}
        value={draft.categoryId}
        onChange={(categoryId) => onChange({ categoryId })}
        onCreated={onCategoryCreated}
        canCreate={canCreateCategory}
        error={categoryProblem}
        selectRef={categoryRef}
      />
      <TagPicker
        tags={tags}
        chosen={draft.tags}
        newTags={draft.newTags}
        onChange={(chosen, newTags) => onChange({ tags: chosen, newTags })}
        onCreated={onTagCreated}
        canCreate={canCreateTag}
      />
    </section>
  );
}
