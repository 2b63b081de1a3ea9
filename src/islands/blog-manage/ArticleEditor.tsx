import { useStore } from '@nanostores/react';
import {
  useCallback,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type ClipboardEvent,
  type DragEvent,
} from 'react';
import {
  createArticle,
  getArticle,
  listTerms,
  updateArticle,
  uploadArticleImage,
  type Article,
  type Term,
} from '../../lib/api/blog-manage.ts';
import { useFeedback } from '../../lib/api/feedback.ts';
import type { MessageKey } from '../../lib/i18n/index.ts';
import { ApiError } from '../../lib/http.ts';
import { Code } from '../../lib/shared/codes.ts';
import { paths } from '../../lib/shared/paths.ts';
import { Permission, hasAnyPermission } from '../../lib/shared/permissions.ts';
import { $user } from '../../lib/stores/session.ts';
import Feedback from '../common/Feedback.tsx';
import LoadStateCard from '../common/LoadStateCard.tsx';
import Msg from '../common/Msg.tsx';
import BuildStatus from './BuildStatus.tsx';
import CategoryPicker from './CategoryPicker.tsx';
import CoverField from './CoverField.tsx';
import MarkdownPreview from './MarkdownPreview.tsx';
import TagPicker from './TagPicker.tsx';
import {
  EMPTY_DRAFT,
  SUMMARY_MAX,
  TITLE_MAX,
  bodyFromDraft,
  draftFromArticle,
  sameDraft,
  type ArticleDraft,
  type DraftProblem,
} from './article-draft.ts';
import {
  AUTOSAVE_DELAY_MS,
  changedSince,
  clearDraft,
  loadDraft,
  saveDraft,
  type SavedDraft,
} from './autosave.ts';
import { editIdFromPath } from './list-query.ts';
import {
  IMAGE_TYPES,
  imageMarkdown,
  imageProblem,
  insertBlock,
  replacePlaceholder,
  uploadPlaceholder,
} from './markdown-insert.ts';
import {
  BUTTON_BUSY_CLASS,
  ERROR_CLASS,
  HINT_CLASS,
  INPUT_CLASS,
  LABEL_CLASS,
  formatTime,
} from '../common/ui.ts';

interface Props {
  mode: 'add' | 'edit';
}

type Loaded =
  { kind: 'loading' } | { kind: 'ready' } | { kind: 'missing' } | { kind: 'error'; text: string };

interface Upload {
  id: number;
  name: string;
  /** 0…1 while sending; null once failed. */
  progress: number | null;
  error: string | null;
}

type ProblemName = DraftProblem extends infer P
  ? P extends { field: infer F extends string; reason: infer R extends string }
    ? `${F}.${R}`
    : never
  : never;

const PROBLEM_KEY: Record<ProblemName, MessageKey> = {
  'title.required': 'blogManage.editor.problem.titleRequired',
  'title.tooLong': 'blogManage.editor.problem.titleTooLong',
  'categoryId.required': 'blogManage.editor.problem.categoryRequired',
  'publishAt.required': 'blogManage.editor.problem.publishAtRequired',
  'publishAt.past': 'blogManage.editor.problem.publishAtPast',
  'content.tooLong': 'blogManage.editor.problem.contentTooLong',
  'summary.tooLong': 'blogManage.editor.problem.summaryTooLong',
};

function problemKey(problem: DraftProblem): MessageKey {
  return PROBLEM_KEY[`${problem.field}.${problem.reason}` as ProblemName];
}

/** The browser's time zone, for the schedule hint. */
function timeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone;
  } catch {
    return '';
  }
}

/** True when readers can open the article now. */
function isVisible(article: Article, now: number): boolean {
  if (article.status === 'published') return true;
  return (
    article.status === 'scheduled' &&
    article.publishTime !== null &&
    Date.parse(article.publishTime) <= now
  );
}

/**
 * The editor of /blog/manage/article/add and …/edit/{id}: title, Markdown with a live preview
 * rendered like the published page (pictures pasted or dropped are uploaded and inserted),
 * summary, cover, category and tags (created in place), pinning and publishing (draft, now, or at
 * a time). Unsaved work is kept on this device and offered back; leaving with unsaved changes
 * asks first; after a save the page rebuild is followed live.
 */
