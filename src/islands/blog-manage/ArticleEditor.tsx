import { useStore } from '@nanostores/react';
import { useCallback, useId, useRef, useState } from 'react';
import { createArticle, updateArticle, type Article } from '@/lib/api/blog-manage.ts';
import type { Notice } from '@/lib/api/failure.ts';
import type { MessageKey } from '@/lib/i18n/index.ts';
import { useT } from '@/lib/i18n/use-t.ts';
import { paths } from '@/lib/shared/paths.ts';
import { Permission, hasAnyPermission } from '@/lib/shared/permissions.ts';
import { $user } from '@/lib/stores/session.ts';
import LoadStateCard from '../common/LoadStateCard.tsx';
import Msg from '../common/Msg.tsx';
import { formatTime } from '../common/ui.ts';
import { useFeedback } from '../common/use-feedback.ts';
import BuildStatus from './BuildStatus.tsx';
import MarkdownPreview from './MarkdownPreview.tsx';
import { bodyFromDraft, type ArticleDraft, type DraftProblem } from './article-draft.ts';
import MarkdownField from './editor/MarkdownField.tsx';
import PresentationPanel from './editor/PresentationPanel.tsx';
import PublishingPanel from './editor/PublishingPanel.tsx';
import RestoreOffer from './editor/RestoreOffer.tsx';
import SaveBar from './editor/SaveBar.tsx';
import TermsPanel from './editor/TermsPanel.tsx';
import TitleField from './editor/TitleField.tsx';
import { problemKey, problemOf } from './editor/problem-key.ts';
import { useArticleDraft, useLeaveWarning } from './editor/use-article-draft.ts';
import { useImageUploads } from './editor/use-image-uploads.ts';

/** What a save says, by what the article now is. */
function savedNotice(stored: Article, wasPublished: boolean, locale: string): Notice {
  if (stored.status === 'draft') return { key: 'blogManage.editor.savedDraft' };
  if (stored.status === 'scheduled') {
    return {
      key: 'blogManage.editor.savedScheduled',
      vars: { time: formatTime(stored.publishTime ?? '', locale) },
    };
  }
  return {
    key: wasPublished ? 'blogManage.editor.savedUpdated' : 'blogManage.editor.savedPublished',
  };
}

/** The save button's words: what saving this draft does. */
function submitKeyOf(draft: ArticleDraft, article: Article | null): MessageKey {
  if (draft.status === 'draft') return 'blogManage.editor.saveDraft';
  if (draft.status === 'scheduled') return 'blogManage.editor.schedule';
  return article?.status === 'published' ? 'blogManage.editor.update' : 'blogManage.editor.publish';
}

/**
 * The editor of /blog/manage/article/add and …/edit/{id}: title, Markdown with a live preview
 * rendered like the published page (pictures pasted or dropped are uploaded and inserted),
 * summary, cover, category and tags (created in place), pinning and publishing (draft, now, or at
 * a time). Unsaved work is kept on this device and offered back; leaving with unsaved changes
 * asks first; after a save the page rebuild is followed live.
 */
