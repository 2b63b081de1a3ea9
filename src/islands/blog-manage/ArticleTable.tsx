import { useEffect, useId, useState } from 'react';
import {
  deleteArticle,
  listManagedArticles,
  listTerms,
  type ArticleSort,
  type ArticleStatus,
  type ManagedArticleSummary,
  type Term,
} from '../../lib/api/blog-manage.ts';
import { useFeedback } from '../../lib/api/feedback.ts';
import type { MessageKey } from '../../lib/i18n/index.ts';
import { paths } from '../../lib/shared/paths.ts';
import Icon from '../common/Icon.tsx';
import Msg from '../common/Msg.tsx';
import { usePagedRows } from '../common/use-paged-rows.ts';
import ConfirmDialog from '../common/ConfirmDialog.tsx';
import Pager from '../common/Pager.tsx';
import SortHeader from '../common/SortHeader.tsx';
import {
  ARTICLE_STATUSES,
  DEFAULT_ARTICLE_LIST,
  MAX_SEARCH,
  PAGE_SIZES,
  formatArticleListState,
  isFiltered,
  parseArticleListState,
  toArticleQuery,
  toggleArticleSort,
  type ArticleListState,
} from './list-query.ts';
import { ERROR_CLASS, INPUT_CLASS, LABEL_CLASS, formatTime } from '../common/ui.ts';

/** How long typing pauses before the search is sent. */
export const SEARCH_DEBOUNCE_MS = 300;

const STATUS_KEY: Record<ArticleStatus, MessageKey> = {
  draft: 'blogManage.status.draft',
  published: 'blogManage.status.published',
  scheduled: 'blogManage.status.scheduled',
};

const STATUS_CLASS: Record<ArticleStatus, string> = {
  draft: 'bg-bg text-muted border border-line',
  published: 'bg-accent-soft text-accent',
  scheduled: 'bg-warn-soft text-warn-fg',
};

/** True when readers can open the article (published, or scheduled and its time has come). */
function isVisible(article: ManagedArticleSummary, now: number): boolean {
  if (article.status === 'published') return true;
  return (
    article.status === 'scheduled' &&
    article.publishTime !== null &&
    Date.parse(article.publishTime) <= now
  );
}

