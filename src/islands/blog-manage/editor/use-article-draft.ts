/**
 * The article editor's state: the article (when editing) with the categories and tags, loaded
 * together; the draft being edited against what is saved (`base`); unsaved work kept on this device
 * and offered back when the editor opens again.
 */
import { useCallback, useEffect, useState } from 'react';
import { getArticle, listTerms, type Article, type Term } from '@/lib/api/blog-manage.ts';
import { paths } from '@/lib/shared/paths.ts';
import type { LoadState } from '../../common/LoadStateCard.tsx';
import { loadFailure } from '../../common/load-failure.ts';
import { EMPTY_DRAFT, draftFromArticle, sameDraft, type ArticleDraft } from '../article-draft.ts';
import {
  AUTOSAVE_DELAY_MS,
  clearDraft,
  loadDraft,
  saveDraft,
  type SavedDraft,
} from '../autosave.ts';
import { editIdFromPath } from '../list-query.ts';

export function useArticleDraft(mode: 'add' | 'edit') {
  const [loaded, setLoaded] = useState<LoadState | { kind: 'ready' }>({ kind: 'loading' });
  const [articleId, setArticleId] = useState<string | null>(null);
  const [article, setArticle] = useState<Article | null>(null);
  const [base, setBase] = useState<ArticleDraft>(EMPTY_DRAFT);
  const [draft, setDraft] = useState<ArticleDraft>(EMPTY_DRAFT);
  const [offer, setOffer] = useState<SavedDraft | null>(null);
  const [categories, setCategories] = useState<Term[]>([]);
  const [tags, setTags] = useState<Term[]>([]);
  const [attempt, setAttempt] = useState(0);

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
        setLoaded(loadFailure(error));
      },
    );
    return () => {
      current = false;
    };
  }, [mode, attempt]);

  const ready = loaded.kind === 'ready';

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

  /** The article as the server stored it from `sent`: it becomes what is saved. */
  const saved = useCallback(
    (stored: Article, sent: ArticleDraft) => {
      const next = draftFromArticle(stored);
      setArticle(stored);
      setBase(next);
      // Typing during the save is kept (and stays unsaved).
      setDraft((current) => (sameDraft(current, sent) ? next : current));
      clearDraft(stored.id);
      if (articleId === null) {
        clearDraft(null);
        setArticleId(stored.id);
        window.history.replaceState(
          window.history.state,
          '',
          paths.blogManageEdit('article', stored.id),
        );
      }
      if (sent.newTags.length > 0) listTerms('tag').then(setTags, () => undefined);
    },
    [articleId],
  );

  return {
    loaded,
    ready,
    retry: () => setAttempt((n) => n + 1),
    articleId,
    article,
    draft,
    setDraft,
    dirty: ready && !sameDraft(draft, base),
    categories,
    addCategory: (term: Term) => setCategories((list) => [...list, term]),
    tags,
    addTag: (term: Term) => setTags((list) => [...list, term]),
    saved,
    /** Unsaved work kept from before, while it is offered. */
    offer,
    restore: () => {
      if (!offer) return;
      setDraft(offer.draft);
      setOffer(null);
    },
    discard: () => {
      clearDraft(articleId);
      setOffer(null);
    },
  };
}

/** Leaving the page while `active` (unsaved changes, an upload) asks first. */
export function useLeaveWarning(active: boolean): void {
  useEffect(() => {
    if (!active) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show the dialog only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [active]);
}