export default function ArticleEditor({ mode }: Props) {
  const user = useStore($user, { ssr: 'initial' });
  const form = useFeedback();
  const { locale, t, describe } = form;
  const [loaded, setLoaded] = useState<Loaded>({ kind: 'loading' });
  const [articleId, setArticleId] = useState<string | null>(null);
  const [article, setArticle] = useState<Article | null>(null);
  const [base, setBase] = useState<ArticleDraft>(EMPTY_DRAFT);
  const [draft, setDraft] = useState<ArticleDraft>(EMPTY_DRAFT);
  const [offer, setOffer] = useState<SavedDraft | null>(null);
  const [categories, setCategories] = useState<Term[]>([]);
  const [tags, setTags] = useState<Term[]>([]);
  const [problem, setProblem] = useState<DraftProblem | null>(null);
  const [saved, setSaved] = useState<Article | null>(null);
  const [uploads, setUploads] = useState<Upload[]>([]);
  const [dragging, setDragging] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const describeRef = useRef(describe);
  describeRef.current = describe;
  const draftRef = useRef(draft);
  draftRef.current = draft;
  const textarea = useRef<HTMLTextAreaElement>(null);
  const titleInput = useRef<HTMLInputElement>(null);
  const categorySelect = useRef<HTMLSelectElement>(null);
  const publishAtInput = useRef<HTMLInputElement>(null);
  const summaryInput = useRef<HTMLTextAreaElement>(null);
  const imageInput = useRef<HTMLInputElement>(null);
  const pendingCursor = useRef<number | null>(null);
  const nextUpload = useRef(1);
  const aborts = useRef(new Map<number, AbortController>());
  const ids = {
    title: useId(),
    titleError: useId(),
    markdown: useId(),
    markdownHint: useId(),
    summary: useId(),
    summaryHint: useId(),
    status: useId(),
    publishAt: useId(),
    publishAtHint: useId(),
    publishAtError: useId(),
    pinned: useId(),
    formError: useId(),
    restore: useId(),
  };

  const held = user?.permissions ?? [];
  const canCreateCategory = hasAnyPermission(held, [Permission.BLOG_CATEGORY_MANAGE]);
  const canCreateTag = hasAnyPermission(held, [Permission.BLOG_TAG_MANAGE]);

  // Loading: the article (when editing), the categories and tags, and any kept draft.
  useEffect(() => {
    let current = true;
    const id = mode === 'edit' ? editIdFromPath('article', window.location.pathname) : null;
    if (mode === 'edit' && id === null) {
      setLoaded({ kind: 'missing' });
      return;
    }
    setLoaded({ kind: 'loading' });
    const terms = Promise.all([listTerms('category'), listTerms('tag')]);
    const stored = id === null ? Promise.resolve(null) : getArticle(id);
    Promise.all([stored, terms]).then(
      ([found, [categoryList, tagList]]) => {
        if (!current) return;
        setCategories(categoryList);
        setTags(tagList);
        const start = found ? draftFromArticle(found) : EMPTY_DRAFT;
        setArticleId(found?.id ?? null);
        setArticle(found);
        setBase(start);
        setDraft(start);
        const kept = loadDraft(found?.id ?? null);
        if (kept && !sameDraft(kept.draft, start)) setOffer(kept);
        else if (kept) clearDraft(found?.id ?? null);
        setLoaded({ kind: 'ready' });
      },
      (error: unknown) => {
        if (!current) return;
        setLoaded(
          error instanceof ApiError && error.code === Code.NOT_FOUND
            ? { kind: 'missing' }
            : { kind: 'error', text: describeRef.current(error) },
        );
      },
    );
    return () => {
      current = false;
    };
  }, [mode, attempt]);

  const ready = loaded.kind === 'ready';
  const uploading = uploads.some((u) => u.progress !== null);
  const dirty = ready && !sameDraft(draft, base);

  // Autosave: the draft is kept on this device while it differs from what is saved. Paused while
  // a kept draft is being offered, so the offer is not overwritten.
  useEffect(() => {
    if (!ready || offer) return;
    const timer = setTimeout(() => {
      if (sameDraft(draft, base)) clearDraft(articleId);
      else saveDraft(articleId, draft, article?.updateTime ?? null);
    }, AUTOSAVE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [draft, base, ready, offer, articleId, article]);

  // Leaving with unsaved changes (or an upload under way) asks first.
  useEffect(() => {
    if (!dirty && !uploading) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show the dialog only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty, uploading]);

  // Uploads under way stop with the editor.
  useEffect(() => {
    const running = aborts.current;
    return () => running.forEach((controller) => controller.abort());
  }, []);

  // The cursor goes after text the editor inserted.
  useLayoutEffect(() => {
    const at = pendingCursor.current;
    const element = textarea.current;
    if (at === null || !element) return;
    pendingCursor.current = null;
    element.setSelectionRange(at, at);
  });

  const change = useCallback((patch: Partial<ArticleDraft>) => {
    setDraft((d) => ({ ...d, ...patch }));
    setProblem((p) => (p && p.field in patch ? null : p));
  }, []);

  const uploadImages = (files: File[]) => {
    const element = textarea.current;
    let content = draftRef.current.content;
    let start = element?.selectionStart ?? content.length;
    let end = element?.selectionEnd ?? content.length;
    for (const file of files) {
      const id = nextUpload.current;
      nextUpload.current += 1;
      const trouble = imageProblem(file);
      if (trouble) {
        const key =
          trouble === 'type' ? 'blogManage.editor.imageType' : 'blogManage.editor.imageSize';
        setUploads((list) => [
          ...list,
          { id, name: file.name, progress: null, error: t(key, { name: file.name }) },
        ]);
        continue;
      }
      const placeholder = uploadPlaceholder(file.name, id);
      const edited = insertBlock(content, start, end, placeholder);
      content = edited.value;
      start = end = edited.cursor;
      pendingCursor.current = edited.cursor;
      const controller = new AbortController();
      aborts.current.set(id, controller);
      setUploads((list) => [...list, { id, name: file.name, progress: 0, error: null }]);
      uploadArticleImage(file, {
        fileName: file.name,
        signal: controller.signal,
        onProgress: ({ loaded: sent, total }) =>
          setUploads((list) =>
            list.map((u) => (u.id === id ? { ...u, progress: total > 0 ? sent / total : 0 } : u)),
          ),
      }).then(
        (url) => {
          aborts.current.delete(id);
          setDraft((d) => ({
            ...d,
            content: replacePlaceholder(d.content, placeholder, imageMarkdown(file.name, url)),
          }));
          setUploads((list) => list.filter((u) => u.id !== id));
        },
        (error: unknown) => {
          aborts.current.delete(id);
          setDraft((d) => ({ ...d, content: replacePlaceholder(d.content, placeholder, '') }));
          setUploads((list) =>
            list.map((u) =>
              u.id === id
                ? {
                    ...u,
                    progress: null,
                    error: t('blogManage.editor.imageFailed', {
                      name: file.name,
                      reason: describeRef.current(error),
                    }),
                  }
                : u,
            ),
          );
        },
      );
    }
    if (content !== draftRef.current.content) {
      const next = { ...draftRef.current, content };
      draftRef.current = next;
      setDraft(next);
    }
  };

  // Files pasted or dropped are uploaded; anything but a supported picture is refused with a note.
  const onPaste = (event: ClipboardEvent<HTMLTextAreaElement>) => {
    const files = Array.from(event.clipboardData.files);
    if (files.length === 0) return;
    event.preventDefault();
    uploadImages(files);
  };

  const onDragOver = (event: DragEvent<HTMLTextAreaElement>) => {
    if (!event.dataTransfer.types.includes('Files')) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'copy';
    setDragging(true);
  };

  const onDrop = (event: DragEvent<HTMLTextAreaElement>) => {
    setDragging(false);
    const files = Array.from(event.dataTransfer.files);
    if (files.length === 0) return;
    event.preventDefault();
    textarea.current?.focus();
    uploadImages(files);
  };

  const restore = () => {
    if (!offer) return;
    setDraft(offer.draft);
    setOffer(null);
  };

  const discard = () => {
    clearDraft(articleId);
    setOffer(null);
  };

  const focusProblem = (field: DraftProblem['field']) => {
    const target = {
      title: titleInput.current,
      categoryId: categorySelect.current,
      publishAt: publishAtInput.current,
      content: textarea.current,
      summary: summaryInput.current,
    }[field];
    target?.focus();
  };

  const save = () => {
    if (!ready || form.busy) return;
    if (uploading) {
      form.refuse(t('blogManage.editor.waitUploads'));
      return;
    }
    const result = bodyFromDraft(
      draft,
      new Date(),
      article?.status === 'scheduled' ? article.publishTime : null,
    );
    if ('problem' in result) {
      setProblem(result.problem);
      form.refuse(t(problemKey(result.problem)), result.problem.field);
      focusProblem(result.problem.field);
      return;
    }
    setProblem(null);
    const sent = draft;
    const wasNew = articleId === null;
    const wasPublished = article?.status === 'published';
    void form.run(async () => {
      const stored =
        articleId === null
          ? await createArticle(result.body)
          : await updateArticle(articleId, result.body);
      const next = draftFromArticle(stored);
      setArticle(stored);
      setBase(next);
      // Typing during the save is kept (and stays unsaved).
      setDraft((current) => (sameDraft(current, sent) ? next : current));
      clearDraft(stored.id);
      if (wasNew) {
        clearDraft(null);
        setArticleId(stored.id);
        window.history.replaceState(
          window.history.state,
          '',
          paths.blogManageEdit('article', stored.id),
        );
      }
      if (sent.newTags.length > 0) listTerms('tag').then(setTags, () => undefined);
      setSaved(stored);
      if (stored.status === 'draft') return t('blogManage.editor.savedDraft');
      if (stored.status === 'scheduled') {
        return t('blogManage.editor.savedScheduled', {
          time: formatTime(stored.publishTime ?? '', locale),
        });
      }
      return t(
        wasPublished ? 'blogManage.editor.savedUpdated' : 'blogManage.editor.savedPublished',
      );
    });
  };

  const back = (
    <a href={paths.blogManageList('article')} className="link text-sm">
      <Msg k="blogManage.articles.back" />
    </a>
  );

  if (loaded.kind !== 'ready') {
    return (
      <LoadStateCard
        state={loaded}
        words={{
          loading: 'blogManage.loading',
          missing: 'blogManage.articles.missing',
          retry: 'blogManage.retry',
        }}
        onRetry={() => setAttempt((n) => n + 1)}
        back={back}
      />
    );
  }

  const problemText = (field: DraftProblem['field']) =>
    problem?.field === field ? t(problemKey(problem)) : null;
  const titleProblem = problemText('title');
  const publishAtProblem = problemText('publishAt');
  const submitKey: MessageKey =
    draft.status === 'draft'
      ? 'blogManage.editor.saveDraft'
      : draft.status === 'scheduled'
        ? 'blogManage.editor.schedule'
        : article?.status === 'published'
          ? 'blogManage.editor.update'
          : 'blogManage.editor.publish';
  const now = Date.now();
  const zone = timeZone();

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
      {offer && (
        <section
          aria-labelledby={ids.restore}
          className="card flex flex-wrap items-center justify-between gap-3 border-warn-fg/40 bg-warn-soft p-4 text-warn-fg"
        >
          <div className="min-w-0">
            <h2 id={ids.restore} className="font-semibold">
              <Msg k="blogManage.editor.restoreTitle" />
            </h2>
            <p className="mt-1 text-sm">
              <Msg
                k="blogManage.editor.restoreBody"
                vars={{ time: formatTime(offer.savedAt, locale) }}
              />
              {changedSince(offer, article?.updateTime ?? null) && (
                <>
                  {' '}
                  <Msg k="blogManage.editor.restoreChanged" />
                </>
              )}
            </p>
          </div>
          <div className="flex flex-wrap gap-2">
            <button type="button" className="btn btn-primary" onClick={restore}>
              <Msg k="blogManage.editor.restore" />
            </button>
            <button type="button" className="btn" onClick={discard}>
              <Msg k="blogManage.editor.discard" />
            </button>
          </div>
        </section>
      )}

      <div>
        <label htmlFor={ids.title} className={LABEL_CLASS}>
          <Msg k="blogManage.editor.title" />
        </label>
        <input
          ref={titleInput}
          id={ids.title}
          name="title"
          type="text"
          value={draft.title}
          required
          maxLength={TITLE_MAX}
          autoComplete="off"
          aria-invalid={titleProblem ? true : undefined}
          aria-describedby={titleProblem ? ids.titleError : undefined}
          onChange={(event) => change({ title: event.target.value })}
          className={`${INPUT_CLASS} min-h-12 text-lg font-semibold`}
        />
        {titleProblem && (
          <p id={ids.titleError} className={`${ERROR_CLASS} mt-1`}>
            {titleProblem}
          </p>
        )}
      </div>

      <div className="grid gap-4 lg:grid-cols-2">
        <div className="flex min-w-0 flex-col">
          <div className="flex min-h-8 flex-wrap items-end justify-between gap-2">
            <label htmlFor={ids.markdown} className="text-sm font-medium">
              <Msg k="blogManage.editor.markdown" />
            </label>
            <button
              type="button"
              className="btn min-h-8 px-2 py-1 text-xs"
              onClick={() => imageInput.current?.click()}
            >
              <Msg k="blogManage.editor.insertImage" />
            </button>
            <input
              ref={imageInput}
              type="file"
              accept={IMAGE_TYPES.join(',')}
              multiple
              hidden
              aria-label={t('blogManage.editor.insertImage')}
              onChange={(event) => {
                const files = Array.from(event.target.files ?? []);
                event.target.value = '';
                if (files.length > 0) uploadImages(files);
              }}
            />
          </div>
          <textarea
            ref={textarea}
            id={ids.markdown}
            name="content"
            value={draft.content}
            rows={24}
            spellCheck={false}
            aria-describedby={ids.markdownHint}
            onChange={(event) => change({ content: event.target.value })}
            onPaste={onPaste}
            onDragOver={onDragOver}
            onDragLeave={() => setDragging(false)}
            onDrop={onDrop}
            className={`${INPUT_CLASS} max-h-[70vh] min-h-[24rem] flex-1 resize-y font-mono leading-relaxed ${dragging ? 'border-accent bg-accent-soft/40' : ''}`}
          />
          <p id={ids.markdownHint} className={HINT_CLASS}>
            <Msg k="blogManage.editor.markdownHint" />
          </p>
          {uploads.length > 0 && (
            <ul className="mt-2 grid gap-2" aria-label={t('blogManage.editor.uploads')}>
              {uploads.map((upload) => (
                <li key={upload.id} className="text-sm">
                  {upload.progress !== null ? (
                    <>
                      <label htmlFor={`upload-${upload.id}`} className="block text-xs text-muted">
                        <Msg k="blogManage.editor.imageUploading" vars={{ name: upload.name }} />
                      </label>
                      <progress
                        id={`upload-${upload.id}`}
                        className="block h-2 w-full accent-[var(--atrium-accent)]"
                        max={100}
                        value={Math.round(upload.progress * 100)}
                      />
                    </>
                  ) : (
                    <p role="alert" className="flex flex-wrap items-center gap-2">
                      <span className={ERROR_CLASS}>{upload.error}</span>
                      <button
                        type="button"
                        className="link text-xs"
                        onClick={() => setUploads((list) => list.filter((u) => u.id !== upload.id))}
                      >
                        <Msg k="blogManage.dismiss" />
                      </button>
                    </p>
                  )}
                </li>
              ))}
            </ul>
          )}
        </div>
        <MarkdownPreview markdown={draft.content} />
      </div>

      <div className="grid gap-6 md:grid-cols-2 xl:grid-cols-3">
        <section className="card grid content-start gap-4 p-5" aria-labelledby={ids.status}>
          <h2 id={ids.status} className="font-semibold">
            <Msg k="blogManage.editor.publishing" />
          </h2>
          {article && (
            <p className="text-sm text-muted">
              <Msg
                k="blogManage.editor.current"
                vars={{
                  status: t(
                    article.status === 'draft'
                      ? 'blogManage.status.draft'
                      : article.status === 'published'
                        ? 'blogManage.status.published'
                        : 'blogManage.status.scheduled',
                  ),
                  views: article.views,
                }}
              />
            </p>
          )}
          <fieldset>
            <legend className="sr-only">
              <Msg k="blogManage.editor.publishing" />
            </legend>
            <div className="grid gap-2">
              {(['draft', 'published', 'scheduled'] as const).map((status) => (
                <label key={status} className="flex items-start gap-2 text-sm">
                  <input
                    type="radio"
                    name="status"
                    value={status}
                    checked={draft.status === status}
                    onChange={() => change({ status })}
                    className="mt-0.5 size-4 accent-[var(--atrium-accent)]"
                  />
                  <span>
                    <span className="font-medium">
                      <Msg
                        k={
                          status === 'draft'
                            ? 'blogManage.editor.statusDraft'
                            : status === 'published'
                              ? 'blogManage.editor.statusPublished'
                              : 'blogManage.editor.statusScheduled'
                        }
                      />
                    </span>
                    <span className="block text-xs text-muted">
                      <Msg
                        k={
                          status === 'draft'
                            ? 'blogManage.editor.statusDraftHint'
                            : status === 'published'
                              ? 'blogManage.editor.statusPublishedHint'
                              : 'blogManage.editor.statusScheduledHint'
                        }
                      />
                    </span>
                  </span>
                </label>
              ))}
            </div>
          </fieldset>
          {draft.status === 'scheduled' && (
            <div>
              <label htmlFor={ids.publishAt} className={LABEL_CLASS}>
                <Msg k="blogManage.editor.publishAt" />
              </label>
              <input
                ref={publishAtInput}
                id={ids.publishAt}
                type="datetime-local"
                value={draft.publishAt}
                required
                aria-invalid={publishAtProblem ? true : undefined}
                aria-describedby={
                  publishAtProblem
                    ? `${ids.publishAtError} ${ids.publishAtHint}`
                    : ids.publishAtHint
                }
                onChange={(event) => change({ publishAt: event.target.value })}
                className={INPUT_CLASS}
              />
              {publishAtProblem && (
                <p id={ids.publishAtError} className={`${ERROR_CLASS} mt-1`}>
                  {publishAtProblem}
                </p>
              )}
              <p id={ids.publishAtHint} className={HINT_CLASS}>
                <Msg k="blogManage.editor.publishAtHint" vars={{ zone }} />
              </p>
            </div>
          )}
          <div className="flex items-center gap-2">
            <input
              id={ids.pinned}
              type="checkbox"
              checked={draft.pinned}
              onChange={(event) => change({ pinned: event.target.checked })}
              className="size-4 accent-[var(--atrium-accent)]"
            />
            <label htmlFor={ids.pinned} className="text-sm">
              <Msg k="blogManage.editor.pinned" />
            </label>
          </div>
        </section>

        <section
          className="card grid content-start gap-5 p-5"
          aria-labelledby={`${ids.status}-terms`}
        >
          <h2 id={`${ids.status}-terms`} className="font-semibold">
            <Msg k="blogManage.editor.classify" />
          </h2>
          <CategoryPicker
            categories={categories}
            value={draft.categoryId}
            onChange={(categoryId) => change({ categoryId })}
            onCreated={(term) => setCategories((list) => [...list, term])}
            canCreate={canCreateCategory}
            error={problemText('categoryId')}
            selectRef={categorySelect}
          />
          <TagPicker
            tags={tags}
            chosen={draft.tags}
            newTags={draft.newTags}
            onChange={(chosen, newTags) => change({ tags: chosen, newTags })}
            onCreated={(term) => setTags((list) => [...list, term])}
            canCreate={canCreateTag}
          />
        </section>

        <section
          className="card grid content-start gap-5 p-5 md:col-span-2 xl:col-span-1"
          aria-labelledby={`${ids.status}-more`}
        >
          <h2 id={`${ids.status}-more`} className="font-semibold">
            <Msg k="blogManage.editor.presentation" />
          </h2>
          <div>
            <label htmlFor={ids.summary} className={LABEL_CLASS}>
              <Msg k="blogManage.editor.summary" />
            </label>
            <textarea
              ref={summaryInput}
              id={ids.summary}
              name="summary"
              value={draft.summary}
              rows={4}
              maxLength={SUMMARY_MAX}
              aria-describedby={ids.summaryHint}
              onChange={(event) => change({ summary: event.target.value })}
              className={`${INPUT_CLASS} resize-y`}
            />
            <p id={ids.summaryHint} className={HINT_CLASS}>
              <Msg
                k="blogManage.editor.summaryHint"
                vars={{ count: draft.summary.length, max: SUMMARY_MAX }}
              />
            </p>
          </div>
          <CoverField value={draft.cover} onChange={(cover) => change({ cover })} />
        </section>
      </div>

      <div className="card sticky bottom-2 z-10 flex flex-wrap items-center gap-x-4 gap-y-2 p-4 shadow-lg">
        <button
          type="submit"
          className={`btn btn-primary ${BUTTON_BUSY_CLASS}`}
          disabled={form.busy}
          aria-describedby={ids.formError}
        >
          <Msg k={submitKey} />
        </button>
        <span className="text-sm text-muted">
          <Msg
            k={
              uploading
                ? 'blogManage.editor.uploadingState'
                : dirty
                  ? 'blogManage.editor.unsaved'
                  : 'blogManage.editor.allSaved'
            }
          />
        </span>
        {saved && isVisible(saved, now) && (
          <a href={paths.blogArticle(saved.id)} className="link text-sm">
            <Msg k="blogManage.editor.viewArticle" />
          </a>
        )}
        {saved?.status === 'scheduled' && !isVisible(saved, now) && (
          <a href={paths.blogArticle(saved.id)} className="link text-sm">
            <Msg k="blogManage.editor.viewScheduled" />
          </a>
        )}
        <span className="ml-auto">{back}</span>
        <div className="w-full">
          <Feedback
            feedback={form.feedback}
            errorId={ids.formError}
            busyText={t('blogManage.saving')}
          />
        </div>
      </div>

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