/** The articles table of /blog/manage/article/list: search, filters, sortable columns, pages. */
export default function ArticleTable() {
  const { locale, t, describe } = useFeedback();
  const [state, setState] = useState<ArticleListState>(DEFAULT_ARTICLE_LIST);
  const [searchText, setSearchText] = useState('');
  const [ready, setReady] = useState(false);
  const [categories, setCategories] = useState<Term[]>([]);
  const [tags, setTags] = useState<Term[]>([]);
  const [deleting, setDeleting] = useState<ManagedArticleSummary | null>(null);
  const [deleteBusy, setDeleteBusy] = useState(false);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const [notice, setNotice] = useState('');
  const ids = {
    search: useId(),
    status: useId(),
    category: useId(),
    tag: useId(),
    size: useId(),
    caption: useId(),
  };

  // The state starts from the address, so a reload or "back" shows the same list.
  useEffect(() => {
    const initial = parseArticleListState(window.location.search);
    setState(initial);
    setSearchText(initial.search);
    setReady(true);
    listTerms('category').then(setCategories, () => setCategories([]));
    listTerms('tag').then(setTags, () => setTags([]));
  }, []);

  // Typing settles before the search is sent; a new search starts at page 1.
  useEffect(() => {
    if (!ready) return;
    const timer = setTimeout(() => {
      setState((s) =>
        s.search === searchText.trim() ? s : { ...s, search: searchText.trim(), pageNum: 1 },
      );
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [searchText, ready]);

  const { rows, page, loading, reload } = usePagedRows({
    state,
    setState,
    ready,
    toQuery: formatArticleListState,
    load: (s) => listManagedArticles(toArticleQuery(s)),
    describe,
  });

  const update = (change: Partial<ArticleListState>) =>
    setState((s) => ({ ...s, pageNum: 1, ...change }));
  const filtered = isFiltered(state);
  const now = Date.now();

  const sortHeader = (key: ArticleSort, label: MessageKey, className?: string) => (
    <SortHeader
      label={label}
      order={state.sort === key ? state.order : null}
      onToggle={() => setState((s) => toggleArticleSort(s, key))}
      {...(className ? { className } : {})}
    />
  );

  const clearFilters = () => {
    setSearchText('');
    setState((s) => ({ ...s, search: '', status: '', categoryId: null, tagId: null, pageNum: 1 }));
  };

  const confirmDelete = async () => {
    if (!deleting) return;
    setDeleteBusy(true);
    setDeleteError(null);
    try {
      await deleteArticle(deleting.id);
      setNotice(t('blogManage.articles.deleted', { title: deleting.title }));
      setDeleting(null);
      reload();
    } catch (error) {
      setDeleteError(describe(error));
    } finally {
      setDeleteBusy(false);
    }
  };

  const termOptions = (terms: Term[], selected: number | null) => (
    <>
      {terms.map((term) => (
        <option key={term.id} value={term.id}>
          {term.name}
        </option>
      ))}
      {selected !== null && !terms.some((term) => term.id === selected) && (
        <option value={selected}>#{selected}</option>
      )}
    </>
  );

  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <a href={paths.blogManageAdd('article')} className="btn btn-primary">
          <Msg k="blogManage.articles.new" />
        </a>
        <p role="status" className="text-sm text-accent">
          {notice}
        </p>
      </div>

      <div className="card min-w-0 overflow-hidden">
        <form
          role="search"
          aria-label={t('blogManage.list.filters')}
          className="grid gap-4 border-b border-line p-4 sm:grid-cols-2 lg:grid-cols-[minmax(0,2fr)_repeat(4,minmax(0,1fr))]"
          onSubmit={(event) => {
            event.preventDefault();
            update({ search: searchText.trim() });
          }}
        >
          <div>
            <label htmlFor={ids.search} className={LABEL_CLASS}>
              <Msg k="blogManage.articles.search" />
            </label>
            <input
              id={ids.search}
              type="search"
              value={searchText}
              maxLength={MAX_SEARCH}
              placeholder={t('blogManage.articles.searchPlaceholder')}
              onChange={(event) => setSearchText(event.target.value)}
              className={INPUT_CLASS}
            />
          </div>
          <div>
            <label htmlFor={ids.status} className={LABEL_CLASS}>
              <Msg k="blogManage.articles.status" />
            </label>
            <select
              id={ids.status}
              value={state.status}
              onChange={(event) =>
                update({ status: event.target.value as ArticleListState['status'] })
              }
              className={INPUT_CLASS}
            >
              <option value="">{t('blogManage.articles.statusAll')}</option>
              {ARTICLE_STATUSES.map((status) => (
                <option key={status} value={status}>
                  {t(STATUS_KEY[status])}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor={ids.category} className={LABEL_CLASS}>
              <Msg k="blogManage.articles.category" />
            </label>
            <select
              id={ids.category}
              value={state.categoryId ?? ''}
              onChange={(event) =>
                update({ categoryId: event.target.value ? Number(event.target.value) : null })
              }
              className={INPUT_CLASS}
            >
              <option value="">{t('blogManage.articles.categoryAll')}</option>
              {termOptions(categories, state.categoryId)}
            </select>
          </div>
          <div>
            <label htmlFor={ids.tag} className={LABEL_CLASS}>
              <Msg k="blogManage.articles.tag" />
            </label>
            <select
              id={ids.tag}
              value={state.tagId ?? ''}
              onChange={(event) =>
                update({ tagId: event.target.value ? Number(event.target.value) : null })
              }
              className={INPUT_CLASS}
            >
              <option value="">{t('blogManage.articles.tagAll')}</option>
              {termOptions(tags, state.tagId)}
            </select>
          </div>
          <div>
            <label htmlFor={ids.size} className={LABEL_CLASS}>
              <Msg k="blogManage.list.pageSize" />
            </label>
            <select
              id={ids.size}
              value={state.pageSize}
              onChange={(event) => update({ pageSize: Number(event.target.value) })}
              className={INPUT_CLASS}
            >
              {PAGE_SIZES.map((size) => (
                <option key={size} value={size}>
                  {size}
                </option>
              ))}
            </select>
          </div>
        </form>

        <p role="status" className="sr-only">
          {loading
            ? t('blogManage.list.loading')
            : rows.kind === 'ready'
              ? t('blogManage.list.found', { count: rows.page.totalRecordNum })
              : ''}
        </p>

        {rows.kind === 'error' && (
          <div role="alert" className="flex flex-wrap items-center gap-3 border-b border-line p-4">
            <p className={ERROR_CLASS}>{rows.text}</p>
            <button type="button" className="btn" onClick={reload}>
              <Msg k="blogManage.retry" />
            </button>
          </div>
        )}

        <div
          role="region"
          aria-labelledby={ids.caption}
          tabIndex={0}
          className="relative overflow-x-auto focus-visible:outline-offset-[-3px]"
        >
          <table className="w-full min-w-[60rem] border-collapse text-sm" aria-busy={loading}>
            <caption id={ids.caption} className="px-4 pt-4 pb-2 text-left text-sm text-muted">
              <Msg k="blogManage.articles.caption" />
              {page && (
                <>
                  {' · '}
                  <Msg k="blogManage.list.total" vars={{ count: page.totalRecordNum }} />
                </>
              )}
            </caption>
            <thead className="border-b border-line bg-bg/60">
              <tr>
                {sortHeader('title', 'blogManage.col.title')}
                <th scope="col" className="px-3 py-2 text-left font-semibold whitespace-nowrap">
                  <Msg k="blogManage.col.status" />
                </th>
                <th scope="col" className="px-3 py-2 text-left font-semibold whitespace-nowrap">
                  <Msg k="blogManage.col.category" />
                </th>
                <th scope="col" className="px-3 py-2 text-left font-semibold whitespace-nowrap">
                  <Msg k="blogManage.col.tags" />
                </th>
                {sortHeader('views', 'blogManage.col.views')}
                {sortHeader('publishTime', 'blogManage.col.published')}
                {sortHeader('updateTime', 'blogManage.col.updated')}
                <th scope="col" className="px-3 py-2 text-right font-semibold">
                  <span className="sr-only">
                    <Msg k="blogManage.col.actions" />
                  </span>
                </th>
              </tr>
            </thead>
            <tbody className={`divide-y divide-line ${loading && page ? 'opacity-60' : ''}`}>
              {!page && loading && (
                <tr>
                  <td colSpan={8} className="px-4 py-10 text-center text-muted">
                    <Msg k="blogManage.list.loading" />
                  </td>
                </tr>
              )}
              {page && page.records.length === 0 && (
                <tr>
                  <td colSpan={8} className="px-4 py-10 text-center">
                    <p className="text-muted">
                      <Msg k={filtered ? 'blogManage.list.noMatch' : 'blogManage.articles.empty'} />
                    </p>
                    {filtered ? (
                      <button type="button" className="btn mt-3" onClick={clearFilters}>
                        <Msg k="blogManage.list.clearFilters" />
                      </button>
                    ) : (
                      <a href={paths.blogManageAdd('article')} className="btn mt-3">
                        <Msg k="blogManage.articles.new" />
                      </a>
                    )}
                  </td>
                </tr>
              )}
              {page?.records.map((article) => (
                <tr key={article.id} className="hover:bg-accent-soft/40">
                  <th scope="row" className="max-w-80 px-3 py-2.5 text-left font-normal">
                    <span className="flex items-start gap-1.5">
                      {article.pinned && (
                        <span title={t('blogManage.articles.pinned')} className="mt-0.5">
                          <Icon name="pin" className="size-4 shrink-0 text-accent" />
                          <span className="sr-only">
                            <Msg k="blogManage.articles.pinned" />
                          </span>
                        </span>
                      )}
                      <a
                        href={paths.blogManageEdit('article', article.id)}
                        className="line-clamp-2 font-medium hover:text-accent hover:underline"
                      >
                        {article.title}
                      </a>
                    </span>
                  </th>
                  <td className="px-3 py-2.5 whitespace-nowrap">
                    <span
                      className={`rounded-full px-2 py-0.5 text-xs font-medium ${STATUS_CLASS[article.status]}`}
                    >
                      <Msg k={STATUS_KEY[article.status]} />
                    </span>
                  </td>
                  <td className="max-w-40 truncate px-3 py-2.5">{article.category.name}</td>
                  <td className="px-3 py-2.5">
                    {article.tags.length === 0 ? (
                      <span className="text-muted">
                        <Msg k="blogManage.none" />
                      </span>
                    ) : (
                      <ul className="flex max-w-56 flex-wrap gap-1">
                        {article.tags.map((tag) => (
                          <li
                            key={tag.id}
                            className="rounded-full bg-accent-soft px-2 py-0.5 text-xs whitespace-nowrap text-accent"
                          >
                            {tag.name}
                          </li>
                        ))}
                      </ul>
                    )}
                  </td>
                  <td className="px-3 py-2.5 text-right tabular-nums">{article.views}</td>
                  <td className="px-3 py-2.5 whitespace-nowrap">
                    {article.publishTime ? (
                      <time dateTime={article.publishTime}>
                        {formatTime(article.publishTime, locale)}
                      </time>
                    ) : (
                      <span className="text-muted">
                        <Msg k="blogManage.none" />
                      </span>
                    )}
                  </td>
                  <td className="px-3 py-2.5 whitespace-nowrap">
                    <time dateTime={article.updateTime}>
                      {formatTime(article.updateTime, locale)}
                    </time>
                  </td>
                  <td className="px-3 py-2.5">
                    <div className="flex justify-end gap-2">
                      <a
                        href={paths.blogManageEdit('article', article.id)}
                        className="btn min-h-9 py-1"
                        aria-label={t('blogManage.articles.editNamed', { title: article.title })}
                      >
                        <Msg k="blogManage.edit" />
                      </a>
                      {isVisible(article, now) && (
                        <a
                          href={paths.blogArticle(article.id)}
                          className="btn min-h-9 py-1"
                          aria-label={t('blogManage.articles.viewNamed', {
                            title: article.title,
                          })}
                        >
                          <Msg k="blogManage.view" />
                        </a>
                      )}
                      <button
                        type="button"
                        className="btn min-h-9 py-1 hover:border-red-700 hover:text-red-700 dark:hover:border-red-300 dark:hover:text-red-300"
                        aria-label={t('blogManage.articles.deleteNamed', { title: article.title })}
                        onClick={() => {
                          setDeleteError(null);
                          setDeleting(article);
                        }}
                      >
                        <Msg k="blogManage.delete" />
                      </button>
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>

        {page && (
          <Pager
            pageNum={page.pageNum}
            totalPageNum={page.totalPageNum}
            busy={loading}
            onPage={(pageNum) => setState((s) => ({ ...s, pageNum }))}
          />
        )}
      </div>

      <ConfirmDialog
        open={deleting !== null}
        titleKey="blogManage.articles.deleteTitle"
        confirmKey="blogManage.delete"
        danger
        busy={deleteBusy}
        error={deleteError}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleting(null)}
      >
        <p>
          <Msg k="blogManage.articles.deleteBody" vars={{ title: deleting?.title ?? '' }} />
        </p>
      </ConfirmDialog>
    </div>
  );
}