export default function ArticleEditor({ mode }: { mode: 'add' | 'edit' }) {
  const user = useStore($user, { ssr: 'initial' });
  const { locale, t } = useT();
  const form = useFeedback();
  const editor = useArticleDraft(mode);
  const { draft, setDraft, article } = editor;
  const [problem, setProblem] = useState<DraftProblem | null>(null);
  const [saved, setSaved] = useState<Article | null>(null);
  const refs = {
    title: useRef<HTMLInputElement>(null),
    content: useRef<HTMLTextAreaElement>(null),
    categoryId: useRef<HTMLSelectElement>(null),
    publishAt: useRef<HTMLInputElement>(null),
    summary: useRef<HTMLTextAreaElement>(null),
  };
  const images = useImageUploads(refs.content, draft, setDraft);
  const formErrorId = useId();
  useLeaveWarning(editor.dirty || images.uploading);

  const held = user?.permissions ?? [];
  const change = useCallback(
    (patch: Partial<ArticleDraft>) => {
      setDraft((d) => ({ ...d, ...patch }));
      setProblem((p) => (p && p.field in patch ? null : p));
    },
    [setDraft],
  );

  const save = () => {
    if (!editor.ready || form.busy) return;
    if (images.uploading) {
      form.refuse({ key: 'blogManage.editor.waitUploads' });
      return;
    }
    const result = bodyFromDraft(
      draft,
      new Date(),
      article?.status === 'scheduled' ? article.publishTime : null,
    );
    if ('problem' in result) {
      setProblem(result.problem);
      form.refuse({ key: problemKey(result.problem) }, result.problem.field);
      refs[result.problem.field].current?.focus();
      return;
    }
    setProblem(null);
    const sent = draft;
    const wasPublished = article?.status === 'published';
    void form.run(async () => {
      const stored =
        editor.articleId === null
          ? await createArticle(result.body)
          : await updateArticle(editor.articleId, result.body);
      editor.saved(stored, sent);
      setSaved(stored);
      return savedNotice(stored, wasPublished, locale);
    });
  };

  const back = (
    <a href={paths.blogManageList('article')} className="link text-sm">
      <Msg k="blogManage.articles.back" />
    </a>
  );

  if (editor.loaded.kind !== 'ready') {
    return (
      <LoadStateCard
        state={editor.loaded}
        words={{
          loading: 'blogManage.loading',
          missing: 'blogManage.articles.missing',
          retry: 'blogManage.retry',
        }}
        onRetry={editor.retry}
        back={back}
      />
    );
  }

  return (
    <form
      noValidate
      aria-label={t(mode === 'add' ? 'page.article.add' : 'page.article.edit')}
      className="grid gap-6"
      onSubmit={(event) => {
        event.preventDefault();
        save();
      }}
      onKeyDown={(event) => {
        // Ctrl/⌘+S saves, as in any editor.
        if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 's') {
          event.preventDefault();
          save();
        }
      }}
    >
      {editor.offer && (
        <RestoreOffer
          offer={editor.offer}
          savedUpdateTime={article?.updateTime ?? null}
          onRestore={editor.restore}
          onDiscard={editor.discard}
        />
      )}

      <TitleField
        value={draft.title}
        onChange={(title) => change({ title })}
        problem={problemOf(problem, 'title')}
        inputRef={refs.title}
      />

      <div className="grid gap-4 lg:grid-cols-2">
        <MarkdownField
          value={draft.content}
          onChange={(content) => change({ content })}
          textareaRef={refs.content}
          images={images}
        />
        <MarkdownPreview markdown={draft.content} />
      </div>

      <div className="grid gap-6 md:grid-cols-2 xl:grid-cols-3">
        <PublishingPanel
          article={article}
          draft={draft}
          onChange={change}
          publishAtProblem={problemOf(problem, 'publishAt')}
          publishAtRef={refs.publishAt}
        />
        <TermsPanel
          draft={draft}
          onChange={change}
          categories={editor.categories}
          tags={editor.tags}
          onCategoryCreated={editor.addCategory}
          onTagCreated={editor.addTag}
          canCreateCategory={hasAnyPermission(held, [Permission.BLOG_CATEGORY_MANAGE])}
          canCreateTag={hasAnyPermission(held, [Permission.BLOG_TAG_MANAGE])}
          categoryProblem={problemOf(problem, 'categoryId')}
          categoryRef={refs.categoryId}
        />
        <PresentationPanel draft={draft} onChange={change} summaryRef={refs.summary} />
      </div>

      <SaveBar
        submitKey={submitKeyOf(draft, article)}
        state={images.uploading ? 'uploading' : editor.dirty ? 'unsaved' : 'saved'}
        saved={saved}
        feedback={form.feedback}
        errorId={formErrorId}
        back={back}
      />

      {saved && (
        <div className="max-w-xl">
          <BuildStatus />
          <p className="mt-2 text-xs text-muted">
            <Msg k="blogManage.editor.rebuildNote" />
          </p>
        </div>
      )}
    </form>
  );
}
